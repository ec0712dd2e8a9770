"""Links that find the published paper, for its page: searches on Google Scholar, Semantic
Scholar and arXiv, the DOI or URL a source gave, and the arXiv page and open PDF that
`readinglist resolve` found.

Titles are derived, so a search goes by what identifies the paper best: the source's own
title when there is one, else the coined name (a derived title's head before its colon) and
the abstract's opening words. Owns what the paper page's "Find the paper" block holds; the
theme's paper template prints it, autoescaped, so the generated Markdown stays the paper's
own text. The links are followed only when the reader clicks them: the page loads nothing
from these hosts. A DOI or URL that is not an http(s) address is shown as text with a note,
never as a link. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote, quote_plus

from generator.export.fields import doi_url
from generator.models import Paper

OPENING_WORDS = 12
ARXIV_ABS = "https://arxiv.org/abs/"
SEARCHES = (
    ("Google Scholar", "https://scholar.google.com/scholar?q="),
    ("Semantic Scholar", "https://www.semanticscholar.org/search?q="),
    ("arXiv", "https://arxiv.org/search/?searchtype=all&query="),
)


@dataclass(frozen=True)
class Finder:
    """One way to the published paper: a link, or (url "") an address shown as text."""

    label: str
    url: str
    text: str = ""


def search_words(paper: Paper) -> str:
    """What the searches look for: the source's title, else coined name and opening words."""
    if paper.bib.title.strip():
        return " ".join(paper.bib.title.split())
    head, colon, _ = paper.title.partition(":")
    name = head.strip() if colon else ""
    opening = " ".join(paper.text.split()[:OPENING_WORDS]).rstrip(".,;:")
    return f'"{name}" {opening}' if name else opening


def finders(paper: Paper) -> list[Finder]:
    """The searches, then the DOI and URL when a source gave them."""
    words = quote_plus(search_words(paper))
    found = [Finder(label, base + words) for label, base in SEARCHES]
    if doi := paper.bib.doi.strip():
        found.append(_address("DOI", _doi_address(doi), doi))
    if url := paper.bib.url.strip():
        found.append(_address("URL", url, url))
    return found + _published(paper)


def _published(paper: Paper) -> list[Finder]:
    """The arXiv page and the open PDF `readinglist resolve` found (URLs checked as read)."""
    published, found = paper.published, []
    if published is not None and published.arxiv:
        found.append(Finder(f"arXiv {published.arxiv}", ARXIV_ABS + quote(published.arxiv)))
    if published is not None and _is_web(published.pdf):
        found.append(Finder("PDF (open access)", published.pdf))
    return found


def _doi_address(doi: str) -> str:
    """The resolver's address of a bare DOI; anything else as given (shown as text unless it
    is an http(s) address)."""
    return doi_url(doi) if doi.startswith("10.") else doi


def _address(label: str, url: str, given: str) -> Finder:
    return Finder(label, url) if _is_web(url) else Finder(label, "", given)


def _is_web(url: str) -> bool:
    return url.lower().startswith(("https://", "http://"))
