"""Getting around: home to every topic, list and a paper in two clicks; paper pages link back;
tags lead to the other papers; instant navigation survives a search and requests nothing
that is missing."""

from __future__ import annotations

import pytest

from tests.browser.actions import (
    CONTENT,
    expect,
    mark_document,
    same_document,
    search,
    site_path,
    visible_links,
    visit,
    wait_for_heading,
)

pytestmark = pytest.mark.browser


def test_home_reaches_every_topic_every_list_and_a_paper_in_two_clicks(
    seed_server, seed_corpus, page
):
    page.goto(seed_server.url())
    one_click = {site_path(url, seed_server.base) for url in visible_links(page)}
    wanted = {listing.path for listing in (*seed_corpus.topics, *seed_corpus.lists)}
    two_clicks = set(one_click)
    for path in sorted(one_click & wanted)[:1]:  # any topic or list page leads to papers
        page.goto(seed_server.url(path))
        two_clicks |= {site_path(url, seed_server.base) for url in visible_links(page)}
    assert wanted <= one_click, f"not one click from home: {sorted(wanted - one_click)}"
    assert any(path.startswith("papers/") for path in two_clicks)


def test_clicking_from_home_to_a_topic_to_a_paper_navigates_in_place(
    seed_server, seed_corpus, page
):
    topic = seed_corpus.topics[0]
    paper = seed_corpus.paper(topic.paper_slugs[0])
    visit(page, seed_server.url())
    mark_document(page)
    page.get_by_role("link", name=topic.title, exact=True).first.click()
    wait_for_heading(page, topic.title)
    assert page.url == seed_server.url(topic.path)
    page.locator(CONTENT).get_by_role("link", name=paper.title, exact=True).first.click()
    wait_for_heading(page, paper.title)
    assert page.url == seed_server.url(paper.path)
    assert same_document(page), "instant navigation should not reload the page"


def test_a_paper_page_links_back_to_its_topics_and_lists(seed_server, seed_corpus, page):
    paper = max(seed_corpus.papers, key=lambda p: (len(p.lists), len(p.topics)))
    page.goto(seed_server.url(paper.path))
    header = page.locator("header.rl-paper")
    by_title = {listing.title: listing for listing in (*seed_corpus.topics, *seed_corpus.lists)}
    for name in (*paper.topics, *paper.lists):
        link = header.get_by_role("link", name=name, exact=True)
        assert site_path(link.evaluate("a => a.href"), seed_server.base) == by_title[name].path
    header.get_by_role("link", name=paper.topics[0], exact=True).click()
    wait_for_heading(page, paper.topics[0])
    expect(page.locator(CONTENT).get_by_role("link", name=paper.title, exact=True)).to_have_count(1)


def test_the_tags_index_lists_every_tag(seed_server, seed_corpus, page):
    page.goto(seed_server.url("tags/"))
    links = page.locator(f"{CONTENT} .rl-tag-cloud a")
    every_tag = {tag for paper in seed_corpus.papers for tag in paper.tags}
    expect(links).to_have_count(len(every_tag))
    assert set(links.all_inner_texts()) == every_tag


def test_a_tag_on_a_paper_page_shows_the_other_papers_with_that_tag(seed_server, seed_corpus, page):
    tag = max(seed_corpus.tags, key=lambda listing: len(listing.paper_slugs))
    assert len(tag.paper_slugs) > 1, "some tag should be shared by two papers"
    paper = seed_corpus.paper(tag.paper_slugs[-1])
    page.goto(seed_server.url(paper.path))
    page.locator("header.rl-paper").get_by_role("link", name=tag.title, exact=True).click()
    wait_for_heading(page, tag.title)
    assert page.url == seed_server.url(tag.path)
    listed = page.locator(f"{CONTENT} li > a:first-child")
    expected = {p.title for p in seed_corpus.papers if tag.title in p.tags}
    expect(listed).to_have_count(len(expected))
    assert set(listed.all_inner_texts()) == expected


def test_instant_navigation_keeps_working_after_a_search(seed_server, seed_corpus, page):
    name, paper = seed_corpus.coined_names()[0]
    visit(page, seed_server.url())
    mark_document(page)
    outcome = search(page, name, seed_server.base)
    assert outcome.paths[0] == paper.path
    page.locator(".md-search-result__item > a").first.click()
    wait_for_heading(page, paper.title)
    topic = page.locator("header.rl-paper .rl-chip--topic").first
    topic_name = topic.inner_text()
    topic.click()
    wait_for_heading(page, topic_name)
    page.go_back()
    wait_for_heading(page, paper.title)
    assert same_document(page), "search, result, topic and back should all stay in one document"


def test_instant_navigation_requests_nothing_missing_and_logs_no_error(
    seed_server, seed_corpus, page
):
    """Material fetches sitemap.xml at the site's root, and beside every <link rel=alternate>
    of a page: our feeds' links, taken for other languages' sites (feeds/sitemap.xml, and
    feeds/topics/sitemap.xml on a topic page). None of it may be a 404 or log an error."""
    missing, errors, sitemaps = [], [], set()
    page.on("response", lambda r: r.status >= 400 and missing.append(f"{r.status} {r.url}"))
    page.on("requestfinished", lambda r: r.url.endswith("/sitemap.xml")
            and sitemaps.add(site_path(r.url, seed_server.base)))  # fmt: skip
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    topic = seed_corpus.topics[0]
    paper = seed_corpus.paper(topic.paper_slugs[0])
    visit(page, seed_server.url())
    mark_document(page)
    page.get_by_role("link", name=topic.title, exact=True).first.click()
    wait_for_heading(page, topic.title)
    page.wait_for_load_state("networkidle")
    page.locator(CONTENT).get_by_role("link", name=paper.title, exact=True).first.click()
    wait_for_heading(page, paper.title)
    page.wait_for_load_state("networkidle")
    assert same_document(page), "instant navigation should not reload the page"
    visit(page, seed_server.url(seed_corpus.lists[0].path))  # a page opened afresh
    page.wait_for_load_state("networkidle")
    assert {"sitemap.xml", "feeds/sitemap.xml", "feeds/topics/sitemap.xml"} <= sitemaps
    assert missing == [], missing
    assert errors == [], errors


TOP_LEVEL = ("", "browse/", "topics/", "lists/", "tags/", "my-list/", "about/")


@pytest.mark.parametrize("width", [1280, 390])
def test_every_top_level_page_is_one_click_from_every_kind_of_page(
    seed_server, seed_corpus, new_page, width
):
    """Header tabs, in view without scrolling, on the home, a topic, a paper and each
    top-level page: My list and About (the curator's own page) included."""
    page = new_page(width=width, height=844 if width < 600 else 800)
    paper, topic = seed_corpus.papers[0], seed_corpus.topics[0]
    for here in (*TOP_LEVEL, topic.path, paper.path):
        page.goto(seed_server.url(here))
        in_view = page.locator("a[href]").evaluate_all(
            "els => els.filter(e => { const r = e.getBoundingClientRect();"
            " return e.checkVisibility({visibilityProperty: true}) && r.width > 0"
            " && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;"
            " }).map(e => e.href)"
        )
        reached = {site_path(url, seed_server.base) for url in in_view}
        missing = [path or "home" for path in TOP_LEVEL if path not in reached]
        assert not missing, f"{here or 'home'} at {width}px: not one click away: {missing}"
