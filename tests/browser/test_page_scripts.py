"""The page scripts as modules, in Chromium: each kind of page loads only the modules it uses
(a paper page the Add-to-my-list code alone), nothing is shared through window, and Back
within browse/ is drawn by the page after arriving by instant navigation too, while Back out
of it is the theme's."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest

from tests.browser.actions import mark_document, same_document, visit

pytestmark = pytest.mark.browser

EVERY_PAGE = {"history.js", "search.js", "readinglist.js"}
MARKS = {"marks.js", "store.js", "site.js"}
CONTROLLER = {"controller.js", "controls.js", "facets.js", "browse-index.js"}
MY_LIST = {"mylist-page.js", "mylist-files.js", "addresses.js"}  # formats.js: only for a file


def _scripts(page, server, path: str) -> set[str]:
    """The site's own scripts (javascripts/, not the theme's assets/) a page asks for."""
    ours = urlsplit(server.url("javascripts/")).path
    asked: list[str] = []
    page.on("request", lambda request: asked.append(urlsplit(request.url).path))
    visit(page, server.url(path))
    return {url[len(ours) :] for url in asked if url.startswith(ours)}


def test_each_kind_of_page_loads_only_the_modules_it_uses(seed_server, seed_corpus, new_page):
    expected = {
        seed_corpus.papers[0].path: EVERY_PAGE | MARKS,
        "about/": EVERY_PAGE,
        "browse/": EVERY_PAGE | MARKS | CONTROLLER | {"browse.js", "words.js"},
        "map/": EVERY_PAGE | CONTROLLER | {"map.js", "mapview.js", "site.js", "words.js"},
        "my-list/": EVERY_PAGE | MARKS | CONTROLLER | MY_LIST,
    }
    for path, scripts in expected.items():
        page = new_page()
        assert _scripts(page, seed_server, path) == scripts, path
        ours = page.evaluate("() => Object.keys(window).filter(k => /^readinglist/i.test(k))")
        assert ours == [], path


def test_back_within_browse_after_instant_navigation_and_back_out_of_it(
    seed_site, seed_server, seed_corpus, page
):
    topic = seed_corpus.topics[0]
    visit(page, seed_server.url(topic.path))
    mark_document(page)
    page.get_by_role("link", name="Browse and filter these papers").click()
    page.wait_for_url(re.compile(r"/browse/\?topic="))
    page.wait_for_function("() => document.querySelector('.rl-browse__count')?.textContent")
    page.evaluate("() => { window.__box = document.getElementById('rl-browse'); }")
    page.get_by_role("button", name="Clear filters").click()
    page.wait_for_function("() => location.search === ''")
    page.go_back()  # to the topic's view, drawn by the page
    page.wait_for_function("() => location.search.startsWith('?topic=')")
    page.wait_for_function("() => document.querySelector('.rl-facet input:checked')")
    assert page.evaluate("() => document.getElementById('rl-browse') === window.__box")
    page.go_back()  # out of browse/: the theme shows the topic page again, in place
    page.wait_for_function("p => location.pathname.endsWith(p)", arg=topic.path)
    page.wait_for_function("() => !document.getElementById('rl-browse')")
    assert same_document(page)
