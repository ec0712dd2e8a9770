#!/usr/bin/env python3
"""Figures of the tags, summaries and topics a project's generated pages carry.

Usage: python scripts/tag_figures.py [LIST ...] [--pairs FILE [--half even|odd]] [--docs DIR]

The list files (default: this repository's lists/*.txt), or the abstracts of a JSON Lines
file of {title, abstract} rows made into one list (`--pairs`; `--half even` keeps lines 0, 2,
4, ..., `odd` lines 1, 3, ...), are copied into a temporary project (this repository's
mkdocs.yml, theme and taxonomy) and `readinglist generate` writes its pages; `--docs` reads an
already generated docs/ folder instead. The figures come from the pages alone: each paper
page's tags (its chips), each tag page's paper count, each summary's words.

Printed: the share of tag chips that lead to a tag page of two papers or more, distinct tags,
tags a paper (max, mean), single-word tags in lower case (a common word, not a name), summary
words (max, median); from the generated papers.json: tags unsupported by their own paper's text
(neither the phrase, with plurals and hyphens folded, nor its acronym is in it), tags holding
LaTeX or markup debris, summaries that point back at what they do not say ("this gap", "these
issues", "To address this", a sentence opening on "It"), and the share of papers in the
catch-all topic. `--show` lists the unsupported tags and the dangling summaries. These checks
are written here, apart from the generator's own, so they measure it rather than echo it.
Titles in a pairs file are never read.
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
_ACRONYM = re.compile(r"^(.*?)\s*\(([^()]+)\)$")  # "mixture of experts (MoE)"
_DEBRIS = re.compile(
    r"[\\$^_{}=<>|~*#`]|\b(?:frac|mathbb|mathcal|mathrm|mathbf|boldsymbol|textbf|textit|emph|"
    r"sqrt|cdot|ldots|leq|geq|infty|operatorname)[A-Za-z0-9]*\b"
)
# A demonstrative pointing back ("this gap", "such tasks"), unless it names the paper itself
# ("this paper") or only compares ("such as", "such that"); an opening "It"/"They".
_POINTING = re.compile(
    r"\b(?:this|these|those|such|aforementioned|above-mentioned)\b"
    r"(?!\s+(?:paper|work|study|article|note|manuscript|position paper|survey|thesis|report|"
    r"tutorial|"
    r"as|that)\b)|^(?:it|they|them)\b",
    re.IGNORECASE,
)


class Figures(NamedTuple):
    papers: int
    chips: int
    shared_chips: int  # chips leading to a tag page of two papers or more
    distinct_tags: int
    max_tags: int
    lower_single_words: tuple[str, ...]
    summary_words: tuple[int, ...]
    unsupported: tuple[tuple[str, str], ...]  # (paper id, tag)
    debris: tuple[str, ...]
    dangling: tuple[tuple[str, str], ...]  # (paper id, summary)
    catch_all: int  # papers whose only topic is the catch-all

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
            f"tags unsupported by own text   {_share(len(self.unsupported), self.chips)}",
            f"tags with markup debris        {len(self.debris)}"
            + (f": {', '.join(self.debris)}" if self.debris else ""),
            f"dangling summaries             {_share(len(self.dangling), self.papers)}",
            f"papers in the catch-all        {_share(self.catch_all, self.papers)}",
        ]

    def details(self) -> list[str]:
        return [f"unsupported  {pid}  {tag}" for pid, tag in self.unsupported] + [
            f"dangling     {pid}  {summary}" for pid, summary in self.dangling
        ]


def _share(count: int, total: int) -> str:
    return f"{count}/{total} = {count / total if total else 0.0:.3f}"


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
    exported = json.loads((docs / "papers.json").read_text(encoding="utf-8"))["papers"]
    return Figures(
        papers=len(paper_tags),
        chips=len(chips),
        shared_chips=sum(1 for tag in chips if tag in shared),
        distinct_tags=len(distinct),
        max_tags=max(map(len, paper_tags), default=0),
        lower_single_words=tuple(sorted(t for t in distinct if _LOWER_WORD.fullmatch(t))),
        summary_words=tuple(summaries),
        unsupported=tuple(
            (p["id"], tag) for p in exported for tag in p["tags"] if not supported(tag, p["text"])
        ),
        debris=tuple(sorted(tag for tag in distinct if _DEBRIS.search(tag))),
        dangling=tuple((p["id"], p["summary"]) for p in exported if dangling(p["summary"])),
        catch_all=sum(1 for p in exported if _in_catch_all(p["topics"])),
    )


def supported(tag: str, text: str) -> bool:
    """Whether `text` holds the tag: its phrase (any case, plurals, hyphens or spaces between
    words), or for "long form (LF)" the acronym LF with the long form the text itself defines
    for it, or the long form alone if it spells the acronym out (more than one word, or a
    two-letter acronym: "model (MoE)" on a paper that says "model" is no support)."""
    match = _ACRONYM.match(tag)
    if not match:
        return _holds(tag, text)
    phrase, acronym = match.group(1), match.group(2)
    if re.search(rf"(?<![\w-]){re.escape(acronym)}s?(?![\w-])", text):
        defined = _defined_as(acronym, text)
        joined = _content(_folded(phrase))
        return defined is None or any(_content(run).startswith(joined) for run in defined)
    return _holds(phrase, text) and (len(_folded(phrase)) > 1 or len(acronym.rstrip("s")) <= 2)


def _holds(phrase: str, text: str) -> bool:
    words = [_plural(word) for word in re.split(r"[\s-]+", phrase) if word]
    pattern = r"(?<![\w])" + r"[\s-]*".join(words) + r"(?![\w])"
    return bool(words) and re.search(pattern, text, re.IGNORECASE) is not None


def _folded(phrase: str) -> list[str]:
    """Lower-case words, hyphens split, a plural -s dropped."""
    words = [w.lower() for w in re.split(r"[\s-]+", phrase) if w]
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words]


def _defined_as(acronym: str, text: str) -> list[list[str]] | None:
    """The long forms `text` may define for `acronym` ("Mixture-of-Expert models (MoEs)"),
    folded: the runs of words before its parenthesis that open on its first letter and whose
    initials carry its capitals, else whose letters hold its letters in order; None if the
    text defines no long form for it."""
    found = re.search(rf"([\w\s-]+?)\s*\(\s*{re.escape(acronym)}s?\s*\)", text)
    if not found:
        return None
    before = _folded(found.group(1))[-10:]
    letters = acronym.rstrip("s")
    runs = [before[start:] for start in range(len(before) - 1, -1, -1)]
    runs = [run for run in runs if run[0][:1] == letters[:1].lower()]
    capitals = "".join(ch for ch in letters if ch.isupper()).lower()
    by_initials = [run for run in runs if _in_order(capitals, "".join(w[0] for w in run))]
    by_letters = [run for run in runs if _in_order(letters.lower(), "".join(run))]
    return (by_initials or by_letters) or None


def _content(words: list[str]) -> str:
    """Folded words run together without the small ones: "with" or "from human feedback"."""
    return "".join(word for word in words if word not in _SMALL)


_SMALL = frozenset("a an and for from in of on the to with via by".split())


def _in_order(letters: str, word: str) -> bool:
    rest = iter(word)
    return all(letter in rest for letter in letters if letter.isalpha())


def _plural(word: str) -> str:
    """A word's pattern, allowing the plurals a tag's singular head folds away."""
    if word.endswith("y") and len(word) > 3:
        return re.escape(word[:-1]) + "(?:y|ies)"
    if word.endswith(("x", "s", "ch", "sh")):
        return re.escape(word) + "(?:es)?"
    if word.endswith("is"):
        return re.escape(word[:-2]) + "(?:is|es)"
    return re.escape(word) + "s?"


def dangling(summary: str) -> bool:
    """Whether a summary points back at something it does not say."""
    return _POINTING.search(summary.strip("*_ ")) is not None


def _in_catch_all(topics: list[dict]) -> bool:
    return not topics or all(topic["key"] == "other" for topic in topics)


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
        _print(figures(args.docs), show=args.show)
        return 0
    with tempfile.TemporaryDirectory(prefix="tagfigures-") as tmp:
        project = make_project(Path(tmp) / "project", _lists(args))
        if not generate(project):
            return 1
        _print(figures(project / "docs"), show=args.show)
    return 0


def _print(found: Figures, *, show: bool) -> None:
    print("\n".join(found.lines() + (found.details() if show else [])))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lists", type=Path, nargs="*", help="list files (default: lists/*.txt)")
    parser.add_argument("--pairs", type=Path, help="JSON lines of {title, abstract}: one list")
    parser.add_argument("--half", choices=("even", "odd"), help="with --pairs: half the lines")
    parser.add_argument("--docs", type=Path, help="read this generated docs/ folder instead")
    parser.add_argument("--show", action="store_true", help="list unsupported tags, dangling")
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
