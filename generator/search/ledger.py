"""The last index, kept in the build cache with what it takes to update it.

The cache's `last/` folder holds the last merged bundle's files (hard links to the site's)
and `ledger.json`: for each page, by number, its address, the hash of the built page it was
indexed from, its fragment, word count, filter values and meta fields; for each chunk, its
words' range and the pages it holds; and the hash of every file, so that a file changed or
lost since is found before anything is taken from it (a damaged cache makes a cold index,
never a wrong one). A new `last/` is written beside the old and renamed into place.

Owns that folder; knows nothing of how an index is merged or updated.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from generator.search import bundle as pf
from generator.search.chunks import ChunkRecord

log = logging.getLogger(__name__)

LAST = "last"
LEDGER = "ledger.json"


@dataclass(frozen=True)
class PageRecord:
    url: str
    fragment: str  # the content hash of its fragment
    name: str  # its fragment's file name
    words: int
    filters: dict[str, list[str]]
    fields: list[str]  # the meta fields it has
    source: str = ""  # the hash of the built page it was indexed from


@dataclass(frozen=True)
class Ledger:
    language: str
    version: str
    fields: list[str]
    pages: list[PageRecord]  # by page number: in the order of their addresses
    chunks: list[ChunkRecord]
    settings: str = ""  # Pagefind, its options and this package's code, as indexed with

    def sourced(self, sources: dict[str, str], settings: str) -> Ledger:
        """The ledger with each page's source hash (`sources`: address -> hash)."""
        pages = [dataclasses.replace(page, source=sources[page.url]) for page in self.pages]
        return dataclasses.replace(self, pages=pages, settings=settings)


def load(cache: Path | None, settings: str) -> Ledger | None:
    """The last index's ledger, if it was made with `settings` and every file of the index
    is as written; None otherwise (and when there is none)."""
    folder = cache / LAST if cache is not None else None
    if folder is None or not (folder / LEDGER).is_file():
        return None
    try:
        stored = json.loads((folder / LEDGER).read_text(encoding="utf-8"))
        if stored["settings"] != settings or stored["files"] != _hashes(folder):
            log.info("pagefind: the cached index is of other settings or damaged: indexed anew")
            return None
        return _ledger(stored)
    except (OSError, ValueError, KeyError, TypeError) as error:
        log.info("pagefind: the cached index is unreadable (%s): indexed anew", error)
        return None


def _ledger(stored: dict) -> Ledger:
    pages = [PageRecord(**page) for page in stored["pages"]]
    chunks = [ChunkRecord(**chunk) for chunk in stored["chunks"]]
    return Ledger(stored["language"], stored["version"], stored["fields"], pages, chunks,
                  stored["settings"])  # fmt: skip


def store(cache: Path | None, bundle: Path, ledger: Ledger) -> None:
    """`bundle` (the site's new index) and its ledger as the cache's last index."""
    if cache is None:
        return
    cache.mkdir(parents=True, exist_ok=True)
    _prune(cache)
    new = Path(tempfile.mkdtemp(dir=cache, prefix=".new-"))
    for path in sorted(bundle.rglob("*")):
        if path.is_file():
            pf.place(path, new / path.relative_to(bundle))
    stored = {**dataclasses.asdict(ledger), "files": _hashes(new)}
    (new / LEDGER).write_text(json.dumps(stored, separators=(",", ":")), encoding="utf-8")
    old = cache / LAST
    if old.exists():
        old.rename(Path(tempfile.mkdtemp(dir=cache, prefix=".old-")) / LAST)
    new.rename(old)
    _prune(cache)


def drop(cache: Path | None) -> None:
    """No last index (the site's index was not made by a merge this module can follow)."""
    if cache is not None and (cache / LAST).exists():
        shutil.rmtree(cache / LAST)


def _hashes(folder: Path) -> dict[str, str]:
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and path.name != LEDGER
    }


def _prune(cache: Path) -> None:
    """Anything but the last index: earlier ones, partial copies, an older cache's layout."""
    for entry in cache.iterdir():
        if entry.name != LAST:
            shutil.rmtree(entry, ignore_errors=True) if entry.is_dir() else entry.unlink()
