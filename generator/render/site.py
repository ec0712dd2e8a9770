"""What every generated page may need of the collection: the addresses of all pages and each
paper's listing entry and citation records, made once per build, before any page. Pure.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from generator import markup, parallel
from generator.address.slugs import assign
from generator.config import Settings
from generator.describe import KIND_LABELS, KINDS
from generator.export import formats as exports
from generator.models import Collection, Paper
from generator.render.templating import MARKDOWN, Md, relative

LISTING_FOLDER = "topics"  # any folder one deep: topics/, lists/, tags/ and kinds/ link alike


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
        lines[relative(entry.path, LISTING_FOLDER)] = line
    return _OfEachPaper(cited, entries, lines)


def _entry_and_line(paper: Paper) -> tuple[Entry, Md]:
    """The paper's entry, and its line in a listing in `LISTING_FOLDER`."""
    summary = markup.parse(paper.summary)
    title, kind = markup.escape_markdown(paper.title), KIND_LABELS[paper.kind]
    path = paper_path(paper.slug)
    entry = Entry(path, Md(title), Md(summary.markdown), Md(markup.escape_markdown(kind)),
                  summary.text)  # fmt: skip
    line = _entry_line(entry, relative(path, LISTING_FOLDER))
    return entry, line


def paper_path(slug: str) -> str:
    return f"papers/{slug}.md"


def _entry_line(entry: Entry, link: str) -> Md:
    return Md(MARKDOWN.get_template("_entry.md.j2").render(e=entry, link=Md(link)).rstrip("\n"))


class Site:
    """Addresses of every generated page, and each paper's listing entry and citation records.
    The addresses are cheap; the entries and records, a pass over every paper on every core,
    are made on first use (`prepare`), so the theme's addresses never pay for them."""

    def __init__(self, collection: Collection, settings: Settings) -> None:
        self.collection = collection
        self.settings = settings
        # Only tags that several papers share get a page: a page for a tag of one paper
        # would show nothing but that paper, and at scale such tags are most of them.
        self.shared_tags = {tag: ids for tag, ids in self.tags.items() if len(ids) > 1}
        self.tag_slugs = assign(((t, t) for t in self.shared_tags), {}, fallback_prefix="tag")

    def prepare(self) -> None:
        """Make every paper's entry and citation records now: before workers are forked, so
        that each does not make them again."""
        self._of_each_paper  # noqa: B018 (a cached property, read for its effect)

    @cached_property
    def _of_each_paper(self) -> _OfEachPaper:
        return _of_each_paper(self.collection, self.settings.site_url)

    @property
    def cited(self) -> dict[str, exports.Citation]:
        """Paper id -> citation records, for every published paper."""
        return self._of_each_paper.cited

    @property
    def entries(self) -> dict[str, Entry]:
        return self._of_each_paper.entries

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
        link = relative(entry.path, folder)
        lines = self._of_each_paper.lines
        line = lines.get(link)
        if line is None:
            line = lines[link] = _entry_line(entry, link)
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
        (paper_id,) = self.tags[tag]
        return paper_path(self._slugs[paper_id])

    @cached_property
    def _slugs(self) -> dict[str, str]:
        return {paper.id: paper.slug for paper in self.collection.papers}

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
