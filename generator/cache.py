"""The build caches: the derived collection of the last run, and the digest of the last site.

A run whose inputs (every file in lists/, the settings, the generator's own code and
templates) hash to the cached digest can reuse the collection instead of deriving it again;
that is what makes a no-op rebuild cheap (`mkdocs serve` rebuilds on every change in docs/).
The cache is ours alone (`.cache/readinglist/`, git-ignored): a cache that does not load, or
was made by other code, is ignored, never trusted. Likewise `site_digest` covers everything
MkDocs reads to build the site (the docs/ tree, the configuration, the project's theme files,
the versions of the code), so a build whose digest matches the last site's has nothing to do.
"""

from __future__ import annotations

import gc
import hashlib
import pickle
from collections.abc import Iterable
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import NamedTuple

from generator import __version__
from generator.models import Collection

_PACKAGE = Path(__file__).parent


def digest(inputs: list[tuple[str, bytes]], *, settings: str) -> str:
    hasher = hashlib.sha256()
    for part in (code_digest().encode(), settings.encode()):
        hasher.update(len(part).to_bytes(8, "big") + part)
    for name, data in inputs:
        for part in (name.encode("utf-8"), data):
            hasher.update(len(part).to_bytes(8, "big") + part)
    return hasher.hexdigest()


# What the collection and its pages are derived with besides the package's own files: a new
# version of any of them may change a formula's markup, an address or a title.
_DERIVERS = (
    "bibtexparser", "jinja2", "latex2mathml", "markupsafe", "numpy", "python-frontmatter",
    "python-slugify", "PyYAML", "scipy",
)  # fmt: skip


@lru_cache(maxsize=1)
def code_digest() -> str:
    """A change to the generator (code, templates, word lists, fitted models) or to a library
    it derives with invalidates every cache."""
    made_by = " ".join([__version__, *(f"{name} {metadata.version(name)}" for name in _DERIVERS)])
    hasher = hashlib.sha256(made_by.encode())
    for path in sorted(_PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            hasher.update(path.relative_to(_PACKAGE).as_posix().encode() + path.read_bytes())
    return hasher.hexdigest()


def site_digest(files: Iterable[tuple[str, bytes]], *, config: str) -> str:
    """What a site is built from: (path, bytes) of every file MkDocs reads, and its settings."""
    return digest(list(files), settings=config + versions())


# What turns the pages into HTML, by version.
_RENDERERS = ("mkdocs", "mkdocs-material", "markdown", "pymdown-extensions")


def versions() -> str:
    return " ".join(f"{name} {metadata.version(name)}" for name in _RENDERERS)


class LastRun(NamedTuple):
    """What the last run kept: the digest of its inputs, of its code, the collection, what
    describing found (`describe.DescribeMemory`) and what each keyed batch of pages made."""

    key: str
    code: str
    collection: Collection
    memory: object
    pages: dict


def dump(key: str, collection: Collection, memory: object, pages: dict) -> bytes:
    """The collection, what describing found and what each keyed batch of pages made (for
    the next run to reuse as long as the code is the same, whatever else changed)."""
    payload = tuple(LastRun(key, code_digest(), collection, memory, pages))
    return pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)


def load(data: bytes | None) -> LastRun | None:
    """The last run, if the same code made it: a cache of other code is never trusted."""
    if data is None:
        return None
    # Unpickling builds millions of small objects that all live to the end of the run: a
    # garbage collection would walk them again and again, finding nothing to free.
    collecting = gc.isenabled()
    gc.disable()
    try:
        cached = pickle.loads(data)  # our own file, written by `dump`
    except Exception:  # a truncated or foreign cache is simply not used
        return None
    finally:
        if collecting:
            gc.enable()
    if not isinstance(cached, tuple) or len(cached) != len(LastRun._fields):
        return None
    last = LastRun(*cached)
    if last.code != code_digest() or not isinstance(last.collection, Collection):
        return None
    return last
