"""Browse by author and by years, as a reader does on a desktop and a 390 px phone: the author
facet with its counts and its find box (a list of many authors), the rows naming their
authors, and a year range, each choice in the address."""

from __future__ import annotations

import csv
import io
import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import serve_built
from tests.conftest import copy_project, run_cli

pytestmark = pytest.mark.browser
TOPICS = (
    "graph neural networks", "protein folding", "speech recognition", "robot grasping",
    "weather forecasting", "code generation", "image segmentation", "music generation",
)  # fmt: skip


def _authored_list() -> str:
    """24 papers of 2019-2024, each by its own author and, every third one, Ada Lovelace."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Title", "Abstract", "Authors", "Year"])
    for n in range(24):
        topic = TOPICS[n % len(TOPICS)]
        authors = [f"Given{n} Family{n:02}"] + (["Ada Lovelace"] if n % 3 == 0 else [])
        writer.writerow([f"Study {n} of {topic}",
                         f"We study {topic} in setting number {n} and report a new method {n} "
                         f"that improves on prior work in {topic} by a clear margin.",
                         "; ".join(authors), str(2019 + n % 6)])  # fmt: skip
    return out.getvalue()


@pytest.fixture(scope="module")
def authored_server(tmp_path_factory: pytest.TempPathFactory):
    project = copy_project(tmp_path_factory.mktemp("authors") / "project",
                           lists={"authored.csv": _authored_list()})  # fmt: skip
    run_cli(project, "build")
    with serve_built(project / "site") as server:
        yield server


def _filters(page, width: int):
    if width < 960:  # folded away on a phone
        page.locator(".rl-browse__filters > summary").click()
    return page.locator(".rl-browse__facets")


@pytest.mark.parametrize("width", [1280, 390])
def test_a_reader_finds_an_author_and_keeps_the_view_in_the_address(authored_server, new_page,
                                                                    width):  # fmt: skip
    page = new_page(width=width)
    page.goto(authored_server.url("browse/"))
    expect(page.locator(".rl-browse__count")).to_have_text("24 papers")
    facets = _filters(page, width)
    authors = facets.locator("fieldset.rl-facet", has=page.locator("legend", has_text="Author"))
    expect(authors.locator("li")).to_have_count(12)  # the most frequent, then "Show all 25"
    expect(authors.get_by_role("button", name="Show all 25")).to_be_visible()
    authors.get_by_role("searchbox", name="Find a value of Author").fill("lovel")
    expect(authors.locator("li")).to_have_count(1)
    expect(authors.locator("li")).to_contain_text("Ada Lovelace8")  # name, then its count
    authors.get_by_role("checkbox").check()
    expect(page).to_have_url(re.compile(r"\?author=Ada\+Lovelace$"))
    expect(page.locator(".rl-browse__count")).to_have_text("8 papers")
    rows = page.locator(".rl-browse__paper .rl-browse__facts")
    expect(rows).to_have_count(8)
    expect(rows.first).to_contain_text("Ada Lovelace")
    years = facets.locator("fieldset.rl-range")
    years.get_by_label("From").select_option("2022")
    expect(page).to_have_url(re.compile(r"\?author=Ada\+Lovelace&from=2022$"))
    expect(page.locator(".rl-browse__count")).to_have_text("4 papers")
    page.go_back()
    expect(page.locator(".rl-browse__count")).to_have_text("8 papers")


def test_the_author_of_a_row_is_shown_at_a_phone_s_width(authored_server, new_page):
    page = new_page(width=390)
    page.goto(authored_server.url("browse/?author=Given5%20Family05"))
    row = page.locator(".rl-browse__paper")
    expect(row).to_have_count(1)
    expect(row.locator(".rl-browse__facts")).to_have_text("Given5 Family05 · 2024")
    fits = "el => el.scrollWidth <= el.clientWidth"
    assert page.locator("article.md-content__inner").evaluate(fits)
