"""How well `readinglist resolve` finds papers, measured against a loopback index.

A list is built from the training pairs (`../shared/train/title_pairs.jsonl`): most of its
abstracts are in the index (some as a slightly different version, as a preprint and its
published version differ; a few with an arXiv id in the abstract), some are in it only as a
much changed version (the middle band: review), and some are left out of it while other
papers of their venues stay in (near misses the search returns instead). The index answers
in OpenAlex's and arXiv's shapes (`fake_index`); each abstract is looked up as the command
does. Printed: found (right), wrongly matched (must be 0), sent to review, not found, and
requests per abstract.

    .venv/bin/python bench/resolve.py [--papers 300] [--train PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import fake_index as fake

from generator.models import Paper
from generator.resolve.arxiv import Arxiv
from generator.resolve.client import Http
from generator.resolve.lookup import Services, look_up
from generator.resolve.openalex import OpenAlex

TRAIN = Path(__file__).resolve().parents[2] / "shared" / "train" / "title_pairs.jsonl"  # main's
TODAY = "2026-01-01"
OUTCOMES = ("found", "wrongly matched", "review (right candidate)", "review (other candidate)",
            "not found (in index)", "not found (absent)")  # fmt: skip


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def reworded(text: str, share: float, rng: random.Random) -> str:
    """`text` with about `share` of its words replaced: another version of it."""
    words = text.split()
    for position in rng.sample(range(len(words)), int(len(words) * share)):
        words[position] = rng.choice(("novel", "method", "results", "robust", "tasks"))
    return " ".join(words)


def build(train: Path, count: int, rng: random.Random) -> tuple[list[tuple[str, str]], fake.Index]:
    """The list ((abstract, the work id it is, "" for none)) and the index."""
    data = [row for row in rows(train) if len(row["abstract"].split()) >= 40]
    rng.shuffle(data)
    listed, others = data[:count], data[count : count * 3]
    works, papers = [], []
    for n, row in enumerate(listed):
        work_id, kind = f"W{n + 1}", n % 10  # 0-6 in, 7 much changed, 8-9 left out
        abstract = row["abstract"]
        if kind <= 6:
            version = reworded(abstract, 0.04, rng) if kind >= 4 else abstract
            arxiv = f"2401.{n:05d}"
            works.append(fake.Work(work_id, row["title"], version, arxiv=arxiv))
            text = abstract + (f" Code and paper: arXiv:{arxiv}." if kind == 3 else "")
            papers.append((text, work_id))
        elif kind == 7:
            works.append(fake.Work(work_id, row["title"], reworded(abstract, 0.3, rng)))
            papers.append((abstract, work_id))
        else:
            papers.append((abstract, ""))
    works += [fake.Work(f"W{10_000 + n}", r["title"], r["abstract"]) for n, r in enumerate(others)]
    return papers, fake.Index(works)


def measure(papers: list[tuple[str, str]], index: fake.Index) -> Counter[str]:
    counts: Counter[str] = Counter()
    with fake.serve(index) as base:
        services = Services(
            OpenAlex(Http(), base, key="bench", today=TODAY),
            Arxiv(Http(), base + "/api/query", today=TODAY),
            TODAY,
        )
        for text, truth in papers:
            record = look_up(Paper("0" * 12, text, text, text, ("bench",), ()), services)
            counts[_outcome(record.status, record.openalex, truth)] += 1
            counts["in index" if truth else "absent"] += 1
    counts["requests"] = len(index.seen)
    counts.update({f"requests: {kind}": n for kind, n in fake.requests_by_kind(index.seen).items()})
    return counts


def _outcome(status: str, found: str, truth: str) -> str:
    if status == "found":
        return "found" if found == truth else "wrongly matched"
    if status == "review":
        return "review (right candidate)" if found == truth else "review (other candidate)"
    return "not found (absent)" if not truth else "not found (in index)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=300)
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--train", type=Path, default=TRAIN, help="the training pairs")
    args = parser.parse_args()
    papers, index = build(args.train, args.papers, random.Random(args.seed))
    counts = measure(papers, index)
    print(f"{len(papers)} abstracts ({counts['in index']} in an index of {len(index.works)} "
          f"works, {counts['absent']} left out)")  # fmt: skip
    for key in OUTCOMES:
        print(f"  {key:26} {counts[key]}")
    print(f"  requests per abstract      {counts['requests'] / len(papers):.2f} "
          f"(singleton {counts['requests: singleton']}, search {counts['requests: search']}, "
          f"arXiv {counts['requests: arxiv']})")  # fmt: skip


if __name__ == "__main__":
    main()
