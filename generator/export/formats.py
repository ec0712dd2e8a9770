"""What leaves the site for other tools: BibTeX, RIS, JSON (with its JSON Schema) and CSV.

Pure: every function returns text (the whole-list files as pieces, a paper at a time);
`render` decides the paths and `writer` writes them. Each
value is first `clean`ed (control characters out, whitespace collapsed to single spaces), then
escaped by the one escaper of its format, so nothing a curator or a bibliographic source wrote
can end a record, start a field or run as a spreadsheet formula. Authors, year and venue appear
only when a bibliographic source gave them: nothing here invents metadata. The shared values
(clean text, citation keys, DOI, venue kind, page URL) come from `scholarly`.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from urllib.parse import quote

from generator import parallel
from generator.export.fields import (
    citation_keys,
    clean,
    doi,
    highwire,
    is_published,
    json_ld,
    keywords,
    page_url,
    plain_summary,
    published,
    site_base,
    title,
    venue_kind,
    year,
)
from generator.models import Collection, Paper

SCHEMA_VERSION = "1.0"  # minor: fields added; major: fields changed or removed
SCHEMA_PATH = "schema/papers.schema.json"
_BIBTEX_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "%": r"\%", "&": r"\&",
                   "$": r"\$", "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}",
                   "^": r"\textasciicircum{}"}  # fmt: skip
_BIBTEX_RE = re.compile(r"[\\{}%&$#_~^]")
# A URL that `\url{...}` prints as it is, even inside another command's argument.
_URL_SAFE = re.compile(r"[A-Za-z0-9:/?=&;@!$'()*+,~._\-\[\]]+")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
CSV_COLUMNS = ("id", "key", "title", "authors", "year", "venue", "doi", "url", "page", "kind",
               "topics", "tags", "lists", "first_seen", "summary", "abstract", "links")  # fmt: skip


@dataclass(frozen=True)
class Citation:
    """A paper's citation records, made once per build for its page and the whole-list files."""

    key: str
    short: str  # BibTeX without abstract and keywords: what a reader pastes to cite
    bibtex: str
    ris: str


def citations(collection: Collection, *, site_url: str = "") -> dict[str, Citation]:
    """Paper id -> its records, for every published paper, in collection order (made on
    every core: the records of 5,000 papers take about a second)."""
    records = citer(collection, site_url=site_url)
    found = parallel.map_each(records, collection.papers)
    return {p.id: c for p, c in zip(collection.papers, found, strict=True) if c is not None}


def citer(collection: Collection, *, site_url: str = "") -> Callable[[Paper], Citation | None]:
    """The records of a paper of the collection, None for one that is not published: for
    callers that make them in their own pass over the papers. Keys are unique across the
    collection."""
    keys = citation_keys(collection)

    def records(paper: Paper) -> Citation | None:
        return cite(paper, keys[paper.id], site_url=site_url) if is_published(paper) else None

    return records


def cite(paper: Paper, key: str, *, site_url: str = "") -> Citation:
    return Citation(
        key,
        short=bibtex_entry(paper, key, site_url=site_url, full=False),
        bibtex=bibtex_entry(paper, key, site_url=site_url),
        ris=ris_record(paper, key, site_url=site_url),
    )


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


def front_matter(paper: Paper, citation: Citation, *, site_url: str = "") -> dict:
    """Front-matter keys for a paper page: JSON-LD, Highwire tags and the citation box.

    The box shows the short BibTeX entry and offers the full records (abstract included) as
    downloads; the theme makes `data:` links of `bib` and `ris`, since a file per paper and
    format would double the files a build writes, for records that fit in the page."""
    return {
        "jsonld": json_ld(paper, site_url=site_url),
        "citation": [[name, content] for name, content in highwire(paper, site_url=site_url)],
        "cite": {
            "key": citation.key,
            "bibtex": citation.short,
            "bib": citation.bibtex,
            "ris": citation.ris,
        },
    }


# BibTeX ------------------------------------------------------------------------------------


def bibtex_escape(value: str) -> str:
    return _BIBTEX_RE.sub(lambda match: _BIBTEX_SPECIAL[match.group()], clean(value))


def bibtex_entry(paper: Paper, key: str, *, site_url: str = "", full: bool = True) -> str:
    """One BibTeX record: @article, @inproceedings or @misc by what the venue looks like.
    `full=False` leaves out abstract and keywords: the short form a reader pastes to cite."""
    kind = venue_kind(paper.bib.venue)
    kinds = {"journal": ("article", "journal"), "conference": ("inproceedings", "booktitle")}
    entry_type, venue_field = kinds.get(kind, ("misc", "howpublished"))
    text = bibtex_escape(title(paper))
    fields = [
        ("title", "{" + text + "}" if text else ""),  # inner braces keep the title's capitals
        ("author", " and ".join(_bibtex_name(name) for name in paper.bib.authors if clean(name))),
        ("year", year(paper)),
        (venue_field, bibtex_escape(paper.bib.venue)),
        ("doi", _verbatim(doi(paper))),
        ("url", _verbatim(paper.bib.url)),
        ("abstract", bibtex_escape(paper.text) if full else ""),
        ("keywords", bibtex_escape(", ".join(keywords(paper))) if full else ""),
        ("note", _bibtex_note(page_url(site_url, paper.slug)) if site_url else ""),
    ]
    body = "".join(f"  {name} = {{{value}}},\n" for name, value in fields if value)
    return f"@{entry_type}{{{key},\n{body}}}\n"


def _bibtex_name(name: str) -> str:
    """A name containing the word "and" is braced, or BibTeX would read two authors."""
    escaped = bibtex_escape(name)
    return "{" + escaped + "}" if re.search(r"\band\b", escaped, re.I) else escaped


def _verbatim(url: str) -> str:
    """url/doi fields are read verbatim: only braces, backslashes and spaces need encoding."""
    return re.sub(r"[{}\\\s]", lambda match: quote(match.group()), clean(url))


def _bibtex_note(url: str) -> str:
    link = f"\\url{{{url}}}" if _URL_SAFE.fullmatch(url) else bibtex_escape(url)
    return f"Reading list: {link}"


def papers_bib(cited: dict[str, Citation]) -> Iterator[str]:
    return _joined("\n", (citation.bibtex for citation in cited.values()))


def _joined(separator: str, pieces: Iterable[str]) -> Iterator[str]:
    """`separator.join(pieces)`, lazily, a piece at a time."""
    for number, piece in enumerate(pieces):
        yield separator + piece if number else piece


# RIS ---------------------------------------------------------------------------------------


def ris_record(paper: Paper, key: str, *, site_url: str = "") -> str:
    """One RIS record: a `TAG  - value` line per field (CRLF, as the format asks), ER last."""
    kinds = {"journal": "JOUR", "conference": "CONF"}
    lines = [
        ("TY", kinds.get(venue_kind(paper.bib.venue), "GEN")),
        ("ID", key),
        ("TI", title(paper)),
        *(("AU", name) for name in paper.bib.authors),
        ("PY", year(paper)),
        ("T2", paper.bib.venue),
        ("DO", doi(paper)),
        ("UR", paper.bib.url),
        ("AB", paper.text),
        *(("KW", word) for word in keywords(paper)),
        ("N1", f"Reading list: {page_url(site_url, paper.slug)}" if site_url else ""),
    ]
    cleaned = ((tag, clean(value)) for tag, value in lines)
    body = "".join(f"{tag}  - {value}\r\n" for tag, value in cleaned if value)
    return body + "ER  - \r\n"


def papers_ris(cited: dict[str, Citation]) -> Iterator[str]:
    return _joined("\r\n", (citation.ris for citation in cited.values()))


# JSON --------------------------------------------------------------------------------------


def papers_json(
    collection: Collection, cited: dict[str, Citation], *, site_url: str = ""
) -> Iterator[str]:
    """Every field of every published paper, plus lists and topics; see `papers_schema`.

    The text of `json.dumps(document, ensure_ascii=False)` (compact: only json's C encoder
    is fast, and it does not indent), made a paper at a time so the document never exists
    whole in memory."""
    topic_keys = {topic.name: topic.key for topic in collection.taxonomy.topics}
    head = {"$schema": site_base(site_url) + SCHEMA_PATH, "schema_version": SCHEMA_VERSION,
            "site_url": site_base(site_url)}  # fmt: skip
    tail = {
        "lists": [
            {"name": rl.name, "slug": rl.slug, "paper_ids": list(rl.paper_ids)}
            for rl in collection.lists
        ],
        "topics": [
            {"key": t.key, "name": t.name, "description": t.description}
            for t in collection.taxonomy.topics
        ],
    }
    yield _dumps(head)[:-1] + ', "papers": ['
    records = (
        _dumps(_paper_record(p, collection, cited[p.id].key, topic_keys, site_url))
        for p in published(collection)
    )
    yield from _joined(", ", records)
    yield "], " + _dumps(tail)[1:] + "\n"


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _paper_record(
    paper: Paper, collection: Collection, key: str, topic_keys: dict[str, str], site_url: str
) -> dict:
    bib, curation = paper.bib, paper.curation
    return {
        "id": paper.id, "key": key, "slug": paper.slug, "url": page_url(site_url, paper.slug),
        "title": paper.title, "title_source": paper.title_source,
        "abstract": paper.abstract, "text": paper.text, "summary": paper.summary,
        "kind": paper.kind, "tags": list(paper.tags),
        "topics": [{"key": topic_keys.get(m.topic, ""), "name": m.topic, "score": m.score,
                    "matched": list(m.matched)} for m in paper.topics],
        "lists": list(paper.lists),
        "links": [{"url": link.url, "label": link.label} for link in paper.links],
        "related": list(paper.related),
        "first_seen": collection.lock.first_seen(paper.id),
        # Only the file name: the builder's folders are nobody's business.
        "sources": [{"file": source.path.name, "line": source.line} for source in paper.sources],
        "bib": {"title": bib.title, "authors": list(bib.authors), "year": bib.year,
                "venue": bib.venue, "doi": bib.doi, "url": bib.url,
                "keywords": list(bib.keywords)},
        "curation": {"title": curation.title, "add_tags": list(curation.add_tags),
                     "remove_tags": list(curation.remove_tags),
                     "add_topics": list(curation.add_topics),
                     "remove_topics": list(curation.remove_topics), "note": curation.note,
                     "status": curation.status, "rating": curation.rating,
                     "featured": curation.featured, "hidden": curation.hidden},
    }  # fmt: skip


def papers_schema(site_url: str = "") -> str:
    """JSON Schema (2020-12) of `papers_json`'s document, for this SCHEMA_VERSION."""
    s, n, b, i = {"type": "string"}, {"type": "number"}, {"type": "boolean"}, {"type": "integer"}
    strings = {"type": "array", "items": s}
    topic = _object(key=s, name=s, score=n, matched=strings)
    paper = _object(
        id=s, key=s, slug=s, url=s, title=s, title_source=s, abstract=s, text=s, summary=s,
        kind=s, tags=strings, topics=_array(topic), lists=strings,
        links=_array(_object(url=s, label=s)), related=strings,
        first_seen={"type": "string", "pattern": r"^(\d{4}-\d{2}-\d{2})?$"},
        sources=_array(_object(file=s, line=i)),
        bib=_object(title=s, authors=strings, year=s, venue=s, doi=s, url=s, keywords=strings),
        curation=_object(title=s, add_tags=strings, remove_tags=strings, add_topics=strings,
                         remove_topics=strings, note=s, status=s, rating=i, featured=b,
                         hidden=b),
    )  # fmt: skip
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": site_base(site_url) + SCHEMA_PATH,
        "title": "readinglist papers.json",
        "description": f"Schema version {SCHEMA_VERSION}. A minor version adds fields; a major "
        "version changes or removes them.",
        **_object(
            **{"$schema": s},
            schema_version={"const": SCHEMA_VERSION},
            site_url=s,
            papers=_array(paper),
            lists=_array(_object(name=s, slug=s, paper_ids=strings)),
            topics=_array(_object(key=s, name=s, description=s)),
        ),
    }
    return json.dumps(schema, indent=1) + "\n"


def _object(**properties: dict) -> dict:
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}  # fmt: skip


def _array(items: dict) -> dict:
    return {"type": "array", "items": items}


# CSV ---------------------------------------------------------------------------------------


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
        "authors": "; ".join(paper.bib.authors), "year": year(paper), "venue": paper.bib.venue,
        "doi": doi(paper), "url": paper.bib.url, "page": page_url(site_url, paper.slug),
        "kind": paper.kind, "topics": "; ".join(paper.topic_names),
        "tags": "; ".join(paper.tags), "lists": "; ".join(paper.lists), "first_seen": first_seen,
        "summary": plain_summary(paper), "abstract": paper.text,
        "links": " ".join(link.url for link in paper.links),
    }  # fmt: skip
