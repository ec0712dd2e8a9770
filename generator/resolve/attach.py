"""Resolved records onto papers, for the build: a bibliographic source like any other. Pure.

A paper takes the record of its own id, else of an earlier id of it (an edited abstract's
record follows it as the lock's address does: `aliases`, old id -> current id). Only a
"found" record is used: one in review, not found or rejected gives nothing. The paper's own
source (BibTeX, CSL-JSON, CSV) wins field by field; what the record filled is listed in
`Published.gave`, so the page can say where its title and authors came from. `curation.yml`
is applied later and wins over both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, replace

from generator.models import Bibliographic, Paper
from generator.resolve.records import Record, Records


def attach(papers: Iterable[Paper], records: Records, aliases: Mapping[str, str]) -> list[Paper]:
    """Papers with the fields their found records fill."""
    found = current_records(records, aliases)
    return [_with(paper, found[paper.id]) if paper.id in found else paper for paper in papers]


def current_records(records: Records, aliases: Mapping[str, str]) -> Records:
    """Each record under the id its paper has now: a record made for the current id beats
    one that followed an edit; of several earlier ids, the first in id order."""
    moves = _moves(records, aliases)
    return {**{new: records[old] for new, old in moves.items()}, **records}


def followed(records: Records, aliases: Mapping[str, str]) -> Records:
    """The records as `resolve` keeps them: each that followed an edit under its new id
    alone; every other record as it is, its paper in the lists now or not (a list file taken
    out for a while keeps its papers' records and decisions)."""
    moves = _moves(records, aliases)
    kept = {pid: record for pid, record in records.items() if pid not in moves.values()}
    return {**kept, **{new: records[old] for new, old in moves.items()}}


def _moves(records: Records, aliases: Mapping[str, str]) -> dict[str, str]:
    """New id -> the earlier id whose record moves to it: only to an id without a record of
    its own; of several earlier ids, the first in id order."""
    moves: dict[str, str] = {}
    for pid in sorted(records):
        current = aliases.get(pid, pid)
        if current != pid and current not in records:
            moves.setdefault(current, pid)
    return moves


def _with(paper: Paper, record: Record) -> Paper:
    if record.status != "found":
        return paper
    own, theirs = paper.bib, record.bibliographic()
    gave = tuple(
        f.name
        for f in fields(Bibliographic)
        if getattr(theirs, f.name) and not getattr(own, f.name)
    )
    return replace(paper, bib=own.merged(theirs), published=record.published(gave))


def credited(paper: Paper, title_source: str) -> str:
    """How a described paper's title is credited: "resolved" when the record gave it."""
    published = paper.published
    if title_source == "source" and published is not None and "title" in published.gave:
        return "resolved"
    return title_source
