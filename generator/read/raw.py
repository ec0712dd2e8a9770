"""What reading one list file gives, and the one check every format's abstracts pass.

A `RawList` is a file's list name, its abstracts (normalised text, the line each starts on,
and the bibliographic fields a `.bib`/`.json`/`.csv` entry carried) and its problems, in line
order. `raw_list` builds one from any reader's abstracts: the same abstract twice in a file
is one paper (the first keeps its place; gaps in its fields are filled from the repeat), and
an abstract too short or too long to be one is flagged, with a hint fitting the format.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

from generator.models import Bibliographic, Problem
from generator.read.text import fingerprint

MIN_WORDS = 5  # fewer is a stray line or a title, not an abstract
LONG_ABSTRACT = 5_000  # characters; real abstracts stay well under this


@dataclass(frozen=True)
class RawAbstract:
    text: str  # normalised: NFC, invisible characters removed, whitespace collapsed
    line: int
    bib: Bibliographic = Bibliographic()  # filled by bibliographic sources (.bib/.json/.csv)


@dataclass(frozen=True)
class RawList:
    path: Path
    name: str
    abstracts: tuple[RawAbstract, ...]
    problems: tuple[Problem, ...]


class Hints(NamedTuple):
    """What an odd abstract probably is, in the words of its format."""

    short: str
    long: str


TEXT_HINTS = Hints("a stray line?", "several abstracts without a blank line between them?")
ENTRY_HINTS = Hints("is it one?", "is it the abstract alone?")


def raw_list(
    path: Path, name: str, abstracts: Iterable[RawAbstract], problems: Iterable[Problem],
    *, hints: Hints,
) -> RawList:  # fmt: skip
    """The list, its abstracts checked: repeats merged into the first, oddities noted."""
    found = list(problems)
    kept: dict[str, RawAbstract] = {}
    for abstract in abstracts:
        key = fingerprint(abstract.text)
        first = kept.get(key)
        if first is not None:
            note = f"the same abstract as line {first.line}; it is listed once"
            found.append(Problem(path, abstract.line, note))
            kept[key] = replace(first, bib=first.bib.merged(abstract.bib))
            continue
        found.extend(_oddities(abstract, path, hints))
        kept[key] = abstract
    ordered = sorted(found, key=lambda problem: problem.line)
    return RawList(path, name, tuple(kept.values()), tuple(ordered))


def _oddities(abstract: RawAbstract, path: Path, hints: Hints) -> list[Problem]:
    words, size = len(abstract.text.split()), len(abstract.text)
    if words < MIN_WORDS:
        return [Problem(path, abstract.line, f"abstract of {words} word(s): {hints.short}")]
    if size > LONG_ABSTRACT:
        note = f"abstract of {size:,} characters: {hints.long}"
        return [Problem(path, abstract.line, note)]
    return []
