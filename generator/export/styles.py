"""A paper cited in the styles a reader pastes into a report: APA (7th edition), IEEE and
Chicago (17th edition, notes-bibliography: the bibliography entry), and a Markdown link.

A small formatter of our own, held to the styles' published examples (tests/test_cite_styles.py)
for the fields a paper has here: authors, year, title, venue, DOI and URL (no volume, issue or
pages). Authors are cited in the parts their source gave (`read.names`), as the BibTeX export
writes them: an organisation stays whole. A citation is made of segments, (text, italic): the
plain text is what a copy button copies, and the theme prints each segment escaped, the italic
ones in `<i>`, so nothing here is HTML. A title the reading list derived from the abstract is
not the paper's own: it is cited in square brackets, as the styles do for a title the citer
supplied. Titles are cited as the source wrote them (APA's sentence case is not imposed: it
would lower-case acronyms and names). Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.export.fields import clean, doi_url, page_url, venue_kind
from generator.models import Name, Paper
from generator.read.names import names_of

Segments = tuple[tuple[str, bool], ...]  # (text, italic)
_MARKDOWN_TEXT = re.compile(r"([\\`*_\[\]<>!])")
# Journals as the styles' guides abbreviate them ("IEEE Trans. Comp.", "J. Mach. Learn. Res.")
# and names of journals `venue_kind` does not know: IEEE cites a conference "in" its venue.
_MORE_JOURNALS = re.compile(r"\b(?:trans|j)\.|\b(?:bulletin|annals|quarterly)\b", re.I)


def _names(paper: Paper) -> list[Name]:
    """The authors' names in the parts the source gave (`read.names`): "Google DeepMind" is
    all surname, "García Márquez" one surname, "van" a particle and "Jr." a suffix."""
    return [Name(*(clean(part) for part in (name.first, name.von, name.last, name.jr)))
            for name in names_of(paper.bib)]  # fmt: skip


def _family(name: Name) -> str:
    """The surname with its particles: "van Beethoven"."""
    return " ".join(part for part in (name.von, name.last) if part)


def _initials(name: Name) -> str:
    """`A. N.` for "Aidan N.", `J.-P.` for "Jean-Paul"."""
    return " ".join(_initial(part) for part in name.first.split())


def _natural(name: Name) -> str:
    """The name as written: "Martin Luther King Jr."."""
    return " ".join(part for part in (name.first, name.von, name.last, name.jr) if part)


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
    return doi_url(paper.bib.doi) or clean(paper.bib.url)


def _kind(venue: str) -> str:
    """journal, conference, preprint or "" (`venue_kind`, and `_MORE_JOURNALS`)."""
    kind = venue_kind(venue)
    return "journal" if kind == "conference" and _MORE_JOURNALS.search(venue) else kind


def _ended(text: str, mark: str = ".") -> str:
    """`text` ending with `mark`, unless it ends with a sentence's own mark already."""
    return text if text.endswith((".", "?", "!")) else text + mark


# APA 7 (reference list) ------------------------------------------------------------------


def apa(paper: Paper) -> Segments:
    names = _names(paper)
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
    parts = [_family(name), _initials(name), name.jr]
    return ", ".join(part for part in parts if part)


# IEEE ------------------------------------------------------------------------------------


def ieee(paper: Paper) -> Segments:
    names = _names(paper)
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
        segments.append((f", doi: {doi}.", False))
    elif url:
        segments.append((f". [Online]. Available: {url}", False))
    else:
        segments.append((".", False))
    return tuple((text, italic) for text, italic in segments if text)


def _ieee_authors(names: list[Name]) -> str:
    """All names up to six ("and" before the last); past six, the first and "et al." """
    shown = [" ".join(p for p in (_initials(n), _family(n), n.jr) if p) for n in names]
    if len(shown) > 6:
        return f"{shown[0]} et al."
    if len(shown) <= 2:
        return " and ".join(shown)
    return ", ".join(shown[:-1]) + ", and " + shown[-1]


# Chicago 17, notes-bibliography (bibliography entry) -------------------------------------


def chicago(paper: Paper) -> Segments:
    names = _names(paper)
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
    first = ", ".join(p for p in (_family(names[0]), names[0].first, names[0].jr) if p)
    others = [_natural(name) for name in names[1:]]
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
