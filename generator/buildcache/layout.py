"""Where each cache lives in `.cache/readinglist/`: every name is here and nowhere else."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Layout:
    """The build cache folder of one project and the names in it."""

    folder: Path

    @property
    def collection(self) -> Path:
        """The last run's collection and what it found (`pipeline`), as tagged CBOR (`codec`)."""
        return self.folder / "collection.cbor"

    @property
    def manifest_copy(self) -> Path:
        """The generated pages' manifest, kept to rebuild a lost one (`write.manifest`)."""
        return self.folder / "manifest.json"

    @property
    def site_digest(self) -> Path:
        """The digest of what the last site was built from (`write.SiteStamp`)."""
        return self.folder / "site.digest"

    @property
    def serve_signal(self) -> Path:
        """Touched when docs/ changes under `mkdocs serve` (`mkdocs.watch`)."""
        return self.folder / "serve" / "docs-changed"

    def pages(self, *, serving: bool) -> Path:
        """The last site's pages, by their inputs (`pages`); `serve`'s differ from a build's."""
        return self.folder / ("pages-serve" if serving else "pages")

    def pagefind(self, *, serving: bool) -> Path:
        """The last search index, to update (`search`)."""
        return self.folder / ("pagefind-serve" if serving else "pagefind")
