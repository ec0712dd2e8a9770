"""The browse and my-list pages at their edges, in Chromium: address keys that are names of
Object's own properties, storage that is full, disabled or holds an unreadable list, the
my-list mark on every browse result and no-JS entry, Back within browse/, a site searched by
Material (no words box), imported ids and addresses that would escape, axe with no finding but
a named one, and sorts and counts checked against papers.json on a curated, paged site."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from tests.browser.actions import expect, mark_document, same_document, visit
from tests.browser.conftest import cannot_run
from tests.conftest import REPO, copy_project, run_cli, set_plugin_option

pytestmark = pytest.mark.browser

COUNT = ".rl-browse__count"
RESULTS = ".rl-browse__results a"
ADD = "Add to my list"
NOT_KEPT = "This browser will not keep your list"
PAGE_SIZE = 20
QUOTA_FULL = """Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };"""
STORAGE_DENIED = """for (const name of ["getItem", "setItem", "removeItem"]) {
  Storage.prototype[name] = function () {
    throw new DOMException("Access is denied for this document.", "SecurityError"); }; }"""
# axe findings the site cannot fix on these pages: Material's progress bar sits outside every
# landmark on every page.
AXE_ALLOWED = {"region": ".md-progress"}


def _papers(project: Path) -> list[dict]:
    return json.loads((project / "docs" / "papers.json").read_text(encoding="utf-8"))["papers"]


def _index(project: Path) -> dict:
    return json.loads((project / "site" / "browse" / "index.json").read_text(encoding="utf-8"))


def _open(page, server, query: str = "", path: str = "browse/") -> None:
    page.goto(server.url(path) + query)
    page.wait_for_function("() => document.querySelector('.rl-browse__count')?.textContent")


def _errors(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def _key(page) -> str:
    """Where the reader's list is stored: under the site's path (the page's, up to it)."""
    path = urlsplit(page.url).path
    return "readinglist:my-list:" + path[: path.index("/", 1) + 1]


def _import(page, text: str):
    """`text` imported as a file through the my-list page's own field; the message it shows
    (a locator: assert it with expect)."""
    message = page.locator(".rl-mylist__message")
    message.evaluate("m => { m.textContent = ''; }")
    page.get_by_label("Import a file My list exported").set_input_files(
        {"name": "mine.json", "mimeType": "application/json", "buffer": text.encode()}
    )
    return message


@pytest.fixture(scope="module")
def curated_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seed lists, 20 papers a listing page, papers first seen on several days and some
    rated by the curator: sorts by newest and rating that differ from the curator's order."""
    project = copy_project(tmp_path_factory.mktemp("curated") / "project")
    lock_path = project / "lists" / "readinglist.lock.json"
    lock = json.loads((REPO / "lists" / lock_path.name).read_text(encoding="utf-8"))
    for n, paper in enumerate(lock["papers"].values()):
        paper["first_seen"] = f"2026-11-{1 + n * 7 % 28:02}"
    lock_path.write_text(json.dumps(lock, indent=2) + "\n", encoding="utf-8")
    rated = {id_: {"rating": 1 + n % 5} for n, id_ in enumerate(list(lock["papers"])[::3])}
    for n, id_ in enumerate(list(lock["papers"])[1::4]):  # the curator's status, not the reader's
        rated.setdefault(id_, {})["status"] = ("to-read", "reading", "read")[n % 3]
    curation = yaml.safe_dump({"papers": rated}, sort_keys=True)
    (project / "lists" / "curation.yml").write_text(curation, encoding="utf-8")
    set_plugin_option(project, "page_size", str(PAGE_SIZE))
    run_cli(project, "build")
    return project


@pytest.fixture(scope="module")
def curated_server(curated_site: Path):
    from tests.browser.conftest import serve_built

    site = curated_site / "site"
    with serve_built(site) as server:
        yield server


# 1. Keys of the address that name Object's own properties ---------------------------------


@pytest.mark.parametrize("key", ["constructor", "toString", "__proto__", "hasOwnProperty"])
def test_an_address_key_naming_an_object_property_is_noted(seed_site, seed_server, page, key):
    errors = _errors(page)
    total = len(_papers(seed_site))
    for query in (f"?{key}=1", f"?topic={key}"):
        _open(page, seed_server, query)
        expect(page.locator(COUNT)).to_have_text(f"{total} papers")
        note = page.locator(".rl-browse__note")
        expect(note).to_be_visible()
        expect(note).to_contain_text(key)
        expect(page.locator(RESULTS)).to_have_count(total)
        expect(page.locator(".rl-browse-all")).to_be_hidden()  # hidden once the view is drawn
    assert errors == []


# 2, 3. Storage full, disabled, or holding what cannot be read -----------------------------


def _first_paper(seed_site: Path) -> dict:
    return _papers(seed_site)[0]


def test_full_storage_says_the_list_is_not_kept(seed_site, seed_server, page):
    paper = _first_paper(seed_site)
    page.add_init_script(QUOTA_FULL)
    errors = _errors(page)
    visit(page, seed_server.url(f"papers/{paper['slug']}/"))
    mark = page.locator("div.rl-mine")
    mark.get_by_role("button", name=ADD).click()
    trouble = mark.locator(".rl-mine__trouble")
    expect(trouble).to_have_text(NOT_KEPT + ".")
    expect(trouble).to_have_attribute("title", re.compile("storage for this site is full"))
    visit(page, seed_server.url("my-list/"))
    export = {"my_list": [{"id": paper["id"], "title": paper["title"],
                           "url": f"papers/{paper['slug']}/", "status": "read"}]}  # fmt: skip
    page.set_input_files("input[type=file]", files=[{
        "name": "my-list.json", "mimeType": "application/json",
        "buffer": json.dumps(export).encode()}])  # fmt: skip
    message = page.locator(".rl-mylist__message")
    expect(message).to_contain_text("Nothing was imported")
    expect(message).to_contain_text("storage for this site is full (QuotaExceededError)")
    assert errors == []


def test_disabled_storage_is_named_on_the_my_list_page(seed_site, seed_server, page):
    page.add_init_script(STORAGE_DENIED)  # Material's own scripts throw on it, uncaught
    visit(page, seed_server.url("my-list/"))
    counts = page.locator(".rl-mylist__counts")
    said = re.escape(NOT_KEPT + ": it does not let this site store anything")
    expect(counts).to_have_text(re.compile(rf"^\s*{said}"))
    expect(counts).to_contain_text("SecurityError")
    expect(counts).not_to_contain_text("empty")
    expect(page.locator(".rl-mylist__notice")).to_be_visible()
    visit(page, seed_server.url(f"papers/{_first_paper(seed_site)['slug']}/"))
    page.locator("div.rl-mine").get_by_role("button", name=ADD).click()
    expect(page.locator("div.rl-mine .rl-mine__trouble")).to_have_text(NOT_KEPT + ".")


def test_an_unreadable_list_is_kept_aside_before_a_new_one_starts(seed_site, seed_server, page):
    paper = _first_paper(seed_site)
    errors = _errors(page)
    visit(page, seed_server.url("my-list/"))
    key = _key(page)
    page.evaluate("key => localStorage.setItem(key, '{\"papers\": {broken')", key)
    page.reload()
    expect(page.locator(".rl-mylist__notice")).to_contain_text(f"kept under “{key}:unreadable”")
    visit(page, seed_server.url(f"papers/{paper['slug']}/"))
    page.locator("div.rl-mine").get_by_role("button", name=ADD).click()
    page.locator("div.rl-mine").get_by_role("combobox").wait_for()
    stored = page.evaluate(
        "k => [localStorage.getItem(k), localStorage.getItem(k + ':unreadable')]", key
    )
    assert stored[1] == '{"papers": {broken'
    assert list(json.loads(stored[0])["papers"]) == [paper["id"]]
    assert errors == []


def test_an_unreadable_list_is_never_overwritten_if_not_set_aside(seed_site, seed_server, page):
    errors = _errors(page)
    visit(page, seed_server.url("my-list/"))
    key = _key(page)
    page.evaluate(
        "k => { localStorage.setItem(k, '[1, 2'); localStorage.setItem(k + ':unreadable', 'x'); }",
        key,
    )
    visit(page, seed_server.url(f"papers/{_first_paper(seed_site)['slug']}/"))
    mark = page.locator("div.rl-mine")
    mark.get_by_role("button", name=ADD).click()
    trouble = mark.locator(".rl-mine__trouble")
    expect(trouble).to_have_attribute("title", re.compile("could not be set aside"))
    assert page.evaluate("key => localStorage.getItem(key)", key) == "[1, 2"
    assert errors == []


def test_a_bad_stored_entry_is_set_aside_visibly(seed_site, seed_server, page):
    paper, other = _papers(seed_site)[:2]
    errors = _errors(page)
    visit(page, seed_server.url("my-list/"))
    key = _key(page)
    good = {"title": paper["title"], "url": f"papers/{paper['slug']}/", "status": "reading"}
    text = json.dumps({"version": 1, "papers": {"abc": None, paper["id"]: {**good, "added": 1}}})
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, text])
    page.reload()
    items = page.locator(".rl-mylist__item")
    expect(items).to_have_count(1)
    expect(items).to_have_attribute("data-rl-paper", paper["id"])
    notice = page.locator(".rl-mylist__notice")
    expect(notice).to_contain_text("set aside")
    expect(notice).to_contain_text("abc")
    visit(page, seed_server.url(f"papers/{other['slug']}/"))
    page.locator("div.rl-mine").get_by_role("button", name=ADD).click()
    page.locator("div.rl-mine").get_by_role("combobox").wait_for()
    stored = json.loads(page.evaluate("key => localStorage.getItem(key)", key))["papers"]
    assert stored["abc"] is None and set(stored) == {"abc", paper["id"], other["id"]}
    assert errors == []


# 4. The my-list mark on browse results and on the listing without JavaScript ---------------


def test_every_browse_result_has_the_my_list_mark(seed_site, seed_server, page):
    index = _index(seed_site)
    _open(page, seed_server)
    marks = page.locator(".rl-browse__results .rl-mine")
    expect(marks).to_have_count(len(index["papers"]["id"]))
    assert marks.evaluate_all("ms => ms.map(m => m.dataset.rlPaper)") == index["papers"]["id"]
    assert marks.evaluate_all("ms => ms.map(m => m.dataset.rlUrl)") == index["papers"]["url"]
    first = page.locator(".rl-browse__paper").first
    first.get_by_role("button", name=ADD).click()
    first.get_by_role("combobox").wait_for()
    stored = json.loads(page.evaluate("key => localStorage.getItem(key)", _key(page)))["papers"]
    assert stored == {index["papers"]["id"][0]: {
        "title": index["papers"]["title"][0], "url": index["papers"]["url"][0],
        "status": "to-read", "added": stored[index["papers"]["id"][0]]["added"]}}  # fmt: skip


_MARK = re.compile(
    r'class="rl-mine" data-rl-paper="([^"]+)" data-rl-title="[^"]*" data-rl-url="([^"]+)"'
)


def _listing(page: Path) -> str:
    html = page.read_text(encoding="utf-8")
    return html[html.index('class="rl-browse-all"') :]


def test_without_javascript_the_browse_pages_hold_every_paper_with_its_mark(curated_site):
    site, index = curated_site / "site", _index(curated_site)
    later = sorted(site.glob("browse/page-*/index.html"), key=lambda p: int(p.parent.name[5:]))
    pages = [site / "browse" / "index.html", *later]
    assert len(pages) == -(-len(index["papers"]["id"]) // PAGE_SIZE) > 1
    marks = [mark for page in pages for mark in _MARK.findall(_listing(page))]
    assert [id_ for id_, _ in marks] == index["papers"]["id"]  # each once, in the curator's order
    assert [url.replace("&#95;", "_") for _, url in marks] == index["papers"]["url"]


# 5, 9. Back within browse/, and the address pushed from a later page ------------------------


def test_back_within_browse_keeps_the_page_and_asks_for_nothing(seed_site, seed_server, page):
    papers = _papers(seed_site)
    topic = Counter(t["key"] for p in papers for t in p["topics"]).most_common(1)[0][0]
    visit(page, seed_server.url("browse/"))
    page.wait_for_function("() => document.querySelector('.rl-browse__count')?.textContent")
    mark_document(page)
    page.evaluate("() => { window.__box = document.getElementById('rl-browse'); }")
    asked: list[str] = []
    fetched = ("document", "xhr", "fetch")  # not the favicon Chromium asks for again
    page.on("request", lambda r: asked.append(r.url) if r.resource_type in fetched else None)
    page.locator(f".rl-facet input[data-facet=topic][value='{topic}']").check()
    page.wait_for_function("() => location.search.includes('topic=')")
    in_topic = sum(1 for p in papers if topic in {t["key"] for t in p["topics"]})
    expect(page.locator(COUNT)).to_have_text(f"{in_topic} papers")
    page.go_back()
    expect(page.locator(COUNT)).to_have_text(f"{len(papers)} papers")
    assert same_document(page)
    assert page.evaluate("() => document.getElementById('rl-browse') === window.__box")
    expect(page.locator(f".rl-facet input[data-facet=topic][value='{topic}']")).not_to_be_checked()
    assert asked == []


def _csv_summaries(project: Path) -> dict[str, str]:
    with (project / "site" / "papers.csv").open(encoding="utf-8", newline="") as file:
        return {row["id"]: row["summary"] for row in csv.DictReader(file)}


ROW = """li => ({title: li.querySelector('a').textContent, url: li.querySelector('a').href,
  kind: li.querySelector('.rl-kind')?.textContent ?? '',
  summary: li.querySelector('.rl-browse__summary')?.textContent ?? '',
  facts: li.querySelector('.rl-browse__facts')?.textContent ?? '',
  mine: li.querySelector('.rl-mine')?.textContent ?? ''})"""
CURATOR = {"to-read": "to read", "reading": "reading", "read": "read"}


def test_a_row_shows_title_kind_summary_and_the_curators_judgement_as_theirs(
    curated_site, curated_server, page
):
    papers = {f"papers/{p['slug']}/": p for p in _papers(curated_site)}
    summaries = _csv_summaries(curated_site)
    _open(page, curated_server)
    expect(page.locator(".rl-browse__results li")).to_have_count(min(100, len(papers)))
    rows = page.locator(".rl-browse__results li").evaluate_all(f"rows => rows.map({ROW})")
    judged = 0
    for row in rows:
        paper = papers[urlsplit(row["url"]).path.split("/", 2)[2]]
        assert row["title"] == paper["title"] and row["summary"] == summaries[paper["id"]]
        assert row["summary"] and row["kind"]
        curation = paper["curation"]
        curator = [CURATOR[curation["status"]]] if curation["status"] else []
        curator += ["★" * curation["rating"]] if curation["rating"] else []
        facts = row["facts"].split(" · ")
        assert facts[-1] == f"added {paper['first_seen']}"  # the papers came on different days
        assert (f"Curator: {', '.join(curator)}" in facts) == bool(curator), row
        judged += bool(curator)
        assert not any(fact in ("To read", "Reading", "Read") for fact in facts)
        assert row["mine"] == ADD  # the reader's own list speaks for itself
    assert judged > 10


def test_a_date_every_paper_shares_is_not_shown(seed_site, seed_server, page):
    assert len({paper["first_seen"] for paper in _papers(seed_site)}) == 1
    _open(page, seed_server)
    expect(page.locator(".rl-browse__results li")).to_have_count(len(_papers(seed_site)))
    rows = page.locator(".rl-browse__results li").evaluate_all(f"rows => rows.map({ROW})")
    assert rows and not [row for row in rows if "added" in row["facts"]]
    assert all(row["summary"] for row in rows)


def test_a_later_browse_page_pushes_the_browse_root(curated_server, page):
    _open(page, curated_server, path="browse/page-2/")
    page.select_option("select[name=sort]", "title")
    page.wait_for_function("() => location.search === '?sort=title'")
    assert urlsplit(page.url).path == urlsplit(curated_server.url("browse/")).path
    page.reload()
    page.wait_for_function("() => document.querySelector('select[name=sort]')?.value === 'title'")


# 6. A site searched by Material: no words box, and Pagefind is never asked for ------------


def test_without_pagefind_the_words_box_is_hidden(seed_material_site, seed_material_server, page):
    assert _index(seed_material_site)["words"] is None
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    _open(page, seed_material_server)
    expect(page.locator("input[name=words]")).to_be_hidden()
    _open(page, seed_material_server, "?words=learning")
    expect(page.locator(".rl-browse__note")).to_contain_text("Word search is not available here")
    expect(page.locator(COUNT)).to_have_text(f"{len(_papers(seed_material_site))} papers")
    assert not [url for url in asked if "pagefind" in url]


# 7. Imported ids that name Object's properties, and addresses that would escape -----------


def test_imported_ids_naming_object_properties_are_papers(seed_server, page):
    visit(page, seed_server.url("my-list/"))
    items = [{"id": id_, "title": f"Paper {id_}", "url": f"papers/{id_}/", "status": "read"}
             for id_ in ("constructor", "__proto__", "toString")]  # fmt: skip
    message = _import(page, json.dumps({"my_list": items}))
    expect(message).to_have_text(
        "Imported 3 papers: 3 new, 0 already in your list (kept as they were).", use_inner_text=True
    )
    stored = json.loads(page.evaluate("key => localStorage.getItem(key)", _key(page)))["papers"]
    assert sorted(stored) == ["__proto__", "constructor", "toString"]
    page.reload()
    shown = page.locator(".rl-mylist__title")
    expect(shown).to_have_count(len(items))
    assert sorted(shown.all_inner_texts()) == sorted(item["title"] for item in items)


# Addresses as the browser follows them (issue 23): parsed, TAB and line breaks dropped,
# backslashes read as slashes, dot segments resolved, written or %2e-encoded.
ESCAPING = {
    "dot dot": "papers/../../elsewhere/",
    "encoded dots": "papers/%2e%2e/%2E%2e/x/",
    "itself": "papers/./",
    "tab in the dots": "papers/.\t./.\t./x",
    "line feed in the dots": "papers/.\n./.\n./x/",
    "carriage return": "papers/.\r./.\r./x/",
    "backslashes": "papers\\..\\..\\x/",
    "encoded slash": "papers/..%2f..%2fx/",
    "another host": "//evil.example/readinglist/papers/x/",
    "backslash host": "\\\\evil.example/readinglist/papers/x/",
    "another path": "/elsewhere/papers/x/",
    "script": "javascript:alert(1)",
    "script with a tab": "java\tscript:alert(1)",
    "data": "data:text/html,<script>alert(1)</script>",
}  # fmt: skip


@pytest.mark.parametrize("url", list(ESCAPING.values()), ids=list(ESCAPING))
def test_an_address_that_leaves_the_papers_is_refused(seed_server, page, url):
    visit(page, seed_server.url("my-list/"))
    item = {"id": "abc", "title": "Elsewhere", "url": url, "status": "read"}
    message = _import(page, json.dumps({"my_list": [item]}))
    expect(message).to_have_text(re.compile(
        r"^Nothing was imported: paper 1 of my_list has no valid address: .*"
        r"(leads (outside this site's papers|to another site)|is a \w+: address"
        r"|not the address of a paper's page).*Your list is unchanged\.$", re.S))  # fmt: skip
    assert page.evaluate("key => localStorage.getItem(key)", _key(page)) is None
    # Stored by other means (an older version, another tab): shown as text, never a link.
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [_key(page), json.dumps(
        {"version": 1, "papers": {"abc": {**item, "added": 1}}})])  # fmt: skip
    page.reload()
    title = page.locator(".rl-mylist__title")
    expect(title).to_have_text("Elsewhere")
    expect(title.locator("a")).to_have_count(0)


@pytest.mark.parametrize("detour", ["papers/x/../.\t/", "papers/x/.%2e/", "papers\\.\\"])
def test_an_address_is_stored_as_the_browser_follows_it(seed_site, seed_server, page, detour):
    paper = _papers(seed_site)[0]
    path = f"papers/{paper['slug']}/"
    visit(page, seed_server.url("my-list/"))
    tricky = path.replace("papers/", detour, 1)  # still the paper's page
    item = {"id": paper["id"], "title": "Mine", "url": tricky, "status": "read"}
    expect(_import(page, json.dumps({"my_list": [item]}))).to_have_text(
        re.compile(r"^Imported 1 paper:")
    )
    stored = json.loads(page.evaluate("key => localStorage.getItem(key)", _key(page)))["papers"]
    assert stored[paper["id"]]["url"] == path
    expect(page.locator(".rl-mylist__title a")).to_have_attribute("href", seed_server.url(path))


# 8. axe: no finding but the allowed one ----------------------------------------------------


def _findings(page) -> list[str]:
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        cannot_run("axe-playwright-python is not installed (pip install -e '.[test]')")
    found = []
    for violation in Axe().run(page).response["violations"]:
        allowed = AXE_ALLOWED.get(violation["id"])
        nodes = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
        found += [f"{violation['id']}: {n}" for n in nodes if not allowed or allowed not in n]
    return found


def test_browse_and_my_list_have_no_axe_finding(seed_site, seed_server, new_page):
    page = new_page()
    page.context.route(re.compile(r"^(?!http://127\.0\.0\.1:)"), lambda route: route.abort())
    key = _papers(seed_site)[0]["topics"][0]["key"]
    _open(page, seed_server, f"?topic={key}&topic=no-such-topic")
    assert _findings(page) == []
    visit(page, seed_server.url(f"papers/{_first_paper(seed_site)['slug']}/"))
    page.locator("div.rl-mine").get_by_role("button", name=ADD).click()
    visit(page, seed_server.url("my-list/"))
    page.locator(".rl-mylist__item").first.wait_for()
    assert _findings(page) == []


# 10. Sorts and counts against papers.json; hostile names as exact text ---------------------


@pytest.mark.parametrize("sort", ["newest", "rating"])
def test_newest_and_rating_sort_as_papers_json_says(curated_site, curated_server, page, sort):
    papers = _papers(curated_site)
    if sort == "newest":
        expected = sorted(papers, key=lambda p: p["first_seen"], reverse=True)  # stable: ties
    else:
        expected = sorted(papers, key=lambda p: -(p["curation"]["rating"] or 0))
    assert expected != papers  # the sort has something to do
    _open(page, curated_server, f"?sort={sort}")
    expect(page.locator(RESULTS)).to_have_count(len(papers))
    shown = page.locator(RESULTS).evaluate_all("links => links.map(a => a.href)")
    assert shown == [curated_server.url(f"papers/{p['slug']}/") for p in expected]


def test_counts_are_or_within_a_facet_and_and_across(seed_site, seed_server, page):
    papers = _papers(seed_site)
    topics_of = [{t["key"] for t in p["topics"]} for p in papers]
    chosen = {key for key, _ in Counter(k for ts in topics_of for k in ts).most_common(2)}
    either = [p for p, ts in zip(papers, topics_of, strict=True) if ts & chosen]
    kind = Counter(p["kind"] for p in either).most_common(1)[0][0]
    of_kind = [ts for p, ts in zip(papers, topics_of, strict=True) if p["kind"] == kind]
    _open(
        page,
        seed_server,
        "?" + "&".join(f"topic={key}" for key in sorted(chosen)) + f"&kind={kind}",
    )
    expect(page.locator(COUNT)).to_have_text(
        f"{sum(1 for p in either if p['kind'] == kind)} papers"
    )
    for facet in ("topic", "kind"):
        for button in page.locator(
            f".rl-facet:has(input[data-facet={facet}]) .rl-facet__all"
        ).all():
            button.click()
    # A topic counts its papers of the chosen kind: choosing it adds them (OR within).
    expected = Counter(key for ts in of_kind for key in ts if key)
    _expect_counts(page, "topic", {key: 0 for key in chosen} | dict(expected))
    # A kind counts its papers in either chosen topic (AND across).
    _expect_counts(page, "kind", dict(Counter(p["kind"] for p in either)))


def _expect_counts(page, facet: str, counts: dict[str, int]) -> None:
    """Wait until the facet offers exactly these values, each with its count."""
    group = page.locator(f".rl-facet:has(input[data-facet={facet}])")
    expect(group.locator("input[type=checkbox]")).to_have_count(len(counts))
    for value, count in counts.items():
        label = group.locator(f"input[value='{value}']").locator("xpath=..")
        expect(label.locator(".rl-facet__count")).to_have_text(str(count))


def test_hostile_list_and_tag_names_show_as_their_exact_text(edge_site, edge_server, page):
    index = _index(edge_site)
    _open(page, edge_server)
    for button in page.locator(".rl-facet__all").all():
        button.click()
    for facet in ("list", "tag"):
        cells = index["papers"][facet]
        used = {n for cell in cells for n in (cell if isinstance(cell, list) else [cell])}
        names = [name for n, (_, name) in enumerate(index["facets"][facet]) if n in used]
        shown = page.locator(f".rl-facet:has(input[data-facet={facet}]) .rl-facet__name")
        expect(shown).to_have_count(len(names))
        assert sorted(shown.all_text_contents()) == sorted(names)
    assert any("<" in name for _, name in index["facets"]["list"])
