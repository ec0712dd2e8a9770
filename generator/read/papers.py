"""Raw lists -> papers and reading lists: ids, merging, and markup problems. Pure.

The same abstract in several lists (or sources) is one paper that names every list; files
whose header names the same list form one list. A bibliographic source's metadata (title,
authors, ...) is kept, and merged when the same paper arrives from two sources; sources that
share a DOI or arXiv id are one paper even when their abstracts differ. (Titles alone do not
merge papers: two papers may share a title.)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from generator import markup, parallel
from generator.models import Link, Paper, Problem, ReadingList, Source
from generator.read.fields import merge_keys
from generator.read.links import find_links
from generator.read.raw import RawAbstract, RawList
from generator.read.text import fingerprint


def paper_id(text: str) -> str:
    """Stable id: a hash of the normalised abstract, so reordering lists never changes it."""
    return hashlib.sha256(fingerprint(text).encode("utf-8")).hexdigest()[:12]


def merge(raw_lists: list[RawList]) -> tuple[list[Paper], list[ReadingList], list[Problem]]:
    """Papers, lists, and the markup problems of each abstract at the line it starts on."""
    papers: dict[str, Paper] = {}
    problems: list[Problem] = []
    members: dict[str, list[str]] = {}
    files: dict[str, list[Path]] = {}
    read = _read_all([raw for raw in raw_lists if raw.abstracts])
    for raw in raw_lists:
        if not raw.abstracts:  # an empty or header-only file is reported, not a list page
            continue
        files.setdefault(raw.name, []).append(raw.path)
        ids = members.setdefault(raw.name, [])
        for abstract in raw.abstracts:
            paper = _add(papers, abstract, next(read), raw, problems)
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


class _Read(NamedTuple):
    """What one abstract's markup gives, independent of any other abstract."""

    id: str
    text: str
    markdown: str
    links: tuple[Link, ...]
    problems: list[str]


def _read_all(raw_lists: list[RawList]) -> Iterator[_Read]:
    """Each abstract of each list read, in order, on every core (the markup parse is most of
    normalising)."""
    abstracts = [abstract.text for raw in raw_lists for abstract in raw.abstracts]
    return iter(parallel.map_each(_read, abstracts))


def _read(text: str) -> _Read:
    parsed = markup.parse(text)  # once: text, Markdown, links and problems all come from it
    return _Read(paper_id(text), parsed.text, parsed.markdown, find_links(parsed.urls),
                 markup.problems_in(parsed))  # fmt: skip


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


def _add(
    papers: dict[str, Paper], abstract: RawAbstract, read: _Read, raw: RawList,
    problems: list[Problem],
) -> Paper:  # fmt: skip
    pid = read.id
    source = Source(raw.path, abstract.line)
    known = papers.get(pid)
    if known is None:
        paper = Paper(pid, abstract.text, read.text, read.markdown, (raw.name,), (source,),
                      bib=abstract.bib, links=read.links)  # fmt: skip
        problems.extend(Problem(raw.path, abstract.line, message) for message in read.problems)
    else:
        names = known.lists if raw.name in known.lists else (*known.lists, raw.name)
        paper = replace(known, lists=names, sources=(*known.sources, source),
                        bib=known.bib.merged(abstract.bib))  # fmt: skip
    papers[pid] = paper
    return paper
