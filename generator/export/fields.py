"""The values every export shares: what a paper is as citation metadata.

Owns `clean` text (one line, printable), which papers are published, the page URL, the title
and keywords as exports give them, a DOI's address (the one `doi_url`, the paper page's finders
use it too), the venue's kind, the unique citation keys, the plain summary and a known PDF
address. Bibliographic fields are trusted as the reader left them
(`bib.doi` a bare `10.x/y` or "", `bib.year` four digits or ""): nothing here cleans them
again. Pure; authors, year and venue come only from a bibliographic source: nothing here
invents metadata.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from urllib.parse import quote, urlsplit

from slugify import slugify

from generator import markup
from generator.models import Collection, Paper

# C0/C1 controls (tab and newlines become spaces via split), lone surrogates and the two
# non-characters XML 1.0 forbids: none of them belongs in a record, and a stray one makes XML
# invalid or lets a value fake a line break in RIS.
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
_STOPWORDS = frozenset("a an the on of in for to and with via from towards toward is are do does "
                       "can what when how why by as at its".split())  # fmt: skip
_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})  # not family names: "King Jr."
_JOURNAL = re.compile(r"journal|transactions|letters|magazine|review|\b(?:jmlr|tmlr|jair)\b", re.I)
_PREPRINT = re.compile(r"arxiv|corr\b|biorxiv|medrxiv|preprint|ssrn", re.I)


def clean(value: str) -> str:
    """One line of printable text: controls dropped, any run of whitespace one space."""
    return " ".join(_CONTROL.sub("", value).split())


def published(collection: Collection) -> list[Paper]:
    """Papers that leave the site: every paper the curator has not hidden."""
    return [paper for paper in collection.papers if is_published(paper)]


def is_published(paper: Paper) -> bool:
    """Whether the paper leaves the site (its page, the exports, the feeds)."""
    return not paper.curation.hidden


def site_base(site_url: str) -> str:
    return site_url.rstrip("/") + "/" if site_url else ""


def page_url(site_url: str, slug: str) -> str:
    """The paper page: absolute when the site URL is known, else relative to the site root."""
    return f"{site_base(site_url)}papers/{slug}/"


def doi_url(doi: str) -> str:
    """The resolver's address of a bare DOI (`10.x/y`, as the reader leaves `bib.doi`), with
    what a URL path may not hold as it is quoted (a SICI DOI's "<" is %3C); "" for none."""
    return "https://doi.org/" + quote(doi, safe="/:;()._-") if doi else ""


def title(paper: Paper) -> str:
    return clean(paper.title or paper.bib.title)


def keywords(paper: Paper) -> list[str]:
    """The paper's tags, then the source's keywords; each once, whatever its case."""
    found: dict[str, str] = {}
    for word in map(clean, (*paper.tags, *paper.bib.keywords)):
        if word:
            found.setdefault(word.lower(), word)
    return list(found.values())


def venue_kind(venue: str) -> str:
    """The venue's kind: journal, conference, preprint, or "" when there is none."""
    if not venue.strip():
        return ""
    if _PREPRINT.search(venue):
        return "preprint"
    return "journal" if _JOURNAL.search(venue) else "conference"


def citation_keys(collection: Collection) -> dict[str, str]:
    """Paper id -> unique citation key (`smith2025attention`, or `paper-<id>` with no authors).

    On a clash the paper that appeared first keeps the plain key and later ones get -2, -3...,
    so adding papers never renames the key of a paper already published."""
    lock = collection.lock
    order = sorted(collection.papers, key=lambda p: (lock.first_seen(p.id) or "~", p.id))
    keys: dict[str, str] = {}
    taken: set[str] = set()
    for paper in order:
        base = _base_key(paper)
        key, number = base, 2
        while key in taken:
            key, number = f"{base}-{number}", number + 1
        keys[paper.id] = key
        taken.add(key)
    return keys


def _base_key(paper: Paper) -> str:
    family = _family(paper.bib.authors[0]) if paper.bib.authors else ""
    if not family:
        return f"paper-{paper.id}"
    words = slugify(title(paper), separator=" ").split()
    word = next((w for w in words if w not in _STOPWORDS), "")
    return f"{family}{paper.bib.year}{word[:20]}"


def _family(name: str) -> str:
    """ASCII family name of "Given Family" or "Family, Given" (other scripts transliterated)."""
    parts = [part.strip() for part in clean(name).split(",")]
    parts = [part for part in parts if part.lower().rstrip(".") not in _SUFFIXES]
    if len(parts) > 1:  # "Family, Given" (suffixes such as "Jr." already dropped)
        return slugify(parts[0], separator="", max_length=30)
    words = [w for w in " ".join(parts).split() if w.lower().rstrip(".") not in _SUFFIXES]
    return slugify(words[-1] if words else "", separator="", max_length=30)


def plain_summary(paper: Paper) -> str:
    """The contribution sentence as plain text."""
    return clean(markup.parse(paper.summary).text)


def pdf_url(paper: Paper) -> str:
    """A URL known to serve the paper's PDF (the source's URL first, then the abstract's links)."""
    for url in (paper.bib.url, *(link.url for link in paper.links)):
        parts = urlsplit(clean(url))
        if parts.scheme in ("http", "https") and (
            parts.path.lower().endswith(".pdf") or parts.path.startswith("/pdf")
        ):
            return clean(url)
    return ""


def joined(separator: str, pieces: Iterable[str]) -> Iterator[str]:
    """`separator.join(pieces)`, lazily, a piece at a time."""
    for number, piece in enumerate(pieces):
        yield separator + piece if number else piece
