"""Settings and the topic taxonomy: loaded and validated once, before any work starts.

The taxonomy is curator data (`lists/topics.yml`); this module checks its shape and reports
mistakes with the file, line and key, in the "Expected X, but received: Y" style of MkDocs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, overload

import yaml

from generator.errors import ConfigError
from generator.models import Taxonomy, Topic


@dataclass(frozen=True)
class Settings:
    """Where things are. Paths are absolute; `from_root` fills the conventional layout."""

    root: Path
    lists_dir: Path
    docs_dir: Path
    taxonomy_path: Path
    lock_path: Path
    curation_path: Path
    cache_path: Path  # derived data of the last run, to skip work when nothing changed
    site_name: str = "Reading list"
    site_url: str = ""  # absolute, from mkdocs.yml; feeds are only written when it is known
    related_count: int = 5
    page_size: int = 200  # papers per listing page before it is split

    @classmethod
    def from_root(
        cls, root: Path, *, lists: str = "lists", docs: str = "docs", **kw: Any
    ) -> Settings:
        root = root.resolve()
        lists_dir = root / lists
        return cls(
            root=root,
            lists_dir=lists_dir,
            docs_dir=root / docs,
            taxonomy_path=lists_dir / "topics.yml",
            lock_path=lists_dir / "readinglist.lock.json",
            curation_path=lists_dir / "curation.yml",
            cache_path=root / ".cache" / "readinglist" / "collection.pickle",
            **kw,
        )


class LineLoader(yaml.SafeLoader):
    """A SafeLoader that remembers the line of every mapping, for error messages."""


def _construct_mapping(loader: LineLoader, node: yaml.MappingNode) -> dict:
    mapping = loader.construct_mapping(node, deep=True)
    mapping["__line__"] = node.start_mark.line + 1
    return mapping


LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_taxonomy(path: Path) -> Taxonomy:
    """Read and validate the taxonomy file; ConfigError names file, line and key."""
    if not path.exists():
        raise ConfigError("topic taxonomy not found (copy the default from the README)", path=path)
    try:
        data = yaml.load(path.read_text(encoding="utf-8-sig"), Loader=LineLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise ConfigError(
            f"invalid YAML: {getattr(error, 'problem', error)}",
            path=path,
            line=mark.line + 1 if mark else None,
        ) from None
    return parse_taxonomy(data, path)


def parse_taxonomy(data: object, path: Path) -> Taxonomy:
    if not isinstance(data, dict) or not isinstance(data.get("topics"), list):
        raise ConfigError("expected a mapping with a 'topics' list", path=path, line=1)
    topics = tuple(_parse_topic(entry, path) for entry in data["topics"])
    _check_unique(topics, path)
    catch_alls = [topic for topic in topics if topic.catch_all]
    if len(catch_alls) != 1:
        raise ConfigError(
            f"expected exactly one topic with 'catch_all: true', but received: {len(catch_alls)}",
            path=path,
        )
    max_topics = _expect(data, "max_topics", int, path, default=3)
    min_score = _expect(data, "min_score", (int, float), path, default=2.0)
    relative = _expect(data, "relative_score", (int, float), path, default=0.75)
    if not 0 <= relative <= 1:
        raise ConfigError(f"key 'relative_score': expected 0 to 1, but received: {relative}",
                          path=path)  # fmt: skip
    return Taxonomy(topics, max_topics, float(min_score), float(relative))


def _parse_topic(entry: object, path: Path) -> Topic:
    if not isinstance(entry, dict):
        raise ConfigError(f"expected a topic mapping, but received: {entry!r}", path=path)
    line = entry.get("__line__")
    for key in entry:
        if key not in {"key", "name", "description", "keywords", "catch_all", "__line__"}:
            raise ConfigError(f"unknown key '{key}' in topic", path=path, line=line)
    key = _expect(entry, "key", str, path)
    keywords = _expect(entry, "keywords", list, path, default=[])
    if not all(isinstance(word, str) and word.strip() for word in keywords):
        raise ConfigError(
            f"topic '{key}': keywords must be non-empty strings", path=path, line=line
        )
    catch_all = bool(entry.get("catch_all", False))
    if not keywords and not catch_all:
        raise ConfigError(f"topic '{key}' has no keywords", path=path, line=line)
    return Topic(
        key=_check_key(key, path, line),
        name=_expect(entry, "name", str, path),
        description=_expect(entry, "description", str, path, default=""),
        keywords=tuple(word.strip().lower() for word in keywords),
        catch_all=catch_all,
    )


def _check_key(key: str, path: Path, line: int | None) -> str:
    if not key.replace("-", "").isalnum() or key != key.lower() or not key.isascii():
        raise ConfigError(
            f"key '{key}': expected lower-case letters, digits and '-' (it is the page address)",
            path=path,
            line=line,
        )
    return key


def _check_unique(topics: tuple[Topic, ...], path: Path) -> None:
    for attribute in ("key", "name"):
        values = [getattr(topic, attribute) for topic in topics]
        duplicates = sorted({value for value in values if values.count(value) > 1})
        if duplicates:
            raise ConfigError(f"duplicate topic {attribute}: {', '.join(duplicates)}", path=path)


_T = TypeVar("_T")
_U = TypeVar("_U")


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
    value = entry.get(key, default)
    if value is None:
        raise ConfigError(f"missing key '{key}'", path=path, line=entry.get("__line__"))
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise ConfigError(
            f"key '{key}': expected {names}, but received: {value!r}",
            path=path,
            line=entry.get("__line__"),
        )
    return value
