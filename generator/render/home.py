"""The home page: the next session, what a visitor should read first, then the cards (lists,
topics, kinds) and the curator's reading by status. Pure: no I/O but templates.

Owns the choice of first papers (`first_reads`); the entries' lines are `site`'s.
"""

from __future__ import annotations

from itertools import chain, zip_longest

from generator.models import Collection
from generator.render import sessions as meetings
from generator.render.listings import Pager
from generator.render.site import Site, kinds
from generator.render.templating import counted, page

# A handful: enough to start with, few enough to read the cards below without scrolling far.
FIRST_READS = 6
# The curator's own reading, worded apart from the reader's list ("Add to my list").
CURATOR_STATUS_LABELS = (("reading", "reading now"), ("to-read", "to read"), ("read", "read"))


def home_page(site: Site) -> tuple[str, str]:
    papers = site.collection.papers
    by_status = {
        f"Curator: {label}": [p.id for p in papers if p.curation.status == status]
        for status, label in CURATOR_STATUS_LABELS
    }
    meta = {"title": "Home", "hide": ["navigation", "toc"]}
    heading, first = first_reads(site.collection)
    return "index.md", page("home.md.j2", "index.md", meta, listed=site.listed, site=site,
                            counts=counted_lists(site.collection),
                            first_heading=heading, first=first,
                            by_status=by_status, kinds=kinds(),
                            next_session=_next_session(site),
                            pager=Pager(1, ("index.md",), 0, 0))  # fmt: skip


def _next_session(site: Site) -> meetings.SessionView | None:
    today = site.collection.today
    found = meetings.next_session(site.collection.sessions, today)
    return meetings.view(found, today) if found else None


def counted_lists(collection: Collection) -> str:
    """`76 papers in 2 lists (4 files)`: files named apart only when some share a list."""
    lists, files = len(collection.lists), collection.files
    in_files = f" ({counted(files, 'file')})" if files != lists else ""
    return f"{counted(len(collection.papers), 'paper')} in {counted(lists, 'list')}{in_files}"


def first_reads(collection: Collection) -> tuple[str, list[str]]:
    """(heading, paper ids) of what to read first: every paper the curator featured; else the
    newest additions, if the lock file says some came later than others; else each list's
    first papers in turn."""
    featured = [p.id for p in collection.papers if p.curation.featured]
    if featured:  # the curator chose how many
        return "Featured", featured
    seen = {p.id: collection.lock.first_seen(p.id) for p in collection.papers}
    if len(set(seen.values())) > 1:
        # Newest first; on the same day, in the curator's order (stable sort).
        newest = sorted(seen, key=seen.__getitem__, reverse=True)
        return "Newest additions", newest[:FIRST_READS]
    return "Start here", _each_lists_first(collection)[:FIRST_READS]


def _each_lists_first(collection: Collection) -> list[str]:
    """Every list's first paper, then every list's second, ...: each list in turn, once each."""
    rounds = zip_longest(*(reading_list.paper_ids for reading_list in collection.lists))
    return list(dict.fromkeys(pid for pid in chain.from_iterable(rounds) if pid is not None))
