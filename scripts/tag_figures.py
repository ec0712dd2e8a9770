#!/usr/bin/env python3
"""Figures of the tags and summaries a project's generated pages carry.

Usage: python scripts/tag_figures.py [LIST ...] [--pairs FILE [--half even|odd]] [--docs DIR]

The list files (default: this repository's lists/*.txt), or the abstracts of a JSON Lines
file of {title, abstract} rows made into one list (`--pairs`; `--half even` keeps lines 0, 2,
4, ..., `odd` lines 1, 3, ...), are copied into a temporary project (this repository's
mkdocs.yml, theme and taxonomy) and `readinglist generate` writes its pages; `--docs` reads an
already generated docs/ folder instead. The figures come from the pages alone: each paper
page's tags (its chips), each tag page's paper count, each summary's words.

Printed: the share of tag chips that lead to a tag page of two papers or more, distinct tags,
tags a paper (max, mean), single-word tags in lower case (a common word, not a name), and
summary words (max, median). Titles in a pairs file are never read.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import tempfile
from pathlib import Path
from typing import NamedTuple

import yaml
from scratch import REPO, generate, make_project

_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)
_TAGGED = re.compile(r"^(\d+) papers? tagged", re.MULTILINE)
_LOWER_WORD = re.compile(r"[a-z]+")


class Figures(NamedTuple):
    papers: int
    chips: int
    shared_chips: int  # chips leading to a tag page of two papers or more
    distinct_tags: int
    max_tags: int
    lower_single_words: tuple[str, ...]
    summary_words: tuple[int, ...]

    def lines(self) -> list[str]:
        share = self.shared_chips / self.chips if self.chips else 0.0
        words = self.summary_words or (0,)
        return [
            f"papers                         {self.papers}",
            f"tag chips on shared tag pages  {self.shared_chips}/{self.chips} = {share:.3f}",
            f"distinct tags                  {self.distinct_tags}",
            f"tags a paper                   max {self.max_tags}, "
            f"mean {self.chips / max(self.papers, 1):.2f}",
            f"single lower-case-word tags    {len(self.lower_single_words)}"
            + (f": {', '.join(self.lower_single_words)}" if self.lower_single_words else ""),
            f"summary words                  max {max(words)}, median {statistics.median(words)}",
        ]


def figures(docs: Path) -> Figures:
    """The figures of a generated docs/ folder."""
    shared = _shared_tags(docs / "tags")
    paper_tags, summaries = [], []
    for page in sorted((docs / "papers").glob("*.md")):
        meta = _front_matter(page)
        if "id" not in meta:
            continue  # a redirect or a page saying where a paper went
        paper_tags.append([str(tag) for tag in meta.get("tags") or []])
        summaries.append(len(str(meta.get("summary", "")).split()))
    chips = [tag for tags in paper_tags for tag in tags]
    distinct = set(chips)
    return Figures(
        papers=len(paper_tags),
        chips=len(chips),
        shared_chips=sum(1 for tag in chips if tag in shared),
        distinct_tags=len(distinct),
        max_tags=max(map(len, paper_tags), default=0),
        lower_single_words=tuple(sorted(t for t in distinct if _LOWER_WORD.fullmatch(t))),
        summary_words=tuple(summaries),
    )


def _shared_tags(folder: Path) -> set[str]:
    """Tags whose page lists two papers or more (a tag's later pages repeat its name)."""
    shared = set()
    for page in folder.glob("*.md"):
        text = page.read_text(encoding="utf-8")
        count = _TAGGED.search(text)
        if count and int(count.group(1)) >= 2:
            shared.add(str(_front_matter(page)["title"]))
    return shared


def _front_matter(page: Path) -> dict:
    match = _FRONT_MATTER.match(page.read_text(encoding="utf-8"))
    return (yaml.safe_load(match.group(1)) or {}) if match else {}


def main() -> int:
    args = _parser().parse_args()
    if args.docs:
        print("\n".join(figures(args.docs).lines()))
        return 0
    with tempfile.TemporaryDirectory(prefix="tagfigures-") as tmp:
        project = make_project(Path(tmp) / "project", _lists(args))
        if not generate(project):
            return 1
        print("\n".join(figures(project / "docs").lines()))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lists", type=Path, nargs="*", help="list files (default: lists/*.txt)")
    parser.add_argument("--pairs", type=Path, help="JSON lines of {title, abstract}: one list")
    parser.add_argument("--half", choices=("even", "odd"), help="with --pairs: half the lines")
    parser.add_argument("--docs", type=Path, help="read this generated docs/ folder instead")
    return parser


def _lists(args: argparse.Namespace) -> dict[str, bytes]:
    if args.pairs:
        return {"zz-pairs.txt": _pairs_list(args.pairs, args.half).encode("utf-8")}
    paths = args.lists or sorted((REPO / "lists").glob("*.txt"))
    return {f"{index:03d}_{path.name}": path.read_bytes() for index, path in enumerate(paths)}


def _pairs_list(path: Path, half: str | None) -> str:
    """The abstracts of the rows (one list, titles left out), of one half if asked."""
    rows = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if half:
        rows = rows[0 if half == "even" else 1 :: 2]
    abstracts = [" ".join(json.loads(row)["abstract"].split()) for row in rows]
    return "Abstracts\n\n" + "\n\n".join(abstracts) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
