"""Settings: where the lists, the pages, the lock and the cache are, and how many of what.

The curator's own files (the taxonomy, the curation) are data, read by `read`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.buildcache.layout import Layout


@dataclass(frozen=True)
class Settings:
    """Where things are. Paths are absolute; `from_root` fills the conventional layout."""

    root: Path
    lists_dir: Path
    docs_dir: Path
    taxonomy_path: Path
    lock_path: Path
    curation_path: Path
    resolved_path: Path  # what `readinglist resolve` found (lists/resolved.json)
    cache: Layout  # the build cache: what the last run derived, to skip work done already
    site_name: str = "Reading list"
    site_url: str = ""  # absolute, from mkdocs.yml; feeds are only written when it is known
    related_count: int = 5
    page_size: int = 200  # papers per listing page before it is split
    pagefind: bool = True  # the site is searched by Pagefind, which browse/'s words box asks
    theme_dir: Path | None = None  # the project's own theme files (mkdocs.yml's custom_dir)

    @property
    def site_folders(self) -> tuple[Path, ...]:
        """The project's folders MkDocs builds the site from: docs/ and the theme folder
        (`overrides/` unless mkdocs.yml names another)."""
        return (self.docs_dir, self.theme_dir or self.root / "overrides")

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
            resolved_path=lists_dir / "resolved.json",
            cache=Layout(root / ".cache" / "readinglist"),
            **kw,
        )
