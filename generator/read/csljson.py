"""CSL-JSON files (`.json`, as Zotero, Mendeley and Crossref export them) as `Record`s.

The file is an array of CSL items, or an object `{"name": "List name", "items": [...]}` that
names its list. Items are read with the standard library's `json`; each item's line is found
by walking the array with `JSONDecoder.raw_decode`, so messages point into the file.
Fields read: `title`, `author` (`[{family, given}]`, or `{literal}`), `issued` (`date-parts`,
`raw` or `literal`), `container-title` (or `event-title`, `publisher`), `DOI`, `URL`,
`abstract`, `keyword`. CSL's rich-text tags (`<i>`, `<sup>`, `<span class="nocase">`) are
removed from titles and Crossref's JATS tags (`<jats:p>`) from abstracts. A value of the wrong
JSON type (a number for a title, a list for an abstract, a name without parts) is never
coerced: it is ignored with a warning naming the item and the field. Two shapes tools write
are read as they mean: a list of texts for a title or venue (Crossref's), a number for an
item's id.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.errors import InputError
from generator.models import Bibliographic, Problem
from generator.read import names
from generator.read.fields import Record, split_keywords
from generator.read.text import normalize_text

VENUE_FIELDS = ("container-title", "event-title", "collection-title", "publisher")
_RICH_TEXT = re.compile(r"</?(?:i|b|sup|sub|span(?:\s+class=\"nocase\")?)>", re.IGNORECASE)
_JATS = re.compile(r"</?jats:[^>]*>")
_WHITESPACE = " \t\n\r"


def read_csljson(text: str, path: Path) -> tuple[str, list[Record], list[Problem]]:
    """The list name the file carries ("" for none), its items, and what was wrong."""
    data = _load(text, path)
    name, start = _items_start(data, text, path)
    problems: list[Problem] = []
    if isinstance(data, dict) and data.get("name") is not None and not name:
        problems.append(Problem(path, 1, f"the list's 'name' is {_json_type(data['name'])}, "
                                "not text; the list is named after the file"))  # fmt: skip
    items = data if isinstance(data, list) else data["items"]
    records = []
    for number, (line, item) in enumerate(zip(_element_lines(text, start), items, strict=True), 1):
        if isinstance(item, dict):
            said = _Said(path, line, _item_name(item, number), problems)
            records.append(_record(item, line, said))
        else:
            kind = _json_type(item)
            problems.append(Problem(path, line, f"an item is {kind}, not an object; skipped"))
    return name, records, problems


def _load(text: str, path: Path) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise InputError(f"not valid JSON: {error.msg}", path=path, line=error.lineno) from None
    except RecursionError:
        raise InputError("JSON nested too deeply to be a CSL-JSON list", path=path) from None


def _items_start(data: Any, text: str, path: Path) -> tuple[str, int]:
    """The name the file gives its list, and where its array of items opens in `text`."""
    if isinstance(data, list):
        return "", text.index("[")
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        name = data.get("name")
        return (normalize_text(name) if isinstance(name, str) else ""), _member_start(text)
    raise InputError(
        "not CSL-JSON: expected an array of items, or an object with a name and an array of items",
        path=path,
        line=1,
    )


def _member_start(text: str) -> int:
    """Where the value of the top-level object's (last) "items" member starts."""
    decoder = json.JSONDecoder()
    index, found = _skip(text, text.index("{") + 1), -1
    while text[index] != "}":
        key, index = decoder.raw_decode(text, index)
        index = _skip(text, _skip(text, index) + 1)  # past the colon
        if key == "items":
            found = index
        index = _skip(text, decoder.raw_decode(text, index)[1])
        index = _skip(text, index + 1) if text[index] == "," else index
    return found


def _element_lines(text: str, start: int) -> Iterator[int]:
    """The line each element of the array opening at `start` begins on."""
    decoder = json.JSONDecoder()
    index, line, counted = _skip(text, start + 1), 1, 0
    while text[index] != "]":
        line += text.count("\n", counted, index)
        counted = index
        yield line
        index = _skip(text, decoder.raw_decode(text, index)[1])
        index = _skip(text, index + 1) if text[index] == "," else index


def _skip(text: str, index: int) -> int:
    while text[index] in _WHITESPACE:
        index += 1
    return index


class _Said:
    """Warnings about one item, each at its line and naming it."""

    def __init__(self, path: Path, line: int, item: str, problems: list[Problem]) -> None:
        self.path, self.line, self.item, self.problems = path, line, item, problems

    def __call__(self, message: str) -> None:
        self.problems.append(Problem(self.path, self.line, f"{self.item}: {message}; ignored"))


def _item_name(item: dict, number: int) -> str:
    """`item 'id'`, or `item 3` (its place in the file) when it has no usable id."""
    key = _id(item)
    return f"item '{key}'" if key.strip() else f"item {number}"


def _id(item: dict) -> str:
    """The item's id as text ("" for none): CSL allows a number."""
    key = item.get("id")
    return str(key) if isinstance(key, str | int) and not isinstance(key, bool) else ""


def _record(item: dict, line: int, say: _Said) -> Record:
    def text(key: str, *, lists: bool = False) -> str:
        value = item.get(key)
        if value is None or isinstance(value, str):
            return value or ""
        if lists and isinstance(value, list) and all(isinstance(part, str) for part in value):
            return value[0] if value else ""  # Crossref gives titles as lists
        say(f"'{key}' is {_json_type(value)}, not text")
        return ""

    people = _people(item.get("author"), say)
    bib = Bibliographic(
        title=_RICH_TEXT.sub("", text("title", lists=True)),
        authors=tuple(person(name) for name in people),
        names=tuple(names.from_csl(name) for name in people),
        year=_year(item.get("issued")),
        venue=next(filter(None, (text(key, lists=True) for key in VENUE_FIELDS)), ""),
        doi=text("DOI"),
        url=text("URL"),
        keywords=_keywords(item.get("keyword", item.get("keywords"))),
    )
    return Record(line, _id(item) or bib.title, _JATS.sub(" ", text("abstract")), bib)


def _people(value: Any, say: _Said) -> list[dict]:
    """The author list's CSL names that name someone; each that is not a name is said."""
    if value is None:
        return []
    if not isinstance(value, list):
        say(f"'author' is {_json_type(value)}, not a list of names")
        return []
    people = []
    for number, name in enumerate(value, start=1):
        if not isinstance(name, dict):
            say(f"author {number} is {_json_type(name)}, not a name")
            continue
        for part, given in name.items():
            if part in _NAME_PARTS and not isinstance(given, str):
                say(f"author {number}'s '{part}' is {_json_type(given)}, not text")
        if person(name):
            people.append(name)
        else:
            say(f"author {number} has no name ('family', 'given' or 'literal')")
    return people


_NAME_PARTS = ("literal", "given", "dropping-particle", "non-dropping-particle", "family", "suffix")


def person(name: dict) -> str:
    """A CSL name as "Given Family": particles and suffix in place, or the literal name."""
    if isinstance(name.get("literal"), str):
        return normalize_text(name["literal"])
    parts = _NAME_PARTS[1:]
    return normalize_text(" ".join(name[part] for part in parts if isinstance(name.get(part), str)))


def _year(issued: Any) -> str:
    """`{"date-parts": [[2025, 3]]}`, `{"raw": "2025-03"}` or `{"literal": "2025"}`."""
    if not isinstance(issued, dict):
        return str(issued) if isinstance(issued, str | int) else ""
    parts = issued.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        return str(parts[0][0])
    for key in ("raw", "literal"):
        if isinstance(issued.get(key), str):
            return issued[key]
    return ""


def _keywords(value: Any) -> tuple[str, ...]:
    """CSL's `keyword` is one string ("a, b"); some tools write a list."""
    if isinstance(value, str):
        return split_keywords(value)
    if isinstance(value, list):
        return split_keywords(", ".join(part for part in value if isinstance(part, str)))
    return ()


def _json_type(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a number"}
    return names.get(type(value), "a number" if isinstance(value, float) else "null")
