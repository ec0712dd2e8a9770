"""Time the browse page of a large site in Debian's Chromium, and what a reader downloads for it.

    python bench/browse_timing.py                          # builds a 5,000-paper project first
    python bench/browse_timing.py --papers 1000 --runs 5
    python bench/browse_timing.py --project bench/out/work/n5000   # a project built already

Without --project, lays out a synthetic project (`synth.py`, `project.py`) in
bench/out/work/browse-n<N>/ and builds it with `readinglist build` (reused when it is built
already). Then serves its site/ on loopback under its site_url's sub-path and prints:

1. the gzip bytes (as GitHub Pages serves text) and raw bytes of the facet index, and of
   everything a reader's browser downloaded to open browse/ cold (page, theme, scripts, index);
2. a cold click: a fresh context (empty cache) opens the largest topic page; the time from the
   press on its "Browse and filter these papers" link to the filtered count and results painted
   (instant navigation keeps one document: both are stamped on its clock);
3. the same view opened cold by its address (a bookmark): navigation start -> painted;
4. a facet click on an open browse page: pointer pressed -> count and results redrawn, painted;
5. the same with the words box: the words entered -> results narrowed, which includes the
   box's 300 ms wait for more typing (Pagefind loads on first use).

Each figure is the median of --runs runs, with the range.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import project as bench_project  # noqa: E402
import synth  # noqa: E402

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, built_site_url  # noqa: E402
from tests.browser.server import serve  # noqa: E402

COUNT = ".rl-browse__count"
# Resolves on the next frame after `selector`'s text changed from `before`: painted.
PAINTED = """([selector, before]) => new Promise(resolve => {
  const check = () => {
    const node = document.querySelector(selector);
    if (node && node.textContent && node.textContent !== before) {
      const now = () => performance.timeOrigin + performance.now();
      requestAnimationFrame(() => setTimeout(() => resolve(now())));
    } else requestAnimationFrame(check);
  };
  check();
})"""


STAMP = """() => { window.__stamp = null;
  const stamp = () => { window.__stamp ??= performance.timeOrigin + performance.now(); };
  for (const type of ["pointerdown", "input"]) {
    document.addEventListener(type, stamp, { capture: true, once: true });
  }
}"""


def build_project(papers: int) -> Path:
    root = REPO / "bench" / "out" / "work" / f"browse-n{papers}"
    if (root / "site" / "browse" / "index.json").is_file():
        return root
    lists = synth.make_lists(synth.read_sources(REPO / "lists"), papers)
    bench_project.make_project(root, lists)
    command = [sys.executable, "-m", "generator.cli", "build"]
    subprocess.run(command, cwd=root, check=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    return root


def sizes(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    return len(data), len(gzip.compress(data, 6))


def largest_topic(site: Path) -> str:
    """The topic page whose browse link leads to the most papers."""
    pages = sorted((site / "topics").glob("*/index.html"))
    return max(pages, key=lambda p: p.stat().st_size).parent.relative_to(site).as_posix() + "/"


def cold_click(browser, server, topic: str) -> tuple[float, int, int]:
    """Click -> filtered results painted, from a topic page opened cold; and the bytes
    (raw, gzip) of every file the browse page needed."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(server.url(topic))
    page.wait_for_load_state("networkidle")
    fetched: list[str] = []
    page.on("requestfinished", lambda request: fetched.append(request.url))
    link = page.get_by_role("link", name="Browse and filter these papers")
    link.evaluate("a => a.addEventListener('pointerdown', () => sessionStorage.setItem("
                  "'click', String(performance.timeOrigin + performance.now())))")  # fmt: skip
    link.click()
    page.wait_for_url("**/browse/**")
    painted = page.evaluate(PAINTED, [COUNT, ""])
    clicked = float(page.evaluate("() => sessionStorage.getItem('click')"))
    raw = zipped = 0
    for url in set(fetched):
        file = server.file_for(url)
        if file is not None:
            r, z = sizes(file)
            raw, zipped = raw + r, zipped + z
    context.close()
    return painted - clicked, raw, zipped


def cold_open(browser, server, topic: str) -> float:
    """browse/ pre-filtered to `topic`, opened by its address in an empty cache: navigation
    start -> filtered results painted."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(server.url("browse/") + "?topic=" + topic.split("/")[1], wait_until="commit")
    painted = page.evaluate(PAINTED, [COUNT, ""]) - page.evaluate("() => performance.timeOrigin")
    context.close()
    return painted


def open_click(page, action: Callable[[], None]) -> float:
    """`action` on an open browse page -> the count redrawn and painted, timed in the page
    from the first event the action fires (the pointer pressed, or the words' input)."""
    before = page.inner_text(COUNT)
    page.evaluate(STAMP)
    action()
    return page.evaluate(PAINTED, [COUNT, before]) - page.evaluate("() => window.__stamp")


def facet_clicks(browser, server, runs: int) -> tuple[list[float], list[float]]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server.url("browse/"))
    page.wait_for_function("() => document.querySelector('.rl-facet input')")
    facet, words = [], []
    boxes = page.locator(".rl-facet input[type=checkbox]")
    for run in range(runs):  # tick a value, then untick it: two changes a run
        box = boxes.nth(run % 3)
        facet.append(open_click(page, box.click))
        facet.append(open_click(page, box.click))
    field = page.locator("input[name=words]")
    for term in ["learning", "attack", "graph", "agent", "bound"][:runs]:
        words.append(open_click(page, partial(field.fill, term)))
    page.close()
    return facet, words


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):.0f} ms ({min(values):.0f}-{max(values):.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--papers", type=int, default=5000)
    parser.add_argument("--project", type=Path, help="a built project (default: build one)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    root = args.project or build_project(args.papers)
    site = root / "site"
    papers = len(list((root / "docs" / "papers").glob("*.md")))
    raw, zipped = sizes(site / "browse" / "index.json")
    print(f"{papers} papers: facet index {zipped:,} B gzip / {raw:,} B raw")
    topic = largest_topic(site)
    with serve(site, built_site_url(site)) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        colds = [cold_click(browser, server, topic) for _ in range(args.runs)]
        opened = [cold_open(browser, server, topic) for _ in range(args.runs)]
        facet, words = facet_clicks(browser, server, args.runs)
        browser.close()
    print(f"downloaded to open browse/ from /{topic} (cold cache): {colds[0][2]:,} B gzip / "
          f"{colds[0][1]:,} B raw")  # fmt: skip
    print(f"cold: click on /{topic}'s browse link -> filtered results painted: "
          f"{summary([c[0] for c in colds])}")  # fmt: skip
    print(f"cold: browse/?topic=... opened by its address -> filtered results painted: "
          f"{summary(opened)}")  # fmt: skip
    print(f"open page: facet click -> redrawn: {summary(facet)}")
    print(f"open page: words typed -> narrowed (Pagefind loaded on the first): {summary(words)}")


if __name__ == "__main__":
    main()
