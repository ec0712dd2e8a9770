#!/usr/bin/env python3
"""Pairwise topic agreement: do two papers share a topic for the generator as for an expert?

Usage: python scripts/topic_agreement.py [--labels FILE] [--taxonomy FILE] [--show]

The labels (tests/fixtures/topic_labels/labels.jsonl, see its README) carry each abstract and
the topics an expert gave it by reading it. The development abstracts are described as one
list and the shipped papers as another, by the real describe stage (titles, tags, topics), and
every pair of papers in a set counts: "shares a topic" per the labels is the truth, per the
generator the guess. Prints precision, recall and F1 of that guess, and how many topics the
generator used (the catch-all not counted), for half A (even lines of dev_pairs.jsonl), half B
(odd lines), all of dev_pairs.jsonl, the shipped lists, and all 300 papers together (pairs
across the two sets count too; each set is still described as its own list). `--show` lists
each paper's labels beside the generator's topics and evidence. Measuring only: nothing here
tunes anything.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from generator import describe, read  # noqa: E402
from generator.models import Paper, Taxonomy  # noqa: E402

LABELS = REPO / "tests" / "fixtures" / "topic_labels" / "labels.jsonl"
TAXONOMY = REPO / "generator" / "read" / "default_topics.yml"


@dataclass(frozen=True)
class Labelled:
    source: str
    line: int
    truth: frozenset[str]  # the expert's topic keys
    found: frozenset[str]  # the generator's topic keys
    evidence: str  # the generator's topics with the keywords that chose them


@dataclass(frozen=True)
class Agreement:
    precision: float
    recall: float
    f1: float
    topics_used: int
    papers: int


def load_labels(path: Path = LABELS) -> list[dict]:
    with path.open(encoding="utf-8") as rows:
        return [json.loads(row) for row in rows if row.strip()]


def label_collection(rows: list[dict], taxonomy: Taxonomy) -> list[Labelled]:
    """Each row's paper described with the others of the same set, beside its labels."""
    found: list[Labelled] = []
    for source in ("dev_pairs", "lists"):
        chosen = [row for row in rows if row["source"].split("/")[0] == source]
        found.extend(_described(chosen, taxonomy))
    return found


def _described(rows: list[dict], taxonomy: Taxonomy) -> list[Labelled]:
    abstracts = tuple(read.RawAbstract(read.normalize_text(row["abstract"]), index + 1)
                      for index, row in enumerate(rows))  # fmt: skip
    raw = read.RawList(Path("labelled.txt"), "Labelled", abstracts, ())
    papers, _, _ = read.merge([raw])
    by_id = {paper.id: paper for paper in describe.describe(papers, taxonomy)}
    return [
        _labelled(row, by_id[read.paper_id(abstract.text)], taxonomy)
        for row, abstract in zip(rows, abstracts, strict=True)
    ]


def _labelled(row: dict, paper: Paper, taxonomy: Taxonomy) -> Labelled:
    keys = frozenset(taxonomy.by_name(match.topic).key for match in paper.topics)
    evidence = "; ".join(
        f"{taxonomy.by_name(m.topic).key} {m.score} ({', '.join(m.matched[:5])})"
        for m in paper.topics
    )
    return Labelled(row["source"], row["line"], frozenset(row["topics"]), keys, evidence)


def agreement(papers: list[Labelled], taxonomy: Taxonomy) -> Agreement:
    """Precision, recall and F1 of "these two papers share a topic", over every pair."""
    both = guessed = true = 0
    for one, other in itertools.combinations(papers, 2):
        truth, guess = bool(one.truth & other.truth), bool(one.found & other.found)
        both += truth and guess
        guessed += guess
        true += truth
    precision = both / guessed if guessed else 0.0
    recall = both / true if true else 0.0
    f1 = 2 * precision * recall / (precision + recall) if both else 0.0
    catch_all = taxonomy.catch_all.key
    used = {key for paper in papers for key in paper.found} - {catch_all}
    return Agreement(precision, recall, f1, len(used), len(papers))


def split(papers: list[Labelled]) -> dict[str, list[Labelled]]:
    """The sets reported: the fixed halves of the development abstracts, all of them, the
    shipped lists, and everything together."""
    dev = [paper for paper in papers if paper.source == "dev_pairs"]
    return {
        "half A (even)": [paper for paper in dev if paper.line % 2 == 0],
        "half B (odd)": [paper for paper in dev if paper.line % 2 == 1],
        "dev_pairs": dev,
        "shipped lists": [paper for paper in papers if paper.source != "dev_pairs"],
        "all labelled": papers,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--labels", type=Path, default=LABELS)
    parser.add_argument("--taxonomy", type=Path, default=TAXONOMY)
    parser.add_argument("--show", action="store_true", help="one row per paper")
    args = parser.parse_args()
    taxonomy = read.load_taxonomy(args.taxonomy)
    papers = label_collection(load_labels(args.labels), taxonomy)
    if args.show:
        for paper in papers:
            mark = "ok" if paper.truth & paper.found else "--"
            print(f"{mark} {paper.source}:{paper.line} [{' '.join(sorted(paper.truth))}] "
                  f"<- {paper.evidence}")  # fmt: skip
    print(f"{'set':<15} {'papers':>6} {'P':>6} {'R':>6} {'F1':>6} {'topics':>6}")
    for name, chosen in split(papers).items():
        a = agreement(chosen, taxonomy)
        print(f"{name:<15} {a.papers:>6} {a.precision:>6.3f} {a.recall:>6.3f} {a.f1:>6.3f} "
              f"{a.topics_used:>6}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
