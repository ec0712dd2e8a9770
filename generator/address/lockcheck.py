"""The lock file's values checked as they are read, as every curator file is: kinds, formats,
duplicates, each mistake at its line with the ids it concerns.

The lock is written by the generator but committed, merged and sometimes edited by hand, so
nothing in it is trusted: a wrong kind of value must end in a message, never in a traceback
or in an export that breaks its own schema. Must not decide addresses (that is `assign`'s).
"""

from __future__ import annotations

import datetime as dt
import json
import re

from generator.address.slugs import RESERVED, is_safe_slug, slug_problem

_HEX = re.compile(r"(?:[0-9a-f]{8})*")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
Found = list[tuple[str, str]]  # (the key whose line it is, the message)


class DuplicateKey(ValueError):
    pass


def without_duplicate_keys(pairs: list[tuple[str, object]]) -> dict:
    """json's object hook: a key given twice is an error (JSON keeps the last silently)."""
    seen: dict = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKey(key)
        seen[key] = value
    return seen


def check_lock(data: object) -> Found:
    """Every mistake in the lock's tables; empty when `parse_lock` may trust it."""
    if not isinstance(data, dict):
        return [("", f"expected a JSON object, but received: {_kind(data)}")]
    found: Found = []
    for table in ("papers", "lists", "moved", "aliases", "sections", "forwards"):
        if not isinstance(data.get(table, {}), dict):
            found.append((table, f"'{table}': expected an object, but received: "
                                 f"{_kind(data[table])}"))  # fmt: skip
    if found:
        return found
    papers = data.get("papers", {})
    for pid, entry in papers.items():
        found += [(pid, f"paper {pid}: {message}") for message in _paper(entry)]
    found += _shared_slugs(papers)
    for table in ("lists", "moved", "aliases", "forwards"):
        found += _texts(data.get(table, {}), table)
    return found


def _paper(entry: object) -> list[str]:
    if not isinstance(entry, dict):
        return [f"expected an object with 'slug', 'first_seen', 'sketch', but received: "
                f"{_kind(entry)}"]  # fmt: skip
    found = []
    slug, first_seen, sketch = (
        entry.get("slug"),
        entry.get("first_seen", ""),
        entry.get("sketch", ""),
    )
    if isinstance(slug, str) and slug in RESERVED:
        found.append(f"'slug': {slug_problem(slug)}")
    elif not is_safe_slug(slug):
        found.append(f"'slug': expected lower-case letters, digits and '-', but received: "
                     f"{_shown(slug)}")  # fmt: skip
    if not (first_seen == "" or (isinstance(first_seen, str) and _is_date(first_seen))):
        found.append(f"'first_seen': expected a date as YYYY-MM-DD, but received: "
                     f"{_shown(first_seen)}")  # fmt: skip
    if not (isinstance(sketch, str) and _HEX.fullmatch(sketch)):
        found.append(f"'sketch': expected hexadecimal digits, but received: {_shown(sketch)}")
    return found


def _is_date(text: str) -> bool:
    try:
        return bool(_DATE.fullmatch(text)) and dt.date.fromisoformat(text) is not None
    except ValueError:
        return False


def _shared_slugs(papers: dict) -> Found:
    """Two papers at one address: the second is reported, naming both."""
    owner: dict[str, str] = {}
    found: Found = []
    for pid, entry in papers.items():
        slug = entry.get("slug") if isinstance(entry, dict) else None
        if not isinstance(slug, str):
            continue
        if slug in owner:
            found.append((pid, f"papers {owner[slug]} and {pid} both have the slug '{slug}': "
                               "each paper needs its own address"))  # fmt: skip
        owner.setdefault(slug, pid)
    return found


def _texts(table: dict, name: str) -> Found:
    return [
        (key, f"'{name}': {key}: expected text, but received: {_kind(value)}")
        for key, value in table.items()
        if not isinstance(value, str)
    ]


def _kind(value: object) -> str:
    return f"{type(value).__name__} {_shown(value)}"


def _shown(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def line_of(text: str, key: str) -> int:
    """The line a key is written on (the first one that holds it quoted), else 1."""
    if not key:
        return 1
    quoted = json.dumps(key, ensure_ascii=False) + ":"
    for number, line in enumerate(text.splitlines(), start=1):
        if quoted in line:
            return number
    return 1
