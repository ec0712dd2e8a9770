"""CSV files with a header row (`.csv`, from Zotero or a spreadsheet) as `Record`s.

Columns are matched by name whatever their case, spacing, `_` or `-`; COLUMNS lists the names
each field accepts, the first present and non-empty one wins (so Zotero's `Title`, `Author`,
`Publication Year`, `Publication Title`, `DOI`, `Url`, `Abstract Note` and `Manual Tags` are
read as they are). Other columns are ignored without a warning: exports carry dozens. The
delimiter (`,`, `;` or tab) is sniffed from the header; quoted fields may span lines and each
record's line is the line it starts on. A file without an abstract column is not a reading
list and stops the build. Cells are text only: nothing is evaluated, and a cell starting with
`=` is just text here (formula injection is the CSV *export*'s concern).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from generator.errors import InputError
from generator.models import Bibliographic, Problem
from generator.read.fields import Record, split_keywords, split_people
from generator.read.text import normalize_text

if TYPE_CHECKING:
    from _csv import Reader  # what csv.reader returns

COLUMNS = {
    "title": ("title", "paper title", "article title"),
    "abstract": ("abstract", "abstract note", "abstractnote", "summary", "description"),
    "authors": ("authors", "author", "creators", "creator"),
    "year": ("year", "publication year", "date", "issued"),
    "venue": (
        "venue",
        "journal",
        "booktitle",
        "book title",
        "publication title",
        "publication",
        "conference",
        "conference name",
        "proceedings title",
        "container title",
        "source title",
    ),
    "doi": ("doi",),
    "url": ("url", "link", "href"),
    "keywords": ("keywords", "keyword", "author keywords", "tags", "manual tags"),
}
_SEPARATORS = re.compile(r"[\s_\-]+")


def read_csv(text: str, path: Path) -> tuple[str, list[Record], list[Problem]]:
    """No list name (a CSV has nowhere to carry one), its rows, and what was wrong."""
    rows = csv.reader(
        io.StringIO(text, newline=""), delimiter=_delimiter(text), skipinitialspace=True
    )
    records: list[Record] = []
    problems: list[Problem] = []
    try:
        numbered = _numbered(rows)
        header_line, header = next(numbered, (1, []))
        columns = _columns(header, path, header_line)
        for line, row in numbered:
            if len(row) > len(header):
                note = (
                    f"{len(row)} fields but {len(header)} columns: a field with a comma "
                    "is not quoted? The row is skipped, its fields cannot be told apart"
                )
                problems.append(Problem(path, line, note))
                continue
            records.append(_record(row, columns, line))
    except csv.Error as error:
        raise InputError(f"not readable as CSV: {error}", path=path, line=rows.line_num) from None
    return "", records, problems


def _delimiter(text: str) -> str:
    header = next((line for line in text.split("\n") if line.strip()), "")
    try:
        return csv.Sniffer().sniff(header, delimiters=",;\t").delimiter
    except csv.Error:  # one column, or nothing to tell from
        return ","


def _numbered(rows: Reader) -> Iterator[tuple[int, list[str]]]:
    """Non-empty rows with the line each starts on (a quoted field may span lines)."""
    start = 1
    for row in rows:
        if any(cell.strip() for cell in row):
            yield start, row
        start = rows.line_num + 1


def normalize_column(name: str) -> str:
    """`Abstract_Note`, `abstract-note`, ` ABSTRACT  NOTE` -> `abstract note`."""
    return _SEPARATORS.sub(" ", normalize_text(name).casefold()).strip()


def _columns(header: list[str], path: Path, line: int) -> dict[str, list[int]]:
    """For each field, the indexes of the columns that may hold it, best name first."""
    positions: dict[str, list[int]] = {}
    for index, name in enumerate(header):
        positions.setdefault(normalize_column(name), []).append(index)
    columns = {
        field: [index for alias in aliases for index in positions.get(alias, [])]
        for field, aliases in COLUMNS.items()
    }
    if not columns["abstract"]:
        names = [normalize_text(name)[:30] for name in header if name.strip()]
        found = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "") or "none"
        raise InputError(
            f"no abstract column (columns: {found}); name one 'Abstract'", path=path, line=line
        )
    return columns


def _record(row: list[str], columns: dict[str, list[int]], line: int) -> Record:
    def get(field: str) -> str:
        cells = (row[index] for index in columns[field] if index < len(row))
        return next((cell for cell in cells if cell.strip()), "")

    bib = Bibliographic(
        title=get("title"),
        authors=split_people(get("authors")),
        year=get("year"),
        venue=get("venue"),
        doi=get("doi"),
        url=get("url"),
        keywords=split_keywords(get("keywords")),
    )
    return Record(line, normalize_text(bib.title) or f"row {line}", get("abstract"), bib)
