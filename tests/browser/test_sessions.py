"""A reading group's sessions as a reader meets them, on a desktop and a 390 px phone: the
next session first on the home page, the Sessions page one click away in the header, and a
paper's page leading to its session. Built for 2026-01-01 (`group_site`)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.actions import CONTENT
from tests.browser.conftest import cannot_run

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:
    Axe = None

pytestmark = pytest.mark.browser
WIDTHS = [1280, 390]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_home_page_opens_with_the_next_session(group_server, new_page, width):
    page = new_page(width=width)
    page.goto(group_server.url())
    block = page.locator(f"{CONTENT} .rl-next-session")
    expect(block).to_be_visible()
    expect(block.locator("h2")).to_have_text("Next session: Wednesday 7 January 2026")
    # First after the page's title: above every other part of the home page.
    expect(page.locator(f"{CONTENT} h1 + .rl-next-session")).to_have_count(1)
    expect(block.locator("li > a")).to_have_count(2)
    expect(block).to_contain_text("Bob</p><script>window.__pwned=1</script>")
    fits = "el => el.scrollWidth <= el.clientWidth"
    assert page.locator(CONTENT).evaluate(fits), "the block makes the page scroll sideways"
    block.get_by_role("link", name="All sessions").click()
    expect(page).to_have_url(re.compile(r"/repo/sessions/$"))
    expect(page.locator(f"{CONTENT} h3").first).to_have_text("Next: Wednesday 7 January 2026")


@pytest.mark.parametrize("width", WIDTHS)
def test_sessions_are_one_click_from_the_header(group_server, new_page, width):
    page = new_page(width=width)
    page.goto(group_server.url("tags/"))
    tab = page.locator(".md-tabs").get_by_role("link", name="Sessions")
    expect(tab).to_be_visible()
    tab.click()
    expect(page).to_have_url(re.compile(r"/repo/sessions/$"))
    past = page.locator("#session-2025-12-10")
    expect(past).to_have_text("Wednesday 10 December 2025")
    expect(page.locator(CONTENT).get_by_role("link", name="Recording")).to_have_attribute(
        "href", "https://example.org/rec?a=1&amp;b=2"
    )


@pytest.mark.parametrize("width", WIDTHS)
def test_a_paper_page_leads_to_its_session(group_server, new_page, width):
    page = new_page(width=width)
    page.goto(group_server.url())
    page.locator(f"{CONTENT} .rl-next-session li > a").first.click()
    when = page.locator(".rl-when")
    expect(when).to_have_text("To be discussed on Wednesday 7 January 2026.")
    when.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/repo/sessions/#session-2026-01-07$"))
    expect(page.locator("#session-2026-01-07")).to_be_in_viewport()


@pytest.mark.parametrize("path", ["", "sessions/"])
def test_the_session_pages_pass_axe(group_server, page, path):
    if Axe is None:
        cannot_run("axe-playwright-python is not installed (pip install -e '.[test]')")
    page.goto(group_server.url(path))
    expect(page.locator(f"{CONTENT} h2").first).to_be_visible()
    results = Axe().run(page).response
    serious = [(v["id"], v["nodes"][0]["html"][:160]) for v in results["violations"]
               if v["impact"] in ("serious", "critical")]  # fmt: skip
    assert not serious
