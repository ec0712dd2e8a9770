"""The curator's corrections (`lists/curation.yml`): read and validated once, before any work.

The file is the curator's own: the generator reads it and never writes it. Entries are keyed
by paper id (`readinglist find WORDS` prints ids); applying them is `address.curation`'s.
Every mistake stops the build with the file, the entry's line and the key (`yamlfile`).

    papers:
      3fa2c1d9e0ab:
        title: "FlipAttack: Jailbreak LLMs via Flipping"
        tags: {add: [jailbreak], remove: [understand]}
        topics: {add: [safety], remove: [alignment]}      # topic keys or names
        note: "Read with *the appendix*; see $O(n)$ claim."
        status: read                                 # to-read | reading | read
        rating: 4                                    # 1-5
        featured: true
        hidden: false
        slug: flipattack                             # a new address; the old one redirects
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from generator.address.slugs import is_safe_slug
from generator.errors import ConfigError
from generator.models import STATUSES, Curation
from generator.read.yamlfile import error, expected, line_of, load_yaml

ENTRY_KEYS = frozenset(
    {"title", "tags", "topics", "note", "status", "rating", "featured", "hidden", "slug"}
)

# parse_entry's `fail(key, wanted)`: the error to raise for a key with the wrong value.
_Fail = Callable[[str, str], ConfigError]


def load_curation(path: Path) -> dict[str, tuple[Curation, int]]:
    """paper id -> (curation, line). A missing file means no curation."""
    if not path.exists():
        return {}
    data = load_yaml(path) or {}
    papers = data.get("papers", {}) if isinstance(data, dict) else None
    if not isinstance(papers, dict):
        raise error(path, "expected a mapping with a 'papers' mapping", line=1)
    line = line_of(papers, 1)
    return {
        str(pid): (parse_entry(entry, path, str(pid), line), line_of(entry, line))
        for pid, entry in papers.items()
    }


def parse_entry(entry: object, path: Path, pid: str, line: int) -> Curation:
    """One paper's entry; `line` places a mistake in an entry that is not a mapping."""
    if not isinstance(entry, dict):
        raise expected(path, "a mapping", entry, subject=f"paper {pid}", line=line)
    unknown = sorted(set(entry) - ENTRY_KEYS)
    if unknown:
        allowed = ", ".join(sorted(ENTRY_KEYS))
        message = f"paper {pid}: unknown key '{unknown[0]}' (allowed: {allowed})"
        raise error(path, message, at=entry, line=line)

    def fail(key: str, wanted: str) -> ConfigError:
        subject = f"paper {pid}: key '{key}'"
        return expected(path, wanted, entry.get(key), subject=subject, at=entry, line=line)

    return Curation(
        title=_text(entry, "title", fail),
        add_tags=_change(entry, "tags", "add", fail),
        remove_tags=_change(entry, "tags", "remove", fail),
        add_topics=_change(entry, "topics", "add", fail),
        remove_topics=_change(entry, "topics", "remove", fail),
        note=_text(entry, "note", fail),
        status=_status(entry, fail),
        rating=_rating(entry, fail),
        featured=_flag(entry, "featured", fail),
        hidden=_flag(entry, "hidden", fail),
        slug=_slug(entry, fail),
    )


def _text(entry: dict, key: str, fail: _Fail) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str):
        raise fail(key, "text")
    return value.strip()


def _change(entry: dict, key: str, action: str, fail: _Fail) -> tuple[str, ...]:
    value = entry.get(key, {})
    if not isinstance(value, dict) or set(value) - {"add", "remove"}:
        raise fail(key, "a mapping with 'add' and/or 'remove' lists")
    items = value.get(action, [])
    if not isinstance(items, list) or not all(isinstance(i, str) and i.strip() for i in items):
        raise fail(key, f"'{action}' as a list of names")
    return tuple(item.strip() for item in items)


def _status(entry: dict, fail: _Fail) -> str:
    value = entry.get("status", "")
    if value not in ("", *STATUSES):
        raise fail("status", " or ".join(STATUSES))
    return value


def _rating(entry: dict, fail: _Fail) -> int:
    value = entry.get("rating", 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise fail("rating", "a whole number from 1 to 5")
    return value


def _slug(entry: dict, fail: _Fail) -> str:
    value = _text(entry, "slug", fail)
    if value and not is_safe_slug(value):
        raise fail("slug", "lower-case letters, digits and '-' (the page address)")
    return value


def _flag(entry: dict, key: str, fail: _Fail) -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise fail(key, "true or false")
    return value
