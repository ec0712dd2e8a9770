"""Listing pages: each topic, list, shared tag and kind, and the indexes of topics, lists and
tags, split into pages of `page_size` papers. One function per kind of listing, each returning
(path under docs/, text) pairs. Pure: no I/O but templates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial

from generator import export
from generator.models import ReadingList, Topic
from generator.render.keyed import Keyed, Output, keyed, settings_shown, split_paths
from generator.render.site import Site, kinds
from generator.render.templating import page

Pages = Iterable[tuple[str, str]]
BROWSE_PAGE = "browse.md"  # browse/, its pages browse/page-2/...; the facet index beside them
TAGS_PER_PAGE = 1000  # about 150 KB of HTML: the tags index stays small at any scale
# Tag and kind pages only repeat the papers' own tags and kinds: kept out of search, where
# they would crowd the papers themselves.
_UNSEARCHED = {"search": {"exclude": True}}


@dataclass(frozen=True)
class Pager:
    """Where one page of a split listing sits among its siblings."""

    number: int
    paths: tuple[str, ...]
    start: int  # papers before this page (numbered lists continue across pages)
    total: int

    @property
    def previous(self) -> str | None:
        return self.paths[self.number - 2] if self.number > 1 else None

    @property
    def next(self) -> str | None:
        return self.paths[self.number] if self.number < len(self.paths) else None


def listing_batches(site: Site) -> list[Callable[[], Output]]:
    """Each listing as one batch of its pages."""
    collection = site.collection
    return [
        partial(topics_index, site),
        partial(lists_index, site),
        *(
            _topic_batch(site, topic)
            for topic in collection.taxonomy.topics
            if site.topic_members[topic.name]  # no page for a topic without papers
        ),
        *(_list_batch(site, reading_list) for reading_list in collection.lists),
        partial(tags_index, site),
        *(_tag_batch(site, tag) for tag in site.shared_tags),
        *(_kind_batch(site, kind, label) for kind, label in kinds()),
        partial(browse_pages, site),
    ]


# Each listing of one subject, keyed by what it reads: the subject and its papers' entries.
def _topic_batch(site: Site, topic: Topic) -> Keyed:
    ids = site.topic_members[topic.name]
    return _keyed(site, partial(topic_pages, site, topic), site.topic_path(topic.name), ids,
                  "topic", topic)  # fmt: skip


def _list_batch(site: Site, reading_list: ReadingList) -> Keyed:
    ids, path = list(reading_list.paper_ids), site.list_path(reading_list.name)
    return _keyed(site, partial(list_pages, site, reading_list), path, ids, "list", reading_list)


def _tag_batch(site: Site, tag: str) -> Keyed:
    return _keyed(site, partial(tag_pages, site, tag), site.tag_path(tag), site.shared_tags[tag],
                  "tag", tag, site.tag_slugs[tag])  # fmt: skip


def _kind_batch(site: Site, kind: str, label: str) -> Keyed:
    ids = [p.id for p in site.collection.papers if p.kind == kind]
    return _keyed(site, partial(kind_pages, site, kind, label), site.kind_path(kind), ids,
                  "kind", kind, label)  # fmt: skip


def _keyed(
    site: Site, make: Callable[[], Pages], path: str, ids: list[str], *subject: object
) -> Keyed:
    paths = split_paths(path, len(ids), site.settings.page_size)
    entries = [site.entry_keys[paper_id] for paper_id in ids]
    return keyed(make, paths, settings_shown(site.settings), *subject, entries)


def topics_index(site: Site) -> Pages:
    rows = [(t, site.topic_members[t.name]) for t in site.collection.taxonomy.topics]
    path = "topics/index.md"
    yield path, page("topics.md.j2", path, {"title": "Topics"}, listed=site.listed, site=site,
                     topics=rows)  # fmt: skip


def lists_index(site: Site) -> Pages:
    path = "lists/index.md"
    yield path, page("lists.md.j2", path, {"title": "Lists"}, listed=site.listed, site=site,
                     lists=site.collection.lists)  # fmt: skip


def topic_pages(site: Site, topic: Topic) -> Pages:
    meta = {"title": topic.name, "summary": topic.description,
            "feed": export.topic_feed_path(topic)}  # fmt: skip
    ids = site.topic_members[topic.name]
    return _split(site, "topic.md.j2", site.topic_path(topic.name), meta, ids, topic=topic)


def list_pages(site: Site, reading_list: ReadingList) -> Pages:
    meta, path = {"title": reading_list.name}, site.list_path(reading_list.name)
    ids = list(reading_list.paper_ids)
    return _split(site, "list.md.j2", path, meta, ids, reading_list=reading_list)


def tags_index(site: Site) -> Pages:
    # Shared tags first: a tag of one paper is a weaker path to other papers.
    ordered = sorted(site.tags, key=lambda t: (len(site.tags[t]) < 2, t.lower(), t))
    meta = {"title": "Tags"}
    return _split(site, "tags.md.j2", "tags/index.md", meta, ordered, size=TAGS_PER_PAGE)


def tag_pages(site: Site, tag: str) -> Pages:
    meta = {"title": tag, **_UNSEARCHED}
    return _split(site, "tag.md.j2", site.tag_path(tag), meta, site.shared_tags[tag], tag=tag)


def kind_pages(site: Site, kind: str, label: str) -> Pages:
    ids = [p.id for p in site.collection.papers if p.kind == kind]
    meta = {"title": label, **_UNSEARCHED}
    return _split(site, "kind.md.j2", site.kind_path(kind), meta, ids, kind=kind)


def browse_pages(site: Site) -> Pages:
    """The browse page, listing every paper in the curator's order as every listing does
    (title, kind, summary: its script's rows look the same, so the first paint is the page a
    reader sees), then the facet index its script filters and sorts them by, and the papers'
    summaries its rows show."""
    meta = {"title": "Browse", "template": "browse.html", "hide": ["toc"], **_UNSEARCHED}
    ids = [paper.id for paper in site.collection.papers]
    yield from _split(site, "browse.md.j2", BROWSE_PAGE, meta, ids)
    tags = [(site.tag_slugs[tag], tag) for tag in site.shared_tags]
    yield (
        export.BROWSE_INDEX_PATH,
        export.browse_index(
            site.collection, kinds=kinds(), tags=tags, words=site.settings.pagefind
        ),
    )
    yield export.BROWSE_SUMMARIES_PATH, export.browse_summaries(site.collection)


def _split(
    site: Site, template: str, path: str, meta: dict, ids: list[str], *, size: int = 0,
    **context: object,
) -> Iterator[tuple[str, str]]:  # fmt: skip
    """A listing split into pages of `size` items (default: `page_size` papers): path, then
    path/page-2.md, ... The template gets its page's items as `ids`, each paper listed by
    its entry (`Site.listed`)."""
    size = size or site.settings.page_size
    chunks = [ids[start : start + size] for start in range(0, len(ids), size)] or [[]]
    paths = split_paths(path, len(ids), size)
    for number, (chunk, here) in enumerate(zip(chunks, paths, strict=True), start=1):
        pager = Pager(number, paths, start=(number - 1) * size, total=len(ids))
        title = meta["title"] if number == 1 else f"{meta['title']} (page {number})"
        yield here, page(template, here, {**meta, "title": title}, listed=site.listed,
                         site=site, ids=chunk, pager=pager, **context)  # fmt: skip
