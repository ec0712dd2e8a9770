"""Batches whose output is fixed by a key: a digest of everything the batch reads.

Rendering every page to find the few an edit changed costs seconds at whole-conference size.
A paper page reads its paper, its listing entry and those of its related papers; a topic,
list, tag or kind listing reads its subject and the entries of its papers; the generator's
code and templates are the build cache's own key. A batch whose key made its pages in the
last run makes them again byte for byte, so the writer may take them as they are on disk
(`write.reuse`). Batches that read the whole collection (exports, indexes, the home page)
carry no key and are always made. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from pathlib import Path

from generator.buildcache.keys import digest
from generator.buildcache.layout import Layout
from generator.config import Settings
from generator.models import Paper

Output = Iterable[tuple[str, str | Iterable[str]]]


@dataclass(frozen=True)
class Keyed:
    """A batch (`make`) with its key and the paths it makes."""

    key: str
    paths: tuple[str, ...]
    make: Callable[[], Output]

    def __call__(self) -> Output:
        return self.make()


def keyed(make: Callable[[], Output], paths: Iterable[str], *inputs: object) -> Keyed:
    """`make` keyed by `inputs` (their `repr`, which for the frozen records of `models` and
    `render` is their whole value)."""
    key = digest(*(part if isinstance(part, str) else repr(part) for part in inputs))
    return Keyed(key, tuple(paths), make)


def as_shown(paper: Paper) -> Paper:
    """The paper as its pages read it: where it was read (a list file, a line) is not shown,
    and moves whenever an abstract above it or the project's folder does."""
    return replace(paper, sources=())


def settings_shown(settings: Settings) -> tuple[object, ...]:
    """What of the settings a page may show: not where the project lies on disk (its folders,
    its build cache)."""
    values = (getattr(settings, field.name) for field in fields(settings))
    return tuple(value for value in values if not isinstance(value, (Path, Layout)))


def split_paths(path: str, count: int, size: int) -> tuple[str, ...]:
    """The pages of a listing of `count` items, `size` a page: path, then path/page-2.md..."""
    pages = max(1, -(-count // size))
    stem = path.removesuffix(".md")
    return (path, *(f"{stem}/page-{n}.md" for n in range(2, pages + 1)))
