"""Citation records: a paper as BibTeX and as RIS, and the whole-list `.bib` and `.ris` files.

Each value is first `clean`ed, then escaped by the one escaper of its format, so nothing a
curator or a bibliographic source wrote can end a record or start a field. A paper's records
are made once per build for the whole-list files, and again for its page's Cite box when
MkDocs renders it (`render.theme`). Pure: returns text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import quote

from generator import parallel
from generator.export.fields import (
    citation_keys,
    clean,
    is_published,
    joined,
    keywords,
    page_url,
    title,
    venue_kind,
)
from generator.models import Collection, Name, Paper
from generator.read.names import names_of

_BIBTEX_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "%": r"\%", "&": r"\&",
                   "$": r"\$", "#": r"\#", "_": r"\_", "~": r"\textasciitilde{}",
                   "^": r"\textasciicircum{}"}  # fmt: skip
_BIBTEX_RE = re.compile(r"[\\{}%&$#_~^]")
_BIBTEX_KINDS = {"journal": ("article", "journal"), "conference": ("inproceedings", "booktitle")}
_RIS_KINDS = {"journal": "JOUR", "conference": "CONF"}
# What splits a name in BibTeX: a comma between its parts, "and" between two names.
_SPLITS = re.compile(r",|\band\b", re.IGNORECASE)
# A URL that `\url{...}` prints as it is, even inside another command's argument.
_URL_SAFE = re.compile(r"[A-Za-z0-9:/?=&;@!$'()*+,~._\-\[\]]+")


@dataclass(frozen=True)
class Citation:
    """A paper's citation records."""

    key: str
    short: str  # BibTeX without abstract and keywords: what a reader pastes to cite
    bibtex: str
    ris: str


def citations(collection: Collection, *, site_url: str = "") -> dict[str, Citation]:
    """Paper id -> its records, for every published paper, in collection order (made on
    every core). Keys are unique across the collection."""
    keys = citation_keys(collection)
    found = parallel.map_each(lambda p: cite_published(p, keys[p.id], site_url=site_url),
                              collection.papers)  # fmt: skip
    return {p.id: c for p, c in zip(collection.papers, found, strict=True) if c is not None}


def cite_published(paper: Paper, key: str, *, site_url: str = "") -> Citation | None:
    """The paper's records under `key`, None for a paper that is not published."""
    return cite(paper, key, site_url=site_url) if is_published(paper) else None


def cite(paper: Paper, key: str, *, site_url: str = "") -> Citation:
    return Citation(
        key,
        short=bibtex_entry(paper, key, site_url=site_url, full=False),
        bibtex=bibtex_entry(paper, key, site_url=site_url),
        ris=ris_record(paper, key, site_url=site_url),
    )


# BibTeX ------------------------------------------------------------------------------------


def bibtex_escape(value: str) -> str:
    return _BIBTEX_RE.sub(lambda match: _BIBTEX_SPECIAL[match.group()], clean(value))


def bibtex_entry(paper: Paper, key: str, *, site_url: str = "", full: bool = True) -> str:
    """One BibTeX record: @article, @inproceedings or @misc by what the venue looks like.
    `full=False` leaves out abstract and keywords: the short form a reader pastes to cite."""
    bib = paper.bib
    entry_type, venue_field = _BIBTEX_KINDS.get(venue_kind(bib.venue), ("misc", "howpublished"))
    text = bibtex_escape(title(paper))
    fields = [
        ("title", "{" + text + "}" if text else ""),  # inner braces keep the title's capitals
        ("author", " and ".join(filter(None, map(_bibtex_name, names_of(bib))))),
        ("year", bib.year),
        (venue_field, bibtex_escape(bib.venue)),
        ("doi", _verbatim(bib.doi)),
        ("url", _verbatim(bib.url)),
        ("abstract", bibtex_escape(paper.text) if full else ""),
        ("keywords", bibtex_escape(", ".join(keywords(paper))) if full else ""),
        ("note", _bibtex_note(page_url(site_url, paper.slug)) if site_url else ""),
    ]
    body = "".join(f"  {name} = {{{value}}},\n" for name, value in fields if value)
    return f"@{entry_type}{{{key},\n{body}}}\n"


def _bibtex_name(name: Name) -> str:
    """ "von Last, Jr, First" from the parts read on input, so BibTeX reads the same surname
    back; a name that is all surname ("Google DeepMind", an organisation's) is braced whole."""
    first, von, last, jr = (clean(part) for part in (name.first, name.von, name.last, name.jr))
    if not (first or jr):
        whole = " ".join(filter(None, (von, last)))
        return _braced(whole) if " " in whole or _SPLITS.search(whole) else bibtex_escape(whole)
    if not all(word[:1].islower() for word in von.split()):
        von, last = "", " ".join(filter(None, (von, last)))  # a capital particle is surname
    surname = " ".join(filter(None, (bibtex_escape(von), _surname(last))))
    return ", ".join((surname, _part(jr), _part(first)) if jr else (surname, _part(first)))


def _surname(text: str) -> str:
    """Braced unless every word starts with a capital, or BibTeX would take a word starting
    otherwise for a particle."""
    words = text.split()
    plain = all(word[:1].isupper() for word in words) and not _SPLITS.search(text)
    return bibtex_escape(text) if plain else _braced(text)


def _part(text: str) -> str:
    """A given name or suffix: braced only where BibTeX would split it (a comma, "and")."""
    return _braced(text) if _SPLITS.search(text) else bibtex_escape(text)


def _braced(text: str) -> str:
    return "{" + bibtex_escape(text) + "}" if text else ""


def _verbatim(url: str) -> str:
    """url/doi fields are read verbatim: only braces, backslashes and spaces need encoding."""
    return re.sub(r"[{}\\\s]", lambda match: quote(match.group()), clean(url))


def _bibtex_note(url: str) -> str:
    link = f"\\url{{{url}}}" if _URL_SAFE.fullmatch(url) else bibtex_escape(url)
    return f"Reading list: {link}"


def papers_bib(cited: dict[str, Citation]) -> Iterator[str]:
    return joined("\n", (citation.bibtex for citation in cited.values()))


# RIS ---------------------------------------------------------------------------------------


def ris_record(paper: Paper, key: str, *, site_url: str = "") -> str:
    """One RIS record: a `TAG  - value` line per field (CRLF, as the format asks), ER last."""
    bib = paper.bib
    lines = [
        ("TY", _RIS_KINDS.get(venue_kind(bib.venue), "GEN")),
        ("ID", key),
        ("TI", title(paper)),
        *(("AU", name) for name in bib.authors),
        ("PY", bib.year),
        ("T2", bib.venue),
        ("DO", bib.doi),
        ("UR", bib.url),
        ("AB", paper.text),
        *(("KW", word) for word in keywords(paper)),
        ("N1", f"Reading list: {page_url(site_url, paper.slug)}" if site_url else ""),
    ]
    cleaned = ((tag, clean(value)) for tag, value in lines)
    body = "".join(f"{tag}  - {value}\r\n" for tag, value in cleaned if value)
    return body + "ER  - \r\n"


def papers_ris(cited: dict[str, Citation]) -> Iterator[str]:
    return joined("\r\n", (citation.ris for citation in cited.values()))
