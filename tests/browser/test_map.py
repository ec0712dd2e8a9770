"""The map page as a reader meets it, on a desktop and a 390 px phone (the shipped lists,
`seed_server`): every paper a point, drawn before the facet index arrives and a link once it
has, focus telling its title and summary, a click opening the
paper, browse/'s word filter lighting its papers (the view in the address), the keyboard
zooming, a paper page's "This paper on the map" focusing its point, and axe clean."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import cannot_run

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:
    Axe = None

pytestmark = pytest.mark.browser
WIDTHS = [1280, 390]
POINTS = ".rl-map__point"
LINKS = "a.rl-map__point[href]"  # a point once the facet index has named its paper


def open_map(page, server, path="map/"):
    page.goto(server.url(path))
    expect(page.locator(LINKS)).to_have_count(76)
    expect(page.locator(".rl-map-none")).to_be_hidden()


@pytest.mark.parametrize("width", WIDTHS)
def test_points_are_drawn_before_the_index_and_become_links_with_it(seed_server, new_page, width):
    """map/points.json alone draws every point, coloured; the facet index, held back here,
    then makes each a link with its paper's title, in the Tab order, and names the colours."""
    page = new_page(width=width)
    held = []
    page.route("**/browse/index.json", lambda route: held.append(route))  # held: unanswered
    page.goto(seed_server.url("map/"))
    expect(page.locator(POINTS)).to_have_count(76)
    expect(page.locator(".rl-map-none")).to_have_count(0)
    expect(page.locator(".rl-map__count")).to_have_text("76 papers on the map")
    colours = page.locator(f"{POINTS} circle").evaluate_all(
        "circles => new Set(circles.map(c => c.getAttribute('fill'))).size"
    )
    assert colours > 3
    assert held, "the index was asked for"
    expect(page.locator(LINKS)).to_have_count(0)
    expect(page.locator(f"{POINTS}[aria-label]")).to_have_count(0)
    expect(page.locator(".rl-map__legend li")).to_have_count(0)

    for route in held:  # released
        route.continue_()
    expect(page.locator(LINKS)).to_have_count(76)
    expect(page.locator(".rl-map__legend li").first).to_be_visible()
    expect(page.get_by_role("searchbox", name="Words")).to_be_visible()
    first = page.locator(POINTS).first
    expect(first).to_have_attribute("aria-label", re.compile(r"\S"))
    page.locator(".rl-map__svg").focus()
    page.keyboard.press("Tab")
    expect(first).to_be_focused()
    expect(page.locator(".rl-map__info .rl-map__title")).to_have_text(
        first.get_attribute("aria-label")
    )


@pytest.mark.parametrize("width", WIDTHS)
def test_points_are_drawn_and_focus_tells_the_title(seed_server, new_page, width):
    page = new_page(width=width)
    open_map(page, seed_server)
    expect(page.locator(".rl-map__count")).to_have_text("76 papers on the map")
    expect(page.locator(".rl-map__legend li").first).to_be_visible()
    point = page.locator(POINTS).nth(3)
    title = point.get_attribute("aria-label")
    point.focus()
    expect(point).to_be_focused()
    expect(page.locator(".rl-map__info .rl-map__title")).to_have_text(title)
    expect(page.locator(".rl-map__info .rl-map__summary")).not_to_be_empty()
    fits = "el => el.scrollWidth <= el.clientWidth"
    assert page.locator("article.md-content__inner").evaluate(fits), "the map scrolls sideways"


@pytest.mark.parametrize("width", WIDTHS)
def test_a_point_opens_its_paper(seed_server, new_page, width):
    page = new_page(width=width)
    open_map(page, seed_server)
    point = page.locator(POINTS).first
    href = point.get_attribute("href")
    point.locator("circle").click(force=True)  # the point's own spot, whatever lies near it
    expect(page).to_have_url(href)
    expect(page.locator("article.md-content__inner h1")).to_be_visible()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_word_filter_lights_its_papers_and_lives_in_the_address(seed_server, new_page, width):
    page = new_page(width=width)
    open_map(page, seed_server)
    page.get_by_role("searchbox", name="Words").fill("preference")
    expect(page).to_have_url(re.compile(r"/map/\?words=preference$"))
    expect(page.locator(".rl-map__count")).to_have_text(re.compile(r"^\d+ of 76 papers match"))
    expect(page.locator(".rl-map__point--in").first).to_be_attached()
    expect(page.locator(".rl-map__point--out").first).to_be_attached()
    expect(page.locator(".rl-map__point--out").first).to_have_attribute("tabindex", "-1")
    page.goto(seed_server.url("map/?words=preference"))  # the address alone makes the view
    expect(page.locator(".rl-map__count")).to_have_text(re.compile(r"^\d+ of 76 papers match"))


@pytest.mark.parametrize("width", WIDTHS)
def test_the_keyboard_zooms_and_moves_the_view(seed_server, new_page, width):
    page = new_page(width=width)
    open_map(page, seed_server)
    svg = page.locator(".rl-map__svg")
    whole = svg.get_attribute("viewBox")
    svg.focus()
    page.keyboard.press("+")
    expect(svg).not_to_have_attribute("viewBox", whole)
    closer = svg.get_attribute("viewBox")
    page.keyboard.press("ArrowRight")
    expect(svg).not_to_have_attribute("viewBox", closer)
    page.keyboard.press("0")
    expect(svg).to_have_attribute("viewBox", whole)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_paper_page_leads_to_its_point(seed_server, seed_corpus, new_page, width):
    page = new_page(width=width)
    open_map(page, seed_server)
    point = page.locator(POINTS).nth(10)
    paper_id, title = point.get_attribute("data-id"), point.get_attribute("aria-label")
    page.goto(point.get_attribute("href"))
    page.get_by_role("link", name="This paper on the map").click()
    expect(page).to_have_url(re.compile(rf"/map/#{paper_id}$"))
    focused = page.locator(f"{POINTS}[data-id='{paper_id}']")
    expect(focused).to_be_focused()
    expect(page.locator(".rl-map__info .rl-map__title")).to_have_text(title)
    expect(page.locator(".rl-map__svg")).not_to_have_attribute("viewBox", "-500 -500 11000 11000")


def test_the_map_passes_axe(seed_server, page):
    if Axe is None:
        cannot_run("axe-playwright-python is not installed (pip install -e '.[test]')")
    open_map(page, seed_server)
    results = Axe().run(page).response
    serious = [(v["id"], v["nodes"][0]["html"][:160]) for v in results["violations"]
               if v["impact"] in ("serious", "critical")]  # fmt: skip
    assert not serious


# The index of the first point well inside the view shown (so a click on it lands on it).
IN_VIEW = """selector => {
  const [x, y, w, h] = document.querySelector(".rl-map__svg").getAttribute("viewBox")
    .split(" ").map(Number);
  return [...document.querySelectorAll(selector)].findIndex((point) => {
    const circle = point.firstChild;
    const cx = Number(circle.getAttribute("cx")), cy = Number(circle.getAttribute("cy"));
    return cx > x + w / 4 && cx < x + 3 * w / 4 && cy > y + h / 4 && cy < y + 3 * h / 4;
  });
}"""


def view_address(view_box: str) -> re.Pattern:
    """The address map/ shows `view_box` at: the fragment names its centre and width (a
    tenth of a unit, as the script writes numbers)."""
    left, top, span, _ = (float(n) for n in view_box.split())
    shown = [round(left + span / 2, 1), round(top + span / 2, 1), round(span, 1)]
    text = "/".join(str(int(n)) if n == int(n) else str(n) for n in shown)
    return re.compile(r"/map/(\?[^#]*)?#view=" + re.escape(text) + "$")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_view_lives_in_the_address(seed_server, new_page, width):
    """Zoomed and moved, the view is written in the address: a reload shows the same view,
    and Back and Forward across a filter bring back each entry's view and filters."""
    page = new_page(width=width)
    open_map(page, seed_server)
    svg = page.locator(".rl-map__svg")
    whole = svg.get_attribute("viewBox")
    svg.focus()
    for key in ("+", "+", "ArrowRight", "ArrowUp"):
        page.keyboard.press(key)
    zoomed = svg.get_attribute("viewBox")
    assert zoomed != whole
    expect(page).to_have_url(view_address(zoomed))  # written once the view settles
    page.reload()
    expect(page.locator(POINTS)).to_have_count(76)
    expect(svg).to_have_attribute("viewBox", zoomed)

    page.get_by_role("searchbox", name="Words").fill("preference")
    expect(page).to_have_url(re.compile(r"/map/\?words=preference#view="))
    svg.focus()
    page.keyboard.press("0")  # the whole map: the filtered entry's address drops its view
    expect(page).to_have_url(re.compile(r"/map/\?words=preference$"))
    expect(svg).to_have_attribute("viewBox", whole)
    page.go_back()
    expect(page).to_have_url(view_address(zoomed))
    expect(svg).to_have_attribute("viewBox", zoomed)
    expect(page.locator(".rl-map__count")).to_have_text("76 papers on the map")
    page.go_forward()
    expect(svg).to_have_attribute("viewBox", whole)
    expect(page.locator(".rl-map__count")).to_have_text(re.compile(r"^\d+ of 76 papers match"))


@pytest.mark.parametrize("width", WIDTHS)
def test_back_from_a_paper_returns_to_the_view(seed_server, new_page, width):
    page = new_page(width=width)
    open_map(page, seed_server)
    svg = page.locator(".rl-map__svg")
    svg.focus()
    page.keyboard.press("+")
    zoomed = svg.get_attribute("viewBox")
    expect(page).to_have_url(view_address(zoomed))
    shown = page.evaluate(IN_VIEW, POINTS)
    page.locator(POINTS).nth(shown).locator("circle").click(force=True)
    expect(page.locator("article.md-content__inner h1")).to_be_visible()
    expect(page).not_to_have_url(re.compile(r"/map/"))
    page.go_back()
    expect(page.locator(POINTS)).to_have_count(76)
    expect(svg).to_have_attribute("viewBox", zoomed)


def test_the_summaries_are_fetched_only_when_a_point_is_first_looked_at(seed_server, page):
    """The map is drawn and its points are links (open_map: the points and the facet index
    came) without the summaries (a third of the index's weight): they come when a reader first
    points at or into the map, and then show."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    open_map(page, seed_server)
    expect(page.locator(".rl-map__count")).to_have_text("76 papers on the map")
    assert not [url for url in asked if url.endswith("browse/summaries.json")]
    point = page.locator(POINTS).nth(5)
    point.focus()
    expect(page.locator(".rl-map__info .rl-map__title")).to_have_text(
        point.get_attribute("aria-label")
    )
    expect(page.locator(".rl-map__info .rl-map__summary")).not_to_be_empty()
    assert [url for url in asked if url.endswith("browse/summaries.json")]


def test_points_of_another_shape_are_refused_with_a_message(seed_server, page):
    """A points file without its map's size (another build's, or damaged) draws no map of
    NaN coordinates: the reader is told the map could not be drawn."""

    def without_size(route):
        points = route.fetch().json()
        del points["size"]
        route.fulfill(json=points)

    page.route("**/map/points.json", without_size)
    page.goto(seed_server.url("map/"))
    expect(page.locator("article")).to_contain_text("The map could not be drawn")
    expect(page.locator(POINTS)).to_have_count(0)
