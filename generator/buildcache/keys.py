"""The digests caches are keyed by: the one keyed digest (`digest`, which every key of the
build is made with), a run's inputs, the generator's code, the last site.

A run whose inputs (every file in lists/, the settings, the generator's own code and
templates) hash to the cached digest can reuse the collection instead of deriving it again;
that is what makes a no-op rebuild cheap (`mkdocs serve` rebuilds on every change in docs/).
A cache made by other code is not used. Likewise `site_digest` covers everything
MkDocs reads to build the site (the docs/ tree, the configuration, the project's theme files,
the versions of the code), so a build whose digest matches the last site's has nothing to do.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from generator import __version__

_PACKAGE = Path(__file__).parent.parent  # the generator package


def digest(*parts: str | bytes) -> str:
    """The one keyed digest every cache is keyed by: SHA-256 of the parts in order, text as
    UTF-8, each preceded by its length, so that no two lists of parts have the same bytes."""
    hasher = hashlib.sha256()
    for part in parts:
        data = part if isinstance(part, bytes) else part.encode("utf-8", "surrogatepass")
        hasher.update(len(data).to_bytes(8, "big") + data)
    return hasher.hexdigest()


def inputs_digest(inputs: Iterable[tuple[str, bytes]], *, settings: str) -> str:
    """What a run derives from: (name, bytes) of its input files, `settings`, the code."""
    named = (part for name, data in inputs for part in (name, data))
    return digest(code_digest(), settings, *named)


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
    return inputs_digest(files, settings=config + versions())


# What turns the pages into HTML, by version.
_RENDERERS = ("mkdocs", "mkdocs-material", "markdown", "pymdown-extensions")


def versions() -> str:
    return " ".join(f"{name} {metadata.version(name)}" for name in _RENDERERS)
