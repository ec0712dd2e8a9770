"""The search index built in shards: which built page goes into which, each indexed once.

Pagefind holds about 140 KB a page while it writes an index, every page of it at once: 3 GB
at 20,000 papers. Indexed in shards of at most `SHARD_PAGES` pages, one Pagefind run after
another, the build holds one shard's worth; `merge.py` then joins the shards' bundles into
the one index the reader's browser loads.

A page's shard is a hash of its address, so a page stays in its shard from build to build
for as long as the number of shards stays (it doubles as the site does). A shard's bundle
is keyed by the bytes of its pages and Pagefind's settings: a build whose pages of a shard
are those of an earlier build takes that bundle from the build cache, so an edited paper
costs one shard's indexing (and the merge).

Owns the plan, the staging of each shard's pages and the cache of bundles. Must not decide
what is indexed (`pagefind.py` does) nor how Pagefind is called.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from generator.search.bundle import INDEX_FILES
from generator.search.merge import merge

log = logging.getLogger(__name__)

SHARD_PAGES = 2_000  # about 280 MB of Pagefind at most

# (pages' folder, bundle's folder) -> Pagefind writes the bundle of those pages there.
Indexer = Callable[[Path, Path], None]


def shard_count(pages: int, *, shard_pages: int = SHARD_PAGES) -> int:
    """The fewest shards, a power of two, that hold `pages` pages at `shard_pages` each."""
    count = 1
    while pages > count * shard_pages:
        count *= 2
    return count


def plan(pages: list[str], *, shard_pages: int = SHARD_PAGES) -> list[list[str]]:
    """`pages` (paths relative to the site) split into shards, each sorted; none empty
    (Pagefind indexes no empty folder), but for a site without pages."""
    count = shard_count(len(pages), shard_pages=shard_pages)
    shards: list[list[str]] = [[] for _ in range(count)]
    for page in sorted(pages):
        shards[shard_of(page, count)].append(page)
    return [shard for shard in shards if shard] or [[]]


def shard_of(page: str, count: int) -> int:
    digest = hashlib.sha256(page.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % count


def build(site: Path, pages: list[str], index: Indexer, *, settings: str,
          cache: Path | None, shard_pages: int = SHARD_PAGES) -> int:  # fmt: skip
    """Write the site's search bundle (site/pagefind/) from shards; returns how many Pagefind
    had to index again (the others came from `cache`, when given)."""
    shards = plan(pages, shard_pages=shard_pages)
    keys = [_key(site, shard, settings, number) for number, shard in enumerate(shards)]
    target = site / "pagefind"
    shutil.rmtree(target, ignore_errors=True)
    indexed = 0
    scratch = cache.parent if cache is not None else site.parent  # not in site/, not in git
    scratch.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch, prefix=".pagefind-") as work:
        bundles = []
        for number, (shard, key) in enumerate(zip(shards, keys, strict=True)):
            bundle = _cached(cache, key)
            if bundle is None:
                bundle = _index_shard(site, shard, Path(work) / str(number), index, number)
                _store(cache, key, bundle)
                indexed += 1
            bundles.append(bundle)
        merge(bundles, target)
    _prune(cache, keep=set(keys))
    log.info("pagefind: %d shard%s, %d indexed, %d from the cache", len(shards),
             "" if len(shards) == 1 else "s", indexed, len(shards) - indexed)  # fmt: skip
    return indexed


def _key(site: Path, shard: list[str], settings: str, number: int) -> str:
    hasher = hashlib.sha256(f"{settings}\0{number}\0".encode())
    for page in shard:
        for part in (page.encode("utf-8"), (site / page).read_bytes()):
            hasher.update(len(part).to_bytes(8, "big") + part)
    return hasher.hexdigest()


def _index_shard(site: Path, shard: list[str], work: Path, index: Indexer, number: int) -> Path:
    """The shard's pages, linked into a folder of their own, indexed by Pagefind."""
    pages, bundle = work / "pages", work / "bundle"
    for page in shard:
        _link(site / page, pages / page)
    index(pages, bundle)
    if number:  # the merged bundle's script, Wasm and UI are the first shard's
        for part in bundle.iterdir():
            if part.name not in INDEX_FILES and part.suffix != ".pf_meta":
                shutil.rmtree(part) if part.is_dir() else part.unlink()
    return bundle


def _link(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:  # another file system, or no hard links there
        shutil.copyfile(source, target)


def _cached(cache: Path | None, key: str) -> Path | None:
    bundle = cache / key if cache is not None else None
    return bundle if bundle is not None and bundle.is_dir() else None


def _store(cache: Path | None, key: str, bundle: Path) -> None:
    """Into the cache whole or not at all: a copy is renamed into place."""
    if cache is None:
        return
    cache.mkdir(parents=True, exist_ok=True)
    partial = Path(tempfile.mkdtemp(dir=cache, prefix=".partial-"))
    shutil.copytree(bundle, partial, dirs_exist_ok=True)
    partial.rename(cache / key)


def _prune(cache: Path | None, *, keep: set[str]) -> None:
    """Bundles of no shard of this build (and partial copies) would only fill the disk."""
    if cache is None or not cache.is_dir():
        return
    for entry in cache.iterdir():
        if entry.name not in keep:
            shutil.rmtree(entry, ignore_errors=True)
