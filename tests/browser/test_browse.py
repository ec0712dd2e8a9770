"""The browse page (browse/) as a reader uses it, in Chromium, on the seed site under its
sub-path: facet counts checked against papers.json, the state in the address through reload
and Back, a result added to the reader's list, an unknown value noted, the page reached
pre-filtered from a topic page by instant navigation, every paper listed without JavaScript,
hostile names kept as text, axe and 375 px.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.browser.actions import expect, probe
from tests.browser.conftest import cannot_run
from tests.conftest import copy_project, run_cli, set_plugin_option

pytestmark = pytest.mark.browser

COUNT = ".rl-browse__count"
RESULTS = ".rl-browse__results a"


def _papers(project: Path) -> list[dict]:
    return json.loads((project / "docs" / "papers.json").read_text(encoding="utf-8"))["papers"]


def _open(page, server, query: str = "") -> None:
    page.goto(server.url("browse/") + query)
    page.wait_for_function("() => document.querySelector('.rl-browse__count')?.textContent")


def _expect_count(page, n: int) -> None:
    """Wait until the page says it shows `n` papers."""
    expect(page.locator(COUNT)).to_have_text(f"{n} paper" if n == 1 else f"{n} papers")


def _wait_for_count(page, text: str) -> None:
    page.wait_for_function(
        "text => document.querySelector('.rl-browse__count')?.textContent === text", arg=text
    )


def _query(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def _box(page, facet: str, value: str):
    return page.locator(f".rl-facet input[data-facet={facet}][value='{value}']")


def test_a_facet_combination_leaves_the_papers_papers_json_says(seed_site, seed_server, page):
    papers = _papers(seed_site)
    topics = Counter(t["key"] for p in papers for t in p["topics"]).most_common(2)
    chosen = {key for key, _ in topics}  # OR within the facet
    in_topics = [p for p in papers if chosen & {t["key"] for t in p["topics"]}]
    kind = Counter(p["kind"] for p in in_topics).most_common(1)[0][0]
    expected = [f"papers/{p['slug']}/" for p in in_topics if p["kind"] == kind]  # AND across
    _open(page, seed_server, f"?topic={topics[0][0]}&topic={topics[1][0]}&kind={kind}")
    _expect_count(page, len(expected))
    shown = page.locator(RESULTS).evaluate_all("links => links.map(a => a.href)")
    assert shown == [seed_server.url(path) for path in expected]  # in the curator's order
    # Each kind shows how many papers it would leave: the chosen topics' papers of that kind.
    for other, count in Counter(p["kind"] for p in in_topics).items():
        label = _box(page, "kind", other).locator("xpath=..")
        expect(label.locator(".rl-facet__count")).to_have_text(str(count))


def test_sorts_order_the_papers_as_papers_json_says(seed_site, seed_server, page):
    papers = _papers(seed_site)
    _open(page, seed_server, "?sort=title")
    _expect_count(page, len(papers))
    expect(page.locator(RESULTS)).to_have_count(len(papers))
    # The text, not the rendered text: rows off screen are not rendered until scrolled to.
    titles = page.locator(RESULTS).all_text_contents()
    assert sorted(titles) == sorted(p["title"] for p in papers)
    assert [t.casefold() for t in titles] == sorted(t.casefold() for t in titles)


def test_the_state_survives_reload_and_back_undoes_the_last_change(seed_site, seed_server, page):
    papers = _papers(seed_site)
    topic = Counter(t["key"] for p in papers for t in p["topics"]).most_common(1)[0][0]
    _open(page, seed_server)
    _expect_count(page, len(papers))
    _box(page, "topic", topic).focus()
    page.keyboard.press("Space")  # keyboard, as a reader without a mouse
    page.wait_for_function("() => location.search.includes('topic=')")
    in_topic = [p for p in papers if topic in {t["key"] for t in p["topics"]}]
    kind = Counter(p["kind"] for p in in_topic).most_common(1)[0][0]
    _box(page, "kind", kind).check()
    page.select_option("select[name=sort]", "newest")
    page.wait_for_function("() => location.search.includes('sort=newest')")
    assert _query(page) == {"topic": [topic], "kind": [kind], "sort": ["newest"]}
    both = sum(1 for p in in_topic if p["kind"] == kind)
    _expect_count(page, both)
    page.reload()
    _expect_count(page, both)
    expect(_box(page, "kind", kind)).to_be_checked()
    expect(page.locator("select[name=sort]")).to_have_value("newest")
    page.go_back()  # undoes the sort
    page.wait_for_function("() => !location.search.includes('sort=')")
    page.wait_for_function("() => document.querySelector('select[name=sort]')?.value === 'curator'")
    page.go_back()  # undoes the kind
    _wait_for_count(page, f"{len(in_topic)} papers")
    assert _query(page) == {"topic": [topic]}
    expect(_box(page, "kind", kind)).not_to_be_checked()


def test_a_result_is_added_to_my_list_as_papers_json_names_it(seed_site, seed_server, page):
    papers = _papers(seed_site)
    kind = papers[-1]["kind"]
    _open(page, seed_server, f"?kind={kind}&sort=title")
    results = page.locator(".rl-browse__results li")
    shown = sum(1 for p in papers if p["kind"] == kind)
    _expect_count(page, shown)
    expect(results).to_have_count(shown)
    expect(results.get_by_role("button", name="Add to my list")).to_have_count(shown)
    chosen = results.last
    href = chosen.locator("a").first.get_attribute("href")
    chosen.get_by_role("button", name="Add to my list").click()
    expect(chosen.get_by_role("combobox")).to_have_value("to-read")
    (entry,) = page.evaluate(
        "() => Object.entries(localStorage).filter(([k]) => k.startsWith('readinglist:my-list:'))"
    )
    ((paper_id, stored),) = json.loads(entry[1])["papers"].items()
    (paper,) = [p for p in papers if p["id"] == paper_id]
    assert (stored["title"], stored["url"]) == (paper["title"], f"papers/{paper['slug']}/")
    assert href == seed_server.url(stored["url"]) and paper["kind"] == kind
    assert _query(page) == {"kind": [kind], "sort": ["title"]}  # adding is not a change of view


def test_an_unknown_value_is_ignored_with_a_visible_note(seed_site, seed_server, page):
    papers = _papers(seed_site)
    kind = papers[0]["kind"]
    _open(page, seed_server, f"?topic=no-such-topic&kind={kind}&sort=sideways")
    note = page.locator(".rl-browse__note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("no-such-topic")
    expect(note).to_contain_text("sideways")
    _expect_count(page, sum(1 for p in papers if p["kind"] == kind))


def test_words_narrow_the_facets_through_the_site_search(seed_site, seed_corpus, seed_server, page):
    word, paper = seed_corpus.unique_abstract_words()[0]
    kind = next(p["kind"] for p in _papers(seed_site) if p["slug"] == paper.slug)
    other = next(p["kind"] for p in _papers(seed_site) if p["kind"] != kind)
    _open(page, seed_server, f"?words={word}&kind={kind}")
    _wait_for_count(page, "1 paper")
    shown = page.locator(RESULTS).evaluate_all("links => links.map(a => a.href)")
    assert shown == [seed_server.url(paper.path)]
    _box(page, "kind", kind).uncheck()  # the words alone: still that paper
    page.wait_for_function("() => !location.search.includes('kind=')")
    _expect_count(page, 1)
    assert _query(page) == {"words": [word]}
    _open(page, seed_server, f"?words={word}&kind={other}")  # intersected with the facets
    _wait_for_count(page, "0 papers")


def test_a_topic_page_links_to_browse_filtered_to_it(seed_site, seed_server, page):
    papers = _papers(seed_site)
    key = papers[0]["topics"][0]["key"]
    misses_before = len(seed_server.misses)  # the server is shared: other tests ask for 404s
    page.goto(seed_server.url(f"topics/{key}/"))
    page.wait_for_load_state("networkidle")
    page.get_by_role("link", name="Browse and filter these papers").click()
    page.wait_for_url(re.compile(r"/browse/\?topic="))
    assert _query(page) == {"topic": [key]}
    assert urlsplit(page.url).path == urlsplit(seed_server.url("browse/")).path
    _expect_count(page, sum(1 for p in papers if key in {t["key"] for t in p["topics"]}))
    expect(_box(page, "topic", key)).to_be_checked()
    assert not seed_server.misses[misses_before:]


class _Links(HTMLParser):
    """The addresses a page links to."""

    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a" and (href := dict(attrs).get("href")):
            self.hrefs.append(href)


def _linked_papers(page: Path) -> tuple[set[str], set[Path]]:
    """The paper slugs an HTML page's article links to, and the browse pages it links to."""
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8").split("<article", 1)[1])
    targets = [(page.parent / href.split("?")[0].split("#")[0]).resolve() for href in parser.hrefs]
    papers = {t.name for t in targets if t.parent.name == "papers"}
    browse = {t for t in targets if t.parent.name == "browse" and t.name.startswith("page-")}
    return papers, browse


@pytest.fixture(scope="module")
def paged_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seed lists with 20 papers a listing page: the browse page is several pages."""
    project = copy_project(tmp_path_factory.mktemp("paged") / "project")
    set_plugin_option(project, "page_size", "20")
    run_cli(project, "build")
    return project


def test_without_javascript_browse_pages_list_every_paper(paged_site):
    site, expected = paged_site / "site", {p["slug"] for p in _papers(paged_site)}
    first = site / "browse" / "index.html"
    pages = [first, *sorted(site.glob("browse/page-*/index.html"))]
    assert len(pages) == -(-len(expected) // 20) > 1
    found, reached = set(), {first.parent}
    for page in pages:
        papers, linked = _linked_papers(page)
        found |= papers
        reached |= linked
    assert found == expected
    assert reached == {page.parent for page in pages}  # the pager reaches every page


def test_browse_without_javascript_shows_the_listing(seed_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(seed_server.url("browse/"))
    expect(page.locator(".rl-browse-all li").first).to_be_attached()
    expect(page.locator(".rl-browse-all")).to_be_visible()
    context.close()


# Each row's address, its kind and summary, and whether the summary holds a formula.
_SUMMARIES = """rows => rows.map(row => {
    const summary = row.querySelector(".rl-summary, .rl-browse__summary");
    const formula = summary.querySelector("math") !== null;
    const kind = row.querySelector(".rl-kind").textContent;
    return [row.querySelector("a").href, kind + ": " + summary.textContent.trim(), formula];
})"""


def test_the_listing_shows_the_summaries_the_script_shows(seed_server, browser, page):
    """The rows a reader sees before the script has run are the rows it draws: title, kind
    and summary, so the page's first paint is already the page. A formula is the exception:
    the listing shows it as MathML, the script as its source text (the facet index holds
    text, not markup)."""
    context = browser.new_context(java_script_enabled=False)
    plain = context.new_page()
    plain.goto(seed_server.url("browse/"))
    listed = plain.locator(".rl-browse-all li").evaluate_all(_SUMMARIES)
    context.close()
    _open(page, seed_server)
    _expect_count(page, len(listed))
    expect(page.locator(".rl-browse__results > li")).to_have_count(len(listed))
    drawn = page.locator(".rl-browse__results > li").evaluate_all(_SUMMARIES)
    assert all(text for _, text, _ in listed)
    formulas = {url for url, _, formula in listed if formula}
    assert len(formulas) < len(listed) // 10
    assert [(url, text) for url, text, _ in listed if url not in formulas] == [
        (url, text) for url, text, _ in drawn if url not in formulas
    ]


def test_rows_off_screen_are_rendered_when_scrolled_to_and_printed(seed_server, page):
    """Rows far below are not rendered until needed (their rendered text is empty), and are
    when the reader scrolls to them or prints the page."""
    _open(page, seed_server)
    last = page.locator(".rl-browse__results > li").last
    assert last.evaluate("row => row.innerText") == ""
    page.emulate_media(media="print")
    assert last.evaluate("row => row.innerText").strip()
    page.emulate_media(media="screen")
    last.evaluate('row => row.scrollIntoView({ block: "center" })')
    page.wait_for_function("row => row.innerText.trim() !== ''", arg=last.element_handle())


def test_the_listings_numbers_show_on_rows_not_yet_rendered(seed_server, browser):
    """A row skipped off screen paints nothing outside its box: each number must stand inside
    its row, before the title, for a reader scrolling the listing to see it."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(seed_server.url("browse/"))
    rows = page.locator(".rl-browse-all li")
    last = rows.last
    assert last.evaluate("row => row.innerText") == ""  # skipped: else this tests nothing
    last.evaluate('row => row.scrollIntoView({ block: "center" })')
    page.wait_for_function("row => row.innerText.trim() !== ''", arg=last.element_handle())
    # In each row drawn (the first screenful, the last): the title starts a number's width
    # into its row (a number outside the row would be clipped).
    indents = rows.evaluate_all(
        "rows => rows.filter(row => row.innerText.trim() !== '').map(row =>"
        " row.querySelector('a').getClientRects()[0].left - row.getBoundingClientRect().left)"
    )
    context.close()
    assert len(indents) >= 2 and min(indents) >= 12, indents


def test_hostile_list_names_and_tags_stay_text(edge_site, edge_server, page):
    index = json.loads((edge_site / "site" / "browse" / "index.json").read_text("utf-8"))
    page.add_init_script("window.alert = (...a) => { window.__pwned = a.join(' '); };")
    _open(page, edge_server)
    for button in page.locator(".rl-facet__all").all():
        button.click()
    for facet in ("list", "tag"):
        shown = page.locator(f".rl-facet:has(input[data-facet={facet}]) .rl-facet__name")
        names = {name for _, name in index["facets"][facet]}
        expect(shown.first).to_be_visible()
        assert set(shown.all_text_contents()) <= names
    assert any("<" in name for _, name in index["facets"]["list"])
    state = page.evaluate(probe("injected"))
    assert state == {"pwned": None, "handlers": [], "urls": [], "elements": []}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_browse_passes_axe_and_fits_375_px(seed_site, seed_server, new_page, scheme):
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        cannot_run("axe-playwright-python is not installed (pip install -e '.[test]')")
    key = _papers(seed_site)[0]["topics"][0]["key"]
    for width in (1280, 375):
        page = new_page(width=width, color_scheme=scheme)
        page.context.route(re.compile(r"^(?!http://127\.0\.0\.1:)"), lambda route: route.abort())
        _open(page, seed_server, f"?topic={key}&topic=no-such-topic")
        results = Axe().run(page).response
        serious = [v["id"] for v in results["violations"] if v["impact"] in ("serious", "critical")]
        assert not serious, f"axe ({scheme}, {width} px): {serious}"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        expect(page.locator("input[name=words]")).to_be_visible()
