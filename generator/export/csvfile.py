"""papers.csv: one row per published paper, as a spreadsheet shows it.

Each value is `clean`ed to one line, and a cell that a spreadsheet would run as a formula
(`=`, `+`, `-`, `@`, tab, carriage return first) is disarmed with a leading `'`. Rows are
RFC 4180 (CRLF, quoted when needed). Pure: returns text.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

from generator.export.citations import Citation
from generator.export.fields import clean, page_url, plain_summary, published, title
from generator.models import Collection, Paper

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
CSV_COLUMNS = ("id", "key", "title", "authors", "year", "venue", "doi", "url", "page", "kind",
               "topics", "tags", "lists", "first_seen", "summary", "abstract", "links")  # fmt: skip


def csv_cell(value: str) -> str:
    """One line of text a spreadsheet shows as text: a leading `'` disarms formula starts."""
    value = clean(value)
    return "'" + value if value.startswith(_FORMULA_START) else value


def papers_csv(
    collection: Collection, cited: dict[str, Citation], *, site_url: str = ""
) -> Iterator[str]:
    """A header, then one row per published paper (columns: CSV_COLUMNS), row by row."""
    yield _csv_line(CSV_COLUMNS)
    for paper in published(collection):
        row = _csv_row(paper, cited[paper.id].key, collection.lock.first_seen(paper.id), site_url)
        yield _csv_line([csv_cell(row[column]) for column in CSV_COLUMNS])


def _csv_line(cells: Iterable[str]) -> str:
    out = io.StringIO()
    csv.writer(out).writerow(cells)  # RFC 4180: CRLF rows, fields with , " or newline quoted
    return out.getvalue()


def _csv_row(paper: Paper, key: str, first_seen: str, site_url: str) -> dict[str, str]:
    return {
        "id": paper.id, "key": key, "title": title(paper),
        "authors": "; ".join(paper.bib.authors), "year": paper.bib.year, "venue": paper.bib.venue,
        "doi": paper.bib.doi, "url": paper.bib.url, "page": page_url(site_url, paper.slug),
        "kind": paper.kind, "topics": "; ".join(paper.topic_names),
        "tags": "; ".join(paper.tags), "lists": "; ".join(paper.lists), "first_seen": first_seen,
        "summary": plain_summary(paper), "abstract": paper.text,
        "links": " ".join(link.url for link in paper.links),
    }  # fmt: skip
