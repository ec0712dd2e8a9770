"""Every whole-list export file, in one place: the paths the site publishes them at."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from generator.export.citations import Citation, papers_bib, papers_ris
from generator.export.csvfile import papers_csv
from generator.export.papers import SCHEMA_PATH, papers_json, papers_schema
from generator.models import Collection


def export_files(
    collection: Collection, cited: dict[str, Citation], *, site_url: str = ""
) -> Iterator[tuple[str, Iterable[str]]]:
    """(Path under docs/, text in pieces) of every export file, which MkDocs copies as they
    are. Pieces, not one string: at 20,000 papers papers.json alone is 80 MB of text."""
    yield "papers.json", papers_json(collection, cited, site_url=site_url)
    yield SCHEMA_PATH, [papers_schema(site_url)]
    yield "papers.bib", papers_bib(cited)
    yield "papers.ris", papers_ris(cited)
    yield "papers.csv", papers_csv(collection, cited, site_url=site_url)
