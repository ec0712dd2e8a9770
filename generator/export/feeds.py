"""Atom 1.0 feeds: one for the whole site and one per topic, newest papers first.

"Newest" is the date a paper first appeared in any list (the lock file's `first_seen`), never
the build time, so an unchanged collection gives byte-identical feeds; papers of the same day
are ordered by id. The XML is built with `xml.etree`, which escapes every value; values are
`clean`ed first because XML 1.0 cannot carry control characters at all. Each folder of feeds
also gets an empty sitemap (`EMPTY_SITEMAP` says why). Pure: returns text.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass

from generator.export.fields import (
    clean,
    keywords,
    page_url,
    plain_summary,
    published,
    site_base,
    title,
)
from generator.models import Collection, Lock, Paper, Topic

ATOM = "http://www.w3.org/2005/Atom"
ALL_PATH = "feeds/all.xml"
_EPOCH = "1970-01-01"  # the date of a paper the lock has no date for: it sorts last
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
# Material's theme takes every <link rel="alternate"> of a page (our feeds' autodiscovery
# links too) for another language's version of the site and fetches sitemap.xml beside it:
# in a folder of feeds that would be a 404 on every page a reader opens.
EMPTY_SITEMAP = """<?xml version="1.0" encoding="UTF-8"?>
<!-- No pages here: this folder holds Atom feeds, and the site's pages are listed in the
     sitemap.xml at its root. This one answers the theme, which looks for a sitemap beside
     every feed a page links to. -->
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>
"""


@dataclass(frozen=True)
class Feed:
    """What one feed is about: its address, its page on the site, its title."""

    path: str  # under the site root, e.g. feeds/all.xml
    page: str  # the HTML page it mirrors, under the site root ("" for the home page)
    title: str
    subtitle: str = ""


def topic_feed_path(topic: Topic) -> str:
    """A folder of its own, so no topic key (not even "all") can collide with the site feed."""
    return f"feeds/topics/{topic.key}.xml"


def feed_files(
    collection: Collection, *, site_url: str, site_name: str, limit: int = 50
) -> dict[str, str]:
    """Path under docs/ -> Atom XML, for the site feed and every topic's feed, and the empty
    sitemap beside them."""
    papers = published(collection)
    files = {
        ALL_PATH: atom_feed(
            Feed(ALL_PATH, "", site_name), papers, lock=collection.lock,
            site_url=site_url, site_name=site_name, limit=limit,
        )
    }  # fmt: skip
    for topic in collection.taxonomy.topics:
        feed = Feed(topic_feed_path(topic), f"topics/{topic.key}/",
                    f"{site_name}: {topic.name}", topic.description)  # fmt: skip
        members = [paper for paper in papers if topic.name in paper.topic_names]
        files[feed.path] = atom_feed(feed, members, lock=collection.lock, site_url=site_url,
                                     site_name=site_name, limit=limit)  # fmt: skip
    files |= _forwarded_feeds(collection, files)
    return files | _sitemaps_beside(files)


def _forwarded_feeds(collection: Collection, files: dict[str, str]) -> dict[str, str]:
    """A re-keyed topic's old feed stays, as the new one (whose self link says where it lives
    now); a removed topic's old feed is the site feed: a subscription never breaks. A topic
    left without papers keeps its own feed, which new papers of the topic will reach."""
    forwarded = {}
    for old, new in collection.lock.forwards.items():
        folder, _, key = old.partition("/")
        if folder == "topics" and f"feeds/topics/{key}.xml" not in files:
            target = f"feeds/topics/{new.partition('/')[2]}.xml" if new else ALL_PATH
            forwarded[f"feeds/topics/{key}.xml"] = files.get(target, files[ALL_PATH])
    return forwarded


def _sitemaps_beside(paths: Iterable[str]) -> dict[str, str]:
    folders = sorted({path.rpartition("/")[0] for path in paths})
    return {f"{folder}/sitemap.xml": EMPTY_SITEMAP for folder in folders}


def newest_first(papers: Iterable[Paper], lock: Lock) -> list[Paper]:
    """By first appearance, newest first; papers of the same date by id."""
    by_id = sorted(papers, key=lambda paper: paper.id)
    return sorted(by_id, key=lambda paper: _date(lock.first_seen(paper.id)), reverse=True)


def atom_feed(
    feed: Feed, papers: Iterable[Paper], *, lock: Lock, site_url: str, site_name: str,
    limit: int = 50,
) -> str:  # fmt: skip
    """One Atom document with the `limit` newest of `papers`."""
    base = _absolute_base(site_url)
    entries = newest_first(papers, lock)[:limit]
    dates = [_date(lock.first_seen(paper.id)) for paper in entries]
    # Plain names plus an xmlns attribute: ElementTree's default_namespace option rejects the
    # unqualified attribute names (rel, href, type) that Atom uses.
    root = ET.Element("feed", xmlns=ATOM)
    _child(root, "id", base + feed.path)
    _child(root, "title", feed.title, type="text")
    if clean(feed.subtitle):
        _child(root, "subtitle", feed.subtitle, type="text")
    _child(root, "updated", _timestamp(max(dates, default=_EPOCH)))
    _child(root, "link", rel="self", type="application/atom+xml", href=base + feed.path)
    _child(root, "link", rel="alternate", type="text/html", href=base + feed.page)
    _child(_child(root, "author"), "name", site_name)  # entries without authors inherit it
    _child(root, "generator", "readinglist")
    for paper, date in zip(entries, dates, strict=True):
        root.append(_entry(paper, date, site_url=base))
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _entry(paper: Paper, date: str, *, site_url: str) -> ET.Element:
    url = page_url(site_url, paper.slug)
    entry = ET.Element("entry")
    _child(entry, "id", url)  # the slug never moves (lock file), so neither does the id
    _child(entry, "title", title(paper), type="text")
    _child(entry, "link", rel="alternate", type="text/html", href=url)
    _child(entry, "published", _timestamp(date))
    _child(entry, "updated", _timestamp(date))
    for name in paper.bib.authors:
        if clean(name):
            _child(_child(entry, "author"), "name", name)
    for name in paper.topic_names:
        _child(entry, "category", term=name, scheme=f"{site_url}topics/")
    for word in keywords(paper):
        _child(entry, "category", term=word)
    _child(entry, "summary", plain_summary(paper), type="text")
    _child(entry, "content", paper.text, type="text")
    return entry


def _child(parent: ET.Element, name: str, text: str = "", **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, name, {key: clean(v) for key, v in attributes.items()})
    if text:
        element.text = clean(text)
    return element


def _absolute_base(site_url: str) -> str:
    """Atom ids and links must be absolute: a feed without the site's URL would be invalid."""
    base = site_base(site_url)
    if not re.match(r"https?://[^/\s]+/", base):
        raise ValueError(f"feeds need the site's absolute http(s) URL, got {site_url!r}")
    return base


def _date(value: str) -> str:
    return value if _DATE.fullmatch(value) else _EPOCH


def _timestamp(date: str) -> str:
    return f"{date}T00:00:00Z"
