"""Raw lists -> papers and reading lists: ids, merging, and markup problems. Pure.

The same abstract in several lists (or sources) is one paper that names every list; files
whose header names the same list form one list. A bibliographic source's metadata (title,
authors, ...) is kept, and merged when the same paper arrives from two sources; sources that
share a DOI or arXiv id are one paper even when their abstracts differ. (Titles alone do not
merge papers: two papers may share a title.) An abstract's markup is parsed once per text,
and remembered by text in the `Memo` it is handed: an unchanged abstract takes the last run's
parse.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from generator import markup
from generator.buildcache.memo import Memo
from generator.models import Link, Paper, Problem, ReadingList, Source
from generator.read.fields import merge_keys
from generator.read.links import find_links
from generator.read.raw import RawAbstract, RawList
from generator.read.text import fingerprint


def paper_id(text: str) -> str:
    """Stable id: a hash of the normalised abstract, so reordering lists never changes it."""
    return hashlib.sha256(fingerprint(text).encode("utf-8")).hexdigest()[:12]


class Marked(NamedTuple):
    """What one parse of an abstract's markup gives: a pure function of its text."""

    text: str
    paragraph: str
    links: tuple[Link, ...]
    problems: tuple[str, ...]


def merge(
    raw_lists: list[RawList], memo: Memo[Marked] | None = None
) -> tuple[list[Paper], list[ReadingList], list[Problem]]:
    """Papers, lists, and the markup problems of each abstract at the line it starts on. Each
    abstract's markup is taken from `memo` (by text) when it is there: an unchanged abstract is
    not parsed again (its formulas are the costly part); this run's are put there."""
    marked = _Marking(Memo() if memo is None else memo)
    papers: dict[str, Paper] = {}
    problems: list[Problem] = []
    members: dict[str, list[str]] = {}
    files: dict[str, list[Path]] = {}
    for raw in raw_lists:
        if not raw.abstracts:  # an empty or header-only file is reported, not a list page
            continue
        files.setdefault(raw.name, []).append(raw.path)
        ids = members.setdefault(raw.name, [])
        for abstract in raw.abstracts:
            paper = _add(papers, abstract, raw, problems, marked)
            if paper.id not in ids:
                ids.append(paper.id)
    aliases = _same_records(list(papers.values()))
    for pid, kept in aliases.items():
        papers[kept] = _join(papers[kept], papers.pop(pid))
    lists = [
        ReadingList(name, tuple(files[name]), tuple(_unique(aliases.get(i, i) for i in ids)))
        for name, ids in members.items()
    ]
    return list(papers.values()), lists, problems


class _Marking:
    """Each abstract's markup, parsed once: as this run or the last parsed it (`memo`), or now."""

    def __init__(self, memo: Memo[Marked]) -> None:
        self.memo = memo

    def of(self, text: str) -> Marked:
        found = self.memo.get(text) or _marked(text)
        self.memo.put(text, found)
        return found


def _marked(text: str) -> Marked:
    parsed = markup.parse(text)
    found = tuple(markup.problems_in(parsed))
    return Marked(parsed.text, parsed.paragraph, find_links(parsed.urls), found)


def _add(
    papers: dict[str, Paper],
    abstract: RawAbstract,
    raw: RawList,
    problems: list[Problem],
    marked: _Marking,
) -> Paper:
    """The abstract's paper, new or known from another list, now naming this list too."""
    pid = paper_id(abstract.text)
    known = papers.get(pid)
    if known is None:
        paper = _paper(pid, abstract, raw, problems, marked.of(abstract.text))
    else:
        names = known.lists if raw.name in known.lists else (*known.lists, raw.name)
        sources = (*known.sources, Source(raw.path, abstract.line))
        paper = replace(known, lists=names, sources=sources, bib=known.bib.merged(abstract.bib))
    papers[pid] = paper
    return paper


def _paper(
    pid: str, abstract: RawAbstract, raw: RawList, problems: list[Problem], marked: Marked
) -> Paper:
    """A new paper: its text, Markdown and links from one parse of its markup."""
    problems.extend(Problem(raw.path, abstract.line, message) for message in marked.problems)
    return Paper(pid, abstract.text, marked.text, marked.paragraph, (raw.name,),
                 (Source(raw.path, abstract.line),), bib=abstract.bib,
                 links=marked.links)  # fmt: skip


def _same_records(papers: list[Paper]) -> dict[str, str]:
    """Papers whose sources share a DOI or arXiv id are one paper even when their abstracts
    differ (a preprint and its published version): id -> the id of the first of them."""
    first: dict[str, str] = {}
    aliases: dict[str, str] = {}
    for paper in papers:
        keys = [k for k in merge_keys(paper.bib) if k.startswith(("doi:", "arxiv:"))]
        kept = next((first[k] for k in keys if k in first), None)
        for key in keys:
            first.setdefault(key, kept or paper.id)
        if kept is not None and kept != paper.id:
            aliases[paper.id] = kept
    return aliases


def _join(kept: Paper, other: Paper) -> Paper:
    lists = kept.lists + tuple(name for name in other.lists if name not in kept.lists)
    return replace(kept, lists=lists, sources=kept.sources + other.sources,
                   bib=kept.bib.merged(other.bib))  # fmt: skip


def _unique(ids: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(ids))
