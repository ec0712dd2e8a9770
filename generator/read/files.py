"""Bibliographic list files in lists/: BibTeX `.bib`, CSL-JSON `.json` and `.csv`, as RawLists.

Owns choosing the format reader by suffix (`bibtex`, `csljson`, `csvfile`), naming the list,
and turning their `Record`s into `reader.RawAbstract`s with tidied `Bibliographic` fields.
It reads files and nothing else; merging papers across files is the pipeline's.

- Decoding is the text lists' (`reader.decode`: byte order marks, UTF-16, GB18030); line ends
  are normalised before parsing so every message's line is the editor's.
- The list's name is the one the file carries, a BibTeX `@comment{readinglist: name = {...}}`
  or a CSL-JSON object `{"name": "...", "items": [...]}`; otherwise the file's stem humanised:
  a leading order number dropped, `-` and `_` read as spaces, the first letter capitalised
  (`01-deep_learning.bib` -> "Deep learning"). Files with the same list name, of any format,
  make one list, as text lists do.
- An entry without an abstract is skipped with a warning: here a paper is its abstract (its
  id, summary, tags, topics and related papers all come from it), so a title alone makes no
  page. The abstract keeps its LaTeX and Markdown for `markup` (a BibTeX abstract loses only
  BibTeX's accent commands and case-protecting braces); titles and names are plain text.
- The same abstract twice in one file is one paper; the first entry's gaps are filled from
  the later one's fields.
- Problems are warnings with the line the entry starts on; a file that cannot be parsed at
  all (not JSON, no abstract column, no readable BibTeX entry) raises InputError.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from generator.errors import InputError
from generator.models import Problem
from generator.read import bibtex, csljson, csvfile
from generator.read import plain as reader
from generator.read.fields import Record, tidy
from generator.read.plain import RawAbstract, RawList, fingerprint, normalize_text

Parsed = tuple[str, list[Record], list[Problem]]
_READERS: dict[str, Callable[[str, Path], Parsed]] = {
    ".bib": bibtex.read_bibtex,
    ".json": csljson.read_csljson,
    ".csv": csvfile.read_csv,
}
SUFFIXES = tuple(_READERS)
_ORDER_PREFIX = re.compile(r"^\d+[\s_\-.]+(?=\D)")
_SEPARATORS = re.compile(r"[\s_\-]+")


def list_files(lists_dir: Path, *, exclude: Iterable[Path] = ()) -> list[Path]:
    """Every list file, text (`.txt`) or bibliographic (SUFFIXES), in name order.

    `exclude` names files that share a suffix but are not lists (the lock file is JSON)."""
    if not lists_dir.is_dir():
        return []
    skip = {path.resolve() for path in exclude}
    return sorted(
        path
        for path in lists_dir.iterdir()
        if path.suffix.lower() in (".txt", *SUFFIXES)
        and path.is_file()
        and path.resolve() not in skip
    )


def read_any(path: Path) -> RawList:
    """A list file of any supported format; InputError when it cannot be read at all."""
    return reader.read_list(path) if path.suffix.lower() == ".txt" else read_source(path)


def read_source(path: Path) -> RawList:
    """One `.bib`, `.json` or `.csv` file as a list (see the module docstring)."""
    read = _READERS.get(path.suffix.lower())
    if read is None:
        raise InputError(
            f"not a bibliographic list: expected one of {', '.join(SUFFIXES)}", path=path
        )
    text, encoding = reader.decode_with_encoding(path.read_bytes(), path)
    name, records, problems = read(text.replace("\r\n", "\n").replace("\r", "\n"), path)
    if encoding == "gb18030":
        problems.insert(0, Problem(path, 1, "not UTF-8: read as GB18030 (Chinese)"))
    return collect(path, name or list_name(path), records, problems)


def list_name(path: Path) -> str:
    """`01-deep_learning.bib` -> "Deep learning"; `LLM_papers.csv` -> "LLM papers"."""
    words = _SEPARATORS.sub(" ", _ORDER_PREFIX.sub("", path.stem)).strip() or path.stem
    return words[:1].upper() + words[1:]


def collect(path: Path, name: str, records: list[Record], problems: list[Problem]) -> RawList:
    """Records to abstracts: skip those without one, merge repeats, note oddities."""
    found = list(problems)
    if not records:
        found.append(Problem(path, 1, "no entries found: nothing from this file is listed"))
    kept: dict[str, RawAbstract] = {}
    for record in records:
        abstract = _abstract(record, path, found)
        if abstract is None:
            continue
        key = fingerprint(abstract.text)
        if key in kept:
            first = kept[key]
            note = f"the same abstract as line {first.line}; it is listed once"
            found.append(Problem(path, record.line, note))
            kept[key] = replace(first, bib=first.bib.merged(abstract.bib))
            continue
        found.extend(_oddities(abstract, path))
        kept[key] = abstract
    ordered = sorted(found, key=lambda problem: problem.line)
    return RawList(path, name, tuple(kept.values()), tuple(ordered))


def _abstract(record: Record, path: Path, problems: list[Problem]) -> RawAbstract | None:
    bib, notes = tidy(record.bib)
    text = normalize_text(record.abstract)
    if not text:
        label = normalize_text(record.label) or bib.title or "?"
        note = f"entry '{label}' has no abstract: skipped (a paper page is built from its abstract)"
        problems.append(Problem(path, record.line, note))
        return None
    problems.extend(Problem(path, record.line, note) for note in notes)
    return RawAbstract(text, record.line, bib)


def _oddities(abstract: RawAbstract, path: Path) -> list[Problem]:
    words, size = len(abstract.text.split()), len(abstract.text)
    if words < 5:
        return [Problem(path, abstract.line, f"abstract of {words} word(s): is it one?")]
    if size > reader.LONG_ABSTRACT:
        note = f"abstract of {size:,} characters: is it the abstract alone?"
        return [Problem(path, abstract.line, note)]
    return []
