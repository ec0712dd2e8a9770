"""The reader's own list, in a real browser: added from a paper page, a listing and a browse
result, kept through reloads and instant navigation, its status changed; filtered and sorted
with the browse page's controls, the view in the address through reload and Back, topic, kind
and list facets fetched only when asked; browse/ and my-list/ visited in turn by instant
navigation, each click handled once; exported in each format and read back by a real parser,
equal to the site's own records; imported back; a bad file changes nothing; a paper the site
no longer has is shown as gone; hostile titles stay text on both pages; the page passes axe,
light and dark, and fits 375 px."""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import bibtexparser
import pytest
import rispy

from tests.browser.actions import (
    CONTENT,
    expect,
    mark_document,
    probe,
    same_document,
    visit,
    wait_for_heading,
)
from tests.browser.conftest import cannot_run

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # a test dependency; CI fails rather than skips (see cannot_run)
    Axe = None

pytestmark = pytest.mark.browser

ADD = "Add to my list"
IMPORT = "Import a file My list exported"
STORED = "() => Object.entries(localStorage).filter(([k]) => k.startsWith('readinglist:my-list:'))"


def _stored(page, server) -> dict[str, dict]:
    """The reader's list as the browser holds it (under the site's path): id -> paper."""
    (entry,) = page.evaluate(STORED)
    assert entry[0] == "readinglist:my-list:" + urlsplit(server.url()).path
    return json.loads(entry[1])["papers"]


def _largest(listings):
    return max(listings, key=lambda listing: len(listing.paper_slugs))


def _site_ids(site: Path) -> dict[str, str]:
    """id -> citation key, from the ids file the site publishes."""
    lines = (site / "my-list" / "ids.txt").read_text(encoding="utf-8").splitlines()
    return dict(line.split(" ", 1) for line in lines)


def _add_from_listing(page, server, path: str, count: int) -> list[str]:
    """Add the first `count` papers of a listing; their ids, in the order added."""
    visit(page, server.url(path))
    marks = page.locator(f"{CONTENT} span.rl-mine")
    ids = []
    for n in range(count):
        mark = marks.nth(n)
        mark.get_by_role("button", name=ADD).click()
        mark.get_by_role("combobox").wait_for()
        ids.append(mark.get_attribute("data-rl-paper"))
    return ids


def test_add_from_a_paper_page_and_a_listing_survives_reload_and_instant_navigation(
    seed_server, seed_corpus, page
):
    topic = _largest(seed_corpus.topics)
    first, second = (seed_corpus.paper(slug) for slug in topic.paper_slugs[:2])
    visit(page, seed_server.url(first.path))
    mark = page.locator("header.rl-paper div.rl-mine")
    mark.get_by_role("button", name=ADD).click()
    expect(mark.get_by_role("combobox")).to_have_value("to-read")
    page.reload()  # the mark is drawn from storage by the page's script, after the load
    expect(page.locator("header.rl-paper div.rl-mine").get_by_role("combobox")).to_be_visible()

    visit(page, seed_server.url(topic.path))
    mark_document(page)
    entry = page.locator(f"{CONTENT} li", has=page.get_by_role("link", name=second.title,
                                                               exact=True)).first  # fmt: skip
    entry.get_by_role("button", name=ADD).click()
    entry.get_by_role("combobox").select_option("reading")
    entry.get_by_role("link", name=second.title, exact=True).click()
    wait_for_heading(page, second.title)
    status = page.locator("header.rl-paper div.rl-mine").get_by_role("combobox")
    # a page reached in place shows the stored status
    expect(status).to_have_value("reading")
    page.get_by_role("link", name="My list", exact=True).first.click()
    page.wait_for_url(seed_server.url("my-list/"))
    items = page.locator(".rl-mylist__item")
    expect(items.locator(".rl-mylist__title")).to_have_text(
        [second.title, first.title], use_inner_text=True
    )
    assert same_document(page), "the my-list page should come by instant navigation"
    counts = page.locator(".rl-mylist__counts")
    expect(counts).to_contain_text("2 papers: 1 to read, 1 reading, 0 read.")

    items.filter(has_text=first.title).get_by_role("combobox").select_option("read")
    expect(counts).to_contain_text("0 to read, 1 reading, 1 read")
    page.reload()
    expect(counts).to_contain_text("0 to read, 1 reading, 1 read")
    stored = _stored(page, seed_server)
    by_title = {paper["title"]: paper["status"] for paper in stored.values()}
    assert by_title == {first.title: "read", second.title: "reading"}


def _status_box(page, value: str):
    return page.locator(f".rl-mylist .rl-facet input[data-facet=status][value='{value}']")


def _status_count(page, value: str):
    """The count shown beside a status box (a locator: assert it with expect)."""
    return _status_box(page, value).locator("xpath=..").locator(".rl-facet__count")


def _wait_for_query(page, query: str) -> None:
    page.wait_for_function("query => location.search === query", arg=query)


def test_the_list_is_filtered_and_sorted_like_browse_and_the_address_keeps_the_view(
    seed_server, seed_corpus, page
):
    lst = _largest(seed_corpus.lists)
    ids = _add_from_listing(page, seed_server, lst.path, 3)
    titles = [seed_corpus.paper(slug).title for slug in lst.paper_slugs[:3]]
    by_title = sorted(titles, key=str.casefold)
    visit(page, seed_server.url("my-list/"))
    shown = page.locator(".rl-mylist__title")
    expect(shown).to_have_text(titles[::-1], use_inner_text=True)  # newest added first
    page.select_option(".rl-mylist select[name=sort]", "title")
    _wait_for_query(page, "?sort=title")
    expect(shown).to_have_text(by_title, use_inner_text=True)
    page.locator(".rl-mylist__item").first.get_by_role("combobox").select_option("read")
    expect(_status_count(page, "to-read")).to_have_text("2")
    expect(_status_count(page, "read")).to_have_text("1")
    expect(_status_box(page, "reading")).to_have_count(0)  # a value that would leave nothing
    _status_box(page, "read").check()
    _wait_for_query(page, "?status=read&sort=title")
    expect(shown).to_have_text(by_title[:1], use_inner_text=True)
    expect(_status_count(page, "to-read")).to_have_text("2")  # OR within the facet, as before
    page.reload()
    expect(shown).to_have_text(by_title[:1], use_inner_text=True)
    expect(_status_box(page, "read")).to_be_checked()
    expect(page.locator(".rl-mylist select[name=sort]")).to_have_value("title")
    page.go_back()  # undoes the status
    _wait_for_query(page, "?sort=title")
    expect(shown).to_have_text(by_title, use_inner_text=True)
    expect(_status_box(page, "read")).not_to_be_checked()

    word = max(titles[1].split(), key=len)
    page.get_by_label("Words").fill(word.lower())
    page.wait_for_function("() => new URLSearchParams(location.search).has('words')")
    expect(shown).to_contain_text([titles[1]], use_inner_text=True)
    expect(shown.filter(has_not_text=re.compile(re.escape(word), re.I))).to_have_count(0)
    page.get_by_role("button", name="Clear filters").click()  # the sort stays: not a filter
    _wait_for_query(page, "?sort=title")
    expect(shown).to_have_text(by_title, use_inner_text=True)
    page.get_by_role("button", name=f"Remove {titles[0]} from my list").click()
    expect(shown).to_have_text(
        [title for title in by_title if title != titles[0]], use_inner_text=True
    )
    assert set(_stored(page, seed_server)) == set(ids[1:])


def test_topic_kind_and_list_facets_come_from_the_browse_index_only_when_asked(
    seed_server, seed_corpus, seed_site, page
):
    ids = _add_from_listing(page, seed_server, _largest(seed_corpus.topics).path, 3)
    papers = json.loads((seed_site / "site" / "papers.json").read_text(encoding="utf-8"))
    kinds = Counter(p["kind"] for p in papers["papers"] if p["id"] in ids)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(urlsplit(request.url).path))
    visit(page, seed_server.url("my-list/"))
    expect(page.locator(".rl-mylist__item")).to_have_count(3)
    assert not [path for path in asked if path.endswith("browse/index.json")]
    boxes = page.locator(".rl-mylist .rl-facet input[data-facet=kind]")
    expect(boxes).to_have_count(0)
    page.get_by_role("button", name="Filter by topic, kind and list too").click()
    expect(boxes).to_have_count(len(kinds))
    for kind, count in kinds.items():
        box = boxes.and_(page.locator(f"[value='{kind}']"))
        expect(box.locator("xpath=..").locator(".rl-facet__count")).to_have_text(str(count))
    kind = kinds.most_common(1)[0][0]
    page.locator(f".rl-mylist .rl-facet input[data-facet=kind][value='{kind}']").check()
    _wait_for_query(page, f"?kind={kind}")
    expect(page.locator(".rl-mylist__item")).to_have_count(kinds[kind])
    page.reload()  # the address names a kind: the index is fetched at once
    expect(page.locator(".rl-mylist__item")).to_have_count(kinds[kind])
    expect(
        page.locator(f".rl-mylist .rl-facet input[data-facet=kind][value='{kind}']")
    ).to_be_checked()
    expect(page.locator(".rl-mylist .rl-browse__note")).to_be_hidden()
    assert not [path for path in asked if path.endswith("browse/summaries.json")]  # browse/'s


COUNTERS = """() => {
  window.__pushes = 0; window.__saves = 0;
  if (window.__counting) return;  // the document lives on: wrapped once
  window.__counting = true;
  const push = history.pushState;
  history.pushState = function () { window.__pushes++; return push.apply(this, arguments); };
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function () { window.__saves++; return set.apply(this, arguments); };
}"""
COUNTED = "() => [window.__pushes, window.__saves]"


def _arrive(page, server, path: str, ready: str) -> None:
    page.get_by_role("link", name={"my-list/": "My list", "browse/": "Browse"}[path],
                     exact=True).first.click()  # fmt: skip
    page.wait_for_url(server.url(path))
    page.wait_for_function("selector => !!document.querySelector(selector)", arg=ready)


def test_browse_and_my_list_share_papers_and_bind_once_through_instant_navigation(
    seed_server, page
):
    visit(page, seed_server.url("browse/"))
    result = page.locator(".rl-browse__results li").first
    result.get_by_role("button", name=ADD).click()
    result.get_by_role("combobox").select_option("reading")
    title = result.locator("a").first.inner_text()
    mark_document(page)
    for _ in range(3):  # there and back: each page's scripts start once per visit
        _arrive(page, seed_server, "my-list/", ".rl-mylist__item")
        _arrive(page, seed_server, "browse/", ".rl-browse__results li")
    assert same_document(page), "both pages should come by instant navigation"
    page.evaluate(COUNTERS)
    page.locator(".rl-browse .rl-facet input[data-facet=kind]").first.check()
    page.wait_for_function("() => location.search.includes('kind=')")
    second = page.locator(".rl-browse__results li", has=page.get_by_role("button", name=ADD))
    second.first.get_by_role("button", name=ADD).click()
    page.wait_for_function(f"() => ({COUNTED})().every(n => n >= 1)")
    assert page.evaluate(COUNTED) == [1, 1], "one facet click, one history entry; one add, one save"

    _arrive(page, seed_server, "my-list/", ".rl-mylist__item")
    expect(page.locator(".rl-mylist__item")).to_have_count(2)
    expect(page.locator(".rl-mylist__title")).to_contain_text([title], use_inner_text=True)
    page.evaluate(COUNTERS)
    _status_box(page, "reading").check()
    _wait_for_query(page, "?status=reading")
    expect(page.locator(".rl-mylist__title")).to_have_text([title], use_inner_text=True)
    page.locator(".rl-mylist__item").get_by_role("combobox").select_option("read")
    page.wait_for_function(f"() => ({COUNTED})().every(n => n >= 1)")
    assert page.evaluate(COUNTED) == [1, 1], "one facet click, one entry; one change, one save"
    page.go_back()  # within my-list: the facet undone, the page still the same document
    _wait_for_query(page, "")
    expect(page.locator(".rl-mylist__item")).to_have_count(2)
    assert same_document(page)


def _export(page, label: str) -> str:
    with page.expect_download() as download:
        page.get_by_role("button", name=label).click()
    return Path(download.value.path()).read_text(encoding="utf-8")


def test_each_export_equals_the_sites_own_records(seed_server, seed_corpus, seed_site, page):
    site = seed_site / "site"
    ids = _add_from_listing(page, seed_server, _largest(seed_corpus.lists).path, 3)
    keys = _site_ids(site)
    visit(page, seed_server.url("my-list/"))

    bib = bibtexparser.parse_string(_export(page, "BibTeX (.bib)"))
    site_bib = {e.key: e for e in bibtexparser.parse_string(
        (site / "papers.bib").read_text(encoding="utf-8")).entries}  # fmt: skip
    assert [e.key for e in bib.entries] == [keys[i] for i in ids]
    assert all(e.fields_dict == site_bib[e.key].fields_dict for e in bib.entries)

    ris = rispy.loads(_export(page, "RIS (.ris)"))
    site_ris = {r["id"]: r for r in rispy.loads((site / "papers.ris").read_text(encoding="utf-8"))}
    assert [r["id"] for r in ris] == [keys[i] for i in ids]
    assert all(record == site_ris[record["id"]] for record in ris)

    rows = list(csv.DictReader(io.StringIO(_export(page, "CSV (.csv)"), newline="")))
    site_text = (site / "papers.csv").read_text(encoding="utf-8")
    site_rows = {r["id"]: r for r in csv.DictReader(io.StringIO(site_text, newline=""))}
    assert [row["id"] for row in rows] == ids
    assert all(row == site_rows[row["id"]] for row in rows)

    document = json.loads(_export(page, "JSON (.json)"))
    site_json = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    site_papers = {paper["id"]: paper for paper in site_json["papers"]}
    assert [paper["id"] for paper in document["papers"]] == ids
    assert all(paper == site_papers[paper["id"]] for paper in document["papers"])
    assert [entry["id"] for entry in document["my_list"]] == ids
    assert document["schema_version"] == site_json["schema_version"]


def test_a_json_export_imports_back_and_a_bad_file_changes_nothing(
    seed_server, seed_corpus, page, tmp_path
):
    ids = _add_from_listing(page, seed_server, _largest(seed_corpus.lists).path, 2)
    visit(page, seed_server.url("my-list/"))
    page.locator(".rl-mylist__item").first.get_by_role("combobox").select_option("reading")
    exported = tmp_path / "mine.json"
    exported.write_text(_export(page, "JSON (.json)"), encoding="utf-8")
    before = _stored(page, seed_server)
    page.evaluate("() => localStorage.clear()")
    page.reload()
    expect(page.locator(".rl-mylist__counts")).to_contain_text("Your list is empty")

    field = page.get_by_label(IMPORT)
    field.set_input_files(exported)
    message = page.locator(".rl-mylist__message")
    expect(message).to_contain_text("Imported 2 papers: 2 new, 0 already")
    assert _stored(page, seed_server) == before
    assert set(before) == set(ids)

    script = {"id": "abc", "status": "read", "title": "x", "url": "javascript:alert(1)"}
    bad = {"not json": "{ my_list: [", "no list": '{"papers": []}',
           "a script address": json.dumps({"my_list": [script]}),
           "one bad status": json.dumps({"my_list": [{**script, "url": "papers/x/"},
                                                     {**script, "status": "done"}]})}  # fmt: skip
    for name, text in bad.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        field.set_input_files(path)
        expect(message, name).to_contain_text("Nothing was imported")
        expect(message, name).to_contain_text("Your list is unchanged")
        assert _stored(page, seed_server) == before, name
        page.locator(".rl-mylist__message").evaluate("m => { m.textContent = ''; }")


@pytest.mark.parametrize("label", ["BibTeX (.bib)", "RIS (.ris)", "CSV (.csv)"])
def test_a_bibtex_ris_or_csv_export_imports_back_as_to_read(
    seed_server, seed_corpus, page, tmp_path, label
):
    ids = _add_from_listing(page, seed_server, _largest(seed_corpus.lists).path, 3)
    visit(page, seed_server.url("my-list/"))
    page.locator(".rl-mylist__item").first.get_by_role("combobox").select_option("read")
    exported = tmp_path / ("mine." + label.split(".")[1].rstrip(")"))
    exported.write_text(_export(page, label), encoding="utf-8", newline="")
    before = _stored(page, seed_server)
    keep = ids[0]  # still in the list: kept as it is (read), the others come back as to read
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [
        "readinglist:my-list:" + urlsplit(seed_server.url()).path,
        json.dumps({"version": 1, "papers": {keep: before[keep]}})])  # fmt: skip
    page.reload()
    page.get_by_label(IMPORT).set_input_files(exported)
    message = page.locator(".rl-mylist__message")
    expect(message).to_have_text(
        re.compile(r"^\s*Imported 3 papers: 2 new, 1 already in your list")
    )
    expect(message).to_contain_text("holds no reading status: the new ones are To read")
    after = _stored(page, seed_server)
    assert set(after) == set(ids) and after[keep] == before[keep]
    for id_ in ids[1:]:
        assert {k: after[id_][k] for k in ("title", "url")} == {
            k: before[id_][k] for k in ("title", "url")}, id_  # fmt: skip
        assert after[id_]["status"] == "to-read"
    links = page.locator(".rl-mylist__title a")
    expect(links).to_have_count(3)
    assert sorted(urlsplit(a.get_attribute("href")).path for a in links.all()) == sorted(
        urlsplit(seed_server.url(before[id_]["url"])).path for id_ in ids)  # fmt: skip


@pytest.mark.parametrize(("text", "says"), [
    ("@article{jones2020,\n  title = {Elsewhere},\n}\n",
     "this BibTeX file holds no paper of this site (1 record"),
    ("TY  - JOUR\r\nID  - x\r\nTI  - Elsewhere\r\nER  - \r\n",
     "this RIS file holds no paper of this site"),
    ("Title,Author\nA paper,Someone\n",
     "this is not a file My list exports (BibTeX, RIS, CSV or JSON); it begins \u201cTitle,Author"),
    ("", "this is not a file My list exports (BibTeX, RIS, CSV or JSON); it is empty."),
    ("{ my_list: [", "the file begins like JSON but is not valid JSON"),
])  # fmt: skip
def test_a_file_it_cannot_read_is_named_and_changes_nothing(seed_server, page, text, says):
    visit(page, seed_server.url("my-list/"))
    page.get_by_label(IMPORT).set_input_files(
        {"name": "other.txt", "mimeType": "text/plain", "buffer": text.encode()}
    )
    message = page.locator(".rl-mylist__message")
    expect(message).to_have_text(
        re.compile(
            rf"^\s*Nothing was imported: {re.escape(says)}.*Your list is unchanged\.\s*$", re.S
        )
    )
    if not text.startswith("{"):
        expect(message).not_to_contain_text("Unexpected token")  # not read as JSON
    assert page.evaluate(STORED) == []


def test_a_paper_the_site_no_longer_has_stays_marked_gone_and_titles_stay_text(seed_server, page):
    visit(page, seed_server.url("my-list/"))
    hostile = '<img src=x onerror="window.__pwned=1">**bold** `code` [x](javascript:alert(1))'
    key = "readinglist:my-list:" + urlsplit(seed_server.url()).path
    stored = {"f00dfeedbeef": {"title": hostile, "url": "papers/removed-one/", "status": "read",
                               "added": 1}}  # fmt: skip
    page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify({version: 1, papers: v}))",
                  [key, stored])  # fmt: skip
    page.goto(seed_server.url("my-list/") + "?status=gone&status=done")
    item = page.locator(".rl-mylist__item--gone")
    expect(page.locator(".rl-mylist .rl-browse__note")).to_contain_text("done")
    expect(_status_count(page, "gone")).to_have_text("1")
    expect(_status_box(page, "gone")).to_be_checked()
    expect(item.locator(".rl-mylist__title")).to_have_text(hostile, use_inner_text=True)
    expect(item.locator(".rl-mylist__gone")).to_have_text(re.compile("^gone$", re.I))
    expect(item.locator("img, a")).to_have_count(0)
    expect(page.locator(".rl-mylist__counts")).to_contain_text("1 gone")
    assert page.evaluate("() => window.__pwned") is None
    # Exported as JSON it stays in my_list, though the site has no record of it.
    document = json.loads(_export(page, "JSON (.json)"))
    assert document["papers"] == [] and document["my_list"][0]["title"] == hostile
    assert "f00dfeedbeef" in _stored(page, seed_server)


def test_hostile_titles_from_a_hostile_list_stay_text(edge_server, edge_corpus, page):
    hostile = sorted(edge_corpus.papers, key=lambda p: p.title.count("<"))[-2:]
    assert all("<" in paper.title for paper in hostile)
    visit(page, edge_server.url(hostile[0].path))
    page.locator("header.rl-paper").get_by_role("button", name=ADD).click()
    visit(page, edge_server.url("browse/"))  # the other from a browse result
    mark = page.locator(f".rl-browse__results .rl-mine[data-rl-url='{hostile[1].path}']")
    mark.get_by_role("button", name=ADD).click()
    expect(mark.get_by_role("combobox")).to_be_visible()  # added: the mark is redrawn
    clean = {"pwned": None, "handlers": [], "urls": [], "elements": []}
    assert page.evaluate(probe("injected")) == clean
    page.get_by_role("link", name="My list", exact=True).first.click()
    page.wait_for_url(edge_server.url("my-list/"))
    titles = page.locator(".rl-mylist__title")
    expect(titles).to_have_count(2)
    for paper in hostile:  # the text as written: no markup made of it
        expect(titles.filter(has_text=paper.title)).to_have_count(1)
    assert sorted(titles.all_inner_texts()) == sorted(paper.title for paper in hostile)
    page.get_by_label("Words").fill(hostile[1].title.split()[0])
    page.wait_for_function("() => new URLSearchParams(location.search).has('words')")
    assert page.evaluate(probe("injected")) == clean


def test_keyboard_adds_and_sets_the_status(seed_server, seed_corpus, page):
    paper = seed_corpus.papers[0]
    visit(page, seed_server.url(paper.path))
    page.locator("header.rl-paper").get_by_role("button", name=ADD).focus()
    page.keyboard.press("Enter")
    status = page.locator("header.rl-paper div.rl-mine").get_by_role("combobox")
    expect(status).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(status).to_have_value("reading")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # Remove
    expect(page.locator("header.rl-paper").get_by_role("button", name=ADD)).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_my_list_page_passes_axe_and_fits_375_px(seed_server, seed_corpus, new_page, scheme):
    if Axe is None:
        cannot_run("axe-playwright-python is not installed (pip install -e '.[test]')")
    page = new_page(width=375, color_scheme=scheme)
    page.context.route(re.compile(r"^(?!http://127\.0\.0\.1:)"), lambda route: route.abort())
    _add_from_listing(page, seed_server, _largest(seed_corpus.topics).path, 2)
    found = {}
    for path in ("my-list/", _largest(seed_corpus.topics).path, seed_corpus.papers[0].path):
        visit(page, seed_server.url(path))
        results = Axe().run(page).response
        serious = [v["id"] for v in results["violations"] if v["impact"] in ("serious", "critical")]
        if serious:
            found[path] = serious
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 375, f"{path} is {width} px wide at 375 px"
    assert not found, f"axe ({scheme}): {found}"
