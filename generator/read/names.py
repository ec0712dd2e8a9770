"""Authors' names in BibTeX's four parts (First von Last, Jr), as each source gives them.

The BibTeX export writes "von Last, Jr, First" from these parts, so a name reads back with the
surname it was read with: "King, Jr., Martin Luther" keeps King, and `{Google DeepMind}` stays
one name. BibTeX (by bibtexparser's splitter) and CSL-JSON give the parts; a name that arrives
as one "Given Family" string (a spreadsheet cell, a record made without parts) is split here
by BibTeX's rule for "First von Last" (particles are the lower-case words before the surname),
with trailing suffixes ("Jr.", "III") as the Jr part and an organisation kept whole. Pure.
"""

from __future__ import annotations

from collections.abc import Callable

from bibtexparser.middlewares.names import parse_single_name_into_parts

from generator.models import Bibliographic, Name
from generator.read.text import normalize_text

SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv", "v"})  # "King Jr.": not a surname
# Words that make a one-string name an organisation's: "Google DeepMind", "The Pile Team".
# A person's name with "and" in it is two people; BibTeX would read it so, unbraced.
_ORGANISATION_WORDS = frozenset(
    """and & team group lab labs laboratory laboratories consortium collaboration committee
    project institute university foundation inc inc. ltd ltd. llc corporation corp. company
    research deepmind openai google microsoft meta nvidia anthropic""".split()
)


def from_bibtex(raw: str, text: Callable[[str], str]) -> Name:
    """A name as BibTeX writes it ("von Last, Jr, First", "First von Last", `{Org Name}`),
    each part turned into plain text by `text` (the reader's LaTeX-to-text)."""
    parts = parse_single_name_into_parts(raw, strict=False)
    return Name(
        *(text(" ".join(words)) for words in (parts.first, parts.von, parts.last, parts.jr))
    )


def from_csl(name: dict) -> Name:
    """A CSL-JSON name: `given`, the particles, `family`, `suffix`; a `literal` is whole."""
    if isinstance(name.get("literal"), str):
        return Name(last=normalize_text(name["literal"]))

    def part(*keys: str) -> str:
        return normalize_text(" ".join(name[key] for key in keys if isinstance(name.get(key), str)))

    particles = part("dropping-particle", "non-dropping-particle")
    return Name(part("given"), particles, part("family"), part("suffix"))


def from_text(text: str) -> Name:
    """A "Given Family" string split as BibTeX splits "First von Last", suffixes apart."""
    words = normalize_text(text).split()
    if len(words) > 1 and any(word.lower() in _ORGANISATION_WORDS for word in words):
        return Name(last=" ".join(words))
    jr: list[str] = []
    while len(words) > 1 and words[-1].lower().rstrip(".,") in SUFFIXES:
        jr.insert(0, words.pop())
    if words and jr:
        words[-1] = words[-1].rstrip(",")  # "King, Jr."
    last = words[-1:]
    rest = words[:-1]
    lower = [index for index, word in enumerate(rest) if word[:1].islower()]
    split = lower[-1] + 1 if lower else len(rest)
    start = lower[0] if lower else len(rest)
    return Name(" ".join(rest[:start]), " ".join(rest[start:split]),
                " ".join(rest[split:] + last), " ".join(jr))  # fmt: skip


def names_of(bib: Bibliographic) -> tuple[Name, ...]:
    """One Name per author: the source's parts, or each author's string split."""
    if len(bib.names) == len(bib.authors):
        return bib.names
    return tuple(map(from_text, bib.authors))


def tidy_names(bib: Bibliographic) -> tuple[tuple[str, ...], tuple[Name, ...]]:
    """Authors normalised, empty ones dropped, with their names' parts kept beside them."""
    pairs = zip(map(normalize_text, bib.authors), names_of(bib), strict=True)
    kept = [(author, _normalized(name)) for author, name in pairs if author]
    return tuple(author for author, _ in kept), tuple(name for _, name in kept)


def _normalized(name: Name) -> Name:
    return Name(*map(normalize_text, (name.first, name.von, name.last, name.jr)))
