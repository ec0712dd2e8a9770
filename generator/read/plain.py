"""Plain-text lists (`.txt`): the list's name, then its abstracts, one paragraph each.

The first non-blank line names the list; a blank line follows it; abstracts are separated by
blank lines and may wrap over several lines. Each abstract keeps the line it starts on, so
every message points into the file. The abstracts' markup is not interpreted here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from generator.models import Problem
from generator.read.raw import TEXT_HINTS, RawAbstract, RawList, raw_list
from generator.read.text import normalize_text

LONG_NAME = 120  # characters; a longer first line is probably an abstract


def split_list(text: str, path: Path) -> RawList:
    """Header line, blank line, then abstracts separated by blank lines (`text` has LF ends)."""
    lines = text.split("\n")
    first = next((i for i, line in enumerate(lines) if normalize_text(line)), None)
    if first is None:
        problem = Problem(path, 1, "empty list file: no name and no abstracts")
        return RawList(path, path.stem, (), (problem,))
    name = normalize_text(lines[first])
    # A first line of spaces is a name left out; so is a blank one before an abstract.
    if (lines[0] and first > 0) or (first > 0 and len(name) > LONG_NAME):
        problem = Problem(path, 1, "missing list name: the first line is blank; write the "
                          "list's name there, then a blank line", severity="error")  # fmt: skip
        return raw_list(path, path.stem, list(_paragraphs(lines, 0)), [problem], hints=TEXT_HINTS)
    problems = _header_problems(lines, first, name, path)
    abstracts = list(_paragraphs(lines, first + 1))
    if not abstracts:
        problems.append(Problem(path, first + 1, f"list '{name}' has a name but no abstracts"))
    return raw_list(path, name, abstracts, problems, hints=TEXT_HINTS)


def _header_problems(lines: list[str], first: int, name: str, path: Path) -> list[Problem]:
    found = []
    if first > 0:
        found.append((first + 1, "blank lines before the list name"))
    if name in ("---", "+++"):
        found.append((first + 1, f"the file starts with '{name}': list files have no front "
                                 "matter; the first line is the list's name"))  # fmt: skip
    elif len(name) > LONG_NAME:
        found.append((first + 1, f"list name of {len(name):,} characters: the first line "
                                 "should be the list's name, not an abstract"))  # fmt: skip
    if first + 1 < len(lines) and normalize_text(lines[first + 1]):
        found.append((first + 2, "expected a blank line after the list name"))
    return [Problem(path, line, message) for line, message in found]


def _paragraphs(lines: list[str], start: int) -> Iterator[RawAbstract]:
    """Each run of non-blank lines as one abstract, with the line it starts on. Lines are
    normalised one by one and joined with a space, which is what normalising the joined
    lines would give: a space between them keeps each line's characters to itself."""
    block: list[str] = []
    for number, line in enumerate(lines[start:], start=start + 1):
        text = normalize_text(line)
        if text:
            block.append(text)
            continue
        if block:
            yield RawAbstract(" ".join(block), number - len(block))
            block = []
    if block:
        yield RawAbstract(" ".join(block), len(lines) + 1 - len(block))
