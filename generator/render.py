"""Collection -> generated Markdown pages, as batches of (path under docs/, text), made on
demand. Pure: no I/O but templates.

Templates are Jinja2 files in `templates/`. Output is Markdown, so the escaping is Markdown's:
every value a template prints is escaped by `finalize` unless it is `Md` (Markdown this
package produced itself, from the markup module or from a URL it built). A template cannot
forget to escape. Front matter is a dict dumped by python-frontmatter (through `yamldump`),
never formatted by hand.
"""

from __future__ import annotations

import html
import posixpath
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache, partial
from pathlib import Path
from typing import NamedTuple

import frontmatter
import jinja2

from . import exports, feeds, markup, parallel, yamldump
from .config import Settings
from .models import Collection, Paper
from .slugs import assign
from .summaries import KIND_LABELS, KINDS

TEMPLATES = Path(__file__).parent / "templates"
_FRONT_MATTER = yamldump.Handler()
Batch = Callable[[], Iterable[tuple[str, str | Iterable[str]]] | dict[str, str]]
TAGS_PER_PAGE = 1000  # about 150 KB of HTML: the tags index stays small at any scale
LISTING_FOLDER = "topics"  # any folder one deep: topics/, lists/, tags/ and kinds/ link alike


class Md(str):
    """Markdown that is safe as it is: printed by templates without escaping."""


def _finalize(value: object) -> str:
    if isinstance(value, Md):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return markup.escape_markdown(str(value))


_ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    undefined=jinja2.StrictUndefined,
    auto_reload=False,  # templates are part of the package: no file check on every page
    autoescape=False,  # output is Markdown: `_finalize` escapes for Markdown instead of HTML
    finalize=_finalize,
    keep_trailing_newline=True,
    trim_blocks=True,
    lstrip_blocks=True,
)


# Redirect pages are HTML, so they get HTML escaping.
_HTML = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined, autoescape=True
)


@dataclass(frozen=True)
class Entry:
    """What a listing shows of one paper."""

    path: str  # the paper page, relative to docs/
    title: Md  # escaped once here: a paper is listed on many pages
    summary: Md
    kind: Md
    summary_text: str


class _OfEachPaper(NamedTuple):
    """What every page may need of one paper, made once per build."""

    cited: dict[str, exports.Citation]  # citation records of the published papers, by id
    entries: dict[str, Entry]  # listing entries, by id
    lines: dict[str, Md]  # each entry's line in a listing one folder deep (most listings are)


def _of_each_paper(collection: Collection, site_url: str) -> _OfEachPaper:
    """Citation records and listing entries, made in one pass over the papers on every core."""
    records = exports.citer(collection, site_url=site_url)
    papers = collection.papers
    found = parallel.map_each(lambda paper: (records(paper), *_entry_and_line(paper)), papers)
    cited, entries, lines = {}, {}, {}
    for paper, (citation, entry, line) in zip(papers, found, strict=True):
        if citation is not None:  # published
            cited[paper.id] = citation
        entries[paper.id] = entry
        lines[_relative(entry.path, LISTING_FOLDER)] = line
    return _OfEachPaper(cited, entries, lines)


def _entry_and_line(paper: Paper) -> tuple[Entry, Md]:
    """The paper's entry, and its line in a listing in `LISTING_FOLDER`."""
    summary = markup.parse(paper.summary)
    title, kind = markup.escape_markdown(paper.title), KIND_LABELS[paper.kind]
    path = f"papers/{paper.slug}.md"
    entry = Entry(path, Md(title), Md(summary.markdown), Md(markup.escape_markdown(kind)),
                  summary.text)  # fmt: skip
    line = _entry_line(entry, _relative(path, LISTING_FOLDER))
    return entry, line


def _entry_line(entry: Entry, link: str) -> Md:
    return Md(_ENV.get_template("_entry.md.j2").render(e=entry, link=Md(link)).rstrip("\n"))


class Site:
    """Addresses of every generated page, and the listing entry of every paper."""

    def __init__(self, collection: Collection, settings: Settings) -> None:
        self.collection = collection
        self.settings = settings
        # Only tags that several papers share get a page: a page for a tag of one paper
        # would show nothing but that paper, and at scale such tags are most of them.
        self.shared_tags = {tag: ids for tag, ids in self.tags.items() if len(ids) > 1}
        self.tag_slugs = assign(((t, t) for t in self.shared_tags), {}, fallback_prefix="tag")
        self.cited, self.entries, self._entry_lines = _of_each_paper(collection, settings.site_url)

    @cached_property
    def tags(self) -> dict[str, list[str]]:
        """Tag -> ids of its papers, tags in case-insensitive order."""
        by_tag: dict[str, list[str]] = defaultdict(list)
        for paper in self.collection.papers:
            for tag in paper.tags:
                by_tag[tag].append(paper.id)
        return {tag: by_tag[tag] for tag in sorted(by_tag, key=lambda t: (t.lower(), t))}

    def entry_line(self, paper_id: str, folder: str) -> Md:
        """The paper's entry in a listing in `folder`. A paper is listed on many pages, most
        of them one folder deep, so each entry is made once per link to it."""
        entry = self.entries[paper_id]
        link = _relative(entry.path, folder)
        line = self._entry_lines.get(link)
        if line is None:
            line = self._entry_lines[link] = _entry_line(entry, link)
        return line

    def topic_members(self) -> dict[str, list[str]]:
        members: dict[str, list[str]] = {t.name: [] for t in self.collection.taxonomy.topics}
        for paper in self.collection.papers:
            for name in paper.topic_names:
                members[name].append(paper.id)
        return members

    def topic_path(self, name: str) -> str:
        return f"topics/{self.collection.taxonomy.by_name(name).key}.md"

    def list_path(self, name: str) -> str:
        slug = next(rl.slug for rl in self.collection.lists if rl.name == name)
        return f"lists/{slug}.md"

    def tag_path(self, tag: str) -> str:
        """The tag's page, or the page of its one paper."""
        if tag in self.tag_slugs:
            return f"tags/{self.tag_slugs[tag]}.md"
        return self.entries[self.tags[tag][0]].path

    @staticmethod
    def kind_path(kind: str) -> str:
        return f"kinds/{kind}.md"

    def urls(self) -> dict[str, dict[str, str]]:
        """Name -> page for the theme (the paper header links topics, lists, tags, kinds)."""
        return {
            "topics": {t.name: self.topic_path(t.name) for t in self.collection.taxonomy.topics},
            "lists": {rl.name: self.list_path(rl.name) for rl in self.collection.lists},
            "tags": {tag: self.tag_path(tag) for tag in self.shared_tags},
            "kinds": {KIND_LABELS[k]: self.kind_path(k) for k in KINDS},
        }


def render_site(collection: Collection, settings: Settings) -> list[Batch]:
    """Every generated file, in batches that can be made in any process, in any order: each
    is a function returning (path under docs/, text) pairs, the large exports as pieces of
    text. `writer.write_batches` makes them on every core; none holds more than a listing."""
    _compile_templates()
    site = Site(collection, settings)  # what every page needs, made once, before any batch
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


def _compile_templates() -> None:
    """Every template compiled here, once, before the workers that render the batches are
    forked: each worker would otherwise compile them again (0.1 s each, in every pool)."""
    for environment, suffix in ((_ENV, ".md.j2"), (_HTML, ".html.j2")):
        for name in environment.list_templates():
            if name.endswith(suffix):
                environment.get_template(name)


def _redirects(site: Site) -> dict[str, str]:
    """A static page at each moved-away paper address that sends readers to the new one."""
    current = {paper.slug for paper in site.collection.papers}
    template = _HTML.get_template("redirect.html.j2")
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
    return _page(
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
    return {entry.path: _page("paper.md.j2", entry.path, meta, site=site, **context)}


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
        lambda: {"topics/index.md": _page("topics.md.j2", "topics/index.md", {"title": "Topics"},
                                          site=site, topics=topic_rows)},
        lambda: {"lists/index.md": _page("lists.md.j2", "lists/index.md", {"title": "Lists"},
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
    site: Site, template: str, path: str, meta: dict, ids: list[str], *, size: int = 0, **context
) -> Iterator[tuple[str, str]]:
    """A listing split into pages of `size` items (default: `page_size` papers): path, then
    path/page-2.md, ... The template gets its page's items as `ids`."""
    size = size or site.settings.page_size
    chunks = [ids[start : start + size] for start in range(0, len(ids), size)] or [[]]
    stem = path.removesuffix(".md")
    paths = (path, *(f"{stem}/page-{n}.md" for n in range(2, len(chunks) + 1)))
    for number, (chunk, here) in enumerate(zip(chunks, paths, strict=True), start=1):
        pager = Pager(number, paths, start=(number - 1) * size, total=len(ids))
        title = meta["title"] if number == 1 else f"{meta['title']} (page {number})"
        yield here, _page(template, here, {**meta, "title": title}, site=site, ids=chunk,
                          pager=pager, **context)  # fmt: skip


@lru_cache(maxsize=1 << 16)
def _relative(target: str, base: str) -> str:
    """`posixpath.relpath` for paths under docs/, without its os.getcwd() on every call."""
    to, here = target.split("/"), base.split("/") if base else []
    common = 0
    while common < min(len(to) - 1, len(here)) and to[common] == here[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + to[common:])


def _page(template: str, path: str, meta: dict, *, site: Site, **context: object) -> str:
    folder = posixpath.dirname(path)

    def href(target: str) -> Md:
        return Md(_relative(target, folder))

    def listed(paper_ids: list[str]) -> list[Md]:  # one call per listing, not per paper
        return [site.entry_line(paper_id, folder) for paper_id in paper_ids]

    body = _ENV.get_template(template).render(site=site, href=href, listed=listed, **context)
    post = frontmatter.Post(body, **meta)
    return frontmatter.dumps(post, handler=_FRONT_MATTER, width=4096) + "\n"
