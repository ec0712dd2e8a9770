"""Math: `$...$` arrives as MathML built at generation time; the browser must typeset it.

Typeset means laid out, not merely present: every formula has a box, subscripts sit lower
and superscripts higher than their base in a smaller size, a fraction's numerator sits above
its denominator, and no TeX source is left in the text. Checked on every abstract and listing
with math, also after arriving by instant navigation."""

from __future__ import annotations

import pytest

from tests.browser.actions import CONTENT, probe, visit, wait_for_heading

pytestmark = pytest.mark.browser

LAYOUT_PROBLEMS = probe("math_layout")


def _problems(page) -> list[str]:
    return page.evaluate(LAYOUT_PROBLEMS, CONTENT)


def test_math_in_every_abstract_is_typeset(seed_server, seed_corpus, page):
    papers = [paper for paper in seed_corpus.papers if paper.has_math]
    assert papers, "the seed lists have abstracts with $...$"
    for paper in papers:
        page.goto(seed_server.url(paper.path))
        assert _problems(page) == [], paper.path


def test_math_in_listings_is_typeset(edge_server, edge_corpus, page):
    listings = [p for p in (*edge_corpus.topics, *edge_corpus.lists) if p.has_math]
    assert listings, "the math fixture's summaries carry math into the listings"
    for listing in listings:
        page.goto(edge_server.url(listing.path))
        assert _problems(page) == [], listing.path


def test_math_is_typeset_after_instant_navigation(seed_server, seed_corpus, page):
    paper = next(paper for paper in seed_corpus.papers if paper.has_math)
    topic = next(t for t in seed_corpus.topics if paper.slug in t.paper_slugs)
    visit(page, seed_server.url())
    page.evaluate("() => { window.__sameDocument = true; }")
    page.locator(CONTENT).get_by_role("link", name=topic.title, exact=True).click()
    wait_for_heading(page, topic.title)
    page.locator(CONTENT).get_by_role("link", name=paper.title, exact=True).click()
    wait_for_heading(page, paper.title)
    assert page.evaluate("() => window.__sameDocument") is True
    assert _problems(page) == []


def test_math_in_a_listing_is_typeset_after_instant_navigation(edge_server, edge_corpus, page):
    listing = next(p for p in edge_corpus.lists if p.has_math)
    visit(page, edge_server.url())
    page.locator(CONTENT).get_by_role("link", name=listing.title, exact=True).click()
    wait_for_heading(page, listing.title)
    assert _problems(page) == []


_INLINE_TYPE = r"""(content) => {
  const root = document.querySelector(content);
  const wrong = [...root.querySelectorAll('math:not([display="block"]) mn')]
    .filter(mn => getComputedStyle(mn).fontFamily
                  !== getComputedStyle(mn.closest('p, li')).fontFamily)
    .map(mn => mn.closest('math').getAttribute('alttext'));
  const sims = [...root.querySelectorAll('math')]
    .filter(math => math.getAttribute('alttext') === String.raw`\sim`).map(math => [
    math.getBoundingClientRect().width, math.querySelector('mo').getBoundingClientRect().width]);
  return {wrong, sims, numbers: root.querySelectorAll('math mn').length};
}"""


def test_inline_numbers_are_in_the_text_font_and_a_lone_sim_has_no_side_spaces(
    seed_server, seed_corpus, page
):
    """`$\\sim$78.97\\%`: the tilde as wide as its glyph (no operator space either side), and
    every number of a formula in a sentence in the sentence's own font."""
    checked_sim = checked_numbers = 0
    for paper in (paper for paper in seed_corpus.papers if paper.has_math):
        page.goto(seed_server.url(paper.path))
        found = page.evaluate(_INLINE_TYPE, CONTENT)
        assert found["wrong"] == [], paper.path
        for whole, glyph in found["sims"]:
            assert whole <= glyph + 0.5, paper.path
        checked_sim += len(found["sims"])
        checked_numbers += found["numbers"]
    assert checked_sim and checked_numbers, "the seed lists have $\\sim$ and numbers in math"
