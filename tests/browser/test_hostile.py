"""Hostile input: lists whose names and abstracts carry markup, handlers and javascript: links
(tests/browser/fixtures/hostile.txt, plus tests/fixtures/hostile/ when present). Every page
of the built site is loaded and hovered; nothing injected may run or even exist as markup."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.actions import CONTENT, expect, probe, search

pytestmark = pytest.mark.browser

# Every way a payload could report that it ran: the fixtures' payloads set window.__pwned,
# and the dialog functions are replaced before any page script runs.
TRAP = """
for (const name of ['alert', 'confirm', 'prompt', 'print', 'open']) {
  window[name] = (...args) => { window.__pwned = name + ': ' + args.join(' '); };
}
"""

INSPECT = probe("injected")


def _pages(site: Path) -> list[str]:
    pages = sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))
    return [page.removesuffix("index.html") for page in pages]


def test_no_page_of_a_hostile_list_runs_or_contains_injected_code(edge_server, page):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.add_init_script(TRAP)
    # The search index is not needed to render a page (search is tested below); refusing it
    # saves re-indexing on each of the ~200 page loads.
    page.route("**/search/search_index.json", lambda route: route.abort())
    found = {}
    for path in _pages(edge_server.root):
        page.goto(edge_server.url(path))
        state = page.evaluate(INSPECT)
        if state["pwned"] or state["handlers"] or state["urls"] or state["elements"]:
            found[path] = state
    assert len(_pages(edge_server.root)) > 20
    assert not dialogs
    assert not found, f"injected code on {len(found)} pages, e.g. {next(iter(found.items()))}"


def test_material_search_shows_hostile_text_as_text(edge_material_server, page):
    """`search_engine: material`: lunr's results, from Material's own index."""
    page.add_init_script(TRAP)
    page.goto(edge_material_server.url())
    outcome = search(page, "onerror", edge_material_server.base)
    assert outcome.paths, "the hostile abstracts mention onerror"
    state = page.evaluate(INSPECT)
    assert state == {"pwned": None, "handlers": [], "urls": [], "elements": []}


@pytest.mark.parametrize("query", ["onerror", "script", "javascript"])
def test_pagefind_results_show_hostile_text_as_text(edge_server, page, query):
    """Pagefind (the default engine): its titles and excerpts come from the built pages; its
    worker escapes them before Material's result list inserts them as HTML."""
    page.add_init_script(TRAP)
    page.goto(edge_server.url())
    outcome = search(page, query, edge_server.base)
    assert outcome.paths, f"the hostile abstracts mention {query}"
    results = page.locator(".md-search-result__list")
    expect(results).to_contain_text(query, ignore_case=True, use_inner_text=True)
    state = page.evaluate(INSPECT)
    assert state == {"pwned": None, "handlers": [], "urls": [], "elements": []}


def test_a_hostile_list_name_reads_exactly_as_written(edge_server, edge_site, page):
    """Escaped once: the reader sees the characters of the list name, not markup and not
    entities such as &lt;."""
    name = (edge_site / "lists").glob("*hostile.txt").__next__().read_text("utf-8").split("\n")[0]
    page.goto(edge_server.url("lists/"))
    page.locator(CONTENT).get_by_role("link", name=name, exact=True).click()
    page.wait_for_function(
        "name => document.querySelector('article.md-content__inner h1')?.textContent === name",
        arg=name,
    )
    chip = page.locator("header.rl-paper .rl-chip--list")
    page.locator(f"{CONTENT} li > a").first.click()
    expect(chip).to_have_text([name], use_inner_text=True)


def _show_a_hostile_card(page, server) -> None:
    """map/ is drawn by its script: the point of a paper whose summary carries markup is
    focused and its card waited for, the summary (fetched only then) shown as text."""
    summaries = page.request.get(server.url("browse/summaries.json")).json()["summary"]
    n = next(n for n, summary in enumerate(summaries) if "<" in summary)
    point = page.locator("a.rl-map__point[href]").nth(n)  # a link: the index is here
    point.focus()
    expect(page.locator(".rl-map__info .rl-map__summary")).to_have_text(summaries[n])


def test_sessions_of_a_hostile_list_run_nothing_and_their_calendar_holds_text(group_server, page):
    """The pages a reading group adds (home's next session, Sessions, the map, the papers'
    lines) over hostile lists with hostile presenters and notes, and sessions.ics read back
    by a real parser: the payloads are text everywhere."""
    import icalendar

    page.add_init_script(TRAP)
    page.route("**/search/search_index.json", lambda route: route.abort())
    found = {}
    papers = [p for p in _pages(group_server.root) if p.startswith("papers/")]
    for path in ["", "sessions/", "map/", *papers]:
        page.goto(group_server.url(path))
        if path == "map/":
            _show_a_hostile_card(page, group_server)
        state = page.evaluate(INSPECT)
        if state["pwned"] or state["handlers"] or state["urls"] or state["elements"]:
            found[path] = state
    assert not found, f"injected code on {len(found)} pages, e.g. {next(iter(found.items()))}"
    response = page.request.get(group_server.url("sessions.ics"))
    calendar = icalendar.Calendar.from_ical(response.body())
    described = " ".join(str(event["DESCRIPTION"]) for event in calendar.walk("VEVENT"))
    assert "<img src=x onerror=window.__pwned=1>" in described
    assert "<script>window.__pwned=1</script> [x](javascript:window.__pwned=1)" in described
