"""feeds: Atom 1.0 read back by feedparser (and by a strict XML parser, which feedparser is not).

Scenarios: ordering by first appearance with ties by id, the entry limit, hostile titles and
control characters, one feed per topic, hidden papers, and the site URL the feed cannot do without.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import feedparser
import pytest

from generator.export import feeds
from generator.export.fields import clean
from generator.models import Topic
from tests.test_exports import HOSTILE, make_collection, make_paper

SITE = "https://example.org/list/"


def parse(text: str) -> feedparser.FeedParserDict:
    ET.fromstring(text.encode("utf-8"))  # well-formed XML, or this raises
    parsed = feedparser.parse(text)
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    return parsed


def site_feed(collection, **kw) -> feedparser.FeedParserDict:
    files = feeds.feed_files(collection, site_url=SITE, site_name="Reading list", **kw)
    return parse(files[feeds.ALL_PATH])


@pytest.fixture
def papers_of_three_days():
    dates = {"b": "2025-03-01", "a": "2025-03-01", "c": "2025-01-15", "d": "2025-06-30"}
    papers = [make_paper(pid, title=f"Paper {pid}") for pid in "abcd"]
    return make_collection(*papers, dates=dates)


def test_entries_are_newest_first_with_ties_by_id(papers_of_three_days):
    parsed = site_feed(papers_of_three_days)
    assert [entry.title for entry in parsed.entries] == ["Paper d", "Paper a", "Paper b", "Paper c"]
    assert parsed.entries[0].published == "2025-06-30T00:00:00Z"
    assert parsed.feed.updated == "2025-06-30T00:00:00Z"


def test_limit_keeps_the_newest(papers_of_three_days):
    parsed = site_feed(papers_of_three_days, limit=2)
    assert [entry.id for entry in parsed.entries] == [
        SITE + "papers/slug-d/",
        SITE + "papers/slug-a/",
    ]


def test_same_collection_gives_the_same_bytes(papers_of_three_days):
    first = feeds.feed_files(papers_of_three_days, site_url=SITE, site_name="R")
    assert feeds.feed_files(papers_of_three_days, site_url=SITE, site_name="R") == first


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_titles_arrive_as_text(hostile):
    paper = make_paper(title=hostile, authors=(hostile,))
    parsed = site_feed(make_collection(paper))
    (entry,) = parsed.entries
    expected = clean(hostile)
    assert entry.title == expected
    assert entry.title_detail.type == "text/plain"
    assert entry.author == expected
    assert len(parsed.entries) == 1


def test_hostile_site_name_is_escaped():
    files = feeds.feed_files(make_collection(make_paper()), site_url=SITE, site_name=HOSTILE[0])
    parsed = parse(files[feeds.ALL_PATH])
    assert parsed.feed.title == HOSTILE[0]
    assert parsed.feed.author == HOSTILE[0]


def test_entry_carries_link_summary_content_and_categories():
    (entry,) = site_feed(make_collection(make_paper("p1", title="Sparse"))).entries
    assert entry.link == SITE + "papers/slug-p1/"
    assert entry.summary == "We study Sparse."
    assert entry.content[0].value == "Plain Sparse abstract."
    assert [tag.term for tag in entry.tags] == [
        "Large Language Models",
        "sparse autoencoder",
        "LLM",
    ]
    assert entry.tags[0].scheme == SITE + "topics/"
    assert "author" not in entry  # no source named one: never invented


def test_one_feed_per_topic_with_only_its_papers():
    llm, other = make_paper("p1"), make_paper("p2")
    other = replace(other, topics=())
    collection = make_collection(llm, other)
    files = feeds.feed_files(collection, site_url=SITE, site_name="R")
    assert set(files) == {
        "feeds/all.xml", "feeds/topics/llms.xml", "feeds/topics/other.xml",
        "feeds/sitemap.xml", "feeds/topics/sitemap.xml",
    }  # fmt: skip
    topic = parse(files["feeds/topics/llms.xml"])
    assert [entry.id for entry in topic.entries] == [SITE + "papers/slug-p1/"]
    assert topic.feed.link == SITE + "topics/llms/"
    assert topic.feed.subtitle == "LLM papers"
    empty = parse(files["feeds/topics/other.xml"])
    assert empty.entries == []
    assert len(site_feed(collection).entries) == 2


def test_every_folder_of_feeds_has_a_valid_sitemap_that_lists_no_page():
    """The theme fetches sitemap.xml beside every feed a page links to: it must not 404."""
    files = feeds.feed_files(make_collection(make_paper("p1")), site_url=SITE, site_name="R")
    folders = {path.rpartition("/")[0] for path in files if not path.endswith("/sitemap.xml")}
    assert folders == {"feeds", "feeds/topics"}
    for folder in folders:
        urlset = ET.fromstring(files[f"{folder}/sitemap.xml"].encode("utf-8"))
        assert urlset.tag == "{http://www.sitemaps.org/schemas/sitemap/0.9}urlset"
        assert list(urlset) == []


def test_a_topic_keyed_all_does_not_replace_the_site_feed():
    assert feeds.topic_feed_path(Topic("all", "All", "", ("x",))) != feeds.ALL_PATH


def test_hidden_papers_stay_out():
    collection = make_collection(make_paper("p1"), make_paper("p2", hidden=True))
    assert [entry.id for entry in site_feed(collection).entries] == [SITE + "papers/slug-p1/"]


@pytest.mark.parametrize("site_url", ["", "/list/", "example.org/list", "ftp://example.org/"])
def test_feeds_need_an_absolute_site_url(site_url):
    with pytest.raises(ValueError, match="absolute"):
        feeds.feed_files(make_collection(make_paper()), site_url=site_url, site_name="R")
