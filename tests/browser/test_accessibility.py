"""Accessibility: every kind of page, light and dark, passes axe-core with no serious or
critical violations. axe comes inside the axe-playwright-python package (axe.min.js is in
the wheel), so nothing is fetched; the context refuses any request that leaves loopback."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import cannot_run

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # a test dependency; CI fails rather than skips (see cannot_run)
    Axe = None

pytestmark = pytest.mark.browser


def _page_kinds(corpus) -> dict[str, str]:
    paper = max(corpus.papers, key=lambda p: (p.has_math, len(p.tags)))
    with_links = max(corpus.papers, key=lambda p: p.links)
    return {
        "home": "",
        "topics index": "topics/",
        "topic": corpus.topics[0].path,
        "list": corpus.lists[0].path,
        "tags index": "tags/",
        "tag": corpus.tags[0].path,
        "paper": paper.path,
        "paper with code": with_links.path,
        "not found": "no-such-page/",
    }


def _serious(results: dict) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}, {len(v['nodes'])}x): {v['nodes'][0]['html'][:120]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_kind_of_page_passes_axe(seed_server, seed_corpus, new_page, scheme):
    if Axe is None:
        cannot_run("axe-playwright-python is not installed (pip install -e '.[test]')")
    page = new_page(color_scheme=scheme)
    page.context.route(re.compile(r"^(?!http://127\.0\.0\.1:)"), lambda route: route.abort())
    axe = Axe()
    found = {}
    for kind, path in _page_kinds(seed_corpus).items():
        page.goto(seed_server.url(path))
        page.wait_for_load_state("networkidle")
        if problems := _serious(axe.run(page).response):
            found[kind] = problems
    assert not found, f"axe ({scheme}): {found}"
