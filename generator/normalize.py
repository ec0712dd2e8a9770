"""Raw lists -> papers and reading lists: ids, merging, and markup problems. Pure.

The same abstract in several lists (or sources) is one paper that names every list; files
whose header names the same list form one list. A bibliographic source's metadata (title,
authors, ...) is kept, and merged when the same paper arrives from two sources.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from pathlib import Path

from . import markup
from .models import Paper, Problem, ReadingList, Source
from .reader import RawAbstract, RawList, fingerprint


def paper_id(text: str) -> str:
    """Stable id: a hash of the normalised abstract, so reordering lists never changes it."""
    return hashlib.sha256(fingerprint(text).encode("utf-8")).hexdigest()[:12]


def merge(raw_lists: list[RawList]) -> tuple[list[Paper], list[ReadingList]]:
    papers: dict[str, Paper] = {}
    members: dict[str, list[str]] = {}
    files: dict[str, list[Path]] = {}
    for raw in raw_lists:
        files.setdefault(raw.name, []).append(raw.path)
        ids = members.setdefault(raw.name, [])
        for abstract in raw.abstracts:
            paper = _add(papers, abstract, raw)
            if paper.id not in ids:
                ids.append(paper.id)
    lists = [ReadingList(name, tuple(files[name]), tuple(ids)) for name, ids in members.items()]
    return list(papers.values()), lists


def _add(papers: dict[str, Paper], abstract: RawAbstract, raw: RawList) -> Paper:
    pid = paper_id(abstract.text)
    source = Source(raw.path, abstract.line)
    known = papers.get(pid)
    if known is None:
        text = markup.parse(abstract.text).text
        paper = Paper(pid, abstract.text, text, (raw.name,), (source,), bib=abstract.bib)
    else:
        names = known.lists if raw.name in known.lists else (*known.lists, raw.name)
        paper = replace(known, lists=names, sources=(*known.sources, source),
                        bib=known.bib.merged(abstract.bib))  # fmt: skip
    papers[pid] = paper
    return paper


def markup_problems(papers: list[Paper]) -> list[Problem]:
    """What will not render as the curator meant, at the line the abstract starts on."""
    return [
        Problem(paper.sources[0].path, paper.sources[0].line, message)
        for paper in papers
        for message in markup.problems(paper.abstract)
    ]
