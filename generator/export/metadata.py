"""How a paper page says what the paper is to machines: schema.org `ScholarlyArticle` JSON-LD
and Highwire `citation_*` meta tags (read by Google Scholar, Zotero and other reference
managers).

Made when MkDocs renders the page (`render.theme`), never stored in its front matter. Pure:
returns a string and (name, content) pairs; the theme prints them, the JSON-LD as it is
(safe inside `<script>` by construction), the pairs escaped as attributes.
"""

from __future__ import annotations

import json
import re

from generator.export.fields import (
    clean,
    doi_url,
    keywords,
    page_url,
    pdf_url,
    plain_summary,
    title,
    venue_kind,
)
from generator.models import Paper

# Inside <script> only "</script" or "<!--" can end the JSON early; escaping <, > and & (and the
# two separators old JavaScript parsers choke on) as JSON \u escapes leaves the data unchanged.
_SCRIPT_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026",
                   "\u2028": "\\u2028", "\u2029": "\\u2029"}  # fmt: skip
_SCRIPT_UNSAFE = re.compile("[<>&\u2028\u2029]")
_VENUE_TAGS = {"journal": "citation_journal_title", "conference": "citation_conference_title"}


def json_ld(paper: Paper, *, site_url: str) -> str:
    """schema.org ScholarlyArticle as JSON that is safe verbatim inside <script>...</script>."""
    text = json.dumps(scholarly_article(paper, site_url=site_url), ensure_ascii=False)
    return _SCRIPT_UNSAFE.sub(lambda match: _SCRIPT_ESCAPES[match.group()], text)


def scholarly_article(paper: Paper, *, site_url: str) -> dict:
    # A relative @id would resolve against the page itself: no site URL, no @id.
    url = page_url(site_url, paper.slug) if site_url else ""
    bib, venue = paper.bib, clean(paper.bib.venue)
    same_as = [doi_url(bib.doi), clean(bib.url)]
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
        "author": [{"@type": "Person", "name": clean(a)} for a in bib.authors if clean(a)],
        "datePublished": bib.year,
        "isPartOf": {"@type": "CreativeWork", "name": venue} if venue else None,
        "identifier": {"@type": "PropertyValue", "propertyID": "DOI", "value": bib.doi}
        if bib.doi
        else None,
        "sameAs": [link for link in same_as if link],
        "keywords": keywords(paper),
        "about": [{"@type": "Thing", "name": name} for name in paper.topic_names],
    }
    return {name: value for name, value in article.items() if value}


def highwire(paper: Paper, *, site_url: str) -> list[tuple[str, str]]:
    """Highwire Press `citation_*` (name, content) pairs, one per author and keyword."""
    pairs = [
        ("citation_title", title(paper)),
        *(("citation_author", name) for name in paper.bib.authors),
        ("citation_publication_date", paper.bib.year),
        (_VENUE_TAGS.get(venue_kind(paper.bib.venue), ""), paper.bib.venue),
        ("citation_doi", paper.bib.doi),
        ("citation_abstract_html_url", page_url(site_url, paper.slug) if site_url else ""),
        ("citation_pdf_url", pdf_url(paper)),
        *(("citation_keywords", word) for word in keywords(paper)),
    ]
    return [(name, clean(value)) for name, value in pairs if name and clean(value)]
