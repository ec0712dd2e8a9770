"""Pagefind behind Material's search box: the default engine (README, Searching).

Owns what Pagefind indexes (the settings below), running it over the built site, and the
swap that makes Material's search box talk to our worker (`pagefind_worker.js`, beside this
module) instead of its own. Material's own index is kept empty meanwhile: its search plugin
skips pages excluded from it. Raises `ReadingListError`; the plugin reports it to MkDocs.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from collections.abc import MutableMapping
from importlib import metadata, resources
from pathlib import Path
from typing import TYPE_CHECKING

from generator.errors import ReadingListError
from generator.search import bundle, shards

if TYPE_CHECKING:
    from generator.config import Settings

# What Pagefind indexes: every page (the curator's own too) but the tag, kind and browse
# listings, which only repeat the entries of papers that paper, topic and list pages hold,
# and what the theme and the exports put beside them.
# Within a page only the article, without what repeats other pages (related papers, listing
# entries, a paper's topic, list and tag chips) or is not prose (buttons, citation, topic
# evidence, the Abstract heading): a result's excerpt quotes the paper's own text.
NOT_INDEXED = {"tags", "kinds", "browse", "404.html", "assets", "search", "pagefind", "feeds",
               "schema"}  # fmt: skip
PAGEFIND_ROOT = "article.md-content__inner"
PAGEFIND_EXCLUDE = [
    ".headerlink", ".md-content__button", ".rl-eyebrow", ".rl-buttons", ".rl-cite", ".rl-why",
    ".rl-facts", ".rl-page--paper h2#abstract",
    ".rl-page--topic li", ".rl-page--list li",
    ".rl-page--home li",
]  # fmt: skip
WORKER = "assets/javascripts/workers/readinglist-pagefind.js"
ADVISED_ABOVE = 1000  # papers; measured in README, Searching
FULL_BELOW = 16 << 20  # bytes free under which a cut index is taken for a full disk
_MATERIAL_WORKER = re.compile(
    r'("search": ")([^"]*?)assets/javascripts/workers/search\.[0-9a-f]+\.min\.js"'
)


def check_installed() -> None:
    if not importlib.util.find_spec("pagefind"):
        message = "search needs Pagefind, a dependency of readinglist: pip install 'pagefind[bin]'"
        raise ReadingListError(message)


def advice(papers: int, *, engine: str) -> str:
    """Which engine suits `papers` papers, when the one chosen does not ("" when it does)."""
    if engine == "material" and papers > ADVISED_ABOVE:
        return (
            f"{papers} papers: Material's search loads its whole index before the first result "
            "(seconds at this size); Pagefind, the default engine, answers within a second "
            "(README, Searching)"
        )
    return ""


def exclude_from_material_index(meta: MutableMapping[str, object]) -> None:
    """Leave the page out of Material's index, which would only be parsed for nothing."""
    meta["search"] = {"exclude": True}


def use_our_worker(output: str, source_path: str) -> str:
    """The built page, its search box pointed at our worker instead of Material's."""
    output, count = _MATERIAL_WORKER.subn(rf'\g<1>\g<2>{WORKER}"', output, count=1)
    if not count and 'id="__config"' in output:
        raise ReadingListError(f"{source_path}: Material's search worker address not found")
    return output


def build_pagefind(
    site: Path,
    settings: Settings | None = None,
    *,
    cache: Path | None = None,
    serving: bool = False,
    shard_pages: int = shards.SHARD_PAGES,
) -> int:
    """Index the built site with Pagefind, in shards (`shards.py`) merged into one index
    (`merge.py`), or the last index in `cache` updated for the pages that changed (by
    default the build cache of the project's `settings`; `mkdocs serve`'s pages differ from
    a build's, so `serving` keeps an index of its own); put our worker beside Material's,
    and leave Material's search_index.json only its settings: the box still fetches it, but
    needs no documents from it. Returns how many pages Pagefind indexed."""
    if cache is None and settings is not None:
        cache = settings.cache.pagefind(serving=serving)
    pages = indexed_pages(site)
    indexed = shards.build(site, pages, _index, settings=_settings(), cache=cache,
                           shard_pages=shard_pages)  # fmt: skip
    _install_worker(site)
    _empty_material_index(site)
    return indexed


def indexed_pages(site: Path) -> list[str]:
    """The pages Pagefind reads (paths relative to the site): every page of the built site
    but those under NOT_INDEXED."""
    return [page for page in bundle.files_under(site)
            if page.endswith(".html") and page.split("/")[0] not in NOT_INDEXED]  # fmt: skip


def _index(pages: Path, bundle: Path) -> None:
    """Pagefind's own binary (from the pagefind[bin] wheel: no network) over `pages`."""
    command = [sys.executable, "-m", "pagefind", "--site", str(pages),
               "--output-path", str(bundle), *_OPTIONS]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0 or not (bundle / "pagefind-entry.json").is_file():
        said = result.stderr.strip().splitlines() or ["no message"]
        # Its last line says why (Pagefind's "Error: ...", or the exception that stopped
        # the Python launcher, whose traceback comes before).
        raise ReadingListError(f"pagefind failed (exit {result.returncode}): {said[-1]}")
    _check_entry(bundle)


def _check_entry(bundle: Path) -> None:
    """Pagefind exits 0 on a full disk, leaving an empty or cut entry file: said as such."""
    try:
        json.loads((bundle / "pagefind-entry.json").read_bytes())
    except ValueError:
        free = shutil.disk_usage(bundle).free
        if free < FULL_BELOW:
            raise ReadingListError(f"{bundle}: no space left on device ({free} bytes free): "
                                   "the search index was not written") from None  # fmt: skip
        raise ReadingListError(f"{bundle}: pagefind wrote a damaged index") from None


_OPTIONS = [
    "--root-selector", PAGEFIND_ROOT, "--exclude-selectors", ", ".join(PAGEFIND_EXCLUDE),
    "--force-language", "en", "--quiet",
]  # fmt: skip


def _settings() -> str:
    """What an index depends on besides its pages: Pagefind, its options, and the code of
    this package and the CBOR library (which merge, update and trim bundles)."""
    code = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        code.update(path.read_bytes())
    versions = [f"{name} {metadata.version(name)}" for name in ("pagefind", "cbor2")]
    return " ".join([*versions, *_OPTIONS, code.hexdigest()])


def _install_worker(site: Path) -> None:
    worker = resources.files("generator.search") / "pagefind_worker.js"
    (site / WORKER).parent.mkdir(parents=True, exist_ok=True)
    with resources.as_file(worker) as source:
        shutil.copyfile(source, site / WORKER)


def _empty_material_index(site: Path) -> None:
    index = site / "search" / "search_index.json"
    if index.is_file():
        settings = json.loads(index.read_text(encoding="utf-8")).get("config", {})
        index.write_text(json.dumps({"config": settings, "docs": []}), encoding="utf-8")
