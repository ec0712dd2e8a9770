"""Collection -> every generated file, as batches of (path under docs/, text), made on demand.
Pure: no I/O but templates.

One function per kind of page: paper pages, the home page and redirects here, the listings in
`listings`; the exports and feeds are `export`'s. What every page needs of the collection is
made once first (`site.Site`). A page's front matter holds only what a reader or another
engine needs, as plain text; what the theme derives from it (JSON-LD, citation tags, the Cite
box, topic evidence) is made when MkDocs renders the page (`theme`).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterable
from functools import partial

from generator import export, markup
from generator.config import Settings
from generator.models import Collection, Paper, Section
from generator.render import sessions as meetings
from generator.render import templating
from generator.render.home import CURATOR_STATUS_LABELS, home_page
from generator.render.keyed import Keyed, as_shown, keyed, settings_shown
from generator.render.listings import listing_batches
from generator.render.mylist import my_list_files
from generator.render.site import RecordsByPaper, Site, kind_label
from generator.render.templating import Md, page

MAP_PAGE = "map.md"  # map/, beside its points (map/points.json)
Batch = Callable[[], Iterable[tuple[str, str | Iterable[str]]]]


def render_site(collection: Collection, settings: Settings) -> list[Batch]:
    """Every generated file, in batches that can be made in any process, in any order: each
    is a function returning (path under docs/, text) pairs, the large exports as pieces of
    text. `writer.write_batches` makes them on every core; none holds more than a listing."""
    return render_site_reusing(collection, settings, {})[0]


def render_site_reusing(
    collection: Collection, settings: Settings, known: RecordsByPaper
) -> tuple[list[Batch], RecordsByPaper]:
    """`render_site`, taking each unchanged paper's entry and citation records from the last
    run's (`known`); returns this run's too."""
    templating.compile_all()
    # What every page needs, made once, before any batch.
    site = Site(collection, settings, known=known)
    site.prepare()
    url, name = settings.site_url, settings.site_name
    # The largest first, so that no core is left with one of them at the end.
    batches: list[Batch] = [lambda: export.export_files(collection, site.cited, site_url=url)]
    if url:  # Atom ids and links must be absolute
        batches.append(lambda: export.feed_files(collection, site_url=url, site_name=name).items())
    batches += listing_batches(site)
    batches.append(lambda: [home_page(site), *redirect_pages(site), *my_list_files(site)])
    if collection.sessions:
        batches.append(lambda: sessions_files(site))
    batches.append(lambda: map_files(site))
    batches += [_paper_batch(site, paper) for paper in collection.papers]
    return batches, site.made


def _paper_batch(site: Site, paper: Paper) -> Keyed:
    """A paper page, keyed by what it reads: the paper, its entry and its related papers'."""
    keys, related = site.entry_keys, [site.entry_keys[pid] for pid in paper.related]
    discussed = meetings.key_of(site.sessions_of(paper.id), site.collection.today)
    return keyed(partial(paper_page, site, paper), [site.entries[paper.id].path], "paper",
                 settings_shown(site.settings), as_shown(paper), keys[paper.id], related,
                 site.collection.lock.first_seen(paper.id), discussed)  # fmt: skip


def redirect_pages(site: Site) -> list[tuple[str, str]]:
    """A page at every address that went away: a redirect to what replaces it (a moved paper,
    a renamed list or topic, a tag's one paper), or a page that says where to look."""
    lock, current = site.collection.lock, {paper.slug for paper in site.collection.papers}
    moved_papers = [
        (f"papers/{old}", f"papers/{new}")
        for old, new in sorted(lock.moved.items())
        if new in current and old not in current
    ]
    sections = [(old, new) for old, new in lock.forwards.items() if new]
    gone = [old for old, new in lock.forwards.items() if not new]
    return [
        *(_redirect(old, new) for old, new in [*moved_papers, *sections]),
        *(_gone_page(old, lock.sections[old]) for old in gone),
    ]


def _redirect(old: str, new: str) -> tuple[str, str]:
    template = templating.HTML.get_template("redirect.html.j2")
    return f"{old}/index.html", template.render(target=posixpath.relpath(new, old) + "/")


def _gone_page(old: str, section: Section) -> tuple[str, str]:
    """A listing that nothing replaces: its name, and where its kind of listing is."""
    path = f"{old}.md"
    index = "index.md" if section.kind == "kind" else f"{old.split('/')[0]}/index.md"
    meta = {"title": section.name, "search": {"exclude": True}}
    text = page("gone.md.j2", path, meta, listed=site_without_papers, section=section, index=index)
    return path, text


def site_without_papers(paper_ids: list[str], folder: str) -> list[Md]:
    """`listed` for a page that lists no paper."""
    return []


def sessions_files(site: Site) -> list[tuple[str, str]]:
    """The Sessions page, upcoming then past, and the calendar to subscribe to."""
    collection, path = site.collection, meetings.SESSIONS_PAGE
    upcoming, past = meetings.split(collection.sessions, collection.today)
    meta = {"title": "Sessions", "hide": ["toc"]}
    text = page("sessions.md.j2", path, meta, listed=site.listed, upcoming=upcoming, past=past)
    ics = export.calendar(
        collection.sessions, lambda pid: collection.paper(pid).title,
        site_name=site.settings.site_name, site_url=site.settings.site_url,
        paths=lambda pid: f"papers/{collection.paper(pid).slug}/",
    )  # fmt: skip
    return [(path, text), (meetings.CALENDAR_PATH, ics)]


def map_files(site: Site) -> list[tuple[str, str]]:
    """The map page (its script draws the map from the points and the browse index; without
    JavaScript it says so and leads to browse/), and the points."""
    meta = {"title": "Map", "template": "map.html", "hide": ["toc"], "search": {"exclude": True}}
    count = len(export.published(site.collection))
    text = page("map.md.j2", MAP_PAGE, meta, listed=site.listed, count=count)
    return [(MAP_PAGE, text), (export.MAP_DATA_PATH, export.map_data(site.collection))]


def paper_page(site: Site, paper: Paper) -> list[tuple[str, str]]:
    entry = site.entries[paper.id]
    context = {
        "paper": paper,
        "entry": entry,
        "abstract": Md(paper.markdown),
        "note": [Md(markup.parse(part).paragraph) for part in _paragraphs(paper.curation.note)],
        "stars": "★" * paper.curation.rating + "☆" * (5 - paper.curation.rating),
        "statuses": dict(CURATOR_STATUS_LABELS),
        "related": [site.entries[pid] for pid in paper.related],
        "on_map": export.is_published(paper),
        "discussed": meetings.when_discussed(
            site.sessions_of(paper.id), site.collection.today, posixpath.dirname(entry.path)
        ),
    }
    meta = paper_front_matter(site, paper)
    return [(entry.path, page("paper.md.j2", entry.path, meta, listed=site.listed, **context))]


def paper_front_matter(site: Site, paper: Paper) -> dict[str, object]:
    """What a reader or another engine needs of the paper, as plain text, and what the theme
    needs to pick the paper template."""
    return {
        "id": paper.id,
        "title": paper.title,
        "summary": site.entries[paper.id].summary_text,
        "kind": kind_label(paper.kind),
        "tags": list(paper.tags),
        "topics": list(paper.topic_names),
        "lists": list(paper.lists),
        "links": [{"url": link.url, "label": link.label} for link in paper.links],
        "first_seen": site.collection.lock.first_seen(paper.id),
        **_bibliographic(paper),
        **_curated(paper),
        "template": "paper.html",
        "hide": ["tags"],
    }


def _bibliographic(paper: Paper) -> dict[str, object]:
    """What a source said about the paper, only the fields it gave."""
    bib = paper.bib
    fields = {"authors": list(bib.authors), "year": bib.year, "venue": bib.venue,
              "doi": bib.doi, "url": bib.url}  # fmt: skip
    return {key: value for key, value in fields.items() if value}


def _curated(paper: Paper) -> dict[str, object]:
    curation = paper.curation
    fields = {"status": curation.status, "rating": curation.rating, "featured": curation.featured}
    return {key: value for key, value in fields.items() if value}


def _paragraphs(text: str) -> list[str]:
    return [part for part in re.split(r"\n\s*\n", text) if part.strip()]
