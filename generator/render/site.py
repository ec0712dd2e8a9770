"""What every generated page may need of the collection: the addresses of all pages, the tags
and topics with their papers, and each paper's listing entry and citation records. Pure.

The addresses are cheap and made at once; the entries and records, a pass over every paper,
are made on first use (`prepare`), so the theme's addresses and the navigation never pay for
them. The paper kinds and their labels are `describe`'s; this is the one place that reads them.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from functools import cached_property
from typing import NamedTuple

from generator import export, parallel
from generator.address import sessions_of, tag_slugs
from generator.config import Settings
from generator.describe import KIND_LABELS, KINDS
from generator.models import Collection, Paper, Session
from generator.render.entries import Entry, entry_line, make_entry, paper_path
from generator.render.templating import Md


class _OfEachPaper(NamedTuple):
    """What every page may need of one paper, made once per build."""

    cited: dict[str, export.Citation]  # citation records of the published papers, by id
    entries: dict[str, Entry]  # listing entries, by id


# A paper's citation records and entry, by what they are made of: the paper, its citation key
# and the site's address. A run takes those of every unchanged paper from the last run's.
RecordsByPaper = dict[tuple[Paper, str, str], tuple["export.Citation | None", Entry]]


def _of_each_paper(
    collection: Collection, site_url: str, known: RecordsByPaper
) -> tuple[_OfEachPaper, RecordsByPaper]:
    """Citation records and listing entries, made in one pass over the new or changed papers
    on every core."""
    keys = export.citation_keys(collection)
    made = [(paper, keys[paper.id], site_url) for paper in collection.papers]
    new = [inputs for inputs in made if inputs not in known]
    fresh = dict(zip(new, parallel.map_each(_records_and_entry, new), strict=True))
    found = [known.get(inputs) or fresh[inputs] for inputs in made]
    cited, entries = {}, {}
    for paper, (citation, entry) in zip(collection.papers, found, strict=True):
        if citation is not None:  # published
            cited[paper.id] = citation
        entries[paper.id] = entry
    return _OfEachPaper(cited, entries), dict(zip(made, found, strict=True))


def _records_and_entry(inputs: tuple[Paper, str, str]) -> tuple[export.Citation | None, Entry]:
    """A paper's citation records (None unless it is published) and its listing entry."""
    paper, key, site_url = inputs
    return export.cite_published(paper, key, site_url=site_url), _entry(paper)


def _entry(paper: Paper) -> Entry:
    return make_entry(paper, kind_label(paper.kind))


def kind_label(kind: str) -> str:
    """What a reader calls the kind of paper ("method" -> "Method")."""
    return KIND_LABELS[kind]


def kinds() -> list[tuple[str, str]]:
    """Every kind of paper and its label, in the order the site shows them."""
    return [(kind, KIND_LABELS[kind]) for kind in KINDS]


class Site:
    """Addresses of every generated page, and each paper's listing entry and citation records."""

    def __init__(
        self, collection: Collection, settings: Settings, *, known: RecordsByPaper | None = None
    ):
        """`known`: the last run's entries and records, reused where they hold."""
        self.collection = collection
        self.settings = settings
        self.known = known or {}
        # Only tags that several papers share have a page (the address stage says which, and
        # their slugs): a tag of one paper links to that paper.
        self.tag_slugs = tag_slugs(collection.lock)
        self.shared_tags = {tag: ids for tag, ids in self.tags.items() if tag in self.tag_slugs}

    def prepare(self) -> None:
        """Make every paper's entry and citation records now: before workers are forked, so
        that each does not make them again."""
        self._made  # noqa: B018 (a cached property, read for its effect)

    @cached_property
    def _made(self) -> tuple[_OfEachPaper, RecordsByPaper]:
        return _of_each_paper(self.collection, self.settings.site_url, self.known)

    @property
    def _of_each_paper(self) -> _OfEachPaper:
        return self._made[0]

    @property
    def made(self) -> RecordsByPaper:
        """Every paper's entry and records by what they are made of, for the next run."""
        return self._made[1]

    @property
    def cited(self) -> dict[str, export.Citation]:
        """Paper id -> citation records, for every published paper."""
        return self._of_each_paper.cited

    @property
    def entries(self) -> dict[str, Entry]:
        return self._of_each_paper.entries

    @cached_property
    def entry_keys(self) -> dict[str, str]:
        """Paper id -> a digest of its listing entry: what a keyed page reads of it."""
        return {pid: hashlib.sha256(repr(entry).encode()).hexdigest()
                for pid, entry in self.entries.items()}  # fmt: skip

    def listed(self, paper_ids: list[str], folder: str) -> list[Md]:
        """The papers' lines in a listing in `folder`."""
        entries = self.entries
        return [entry_line(entries[paper_id], folder) for paper_id in paper_ids]

    @cached_property
    def tags(self) -> dict[str, list[str]]:
        """Tag -> ids of its papers, tags in case-insensitive order."""
        by_tag: dict[str, list[str]] = defaultdict(list)
        for paper in self.collection.papers:
            for tag in paper.tags:
                by_tag[tag].append(paper.id)
        return {tag: by_tag[tag] for tag in sorted(by_tag, key=lambda t: (t.lower(), t))}

    @cached_property
    def topic_members(self) -> dict[str, list[str]]:
        """Topic name -> ids of its papers, topics in the taxonomy's order."""
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

    def sessions_of(self, paper_id: str) -> tuple[Session, ...]:
        """The sessions that discuss the paper, in date order."""
        return self._sessions.get(paper_id, ())

    @cached_property
    def _sessions(self) -> dict[str, tuple[Session, ...]]:
        return sessions_of(self.collection.sessions)

    @cached_property
    def _slugs(self) -> dict[str, str]:
        return {paper.id: paper.slug for paper in self.collection.papers}

    @staticmethod
    def kind_path(kind: str) -> str:
        return f"kinds/{kind}.md"
