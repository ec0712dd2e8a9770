"""A paper cited in the styles a reader pastes into a report: APA (7th edition), IEEE and
Chicago (17th edition, notes-bibliography: the bibliography entry), and a Markdown link.

A small formatter of our own, held to the styles' published examples (tests/test_cite_styles.py)
for the fields a paper has here: authors, year, title, venue, DOI and URL (no volume, issue or
pages). A citation is made of segments, (text, italic): the plain text is what a copy button
copies, and the theme prints each segment escaped, the italic ones in `<i>`, so nothing here is
HTML. A title the reading list derived from the abstract is not the paper's own: it is cited
in square brackets, as the styles do for a title the citer supplied. Titles are cited as the
source wrote them (APA's sentence case is not imposed: it would lower-case acronyms and names).
Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.export.fields import clean, page_url, venue_kind
from generator.models import Paper

Segments = tuple[tuple[str, bool], ...]  # (text, italic)
_PARTICLES = frozenset("van von der den de del della di da du le la dos das ter ten".split())
_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})
_MARKDOWN_TEXT = re.compile(r"([\\`*_\[\]<>!])")
# Journals as the styles' guides abbreviate them ("IEEE Trans. Comp.", "J. Mach. Learn. Res.")
# and names of journals `venue_kind` does not know: IEEE cites a conference "in" its venue.
_MORE_JOURNALS = re.compile(r"\b(?:trans|j)\.|\b(?:bulletin|annals|quarterly)\b", re.I)


@dataclass(frozen=True)
class Name:
    """An author's name in parts: given names, family name (with particles), suffix."""

    given: tuple[str, ...]
    family: str
    suffix: str = ""

    @property
    def initials(self) -> str:
        """`A. N.` for "Aidan N.", `J.-P.` for "Jean-Paul"."""
        return " ".join(_initial(part) for part in self.given)

    @property
    def natural(self) -> str:
        return " ".join([*self.given, self.family]) + (f" {self.suffix}" if self.suffix else "")


def split_name(name: str) -> Name:
    """ "Given Family", "Family, Given" or "Family, Jr., Given" in parts; a single word is a
    family name (an organisation, a mononym)."""
    parts = [part.strip() for part in clean(name).split(",") if part.strip()]
    suffix = next((p for p in parts[1:] if p.lower().rstrip(".") in _SUFFIXES), "")
    parts = [p for p in parts if p != suffix]
    if len(parts) > 1:
        return Name(tuple(parts[1].split()), parts[0], suffix)
    words = parts[0].split() if parts else []
    if words and words[-1].lower().rstrip(".") in _SUFFIXES:
        suffix = words.pop()
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in _PARTICLES:
        start -= 1
    return Name(tuple(words[:start]), " ".join(words[start:]), suffix)


def _initial(given: str) -> str:
    return "-".join(f"{piece[0]}." for piece in given.split("-") if piece)


@dataclass(frozen=True)
class Styled:
    """A paper cited in one style."""

    style: str  # "APA", "IEEE", "Chicago" or "Markdown"
    segments: Segments

    @property
    def text(self) -> str:
        return "".join(text for text, _ in self.segments)


def styled(paper: Paper, *, site_url: str = "") -> tuple[Styled, ...]:
    """The paper in every style the Cite box offers, in the order it shows them."""
    return (
        Styled("APA", apa(paper)),
        Styled("IEEE", ieee(paper)),
        Styled("Chicago", chicago(paper)),
        Styled("Markdown", ((markdown_link(paper, site_url=site_url), False),)),
    )


def _title(paper: Paper) -> str:
    """The title to cite: in square brackets when the reading list derived it."""
    title = clean(paper.title or paper.bib.title)
    return f"[{title}]" if paper.title_source == "derived" else title


def _link(paper: Paper) -> str:
    doi = clean(paper.bib.doi)
    if doi:
        return doi if doi.startswith("http") else f"https://doi.org/{doi}"
    return clean(paper.bib.url)


def _kind(venue: str) -> str:
    """journal, conference, preprint or "" (`venue_kind`, and `_MORE_JOURNALS`)."""
    kind = venue_kind(venue)
    return "journal" if kind == "conference" and _MORE_JOURNALS.search(venue) else kind


def _ended(text: str, mark: str = ".") -> str:
    """`text` ending with `mark`, unless it ends with a sentence's own mark already."""
    return text if text.endswith((".", "?", "!")) else text + mark


# APA 7 (reference list) ------------------------------------------------------------------


def apa(paper: Paper) -> Segments:
    names = [split_name(author) for author in paper.bib.authors]
    year = f"({clean(paper.bib.year) or 'n.d.'})."
    title, venue, link = _title(paper), clean(paper.bib.venue), _link(paper)
    head = [(f"{_apa_authors(names)} {year} {_ended(title)}", False)] if names else \
        [(f"{_ended(title)} {year}", False)]  # fmt: skip
    tail = [(" ", False), (venue, True), (".", False)] if venue else []
    return (*head, *tail, *([(f" {link}", False)] if link else []))


def _apa_authors(names: list[Name]) -> str:
    """Up to 20 authors, "&" before the last; from 21, the first 19, ". . .", the last."""
    shown = [_apa_name(name) for name in names]
    if len(shown) == 1:
        return shown[0]
    if len(shown) > 20:
        return ", ".join(shown[:19]) + ", . . . " + shown[-1]
    return ", ".join(shown[:-1]) + ", & " + shown[-1]


def _apa_name(name: Name) -> str:
    parts = [name.family, name.initials, name.suffix]
    return ", ".join(part for part in parts if part)


# IEEE ------------------------------------------------------------------------------------


def ieee(paper: Paper) -> Segments:
    names = [split_name(author) for author in paper.bib.authors]
    venue, year, doi = clean(paper.bib.venue), clean(paper.bib.year), clean(paper.bib.doi)
    url = "" if doi else clean(paper.bib.url)
    head = f"{_ieee_authors(names)}, " if names else ""
    if not (venue or year or doi or url):
        return ((f"{head}\u201c{_ended(_title(paper))}\u201d", False),)
    segments: list[tuple[str, bool]] = [(f"{head}\u201c{_title(paper)},\u201d ", False)]
    if venue:
        segments += [("in " if _kind(venue) == "conference" else "", False), (venue, True),
                     (", " if year else "", False)]  # fmt: skip
    segments.append((year, False))
    if doi:
        segments.append((f", doi: {doi.removeprefix('https://doi.org/')}.", False))
    elif url:
        segments.append((f". [Online]. Available: {url}", False))
    else:
        segments.append((".", False))
    return tuple((text, italic) for text, italic in segments if text)


def _ieee_authors(names: list[Name]) -> str:
    """All names up to six ("and" before the last); past six, the first and "et al." """
    shown = [" ".join(p for p in (name.initials, name.family, name.suffix) if p) for name in names]
    if len(shown) > 6:
        return f"{shown[0]} et al."
    if len(shown) <= 2:
        return " and ".join(shown)
    return ", ".join(shown[:-1]) + ", and " + shown[-1]


# Chicago 17, notes-bibliography (bibliography entry) -------------------------------------


def chicago(paper: Paper) -> Segments:
    names = [split_name(author) for author in paper.bib.authors]
    venue, year, link = clean(paper.bib.venue), clean(paper.bib.year), _link(paper)
    head = f"{_ended(_chicago_authors(names))} " if names else ""
    segments: list[tuple[str, bool]] = [(f"{head}\u201c{_ended(_title(paper))}\u201d", False)]
    kind = _kind(venue)
    if kind == "journal":
        segments += [(" ", False), (venue, True), (f" ({year})." if year else ".", False)]
    elif venue:
        lead = " In " if kind == "conference" else " "
        segments += [(lead, False), (venue, True), (f", {year}." if year else ".", False)]
    elif year:
        segments.append((f" {year}.", False))
    if link:
        segments.append((f" {_ended(link)}", False))
    return tuple(segments)


def _chicago_authors(names: list[Name]) -> str:
    """The first name inverted, the others as written; past ten, the first seven and "et al." """
    first = ", ".join(p for p in (names[0].family, " ".join(names[0].given), names[0].suffix) if p)
    others = [name.natural for name in names[1:]]
    if len(names) > 10:
        return ", ".join([first, *others[:6]]) + ", et al"
    if not others:
        return first
    return ", ".join([first, *others[:-1]]) + ", and " + others[-1]


# Markdown ----------------------------------------------------------------------------------


def markdown_link(paper: Paper, *, site_url: str = "") -> str:
    """`[Title](address)`: the paper's DOI, else its source's address, else its page here."""
    address = _link(paper) or page_url(site_url, paper.slug)
    text = _MARKDOWN_TEXT.sub(r"\\\1", clean(paper.title or paper.bib.title))
    safe = address.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    return f"[{text}]({safe})"
