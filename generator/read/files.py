"""Which files in lists/ are lists, and each read by its format's reader into a `RawList`.

Owns choosing the reader by suffix (`.txt` by `plain`; `.bib`, `.json`, `.csv` by `bibtex`,
`csljson`, `csvfile`), naming a bibliographic list, turning their `Record`s into abstracts
with cleaned fields (`fields.tidy`), and reading the bytes a build depends on.

- Decoding is the same for every format (`decode`: byte order marks, UTF-16, GB18030), with
  LF line ends, so every message's line is the editor's.
- A bibliographic list's name is the one the file carries, a BibTeX
  `@comment{readinglist: name = {...}}` or a CSL-JSON object `{"name": "...", "items": [...]}`;
  otherwise the file's stem humanised: a leading order number dropped, `-` and `_` read as
  spaces, the first letter capitalised (`01-deep_learning.bib` -> "Deep learning"). Files
  with the same list name, of any format, make one list.
- An entry without an abstract is skipped with a warning: here a paper is its abstract (its
  id, summary, tags, topics and related papers all come from it), so a title alone makes no
  page.
- Problems are warnings with the line the entry starts on; a file that cannot be read at all
  (not text, not JSON, no abstract column, no readable BibTeX entry) raises InputError.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from generator.errors import InputError
from generator.models import Problem
from generator.read import bibtex, csljson, csvfile
from generator.read.decode import read_text
from generator.read.fields import Record, tidy
from generator.read.plain import split_list
from generator.read.raw import ENTRY_HINTS, RawAbstract, RawList, raw_list
from generator.read.text import normalize_text

Parsed = tuple[str, list[Record], list[Problem]]  # list name ("" for none), entries, problems
_BIBLIOGRAPHIC: dict[str, Callable[[str, Path], Parsed]] = {
    ".bib": bibtex.read_bibtex,
    ".json": csljson.read_csljson,
    ".csv": csvfile.read_csv,
}
SUFFIXES = (".txt", *_BIBLIOGRAPHIC)
_ORDER_PREFIX = re.compile(r"^\d+[\s_\-.]+(?=\D)")
_SEPARATORS = re.compile(r"[\s_\-]+")
_NO_ABSTRACT = "has no abstract: skipped (a paper page is built from its abstract)"


def list_files(lists_dir: Path, *, exclude: Iterable[Path] = ()) -> list[Path]:
    """Every list file (SUFFIXES), in name order.

    `exclude` names files that share a suffix but are not lists (the lock file is JSON)."""
    if not lists_dir.is_dir():
        return []
    skip = {path.resolve() for path in exclude}
    return sorted(
        path
        for path in lists_dir.iterdir()
        if path.suffix.lower() in SUFFIXES and path.is_file() and path.resolve() not in skip
    )


def read_list(path: Path) -> RawList:
    """A list file of any supported format; InputError when it cannot be read at all."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise InputError(f"not a list file: expected one of {', '.join(SUFFIXES)}", path=path)
    text, notes = read_text(path)
    if suffix == ".txt":
        raw = split_list(text, path)
    else:
        raw = _from_records(path, *_BIBLIOGRAPHIC[suffix](text, path))
    return replace(raw, problems=(*notes, *raw.problems))


def list_name(path: Path) -> str:
    """`01-deep_learning.bib` -> "Deep learning"; `LLM_papers.csv` -> "LLM papers"."""
    words = _SEPARATORS.sub(" ", _ORDER_PREFIX.sub("", path.stem)).strip() or path.stem
    return words[:1].upper() + words[1:]


def _from_records(path: Path, name: str, records: list[Record], problems: list[Problem]) -> RawList:
    found = list(problems)
    if not records:
        found.append(Problem(path, 1, "no entries found: nothing from this file is listed"))
    abstracts = list(_abstracts(records, path, found))
    return raw_list(path, name or list_name(path), abstracts, found, hints=ENTRY_HINTS)


def _abstracts(records: list[Record], path: Path, problems: list[Problem]) -> Iterator[RawAbstract]:
    """Each record with an abstract, its fields cleaned; a note for each one without."""
    for record in records:
        bib, notes = tidy(record.bib)
        text = normalize_text(record.abstract)
        if not text:
            label = normalize_text(record.label) or bib.title or "?"
            problems.append(Problem(path, record.line, f"entry '{label}' {_NO_ABSTRACT}"))
            continue
        problems.extend(Problem(path, record.line, note) for note in notes)
        yield RawAbstract(text, record.line, bib)


def read_inputs(lists_dir: Path) -> list[tuple[str, bytes]]:
    """Every file of the lists folder (name, bytes), in name order: what a build depends on."""
    return [
        (path.name, path.read_bytes())
        for path in sorted(lists_dir.iterdir())
        if path.is_file() and not path.name.startswith(".")
    ]


def read_cache(path: Path) -> bytes | None:
    """The build cache's bytes, or None when there is none (see `cache`)."""
    try:
        return path.read_bytes()
    except OSError:
        return None
