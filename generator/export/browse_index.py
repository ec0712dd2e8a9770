"""browse/index.json: the compact facet index the browse page filters and sorts in the browser,
and browse/summaries.json, its papers' one-line summaries beside it.

Each facet (topic, kind, list, shared tag, author, curator status, year, venue) is a table of
[value, label] pairs, value being what the page's URL query says (a topic's key, a list's or
tag's slug, a kind's key, the status, the author, year or venue as the source gave it); a paper
holds indexes into those tables, so that a name repeated by thousands of papers is written once.
Each paper's one-line summary (plain text), which a browse row shows under its title, travels
in a file of its own, in the index's order: over a third of the index's weight, it is fetched
by browse/ with the index, but by map/ only when a reader first hovers or focuses a point, and
never by my-list/'s facets (bench/README.md, The map). The papers are stored by column
(`papers.title` is every title, in order), which gzip packs a quarter smaller than rows of
mixed fields (measured in bench/README.md, Browsing). Papers are in
the curator's order, the browse page's first sort. A paper `readinglist resolve` found a
citation count for holds it (-1 for none: such papers sort last) and the date it was read, an
index into `cited_dates` as `first_seen` is into `dates`. Only tags that several papers share
are a facet: a tag of one paper would only add a value per paper. Pure: returns text, the same
bytes for the same collection.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from generator.export.fields import plain_summary, published
from generator.models import STATUSES, Collection, Paper

BROWSE_INDEX_PATH = "browse/index.json"
BROWSE_SUMMARIES_PATH = "browse/summaries.json"
BROWSE_INDEX_VERSION = 4  # 4: the summaries moved to BROWSE_SUMMARIES_PATH
STATUS_LABELS = {"to-read": "To read", "reading": "Reading", "read": "Read"}
# The columns, each a list with a value per paper; a facet column holds an index into its
# table (a list of them for topics, lists and tags; -1 for a paper the facet says nothing of).
FIELDS = ("id", "title", "url", "kind", "topic", "list", "tag", "author", "status",
          "rating", "year", "venue", "first_seen", "cited_by", "cited_on")  # fmt: skip


class _Table:
    """A facet's values in order, and the index of each."""

    def __init__(self, pairs: Iterable[tuple[str, str]], *, by: str = "value") -> None:
        self.pairs = list(pairs)
        self.index = {pair[0 if by == "value" else 1]: n for n, pair in enumerate(self.pairs)}

    def of(self, key: str) -> int:
        return self.index.get(key, -1)

    def each(self, keys: Iterable[str]) -> list[int]:
        return [self.index[key] for key in keys if key in self.index]


def browse_index(
    collection: Collection,
    *,
    kinds: Sequence[tuple[str, str]],
    tags: Sequence[tuple[str, str]],
    words: bool = True,
) -> str:
    """The facet index of the published papers. `kinds` are (key, label) in the site's order;
    `tags` the shared tags as (slug, name), in the site's order; `words`: whether the site's
    Pagefind index can narrow them by words (without it, the page offers no words box)."""
    papers = published(collection)
    tables = _tables(collection, papers, kinds=kinds, tags=tags)
    dates = sorted({collection.lock.first_seen(paper.id) for paper in papers})
    day = {date: n for n, date in enumerate(dates)}
    cited_dates = sorted({date for paper in papers if (date := _cited(paper)[1])})
    cited_day = {date: n for n, date in enumerate(cited_dates)}
    rows = [
        _row(paper, tables, day[collection.lock.first_seen(paper.id)], cited_day)
        for paper in papers
    ]
    columns = zip(*rows, strict=True) if rows else ([] for _ in FIELDS)
    document = {
        "version": BROWSE_INDEX_VERSION,
        "words": "pagefind" if words else None,
        "facets": {name: table.pairs for name, table in tables.items()},
        "dates": dates,
        "cited_dates": cited_dates,
        "papers": {name: list(column) for name, column in zip(FIELDS, columns, strict=True)},
    }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"


def browse_summaries(collection: Collection) -> str:
    """The published papers' one-line summaries (plain text), in the facet index's order; its
    `count` lets a page see that the two files are of the same build."""
    summaries = [plain_summary(paper) for paper in published(collection)]
    document = {"version": BROWSE_INDEX_VERSION, "count": len(summaries), "summary": summaries}
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"


def _tables(
    collection: Collection,
    papers: list[Paper],
    *,
    kinds: Sequence[tuple[str, str]],
    tags: Sequence[tuple[str, str]],
) -> dict[str, _Table]:
    years = sorted({paper.bib.year for paper in papers if paper.bib.year})
    venues = sorted({p.bib.venue for p in papers if p.bib.venue}, key=lambda v: (v.lower(), v))
    authors = sorted({a for p in papers for a in p.bib.authors}, key=lambda a: (a.lower(), a))
    return {
        "topic": _Table(((t.key, t.name) for t in collection.taxonomy.topics), by="label"),
        "kind": _Table(kinds),
        "list": _Table(((rl.slug, rl.name) for rl in collection.lists), by="label"),
        "tag": _Table(tags, by="label"),
        "author": _Table((author, author) for author in authors),
        "status": _Table((status, STATUS_LABELS[status]) for status in STATUSES),
        "year": _Table((year, year) for year in years),
        "venue": _Table((venue, venue) for venue in venues),
    }


def _cited(paper: Paper) -> tuple[int, str]:
    """The citation count resolve recorded and the date it was read; (-1, "") for none."""
    found = paper.published
    if found is None or found.cited_by < 0:
        return -1, ""
    return found.cited_by, found.cited_on


def _row(
    paper: Paper, tables: dict[str, _Table], first_seen: int, cited_day: dict[str, int]
) -> list[object]:
    """The paper's row, in the order of FIELDS."""
    cited_by, cited_on = _cited(paper)
    return [
        paper.id,
        paper.title,
        f"papers/{paper.slug}/",
        tables["kind"].of(paper.kind),
        tables["topic"].each(paper.topic_names),
        tables["list"].each(paper.lists),
        tables["tag"].each(paper.tags),
        tables["author"].each(paper.bib.authors),
        tables["status"].of(paper.curation.status),
        paper.curation.rating,
        tables["year"].of(paper.bib.year),
        tables["venue"].of(paper.bib.venue),
        first_seen,
        cited_by,
        cited_day.get(cited_on, -1),
    ]
