"""Self-contained and relocatable: the site asks nothing of any other origin, and works under
a project-site sub-path (https://USER.github.io/REPO/), as GitHub Pages serves it."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urldefrag, urljoin

import pytest
from lxml import html as lxml_html

from tests.browser.actions import CONTENT, expect, search, wait_for_heading

pytestmark = pytest.mark.browser

ADDRESSES = "//a/@href | //link/@href | //script/@src | //img/@src | //source/@src"


def test_reading_and_searching_request_nothing_from_other_origins(seed_server, seed_corpus, page):
    requests: list[str] = []
    page.context.on("request", lambda request: requests.append(request.url))
    # Anything leaving the machine is recorded above, then refused: tests stay offline.
    page.context.route(
        re.compile(r"^(?!http://127\.0\.0\.1:)"), lambda route: route.abort("blockedbyclient")
    )
    paper = next(paper for paper in seed_corpus.papers if paper.has_math)
    for path in ["", seed_corpus.topics[0].path, seed_corpus.lists[0].path, paper.path]:
        page.goto(seed_server.url(path))
        page.wait_for_load_state("networkidle")
    name, _ = seed_corpus.coined_names()[0]
    assert search(page, name, seed_server.base).paths
    outside = sorted({url for url in requests if not url.startswith(seed_server.base)})
    assert not outside, f"requests outside {seed_server.base}: {outside}"
    kinds = {url.rsplit(".", 1)[-1] for url in requests if "/assets/" in url}
    assert {"css", "js"} <= kinds, "the theme's own styles and scripts come from the site"


def test_every_link_and_asset_resolves_under_the_sub_path(seed_server):
    site = seed_server.root
    targets: dict[str, str] = {}
    for page_file in sorted(site.rglob("*.html")):
        url = seed_server.url(_address(page_file, site))
        for address in lxml_html.parse(str(page_file)).xpath(ADDRESSES):
            target = urldefrag(urljoin(url, address.strip())).url
            if target.startswith(seed_server.origin):
                targets.setdefault(target, url)
    assert len(targets) > 100
    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = dict(zip(targets, pool.map(_status, targets), strict=True))
    broken = {target: targets[target] for target, status in statuses.items() if status != 200}
    assert not broken, (
        f"{len(broken)} broken, e.g. (target, linked from): {list(broken.items())[:5]}"
    )


def test_absolute_addresses_use_the_site_url(seed_server, seed_site):
    site_url = (seed_server.built_for or "") + seed_server.prefix
    sitemap = (seed_server.root / "sitemap.xml").read_text(encoding="utf-8")
    locations = re.findall(r"<loc>([^<]+)</loc>", sitemap)
    assert locations and all(loc.startswith(site_url) for loc in locations)
    home = (seed_server.root / "index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{site_url}">' in home
    assert f'<meta property="og:url" content="{site_url}">' in home


def test_the_404_page_is_styled_and_leads_home_under_the_sub_path(seed_server, page):
    response = page.goto(seed_server.url("no/such/paper/"))
    assert response is not None and response.status == 404
    expect(page.locator(f"{CONTENT} h1")).to_have_text("Page not found")
    header = page.evaluate("getComputedStyle(document.querySelector('.md-header')).position")
    assert header == "sticky", "the theme's stylesheet did not load on the 404 page"
    page.locator(CONTENT).get_by_role("link", name="Topics", exact=True).click()
    wait_for_heading(page, "Topics")
    assert page.url == seed_server.url("topics/")


def _address(page_file: Path, site: Path) -> str:
    relative = page_file.relative_to(site).as_posix()
    return relative.removesuffix("index.html")


_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback, no proxy


def _status(url: str) -> int:
    try:
        with _DIRECT.open(urllib.request.Request(url, method="HEAD"), timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_page_opened_from_disk_says_what_does_not_work_and_how_to_serve(
    seed_site, seed_server, page
):
    """file:// loads no search index, facet index or module: the page says so, once, and only
    there; served over HTTP, no notice."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto((seed_site / "site" / "index.html").as_uri())
    notice = page.locator(".rl-file-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("readinglist serve")
    page.goto(seed_server.url())
    expect(notice).to_have_count(1)
    expect(notice).to_be_hidden()
    assert not errors, errors
