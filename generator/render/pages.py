"""Collection -> generated Markdown pages, as batches of (path under docs/, text), made on
demand. Pure: no I/O but templates.

One function per kind of page: paper pages, listings (topics, lists, tags, kinds and their
indexes, split into pages), the home page and redirects; the exports and feeds come from
their own modules. What every page needs of the collection is made once first (`site.Site`);
templates and their escaping are `templating`'s.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial

from generator import markup
from generator.config import Settings
from generator.describe import KIND_LABELS, KINDS
from generator.export import feeds
from generator.export import formats as exports
from generator.models import Collection, Paper
from generator.render import templating
from generator.render.site import Site
from generator.render.templating import Md, page

Batch = Callable[[], Iterable[tuple[str, str | Iterable[str]]] | dict[str, str]]
TAGS_PER_PAGE = 1000  # about 150 KB of HTML: the tags index stays small at any scale


def render_site(collection: Collection, settings: Settings) -> list[Batch]:
    """Every generated file, in batches that can be made in any process, in any order: each
    is a function returning (path under docs/, text) pairs, the large exports as pieces of
    text. `writer.write_batches` makes them on every core; none holds more than a listing."""
    templating.compile_all()
    site = Site(collection, settings)  # what every page needs, made once, before any batch
    site.prepare()
    url = settings.site_url
    # The largest first, so that no core is left with one of them at the end.
    batches: list[Batch] = [lambda: exports.export_files(collection, site.cited, site_url=url)]
    if url:  # Atom ids and links must be absolute
        name = settings.site_name
        batches.append(lambda: feeds.feed_files(collection, site_url=url, site_name=name))
    batches += _listing_batches(site)
    batches.append(lambda: {"index.md": _home(site), **_redirects(site)})
    batches += [partial(_paper_page, site, paper) for paper in collection.papers]
    return batches


def _redirects(site: Site) -> dict[str, str]:
    """A static page at each moved-away paper address that sends readers to the new one."""
    current = {paper.slug for paper in site.collection.papers}
    template = templating.HTML.get_template("redirect.html.j2")
    return {
        f"papers/{old}/index.html": template.render(target=f"../{new}/")
        for old, new in sorted(site.collection.lock.moved.items())
        if new in current and old not in current
    }


def _home(site: Site) -> str:
    papers = site.collection.papers
    by_status = {
        label: [p.id for p in papers if p.curation.status == status]
        for status, label in (("reading", "Reading now"), ("to-read", "To read"), ("read", "Read"))
    }
    return page(
        "home.md.j2", "index.md", {"title": "Home", "hide": ["navigation", "toc"]}, site=site,
        featured=[p.id for p in papers if p.curation.featured], by_status=by_status,
        pager=Pager(1, ("index.md",), 0, 0),
    )  # fmt: skip


def _paper_page(site: Site, paper: Paper) -> dict[str, str]:
    entry = site.entries[paper.id]
    meta = {
        "id": paper.id,
        "title": html.escape(paper.title, quote=False),
        "summary": entry.summary_text,
        "kind": KIND_LABELS[paper.kind],
        "tags": list(paper.tags),
        "topics": list(paper.topic_names),
        "topic_evidence": [
            {"topic": m.topic, "score": m.score, "matched": list(m.matched)} for m in paper.topics
        ],
        "lists": list(paper.lists),
        "links": [{"url": link.url, "label": link.label} for link in paper.links],
        "first_seen": site.collection.lock.first_seen(paper.id),
        "title_source": paper.title_source,
        **_bibliographic(paper),
        **_curated(paper),
        **exports.front_matter(paper, site.cited[paper.id], site_url=site.settings.site_url),
        "template": "paper.html",
        "hide": ["tags"],
    }
    context = {
        "paper": paper,
        "entry": entry,
        "abstract": Md(paper.markdown),
        "note": [Md(markup.parse(part).markdown) for part in _paragraphs(paper.curation.note)],
        "stars": "★" * paper.curation.rating + "☆" * (5 - paper.curation.rating),
        "related": [site.entries[pid] for pid in paper.related],
    }
    return {entry.path: page("paper.md.j2", entry.path, meta, site=site, **context)}


def _bibliographic(paper: Paper) -> dict:
    """What a source said about the paper, only the fields it gave."""
    bib = paper.bib
    fields = {"authors": list(bib.authors), "year": bib.year, "venue": bib.venue, "doi": bib.doi,
              "url": bib.url}  # fmt: skip
    return {key: value for key, value in fields.items() if value}


def _curated(paper: Paper) -> dict:
    curation = paper.curation
    fields = {"status": curation.status, "rating": curation.rating, "featured": curation.featured}
    return {key: value for key, value in fields.items() if value}


def _paragraphs(text: str) -> list[str]:
    return [part for part in re.split(r"\n\s*\n", text) if part.strip()]


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


def _listing_batches(site: Site) -> list[Batch]:
    """Each listing (topic, list, tag, kind, the indexes) as one batch of its pages."""
    collection = site.collection
    members = site.topic_members()
    topic_rows = [(t, members[t.name]) for t in collection.taxonomy.topics]
    batches: list[Batch] = [
        lambda: {"topics/index.md": page("topics.md.j2", "topics/index.md", {"title": "Topics"},
                                          site=site, topics=topic_rows)},
        lambda: {"lists/index.md": page("lists.md.j2", "lists/index.md", {"title": "Lists"},
                                         site=site, lists=collection.lists)},
    ]  # fmt: skip
    meta: dict[str, object]  # a page's front matter
    for topic, ids in topic_rows:
        meta = {"title": html.escape(topic.name, quote=False), "summary": topic.description,
                "feed": feeds.topic_feed_path(topic)}  # fmt: skip
        path = site.topic_path(topic.name)
        batches.append(partial(_listing, site, "topic.md.j2", path, meta, ids, topic=topic))
    for rl in collection.lists:
        meta, path = {"title": html.escape(rl.name, quote=False)}, site.list_path(rl.name)
        batches.append(partial(_listing, site, "list.md.j2", path, meta, list(rl.paper_ids),
                               reading_list=rl))  # fmt: skip
    # Shared tags first: a tag of one paper is a weaker path to other papers.
    ordered = sorted(site.tags, key=lambda t: (len(site.tags[t]) < 2, t.lower(), t))
    batches.append(partial(_listing, site, "tags.md.j2", "tags/index.md", {"title": "Tags"},
                           ordered, size=TAGS_PER_PAGE))  # fmt: skip
    # Tag and kind pages only repeat the papers' own tags and kinds: kept out of search, where
    # they would crowd the papers themselves.
    unsearched = {"search": {"exclude": True}}
    for tag, ids in site.shared_tags.items():
        meta = {"title": html.escape(tag, quote=False), **unsearched}
        batches.append(partial(_listing, site, "tag.md.j2", site.tag_path(tag), meta, ids,
                               tag=tag))  # fmt: skip
    for kind in KINDS:
        ids = [p.id for p in collection.papers if p.kind == kind]
        meta, label = {"title": KIND_LABELS[kind], **unsearched}, KIND_LABELS[kind]
        batches.append(partial(_listing, site, "kind.md.j2", site.kind_path(kind), meta, ids,
                               label=label))  # fmt: skip
    return batches


def _listing(
    site: Site, template: str, path: str, meta: dict, ids: list[str], *, size: int = 0,
    **context: object,
) -> Iterator[tuple[str, str]]:  # fmt: skip
    """A listing split into pages of `size` items (default: `page_size` papers): path, then
    path/page-2.md, ... The template gets its page's items as `ids`."""
    size = size or site.settings.page_size
    chunks = [ids[start : start + size] for start in range(0, len(ids), size)] or [[]]
    stem = path.removesuffix(".md")
    paths = (path, *(f"{stem}/page-{n}.md" for n in range(2, len(chunks) + 1)))
    for number, (chunk, here) in enumerate(zip(chunks, paths, strict=True), start=1):
        pager = Pager(number, paths, start=(number - 1) * size, total=len(ids))
        title = meta["title"] if number == 1 else f"{meta['title']} (page {number})"
        yield here, page(template, here, {**meta, "title": title}, site=site, ids=chunk,
                          pager=pager, **context)  # fmt: skip
