"""What a paper is as citation metadata, and how its page says so to machines.

Owns the values every export shares (`clean` text, the citation key, year, DOI, venue kind,
page URL) and the paper page's schema.org `ScholarlyArticle` JSON-LD and Highwire
`citation_*` meta tags (read by Google Scholar, Zotero and other reference managers). Pure:
returns strings and lists; the page template prints them. Authors, year and venue come only
from a bibliographic source: nothing here invents metadata.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from urllib.parse import urlsplit

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
# Inside <script> only "</script" or "<!--" can end the JSON early; escaping <, > and & (and the
# two separators old JavaScript parsers choke on) as JSON \u escapes leaves the data unchanged.
_SCRIPT_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                   "\u2028": "\\u2028", "\u2029": "\\u2029"}  # fmt: skip


@lru_cache(maxsize=1 << 16)
def clean(value: str) -> str:
    """One line of printable text: controls dropped, any run of whitespace one space.
    Cached: each paper's title, abstract and tags are cleaned for every export format."""
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


def title(paper: Paper) -> str:
    return clean(paper.title or paper.bib.title)


def year(paper: Paper) -> str:
    """The four-digit year the source gave, or "" (a full date keeps only its year)."""
    found = re.search(r"\b\d{4}\b", paper.bib.year)
    return found.group() if found else ""


def doi(paper: Paper) -> str:
    """The bare DOI (10.x/y), whatever prefix the source wrote it with."""
    value = clean(paper.bib.doi)
    return re.sub(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", "", value, flags=re.I)


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
    return f"{family}{year(paper)}{word[:20]}"


def _family(name: str) -> str:
    """ASCII family name of "Given Family" or "Family, Given" (other scripts transliterated)."""
    parts = [part.strip() for part in clean(name).split(",")]
    parts = [part for part in parts if part.lower().rstrip(".") not in _SUFFIXES]
    if len(parts) > 1:  # "Family, Given" (suffixes such as "Jr." already dropped)
        return slugify(parts[0], separator="", max_length=30)
    words = [w for w in " ".join(parts).split() if w.lower().rstrip(".") not in _SUFFIXES]
    return slugify(words[-1] if words else "", separator="", max_length=30)


@lru_cache(maxsize=8192)
def _plain(fragment: str) -> str:
    return clean(markup.parse(fragment).text)


def plain_summary(paper: Paper) -> str:
    """The contribution sentence as plain text (parsed once per build, however many exports)."""
    return _plain(paper.summary)


def pdf_url(paper: Paper) -> str:
    """A URL known to serve the paper's PDF (the source's URL first, then the abstract's links)."""
    for url in (paper.bib.url, *(link.url for link in paper.links)):
        parts = urlsplit(clean(url))
        if parts.scheme in ("http", "https") and (
            parts.path.lower().endswith(".pdf") or parts.path.startswith("/pdf")
        ):
            return clean(url)
    return ""


# JSON-LD and Highwire ----------------------------------------------------------------------


def json_ld(paper: Paper, *, site_url: str) -> str:
    """schema.org ScholarlyArticle as JSON that is safe verbatim inside <script>...</script>."""
    text = json.dumps(scholarly_article(paper, site_url=site_url), ensure_ascii=False)
    return re.sub("[<>&\u2028\u2029]", lambda match: _SCRIPT_ESCAPES[match.group()], text)


def scholarly_article(paper: Paper, *, site_url: str) -> dict:
    # A relative @id would resolve against the page itself: no site URL, no @id.
    url = page_url(site_url, paper.slug) if site_url else ""
    known_doi = doi(paper)
    same_as = [f"https://doi.org/{known_doi}" if known_doi else "", clean(paper.bib.url)]
    article = {
        "@context": "https://schema.org",
        "@type": "ScholarlyArticle",
        "@id": url,
        "url": url,
        "mainEntityOfPage": url,
        "name": title(paper),
        "headline": title(paper),
        "abstract": paper.text,
        "description": plain_summary(paper),
        "author": [{"@type": "Person", "name": clean(a)} for a in paper.bib.authors if clean(a)],
        "datePublished": year(paper),
        "isPartOf": {"@type": "CreativeWork", "name": clean(paper.bib.venue)}
        if clean(paper.bib.venue)
        else None,
        "identifier": {"@type": "PropertyValue", "propertyID": "DOI", "value": known_doi}
        if known_doi
        else None,
        "sameAs": [link for link in same_as if link],
        "keywords": keywords(paper),
        "about": [{"@type": "Thing", "name": name} for name in paper.topic_names],
    }
    return {name: value for name, value in article.items() if value}


def highwire(paper: Paper, *, site_url: str) -> list[tuple[str, str]]:
    """Highwire Press `citation_*` (name, content) pairs, one per author and keyword."""
    venue = {"journal": "citation_journal_title", "conference": "citation_conference_title"}
    pairs = [
        ("citation_title", title(paper)),
        *(("citation_author", name) for name in paper.bib.authors),
        ("citation_publication_date", year(paper)),
        (venue.get(venue_kind(paper.bib.venue), ""), paper.bib.venue),
        ("citation_doi", doi(paper)),
        ("citation_abstract_html_url", page_url(site_url, paper.slug) if site_url else ""),
        ("citation_pdf_url", pdf_url(paper)),
        *(("citation_keywords", word) for word in keywords(paper)),
    ]
    return [(name, clean(value)) for name, value in pairs if name and clean(value)]
