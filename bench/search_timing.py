"""Time the first search of a reader on a built site, cold and warm, in Debian's Chromium.

    python bench/search_timing.py bench/out/work/n5000          # a project built by run.py
    python bench/search_timing.py /tmp/project --key-delay 50

Serves <project>/site on loopback under its site_url's sub-path, picks five queries from the
project's papers (tests/browser/coldsearch.py, `scale_queries`), and for each opens a fresh
browser context (empty cache) on the home page or a paper page, types the query as soon as the
page's scripts have run, and prints first keystroke -> first result / answer and the bytes
downloaded by each (gzip as GitHub Pages serves them, and raw). Then the same queries warm.
Works with either search engine (`search_engine: pagefind`, the default, or `material`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.browser.actions import search  # noqa: E402
from tests.browser.coldsearch import cold_search, scale_queries  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, built_site_url  # noqa: E402
from tests.browser.server import serve  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("project", type=Path, help="a built project (with site/ and docs/)")
    parser.add_argument("--key-delay", type=float, default=50, help="ms between keys")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    site = args.project / "site"
    queries = scale_queries(args.project)
    pages = ["", *(f"papers/{slug}/" for _, slug in queries[1:])]
    with serve(site, built_site_url(site)) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        colds = []
        for (query, slug), page in zip(queries, pages, strict=True):
            cold = cold_search(browser, server, page, query, f"papers/{slug}/",
                               key_delay=args.key_delay)  # fmt: skip
            colds.append(cold)
            own_raw, own_gz = cold.search_bytes()
            first_raw, first_gz = cold.first_bytes()
            print(f"cold {query!r} on /{page}: first result {cold.first_ms:.0f} ms, answer "
                  f"{cold.full_ms:.0f} ms (typing {cold.typing_ms:.0f} ms); downloaded by the "
                  f"first result {first_gz:,} B gzip / {first_raw:,} B raw, by the answer "
                  f"{cold.gzip:,} B gzip / {cold.raw:,} B raw, search's own "
                  f"{own_gz:,} B gzip / {own_raw:,} B raw")  # fmt: skip
        page = browser.new_page()
        page.goto(server.url(""))
        warm = [search(page, query, server.base).milliseconds for query, _ in queries]
        browser.close()
    print(f"cold first result median {statistics.median(c.first_ms for c in colds):.0f} ms, "
          f"slowest {max(c.first_ms for c in colds):.0f} ms; "
          f"answer median {statistics.median(c.full_ms for c in colds):.0f} ms, "
          f"slowest {max(c.full_ms for c in colds):.0f} ms; warm median "
          f"{statistics.median(warm):.0f} ms, slowest {max(warm):.0f} ms; bytes by the first "
          f"result (median) {statistics.median(c.first_bytes()[1] for c in colds):,.0f} B gzip / "
          f"{statistics.median(c.first_bytes()[0] for c in colds):,.0f} B raw; by the answer "
          f"{statistics.median(c.gzip for c in colds):,.0f} B gzip / "
          f"{statistics.median(c.raw for c in colds):,.0f} B raw")  # fmt: skip


if __name__ == "__main__":
    main()
