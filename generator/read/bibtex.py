"""BibTeX files (`.bib`, as Zotero, JabRef, Google Scholar or DBLP export them) as `Record`s.

bibtexparser 2 splits the file into blocks: it knows the line each entry starts on and keeps
going past a malformed entry (the entry becomes a warning). This module resolves the values
itself (braces, quotes, `#` concatenation, `@string` macros and the predefined month macros),
splits author lists by BibTeX's rules ("Last, First and First Last and others"; `others` is
dropped) and gives titles, names, venues and keywords as plain text by the one LaTeX-to-text
path there is (`field_text`: `markup`, after `markup.without_bibtex` took out BibTeX's own
accent commands and case-protecting braces). The abstract keeps its LaTeX for `markup`, less
BibTeX's own syntax; DOIs and URLs are taken verbatim, since `%`, `_` and `~` are part of an
address. An entry's `crossref` fills the fields it lacks from the entry it names, as BibTeX
does (a volume's title becomes its booktitle, as biblatex maps it); a volume that is only
cross-referenced is not itself a paper. Nothing is executed or read: `\\input{file}` is a
file name, dropped.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from pathlib import Path

import bibtexparser
from bibtexparser.library import Library
from bibtexparser.middlewares.names import (
    InvalidNameError,
    parse_single_name_into_parts,
    split_multiple_persons_names,
)
from bibtexparser.model import (
    DuplicateBlockKeyBlock,
    DuplicateFieldKeyBlock,
    Entry,
    ExplicitComment,
    ParsingFailedBlock,
)

from generator import markup
from generator.errors import InputError
from generator.models import Bibliographic, Name, Problem
from generator.read import crossref, names
from generator.read.fields import Record, split_keywords
from generator.read.text import normalize_text

# bibtexparser logs each malformed block with 0-based line numbers; the same facts reach the
# user as Problems with the editor's 1-based lines, so only its internal errors are kept.
logging.getLogger("bibtexparser").setLevel(logging.ERROR)

MONTHS = (
    "January February March April May June July August September October November December"
).split()
PREDEFINED = {name[:3].lower(): name for name in MONTHS}  # BibTeX's own @string macros
VENUE_FIELDS = (
    "journal",
    "journaltitle",
    "booktitle",
    "eventtitle",
    "howpublished",
    "archiveprefix",
    "eprinttype",
    "publisher",
)
_NAME_COMMENT = re.compile(r"^\s*readinglist\s*:\s*name\s*=(.*)$", re.IGNORECASE | re.DOTALL)
_ARXIV_ID = re.compile(r"(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?")


def read_bibtex(text: str, path: Path) -> tuple[str, list[Record], list[Problem]]:
    """The list name the file carries ("" for none), its entries, and what was wrong."""
    library = _parse(text, path)
    problems = [_failure(block, path) for block in library.failed_blocks]
    entries = sorted(_entries(library), key=lambda entry: entry.start_line or 0)
    if not entries and library.failed_blocks:
        first = problems[0]
        raise InputError(
            f"no BibTeX entry could be read: {first.message}", path=path, line=first.line
        )
    strings = _strings(library)
    fields = {id(entry): _fields(entry) for entry in entries}
    value = functools.partial(field_value, strings=strings, undefined=set())
    parents = crossref.inherit(entries, fields, value, path, problems)
    records = [
        _record(entry, fields[id(entry)], strings, path, problems)
        for entry in entries
        if not (id(entry) in parents and not fields[id(entry)].get("abstract", "").strip())
    ]  # a volume the others cross-reference is no paper of the list unless it has an abstract
    return _carried_name(library), records, problems


def _parse(text: str, path: Path) -> Library:
    try:
        return bibtexparser.parse_string(text, parse_stack=[])
    except Exception as error:  # the parser's own invariants broke on this input
        raise InputError(f"the BibTeX parser failed: {error}", path=path) from None


def _entries(library: Library) -> list[Entry]:
    """Well-formed entries, including those whose key or a field was given twice."""
    repeated = (DuplicateBlockKeyBlock, DuplicateFieldKeyBlock)
    kept = [
        block.ignore_error_block for block in library.failed_blocks if isinstance(block, repeated)
    ]
    return [*library.entries, *(entry for entry in kept if isinstance(entry, Entry))]


def _failure(block: ParsingFailedBlock, path: Path) -> Problem:
    line = (block.start_line or 0) + 1
    if isinstance(block, DuplicateBlockKeyBlock):
        first = (block.previous_block.start_line or 0) + 1
        return Problem(
            path,
            line,
            f"citation key '{block.key}' is used again (first on "
            f"line {first}); this entry is read too",
        )
    if isinstance(block, DuplicateFieldKeyBlock):
        fields = ", ".join(sorted(block.duplicate_keys))
        return Problem(path, line, f"field(s) {fields} given twice; the first is used")
    reason = getattr(block.error, "abort_reason", "") or str(block.error)
    return Problem(path, line, f"malformed BibTeX entry skipped: {normalize_text(reason)}")


def _strings(library: Library) -> dict[str, str]:
    """@string macros by lower-case name; later ones may use earlier ones, as in BibTeX."""
    strings = dict(PREDEFINED)
    for block in library.strings:
        strings[block.key.lower()] = field_value(block.value, strings, set())
    return strings


def field_value(raw: str, strings: dict[str, str], undefined: set[str]) -> str:
    """A raw BibTeX value as text: `{...}`, `"..."`, numbers, macros, joined by `#`.

    Macros not in `strings` stand for their own name and are added to `undefined`."""
    pieces = []
    for piece in _concatenated(raw):
        if piece[:1] + piece[-1:] in ("{}", '""') and len(piece) >= 2:
            pieces.append(piece[1:-1])
        elif piece.isdigit() or not piece:
            pieces.append(piece)
        elif piece.lower() in strings:
            pieces.append(strings[piece.lower()])
        else:
            undefined.add(piece)
            pieces.append(piece)
    return "".join(pieces)


def _concatenated(raw: str) -> list[str]:
    """Split at `#` outside braces and quotes."""
    pieces, depth, quoted, start = [], 0, False, 0
    for index, char in enumerate(raw):
        if char in "{}":
            depth += 1 if char == "{" else -1
        elif char == '"' and depth == 0:
            quoted = not quoted
        elif char == "#" and depth == 0 and not quoted:
            pieces.append(raw[start:index].strip())
            start = index + 1
    return [*pieces, raw[start:].strip()]


def _fields(entry: Entry) -> dict[str, str]:
    """Raw values by lower-case field name; BibTeX keeps the first of a repeated field."""
    fields: dict[str, str] = {}
    for field in entry.fields:
        fields.setdefault(field.key.lower(), field.value)
    return fields


def _record(
    entry: Entry, fields: dict[str, str], strings: dict[str, str], path: Path,
    problems: list[Problem],
) -> Record:  # fmt: skip
    undefined: set[str] = set()

    def get(key: str) -> str:
        return field_value(fields.get(key, ""), strings, undefined)

    line = (entry.start_line or 0) + 1
    record = Record(line, entry.key, markup.without_bibtex(get("abstract")), _bibliographic(get))
    problems.extend(
        Problem(path, line, f"@string macro '{name}' is not defined; its name is used as text")
        for name in sorted(undefined)
    )
    return record


def _bibliographic(get: Callable[[str], str]) -> Bibliographic:
    authors, parts = _people_and_parts(get("author"))
    return Bibliographic(
        title=field_text(get("title")),
        authors=authors,
        names=parts,
        year=get("year") or get("date"),
        venue=_venue(get),
        doi=get("doi"),
        url=get("url") or _arxiv_url(get) or _address_in(field_text(get("howpublished"))),
        keywords=split_keywords(field_text(get("keywords"))),
    )


def _venue(get: Callable[[str], str]) -> str:
    """The first venue-like field that is not an address (howpublished often is one)."""
    for key in VENUE_FIELDS:
        venue = field_text(get(key))
        if venue and "://" not in venue:
            return venue
    return ""


def _arxiv_url(get: Callable[[str], str]) -> str:
    """arXiv's own export: `eprint = {1810.04805}, archiveprefix = {arXiv}`."""
    prefix = (get("archiveprefix") or get("eprinttype")).strip().lower()
    eprint = get("eprint").strip()
    if prefix == "arxiv" and _ARXIV_ID.fullmatch(eprint):
        return f"https://arxiv.org/abs/{eprint}"
    return ""


def _address_in(text: str) -> str:
    return next((word for word in text.split() if "://" in word), "")


def people(raw: str) -> tuple[str, ...]:
    """`Last, First and First von Last and others` as ("First Last", "First von Last")."""
    return _people_and_parts(raw)[0]


def _people_and_parts(raw: str) -> tuple[tuple[str, ...], tuple[Name, ...]]:
    """The authors as "First Last" strings, and each one's parts as BibTeX split them."""
    found = []
    for name in split_multiple_persons_names(raw):
        if name.strip().lower() == "others":  # BibTeX's "et al."
            continue
        shown = field_text(_first_name_first(name))
        if shown:
            found.append((shown, names.from_bibtex(name, field_text)))
    return tuple(shown for shown, _ in found), tuple(parts for _, parts in found)


def _first_name_first(name: str) -> str:
    try:
        return parse_single_name_into_parts(name, strict=False).merge_first_name_first
    except InvalidNameError:  # only raised in strict mode; kept in case that changes
        return name


def field_text(latex: str) -> str:
    """`{D}eep f{\\"u}r \\c{c}a {{BERT}} -- \\emph{now}` -> `Deep für ça BERT – now`."""
    return markup.parse(markup.without_bibtex(latex)).text


def _carried_name(library: Library) -> str:
    """`@comment{readinglist: name = {Language Models}}` names the list."""
    for block in library.comments:
        found = _NAME_COMMENT.match(block.comment) if isinstance(block, ExplicitComment) else None
        if found:
            return field_text(field_value(found.group(1).strip(), {}, set()))
    return ""
