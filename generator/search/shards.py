"""The search index built in shards, and updated for the pages an edit changed.

Pagefind holds about 140 KB a page while it writes an index, every page of it at once: 3 GB
at 20,000 papers. Indexed in shards of at most `SHARD_PAGES` pages, one Pagefind run after
another, the build holds one shard's worth; `merge.py` then joins the shards' bundles into
the one index the reader's browser loads. A page's shard is a hash of its address.

The build cache keeps the last index and its ledger (`ledger.py`). When the site's pages are
the last index's (the same addresses, those Pagefind skips included: redirect pages, pages
that ask to be left out) and few of them changed, Pagefind indexes
those alone and `update.py` writes the new index from the last: an edited paper costs its
changed pages, not the site. Otherwise (pages added or removed, a theme change, no usable
cache) the site is indexed anew in shards. Both give the same bytes for the same pages.

Owns the plan, the staging of pages for Pagefind and the choice between the two. Must not
decide what is indexed (`pagefind.py` does) nor how Pagefind is called.
"""

from __future__ import annotations

import hashlib
import logging
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from generator.errors import ReadingListError
from generator.search import bundle as pf
from generator.search import ledger as last_index
from generator.search.bundle import INDEX_FILES
from generator.search.ledger import WORDS, Ledger
from generator.search.merge import merge
from generator.search.update import Stale, update

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


def url_of(page: str) -> str:
    """The address Pagefind gives the page at `page` (relative to the site)."""
    return "/" + page.removesuffix("index.html")


def build(site: Path, pages: list[str], index: Indexer, *, settings: str,
          cache: Path | None, shard_pages: int = SHARD_PAGES) -> int:  # fmt: skip
    """Write the site's search bundle (site/pagefind/), from the last index in `cache` when
    it can be updated; returns how many pages Pagefind indexed."""
    sources = {url_of(page): _digest(site / page) for page in pages}
    target = site / "pagefind"
    shutil.rmtree(target, ignore_errors=True)
    last = last_index.load(cache, settings)
    changed = _changed(last, sources, pages, most=min(shard_pages, len(pages) // 2))
    scratch = cache.parent if cache is not None else site.parent  # not in site/, not in git
    scratch.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch, prefix=".pagefind-") as work:
        new, indexed = None, pages
        if last is not None and changed is not None:
            new, indexed = _updated(site, changed, last, cache, Path(work), index), changed
        if new is None:
            new, indexed = _cold(site, pages, Path(work), index, shard_pages=shard_pages), pages
        if new is not last:
            _keep(cache, target, Path(work) / WORDS, new, (sources, settings))
    how = "indexed anew" if indexed is pages else "the last index updated"
    log.info("pagefind: %d pages, %d given to Pagefind, %s", len(pages), len(indexed), how)
    return len(indexed)


def _digest(page: Path) -> str:
    return hashlib.sha256(page.read_bytes()).hexdigest()


def _changed(last: Ledger | None, sources: dict[str, str], pages: list[str], *,
             most: int) -> list[str] | None:  # fmt: skip
    """The pages whose bytes changed since the last index, if the site's pages are the
    pages it was made from (those Pagefind skipped too) and at most `most` changed; None when
    the site is to be indexed anew. A skipped page changed is indexed anew: given alone,
    Pagefind would find nothing to index, and it may not skip it any longer."""
    if last is None or last.expected() != sources.keys():
        return None
    if any(sources[url] != digest for url, digest in last.skipped.items()):
        return None
    paths = {url_of(page): page for page in pages}
    changed = [paths[page.url] for page in last.pages if sources[page.url] != page.source]
    return changed if len(changed) <= most else None


def _updated(site: Path, changed: list[str], last: Ledger, cache: Path | None, work: Path,
             index: Indexer) -> Ledger | None:  # fmt: skip
    """The last index, updated for the `changed` pages into site/pagefind/ (None: it could
    not be, and nothing is written there)."""
    assert cache is not None
    target, folder = site / "pagefind", cache / last_index.LAST
    if not changed:
        _copy_index(folder, target)
        return last
    try:
        # Pagefind fails on pages it skips every one of (an indexed page now a redirect):
        # the cold run then says whether Pagefind fails on the site.
        bundle = _index_shard(site, changed, work / "changed", index, whole=False)
        return update(folder, last, bundle, target, work / WORDS,
                      given={url_of(page) for page in changed})  # fmt: skip
    except ReadingListError as error:
        log.info("pagefind: the changed pages not indexed (%s): indexed anew", error)
    except Stale as why:
        log.info("pagefind: the last index not updated (%s): indexed anew", why)
    except (ValueError, KeyError) as error:  # a cache its hashes did not catch: no wrong index
        log.info("pagefind: the last index unreadable (%s): indexed anew", error)
    shutil.rmtree(target, ignore_errors=True)
    return None


def _copy_index(folder: Path, target: Path) -> None:
    for path in pf.files_under(folder):
        if path not in last_index.OWN:
            pf.place(folder / path, target / path)


def _cold(site: Path, pages: list[str], work: Path, index: Indexer, *,
          shard_pages: int) -> Ledger:  # fmt: skip
    """Every page indexed, shard by shard, and the shards merged into site/pagefind/."""
    bundles = [
        _index_shard(site, shard, work / str(number), index, whole=not number)
        for number, shard in enumerate(plan(pages, shard_pages=shard_pages))
    ]
    return merge(bundles, site / "pagefind", work / WORDS)


def _keep(cache: Path | None, target: Path, words: Path, new: Ledger,
          made: tuple[dict[str, str], str]) -> None:  # fmt: skip
    """The new index as the cache's last, if its pages are among the site's (else none is
    kept: an address Pagefind gives otherwise than `url_of` would make every update wrong);
    `made`: the pages' hashes by address, and the settings. The pages Pagefind left out
    (redirects, pages that ask to be) are kept in the ledger as skipped, with their hashes."""
    sources, settings = made
    indexed = {page.url for page in new.pages}
    left_out, elsewhere = sources.keys() - indexed, indexed - sources.keys()
    if elsewhere:
        log.info("pagefind: the search index has pages at addresses the site does not give "
                 "them (%s); search works, but the next build indexes every page again",
                 _some(elsewhere))  # fmt: skip
        last_index.drop(cache)
        return
    if left_out:
        log.debug("pagefind: %d page(s) left out of the index, as they ask: %s",
                  len(left_out), _some(left_out))  # fmt: skip
    last_index.store(cache, target, words, new.sourced(sources, settings))


def _some(urls: set[str], *, shown: int = 5) -> str:
    """A few of `urls`, in order, and how many more."""
    more = f" and {len(urls) - shown} more" if len(urls) > shown else ""
    return ", ".join(sorted(urls)[:shown]) + more


def _index_shard(site: Path, shard: list[str], work: Path, index: Indexer, *,
                 whole: bool) -> Path:  # fmt: skip
    """The shard's pages, linked into a folder of their own, indexed by Pagefind (`whole`:
    with its script, Wasm and UI files, which the merged bundle takes from one shard)."""
    pages, bundle = work / "pages", work / "bundle"
    for page in shard:
        pf.place(site / page, pages / page)
    index(pages, bundle)
    if not whole:
        for part in bundle.iterdir():
            if part.name not in INDEX_FILES and part.suffix != ".pf_meta":
                shutil.rmtree(part) if part.is_dir() else part.unlink()
    return bundle
