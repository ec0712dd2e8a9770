"""The second wall: every page carries a Content-Security-Policy that lets the site's own
scripts run and nothing else. Reading and searching raise no violation; a script planted in a
built page, as escaping failing would leave it, does not run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.browser.actions import search
from tests.browser.conftest import built_site_url
from tests.browser.server import serve

pytestmark = pytest.mark.browser

# Registered before any of the page's own scripts: every violation the page raises, recorded.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + (event.blockedURI || "inline"));
});
"""


def _violations(page) -> list[str]:
    return page.evaluate("() => window.__violations")


def test_every_built_page_carries_the_policy(seed_site: Path) -> None:
    pages = sorted((seed_site / "site").rglob("*.html"))
    without = [p for p in pages if "Content-Security-Policy" not in p.read_text("utf-8")
               and 'http-equiv="refresh"' not in p.read_text("utf-8")]  # fmt: skip
    assert pages and not without, without[:5]
    policy = (seed_site / "site" / "index.html").read_text(encoding="utf-8")
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert "object-src 'none'" in policy and "base-uri 'self'" in policy


def test_reading_and_searching_raise_no_violation(seed_server, seed_corpus, page) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    paper = next(paper for paper in seed_corpus.papers if paper.has_math)
    page.goto(seed_server.url(""))
    page.wait_for_load_state("networkidle")
    assert page.evaluate("() => typeof document$ !== 'undefined'"), "the theme's scripts ran"
    for path in [seed_corpus.topics[0].path, seed_corpus.lists[0].path, paper.path]:
        page.goto(seed_server.url(path))
        page.wait_for_load_state("networkidle")
        assert _violations(page) == [], path
    page.goto(seed_server.url(""))
    page.locator("article a[href*='topics/']").first.click()  # instant navigation's fetches
    page.wait_for_load_state("networkidle")
    assert "/topics/" in page.url and _violations(page) == []
    name, _ = seed_corpus.coined_names()[0]
    assert search(page, name, seed_server.base).paths
    assert _violations(page) == []


def test_a_script_planted_in_a_built_page_does_not_run(seed_site: Path, tmp_path, page) -> None:
    site = tmp_path / "site"
    shutil.copytree(seed_site / "site", site)
    home = site / "index.html"
    hostile = "<script>window.__planted = true</script><img src=x onerror='window.__planted = 1'>"
    planted = home.read_text(encoding="utf-8").replace("</article>", hostile + "</article>", 1)
    assert planted != home.read_text(encoding="utf-8")
    home.write_text(planted, encoding="utf-8")
    page.add_init_script(RECORD_VIOLATIONS)
    with serve(site, built_site_url(seed_site / "site")) as server:
        page.goto(server.url(""))
        page.wait_for_load_state("networkidle")
        assert page.evaluate("() => window.__planted === undefined")
        assert any(v.startswith("script-src") for v in _violations(page)), _violations(page)


@pytest.mark.parametrize("site", ["edge_server", "edge_material_server"])
def test_either_search_engine_runs_under_the_policy(site, request, page) -> None:
    """Pagefind (the default) runs WebAssembly, allowed by 'wasm-unsafe-eval' and nothing
    looser; `search_engine: material` runs lunr in a worker of the site's own."""
    server = request.getfixturevalue(site)
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(server.url())
    assert search(page, "script", server.base).paths
    assert _violations(page) == []
