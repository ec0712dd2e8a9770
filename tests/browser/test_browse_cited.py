"""Browse sorted by citation count, in Chromium, on a site built with a lists/resolved.json:
the most cited first, a count of 0 above papers no index counted (which keep the curator's
order, last), each counted row saying its count and the date it was read, and no such sort
offered on a site where nothing was counted."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import SEED_LISTS, copy_project, run_cli

pytestmark = pytest.mark.browser

RESULTS = ".rl-browse__results li"
SORT = "select[name=sort]"
# Papers by their place in the seed lists' first file, with what resolve read of them; the
# paper at 4 was found but the service gave no count, so it sorts with the uncounted.
COUNTED = {7: (120, "2026-03-01"), 2: (7, "2026-03-02"), 9: (0, "2026-03-02")}
FOUND_UNCOUNTED = 4


def _ids(path: Path) -> list[str]:
    from generator.read import paper_id, read_list

    return [paper_id(abstract.text) for abstract in read_list(path).abstracts]


def _record(count: int | None, on: str) -> dict:
    record = {"status": "found", "when": "2026-03-01", "how": "openalex-search",
              "service": "openalex", "similarity": 0.97, "openalex": "W1"}  # fmt: skip
    return record if count is None else {**record, "cited_by": count, "cited_on": on}


@pytest.fixture(scope="module")
def cited_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("cited") / "project")
    ids = _ids(SEED_LISTS[0])
    papers = {ids[n]: _record(count, on) for n, (count, on) in COUNTED.items()}
    papers[ids[FOUND_UNCOUNTED]] = _record(None, "")
    resolved = {"version": 1, "papers": papers}
    (project / "lists" / "resolved.json").write_text(json.dumps(resolved), encoding="utf-8")
    run_cli(project, "build")
    return project


@pytest.fixture(scope="module")
def cited_server(cited_site: Path):
    from tests.browser.conftest import serve_built

    site = cited_site / "site"
    with serve_built(site) as server:
        yield server


def _papers(project: Path) -> list[dict]:
    return json.loads((project / "docs" / "papers.json").read_text(encoding="utf-8"))["papers"]


def test_most_cited_first_and_papers_without_a_count_last(cited_site, cited_server, page):
    from playwright.sync_api import expect

    papers = _papers(cited_site)
    count = {p["id"]: (p["published"] or {}).get("cited_by") for p in papers}
    counted = sorted(
        (p for p in papers if count[p["id"]] is not None), key=lambda p: -count[p["id"]]
    )
    expected = counted + [p for p in papers if count[p["id"]] is None][: 100 - len(counted)]
    assert [count[p["id"]] for p in counted] == [120, 7, 0] and expected[:3] != papers[:3]
    page.goto(cited_server.url("browse/"))
    page.locator(SORT).select_option(label="Most cited")
    expect(page).to_have_url(re.compile(r"[?&]sort=cited(&|$)"))
    rows = page.locator(RESULTS)
    expect(rows.locator("> a")).to_have_text([p["title"] for p in expected])
    facts = rows.locator(".rl-browse__facts")
    expect(facts.nth(0)).to_contain_text("120 citations (counted 2026-03-01)")
    expect(facts.nth(1)).to_contain_text("7 citations (counted 2026-03-02)")
    expect(facts.nth(2)).to_contain_text("0 citations (counted 2026-03-02)")
    uncounted = rows.filter(has=page.locator(f"[data-rl-paper='{_ids(SEED_LISTS[0])[4]}']"))
    expect(uncounted).to_have_count(1)
    expect(uncounted).not_to_contain_text("citation")


def test_the_sort_is_kept_in_the_address(cited_site, cited_server, page):
    from playwright.sync_api import expect

    page.goto(cited_server.url("browse/?sort=cited"))
    expect(page.locator(SORT)).to_have_value("cited")
    expect(page.locator(RESULTS).first.locator(".rl-browse__facts")).to_contain_text(
        "120 citations"
    )


def test_no_citation_sort_where_nothing_was_counted(seed_server, page):
    from playwright.sync_api import expect

    page.goto(seed_server.url("browse/?sort=cited"))
    expect(page.locator(f"{SORT} option")).not_to_have_count(0)
    expect(page.locator(f"{SORT} option[value=cited]")).to_have_count(0)
    expect(page.locator(".rl-browse__note")).to_contain_text("sort “cited”")
