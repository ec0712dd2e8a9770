#!/usr/bin/env python3
"""Score derived titles against real ones: generate the pages of some lists, run titlescore.

Usage: python scripts/score_titles.py [--truth FILE] [--lists DIR] [--show]
       python scripts/score_titles.py --truth ../shared/eval/dev_pairs.jsonl   # A, B, whole

With a truth file whose rows point into list files (`dev_titles.jsonl`: file and index), the
lists in DIR are generated; with one whose rows carry their abstracts (`dev_pairs.jsonl`),
those abstracts are made into one list first (`pairs_to_list.py`). Either way the lists are
copied into a temporary project (this repository's mkdocs.yml and taxonomy), `readinglist
generate` writes the pages, and the shared scorer compares the titles in their front matter
with the real titles. Rows that carry their abstracts are also scored by half, on the fixed
split the development rules follow: half A, the even lines (0, 2, 4, ...), is developed on;
half B, the odd lines, is held out and only measured. The truth files are for measuring only;
nothing here is tuned to them.
Needs only the project installed (no test dependencies).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from scratch import REPO, generate, make_project, script_env

sys.path.insert(0, str(REPO))

EVAL = REPO.parent / "shared" / "eval"


def main() -> int:
    args = _parser().parse_args()
    missing = [path for path in (args.truth, args.scorer) if not path.is_file()]
    if missing:
        print(f"score_titles: not found: {', '.join(map(str, missing))} (the evaluation files "
              "live outside the repository, in ../shared/eval/)", file=sys.stderr)  # fmt: skip
        return 2
    with tempfile.TemporaryDirectory(prefix="titlescore-") as tmp:
        project = make_project(Path(tmp) / "project", _lists(args))
        if not generate(project):
            return 1
        papers = project / "docs" / "papers"
        for label, truth in _truths(args.truth, Path(tmp)):
            command = [sys.executable, str(args.scorer), str(truth), str(args.lists), str(papers)]
            print(label, end=": ", flush=True)
            shown = ["--show"] if args.show and label == "whole" else []
            if subprocess.run(command + shown, env=script_env()).returncode:
                return 1
        _report_flagged(papers, args.truth)
    return 0


def _report_flagged(papers: Path, truth: Path) -> None:
    """The share of derived titles, and of the real ones, that the title check flags."""
    import frontmatter

    from generator.describe.titles.check import problems

    derived = [
        str(frontmatter.load(page).metadata["title"]) for page in sorted(papers.glob("*.md"))
    ]
    rows = [json.loads(line) for line in truth.open(encoding="utf-8") if line.strip()]
    for label, titles in (("derived", derived), ("real", [row["title"] for row in rows])):
        flagged = [title for title in titles if problems(title)]
        print(f"title check, {label}: {len(flagged)}/{len(titles)} flagged "
              f"({len(flagged) / max(len(titles), 1):.1%})")  # fmt: skip


def _truths(truth: Path, folder: Path) -> list[tuple[str, Path]]:
    """The truth file whole and, when its rows carry their abstracts, its halves A and B."""
    lines = [line for line in truth.read_text(encoding="utf-8").splitlines() if line.strip()]
    if "abstract" not in json.loads(lines[0] if lines else "{}"):
        return [("whole", truth)]
    halves = []
    for label, half in (("half A (even lines)", lines[0::2]), ("half B (odd lines)", lines[1::2])):
        path = folder / f"{label[5]}.jsonl"
        path.write_text("\n".join(half) + "\n", encoding="utf-8")
        halves.append((label, path))
    return [*halves, ("whole", truth)]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--truth", type=Path, default=EVAL / "dev_titles.jsonl",
                        help="real titles (JSON lines); default: dev_titles.jsonl")  # fmt: skip
    parser.add_argument("--lists", type=Path, default=REPO.parent / "shared" / "seeds",
                        help="folder of list files the truth rows point into")  # fmt: skip
    parser.add_argument("--scorer", type=Path, default=EVAL / "titlescore.py")
    parser.add_argument("--show", action="store_true", help="one row per paper")
    return parser


def _lists(args: argparse.Namespace) -> dict[str, bytes]:
    """The list files to generate: the truth's own abstracts as one list, or those of DIR."""
    with args.truth.open(encoding="utf-8") as rows:
        carries_abstracts = "abstract" in json.loads(rows.readline() or "{}")
    if not carries_abstracts:
        return {path.name: path.read_bytes() for path in sorted(args.lists.glob("*.txt"))}
    converter = args.scorer.with_name("pairs_to_list.py")
    made = subprocess.run([sys.executable, str(converter), str(args.truth)],
                          capture_output=True, check=True)  # fmt: skip
    return {"zz-truth.txt": made.stdout}


if __name__ == "__main__":
    raise SystemExit(main())
