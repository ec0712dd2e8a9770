"""The look: dark mode that sticks, layouts that hold from a 375 px phone to a 1440 px screen,
pages that do not move while their scripts draw them, and screenshots of the main page kinds
in test-artifacts/screenshots/ for a human to judge."""

from __future__ import annotations

import pytest

from tests.browser.actions import CONTENT, expect, probe
from tests.browser.conftest import screenshot_path

pytestmark = pytest.mark.browser

SCHEME = "() => document.body.getAttribute('data-md-color-scheme')"
# Relative luminance of the page background, 0 (black) to 1 (white).
BACKGROUND = """() => {
  const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\\d+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}"""
# Elements sticking out past the right edge of the viewport, for the failure message.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth <= width) return [];
  return [...document.querySelectorAll('body *')]
    .filter(el => el.getBoundingClientRect().right > width + 1)
    .slice(0, 5).map(el => el.tagName + '.' + el.className + ': ' + el.textContent.slice(0, 60));
}"""


def test_dark_mode_is_remembered_across_pages_and_reloads(seed_server, seed_corpus, page):
    page.goto(seed_server.url())
    assert page.evaluate(SCHEME) == "default"
    assert page.evaluate(BACKGROUND) > 0.9
    page.locator("label[title='Switch to dark mode']").click()
    page.wait_for_function(f"() => ({SCHEME})() === 'slate'")
    assert page.evaluate(BACKGROUND) < 0.2
    page.goto(seed_server.url(seed_corpus.papers[0].path))
    assert page.evaluate(SCHEME) == "slate"
    page.reload()
    assert page.evaluate(SCHEME) == "slate"
    page.locator("label[title='Switch to light mode']").click()
    page.goto(seed_server.url(seed_corpus.topics[0].path))
    assert page.evaluate(SCHEME) == "default"


def test_the_reader_s_dark_preference_is_the_default(seed_server, new_page):
    page = new_page(color_scheme="dark")
    page.goto(seed_server.url())
    assert page.evaluate(SCHEME) == "slate"


def _pages_most_likely_to_overflow(corpus) -> list[str]:
    """Every kind of page once, every list, and the papers with the longest unbroken words
    (URLs), the longest titles, the most tags, and math."""
    papers = set(sorted(corpus.papers, key=lambda p: -p.longest_word)[:5])
    papers |= set(sorted(corpus.papers, key=lambda p: -len(p.title))[:3])
    papers |= set(sorted(corpus.papers, key=lambda p: -len(p.tags))[:3])
    papers |= {paper for paper in corpus.papers if paper.has_math}
    biggest_topic = max(corpus.topics, key=lambda topic: len(topic.paper_slugs))
    kinds = ["", "topics/", "lists/", "tags/", corpus.tags[0].path, "no-such-page/"]
    lists = [listing.path for listing in corpus.lists]
    return kinds + lists + [biggest_topic.path] + sorted(paper.path for paper in papers)


def test_no_page_scrolls_sideways_on_a_375px_phone(seed_server, seed_corpus, new_page):
    page = new_page(width=375, height=740, is_mobile=True, has_touch=True)
    overflowing = {}
    for path in _pages_most_likely_to_overflow(seed_corpus):
        page.goto(seed_server.url(path), wait_until="domcontentloaded")
        if culprits := page.evaluate(OVERFLOW):
            overflowing[path] = culprits
    assert not overflowing, f"{len(overflowing)} pages scroll sideways: {overflowing}"


@pytest.mark.parametrize("width", [1440, 1024])
def test_the_layout_holds_on_wide_screens(seed_server, seed_corpus, new_page, width):
    page = new_page(width=width)
    paper = max(seed_corpus.papers, key=lambda p: len(p.tags) + len(p.title))
    for path in ["", "topics/", seed_corpus.topics[0].path, paper.path, "tags/"]:
        page.goto(seed_server.url(path))
        assert page.evaluate(OVERFLOW) == [], path
        sidebar = page.locator(".md-sidebar--primary")
        if path:  # the home page hides the navigation on purpose
            expect(sidebar, f"navigation sidebar hidden at {width}px on {path}").to_be_visible()


# Lighthouse counts a cumulative layout shift up to 0.1 as good and takes points off well
# before; these pages are drawn or completed by script after they load.
MOST_SHIFT = 0.05
SHIFTS = "() => new Promise(r => setTimeout(() => r(window.__shifts), 1000))"


def _shifts(page, url: str) -> tuple[float, list[str]]:
    page.goto(url, wait_until="networkidle")
    shifts = page.evaluate(SHIFTS)
    return sum(shift["value"] for shift in shifts), [m for s in shifts for m in s["moved"]]


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_pages_do_not_move_while_their_scripts_draw_them(
    seed_server, seed_corpus, new_page, width, height
):
    page = new_page(width=width, height=height)
    page.add_init_script(probe("layout_shifts"))
    paper = seed_corpus.papers[0]
    paths = ["", "browse/", "my-list/", paper.path, _largest_topic(seed_corpus).path]
    shifted = {path: _shifts(page, seed_server.url(path)) for path in paths}
    page.locator(f"{CONTENT} .rl-mine").get_by_role("button", name="Add to my list").first.click()
    shifted["my-list/ holding a paper"] = _shifts(page, seed_server.url("my-list/"))
    expect(page.locator(".rl-mylist__item")).to_have_count(1)
    moving = {path: found for path, found in shifted.items() if found[0] > MOST_SHIFT}
    assert not moving, f"layout shifts over {MOST_SHIFT} at {width}px: {moving}"


def _largest_topic(corpus):
    return max(corpus.topics, key=lambda topic: len(topic.paper_slugs))


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_home_a_topic_and_a_paper(seed_server, seed_corpus, new_page, scheme):
    paper = next((p for p in seed_corpus.papers if p.has_math), seed_corpus.papers[0])
    topic = max(seed_corpus.topics, key=lambda listing: len(listing.paper_slugs))
    shots = {"home": "", "topic": topic.path, "paper": paper.path}
    for width in (1440, 375):
        page = new_page(width=width, height=1000 if width > 375 else 800, color_scheme=scheme)
        for name, path in shots.items():
            page.goto(seed_server.url(path))
            page.wait_for_load_state("networkidle")
            target = screenshot_path(f"{name}-{scheme}-{width}")
            page.screenshot(path=str(target))
            assert target.stat().st_size > 10_000
