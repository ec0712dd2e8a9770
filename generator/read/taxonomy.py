"""The topic taxonomy (`lists/topics.yml`): read and validated once, before any work starts.

The taxonomy is curator data: topics (key, name, description, keywords), exactly one
`catch_all` topic for papers that match none, and the scoring settings. Every mistake stops
the build with the file, line and key (`yamlfile`), in the "Expected X, but received: Y" style
of MkDocs. Keywords are read lower-case; what they match is `describe`'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar, overload

from generator.errors import ConfigError
from generator.models import Taxonomy, Topic
from generator.read.yamlfile import error, expected, load_yaml

TOPIC_KEYS = {"key", "name", "description", "keywords", "catch_all"}
_T = TypeVar("_T")
_U = TypeVar("_U")


def load_taxonomy(path: Path) -> Taxonomy:
    """Read and validate the taxonomy file; ConfigError names file, line and key."""
    if not path.exists():
        raise ConfigError("topic taxonomy not found (copy the default from the README)", path=path)
    return parse_taxonomy(load_yaml(path), path)


def parse_taxonomy(data: object, path: Path) -> Taxonomy:
    """A taxonomy from the file's data (as `load_yaml` or `yaml.safe_load` gives it)."""
    if not isinstance(data, dict) or not isinstance(data.get("topics"), list):
        raise error(path, "expected a mapping with a 'topics' list", line=1)
    topics = tuple(_parse_topic(entry, path) for entry in data["topics"])
    _check_unique(topics, path)
    catch_alls = sum(1 for topic in topics if topic.catch_all)
    if catch_alls != 1:
        raise expected(path, "exactly one topic with 'catch_all: true'", catch_alls)
    max_topics = _expect(data, "max_topics", int, path, default=3)
    min_score = _expect(data, "min_score", (int, float), path, default=2.0)
    relative = _expect(data, "relative_score", (int, float), path, default=0.75)
    if not 0 <= relative <= 1:
        raise expected(path, "0 to 1", relative, subject="key 'relative_score'")
    return Taxonomy(topics, max_topics, float(min_score), float(relative))


def _parse_topic(entry: object, path: Path) -> Topic:
    if not isinstance(entry, dict):
        raise expected(path, "a topic mapping", entry)
    for key in entry:
        if key not in TOPIC_KEYS:
            raise error(path, f"unknown key '{key}' in topic", at=entry)
    key = _expect(entry, "key", str, path)
    keywords = _expect(entry, "keywords", list, path, default=[])
    if not all(isinstance(word, str) and word.strip() for word in keywords):
        raise error(path, f"topic '{key}': keywords must be non-empty strings", at=entry)
    catch_all = bool(entry.get("catch_all", False))
    if not keywords and not catch_all:
        raise error(path, f"topic '{key}' has no keywords", at=entry)
    return Topic(
        key=_check_key(key, path, entry),
        name=_expect(entry, "name", str, path),
        description=_expect(entry, "description", str, path, default=""),
        keywords=tuple(word.strip().lower() for word in keywords),
        catch_all=catch_all,
    )


def _check_key(key: str, path: Path, entry: dict) -> str:
    if not key.replace("-", "").isalnum() or key != key.lower() or not key.isascii():
        wanted = "lower-case letters, digits and '-' (it is the page address)"
        raise error(path, f"key '{key}': expected {wanted}", at=entry)
    return key


def _check_unique(topics: tuple[Topic, ...], path: Path) -> None:
    for attribute in ("key", "name"):
        values = [getattr(topic, attribute) for topic in topics]
        duplicates = sorted({value for value in values if values.count(value) > 1})
        if duplicates:
            raise error(path, f"duplicate topic {attribute}: {', '.join(duplicates)}")


@overload
def _expect(
    entry: dict, key: str, kind: type[_T], path: Path, *, default: _T | None = None
) -> _T: ...
@overload
def _expect(
    entry: dict,
    key: str,
    kind: tuple[type[_T], type[_U]],
    path: Path,
    *,
    default: _T | _U | None = None,
) -> _T | _U: ...
def _expect(
    entry: dict, key: str, kind: type | tuple[type, ...], path: Path, *, default: object = None
) -> object:
    """`entry[key]` (or `default`) when it is of `kind`; else ConfigError at the entry's line."""
    value = entry.get(key, default)
    if value is None:
        raise error(path, f"missing key '{key}'", at=entry)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise expected(path, names, value, subject=f"key '{key}'", at=entry)
    return value
