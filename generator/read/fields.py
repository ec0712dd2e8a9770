"""Bibliographic fields, cleaned here and only here, whatever the source format.

Owns the `Record` the format readers (`bibtex`, `csljson`, `csvfile`) hand to `files`, the
cleaning of each `Bibliographic` field, people's names, and `merge_keys`, the identifiers
that say two records are the same paper. Every value is untrusted text: nothing here
evaluates it, and a DOI or URL that is not one is dropped with a message rather than passed
on to become a link. Pure functions, no I/O.

What `tidy` guarantees, so later stages (exports, pages) use the fields as they are:
- `title`, `venue`: one line of plain text (`text.normalize_text`: NFC, no control, invisible
  or surrogate characters, single spaces, none at the ends; BibTeX's LaTeX already turned
  into text by `bibtex`), or "".
- `authors`: "Given Family" names in the source's order, each non-empty and normalised;
  `names` their parts, one per author (the source's, else split by `names.from_text`).
- `year`: four digits, or "".
- `doi`: a bare DOI, `10.` + 4-9 digits + `/` + a suffix without spaces, no resolver prefix
  (`https://doi.org/`, `doi:`), or "".
- `url`: an absolute http(s) address with a host and no spaces, or "".
- `keywords`: non-empty normalised values, each once whatever its case (first spelling kept),
  in the source's order.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import replace
from typing import NamedTuple
from urllib.parse import urlsplit

from bibtexparser.middlewares.names import split_multiple_persons_names

from generator.models import Bibliographic
from generator.read import names
from generator.read.text import normalize_text


class Record(NamedTuple):
    """One entry of a bibliographic file, as its format reader understood it."""

    line: int  # where the entry starts in the file
    label: str  # how a message names the entry: a citation key, an item id, a title
    abstract: str  # raw: LaTeX and Markdown kept, whitespace not yet normalised
    bib: Bibliographic


_DOI = re.compile(r"^10\.\d{4,9}/\S+$")
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:\s*)", re.IGNORECASE)
_YEAR = re.compile(r"(?<!\d)\d{4}(?!\d)")
_KEYWORD_SEPARATORS = re.compile(r"[,;\n]")
_ARXIV = re.compile(r"(?:arxiv\.org/(?:abs|pdf)/|10\.48550/arxiv\.)(\d{4}\.\d{4,5})", re.I)
_TITLE_WORDS = re.compile(r"[^\W_]+")
MERGE_TITLE_WORDS = 4  # shorter titles ("Introduction", "Attention") name many papers


def tidy(bib: Bibliographic) -> tuple[Bibliographic, list[str]]:
    """Normalised fields, and a message for each value that was dropped as invalid."""
    notes = []
    doi = clean_doi(bib.doi)
    if bib.doi.strip() and not doi:
        notes.append(f"'{_short(bib.doi)}' is not a DOI (10.NNNN/...); ignored")
    url = clean_url(bib.url)
    if bib.url.strip() and not url:
        notes.append(f"'{_short(bib.url)}' is not an http(s) address; ignored")
    authors, parts = names.tidy_names(bib)
    tidied = replace(
        bib,
        title=normalize_text(bib.title),
        authors=authors,
        names=parts,
        year=year_of(bib.year),
        venue=normalize_text(bib.venue),
        doi=doi,
        url=url,
        keywords=_unique(filter(None, map(normalize_text, bib.keywords))),
    )
    return tidied, notes


def _short(text: str) -> str:
    text = normalize_text(text)
    return text if len(text) <= 60 else text[:57] + "..."


def clean_doi(raw: str) -> str:
    """`10.NNNN/suffix`, without a resolver prefix (`https://doi.org/`, `doi:`); else ""."""
    doi = _DOI_PREFIX.sub("", normalize_text(raw))
    return doi if _DOI.match(doi) else ""


def clean_url(raw: str) -> str:
    """An absolute http(s) address with a host; anything else (javascript:, paths) is ""."""
    url = normalize_text(raw)
    if " " in url or not url.lower().startswith(("http://", "https://")):
        return ""
    try:
        return url if urlsplit(url).hostname else ""
    except ValueError:  # malformed IPv6 host and the like
        return ""


def year_of(raw: str) -> str:
    """The first four-digit number: `2021`, `2021-03-01`, `{2021}`, `March 2021`; else ""."""
    found = _YEAR.search(raw)
    return found.group(0) if found else ""


def split_keywords(raw: str) -> tuple[str, ...]:
    """`a, b; c` or one per line (as Zotero and Mendeley export tags)."""
    return _unique(filter(None, map(normalize_text, _KEYWORD_SEPARATORS.split(raw))))


def _unique(values: Iterable[str]) -> tuple[str, ...]:
    """First spelling of each value, case-insensitively, in order."""
    seen: dict[str, str] = {}
    for value in values:
        seen.setdefault(value.casefold(), value)
    return tuple(seen.values())


def split_people(raw: str) -> tuple[str, ...]:
    """A spreadsheet's author cell as "Given Family" names.

    `Last, First; Last, First` (Zotero's CSV), `A and B` (BibTeX style), `First Last, First
    Last`, `Last, F., Last, F.` (initials) and a single `Last, First` are all read."""
    raw = normalize_text(raw)
    if ";" in raw:
        names = raw.split(";")
    elif re.search(r"\sand\s", raw):
        names = split_multiple_persons_names(raw)
    else:
        names = _comma_names(raw.split(","))
    return tuple(filter(None, (person_name(name) for name in names)))


def _comma_names(pieces: list[str]) -> list[str]:
    pieces = [piece.strip() for piece in pieces if piece.strip()]
    if len(pieces) >= 2 and all(" " in piece for piece in pieces):
        return pieces  # First Last, First Last
    if len(pieces) % 2 == 0 and all(" " not in piece for piece in pieces):
        return [f"{last}, {first}" for last, first in zip(pieces[::2], pieces[1::2], strict=True)]
    return [", ".join(pieces)]  # one Last, First (or Last, Jr., First)


def person_name(raw: str) -> str:
    """`Last, First` -> `First Last`; `Last, Jr., First` -> `First Last Jr.`; else as given."""
    parts = [part.strip() for part in normalize_text(raw).split(",")]
    if len(parts) == 2 and all(parts):
        return f"{parts[1]} {parts[0]}"
    if len(parts) == 3 and all(parts):
        return f"{parts[2]} {parts[0]} {parts[1]}"
    return normalize_text(raw)


def merge_keys(bib: Bibliographic) -> tuple[str, ...]:
    """Identifiers that make two records one paper, for merging across sources.

    `doi:` (case-insensitive, as DOIs are), `arxiv:` (the arXiv id from an arXiv DOI or URL,
    version dropped, so a preprint and its arXiv DOI meet) and `title:` (letters and digits
    only, accents and case folded) when the title has at least MERGE_TITLE_WORDS words."""
    keys = []
    if bib.doi:
        keys.append(f"doi:{bib.doi.casefold()}")
    arxiv = _ARXIV.search(f"{bib.doi} {bib.url}")
    if arxiv:
        keys.append(f"arxiv:{arxiv.group(1)}")
    words = _TITLE_WORDS.findall(_fold(bib.title))
    if len(words) >= MERGE_TITLE_WORDS:
        keys.append("title:" + " ".join(words))
    return tuple(keys)


def _fold(text: str) -> str:
    """Case and accents folded: `Über` and `uber` are the same word in a title."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))
