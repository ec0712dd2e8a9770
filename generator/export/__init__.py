"""What leaves the site for other tools, and what a paper page tells machines.

Owns the whole-list files (BibTeX, RIS, papers.json with its JSON Schema, CSV), the browse
page's facet index and its summaries, the Atom feeds, each paper's citation records (its
page's Cite box) and its page's JSON-LD and Highwire `citation_*` tags, the sessions'
calendar (sessions.ics) and the map's points (map/points.json). Every value is `clean`ed and
escaped by the one escaper of its format; bibliographic fields are trusted as the reader
cleaned them. Must not read or write files, choose pages' paths (but the export files' own) or
invent metadata: authors, year and venue appear only when a bibliographic source gave them."""

from __future__ import annotations

from generator.export.browse_index import (
    BROWSE_INDEX_PATH,
    BROWSE_SUMMARIES_PATH,
    browse_index,
    browse_summaries,
)
from generator.export.calendar import calendar
from generator.export.citations import (
    Citation,
    bibtex_entry,
    citations,
    cite,
    cite_published,
    papers_bib,
    papers_ris,
    ris_record,
)
from generator.export.csvfile import CSV_COLUMNS, csv_cell, papers_csv
from generator.export.feeds import feed_files, topic_feed_path
from generator.export.fields import citation_keys, clean, is_published, published
from generator.export.files import export_files
from generator.export.map_data import MAP_DATA_PATH, map_data
from generator.export.metadata import highwire, json_ld, scholarly_article
from generator.export.papers import SCHEMA_PATH, SCHEMA_VERSION, papers_json, papers_schema
from generator.export.styles import Styled, styled

__all__ = [
    "BROWSE_INDEX_PATH",
    "BROWSE_SUMMARIES_PATH",
    "CSV_COLUMNS",
    "MAP_DATA_PATH",
    "SCHEMA_PATH",
    "SCHEMA_VERSION",
    "Citation",
    "Styled",
    "bibtex_entry",
    "browse_index",
    "browse_summaries",
    "calendar",
    "citation_keys",
    "citations",
    "cite",
    "cite_published",
    "clean",
    "csv_cell",
    "export_files",
    "feed_files",
    "highwire",
    "is_published",
    "json_ld",
    "map_data",
    "papers_bib",
    "papers_csv",
    "papers_json",
    "papers_ris",
    "papers_schema",
    "published",
    "ris_record",
    "scholarly_article",
    "styled",
    "topic_feed_path",
]
