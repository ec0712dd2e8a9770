"""The first search of a reader who has just opened the site: cold cache, typed at once.

A fresh browser context (empty cache) opens a page; as soon as the page's own scripts have run
(DOMContentLoaded: the search box works from then on) the reader clicks the box and types the
query, one key every `key_delay` ms. The probe (probes/cold_search.js, installed before any of
the page's scripts) times, on the page's clock, the first keystroke -> the first result shown,
and -> the answer to the whole query. Every response that had arrived by the first result, and
by the answer, is counted with the size of its file on disk, raw and gzip-compressed as GitHub
Pages serves text.

Used by tests/browser/test_search_scale.py and bench/search_timing.py, which also pick
the queries with `scale_queries`.
"""

from __future__ import annotations

import gzip
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tests.browser.actions import SEARCH_INPUT, open_search, probe
from tests.browser.server import SiteServer

_WORD = re.compile(r"[a-z]{9,}")
UNCOMPRESSED = {".png", ".jpg", ".jpeg", ".gif", ".ico", ".woff", ".woff2", ".webp"}


@dataclass(frozen=True)
class Download:
    path: str  # relative to the site root
    raw: int
    gzip: int  # what GitHub Pages sends: gzip for text, the file itself for images and fonts


@dataclass(frozen=True)
class ColdSearch:
    page: str
    query: str
    first_ms: float  # first keystroke -> first result of any query shown
    full_ms: float  # first keystroke -> the answer to the whole query shown
    typing_ms: float  # first keystroke -> last keystroke (the reader's own typing)
    downloads: tuple[Download, ...]  # every response that had arrived by the answer
    first_downloads: tuple[Download, ...]  # ... by the first result

    @property
    def raw(self) -> int:
        return sum(d.raw for d in self.downloads)

    @property
    def gzip(self) -> int:
        return sum(d.gzip for d in self.downloads)

    def first_bytes(self) -> tuple[int, int]:
        """(raw, gzip) of everything downloaded before the first result showed."""
        return sum(d.raw for d in self.first_downloads), sum(d.gzip for d in self.first_downloads)

    def search_bytes(self) -> tuple[int, int]:
        """(raw, gzip) of what only search needs: its index and its scripts beyond the page's."""
        parts = [d for d in self.downloads if _for_search(d.path)]
        return sum(d.raw for d in parts), sum(d.gzip for d in parts)


def _for_search(path: str) -> bool:
    return path.startswith(("search/", "pagefind/")) or "/workers/" in path


@lru_cache(maxsize=4096)
def _sizes(file: Path) -> tuple[int, int]:
    data = file.read_bytes()
    return len(data), len(data) if file.suffix in UNCOMPRESSED else len(gzip.compress(data, 6))


def cold_search(
    browser, server: SiteServer, path: str, query: str, expect: str, *, key_delay: float = 50
) -> ColdSearch:
    """Open `path` cold, type `query`; `expect` is (part of) the address a result must have."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="light")
    context.set_default_timeout(60_000)
    arrived: list[str] = []
    by_first: list[str] = []
    context.on("requestfinished", lambda request: arrived.append(request.url))
    try:
        page = context.new_page()
        page.expose_function("__coldFirstShown", lambda: by_first.extend(arrived))
        page.add_init_script(script=probe("cold_search"))
        page.goto(server.url(path), wait_until="domcontentloaded")
        page.evaluate("([q, e]) => { window.__coldQuery = q; window.__coldExpect = e; }",
                      [query, expect])  # fmt: skip
        open_search(page)
        page.locator(SEARCH_INPUT).press_sequentially(query, delay=key_delay)
        typed = page.evaluate("() => performance.now()")
        page.wait_for_function("() => window.__coldProbe.full !== null", timeout=60_000)
        urls = list(arrived)
        timer = page.evaluate("() => window.__coldProbe")
        assert not timer["empty"], f"{query!r} found nothing on a cold page"
    finally:
        context.close()
    return ColdSearch(
        page=path,
        query=query,
        first_ms=timer["first"] - timer["down"],
        full_ms=timer["full"] - timer["down"],
        typing_ms=typed - timer["down"],
        downloads=_downloads(server, urls),
        first_downloads=_downloads(server, by_first),
    )


def _downloads(server: SiteServer, urls: list[str]) -> tuple[Download, ...]:
    downloads = []
    for url in dict.fromkeys(urls):
        file = server.file_for(url)
        if file is not None:
            raw, packed = _sizes(file)
            downloads.append(Download(file.relative_to(server.root).as_posix(), raw, packed))
    return tuple(downloads)


def _papers(project: Path) -> dict[str, tuple[str, str]]:
    """slug -> (title, the page's searchable text: everything above "Related papers")."""
    papers = {}
    for path in sorted((project / "docs" / "papers").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        title = re.search(r"^title: '?(.*?)'?$", text, re.M).group(1)
        body = text.split("\n---\n", 1)[1].split("## Related papers")[0]
        tags = re.search(r"^tags:\n((?:- .*\n)*)", text, re.M)
        papers[path.stem] = (title, f"{title} {body} {tags.group(1) if tags else ''}")
    return papers


def scale_queries(project: Path) -> list[tuple[str, str]]:
    """(query, slug): three names that start one paper's title only, and two words of 9+
    letters whose first 7 letters are in one paper only (search matches prefixes and stems)."""
    papers = _papers(project)
    firsts = {slug: title.split(":")[0] for slug, (title, _) in papers.items() if ":" in title}
    counts = Counter(first.lower() for first in firsts.values())
    names = [
        (first.lower(), slug)
        for slug, first in firsts.items()
        if re.fullmatch(r"[A-Z][A-Za-z]{4,}", first) and counts[first.lower()] == 1
    ]
    owners: dict[str, set[str]] = {}
    for slug, (_, text) in papers.items():
        for word in set(re.findall(r"[a-z]+", text.lower())):
            owners.setdefault(word, set()).add(slug)
    stems: dict[str, set[str]] = {}
    for word, slugs in owners.items():
        stems.setdefault(word[:7], set()).update(slugs)
    alone = [(word, next(iter(slugs))) for word, slugs in sorted(owners.items())
             if _WORD.fullmatch(word) and len(stems[word[:7]]) == 1]  # fmt: skip
    assert len(names) >= 3 and len(alone) >= 2, "the synthetic lists should give such words"
    step_names, step_alone = len(names) // 3, len(alone) // 2
    return [names[0], names[step_names], names[2 * step_names], alone[0], alone[step_alone]]
