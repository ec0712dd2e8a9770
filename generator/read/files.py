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
- Only what the project may read is read (`inputs.refusal`: no link out of the project, no
  pipe or folder posing as a list); a file of another kind is named in a warning, not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

from generator.config import Settings
from generator.errors import InputError
from generator.models import Problem
from generator.read import bibtex, csljson, csvfile
from generator.read.decode import read_text
from generator.read.fields import Record, tidy
from generator.read.inputs import refusal
from generator.read.plain import split_list
from generator.read.raw import ENTRY_HINTS, RawAbstract, RawList, raw_list
from generator.read.text import normalize_text
from generator.read.yamlfile import suggest

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


def list_files(settings: Settings) -> tuple[list[Path], list[Problem]]:
    """Every list file of the lists folder (SUFFIXES), in name order, and its problems: an
    error for each one that must not be read (`inputs.refusal`), a warning for each file the
    generator has no reader for. Dot-files and the files it knows (taxonomy, curation, lock)
    are neither."""
    lists_dir = settings.lists_dir
    if not lists_dir.is_dir():
        return [], []
    known = {settings.taxonomy_path, settings.curation_path, settings.lock_path,
             settings.resolved_path}  # fmt: skip
    files, problems = [], []
    for path in sorted(lists_dir.iterdir()):
        if path.name.startswith(".") or path in known:
            continue
        if path.suffix.lower() not in SUFFIXES:
            problems.append(Problem(path, 0, _not_a_list(path, known)))
        elif why := refusal(path, settings.root):
            problems.append(Problem(path, 0, why, severity="error"))
        else:
            files.append(path)
    return files, problems


def _not_a_list(path: Path, known: set[Path]) -> str:
    if path.is_dir():
        return f"a folder: not read (lists are the files directly in {path.parent.name}/)"
    near = suggest(path.name, sorted(known_path.name for known_path in known), listed=False)
    return f"not a list: not read{near}; lists are {', '.join(SUFFIXES)} files"


def read_lists(settings: Settings) -> tuple[list[RawList], list[Problem]]:
    """Every list, and every problem of every list (an unreadable file is an error)."""
    files, problems = list_files(settings)
    if not files:
        message = f"no lists found ({', '.join('*' + suffix for suffix in SUFFIXES)})"
        return [], [*problems, Problem(settings.lists_dir, 0, message, severity="error")]
    raw_lists = []
    for path in files:
        try:
            raw = read_list(path)
        except InputError as error:
            problems.append(Problem(path, error.line or 0, error.message, severity="error"))
            continue
        raw_lists.append(raw)
        problems.extend(raw.problems)
    return raw_lists, problems


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


def read_inputs(settings: Settings) -> list[tuple[str, bytes]]:
    """Every entry of the lists folder (name, bytes), in name order: what a build depends on.
    An entry that must not be read counts by its name and refusal alone (a NUL, which no
    file name holds, keeps the two apart), so adding one still makes the next build look."""
    lists_dir = settings.lists_dir
    refused = refusal(lists_dir, settings.root, folder=True)
    if refused or not lists_dir.is_dir():
        return [("\0", (refused or "no lists folder").encode())]
    entries = []
    for path in sorted(lists_dir.iterdir()):
        if path.name.startswith("."):
            continue
        why = refusal(path, settings.root)
        entries.append((f"{path.name}\0", why.encode()) if why else (path.name, path.read_bytes()))
    return entries
