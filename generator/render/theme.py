"""The page context for the theme: what a paper page shows beyond its Markdown and front
matter, made when MkDocs renders the page, from the collection the plugin holds.

A paper page's header (kind, chips with their addresses, code and data buttons), its Cite box
and downloads, its JSON-LD and Highwire tags, its topic evidence, the links that find the
published paper and the mark for the reader's own list are derived here, so its front matter
stays small and its Markdown the paper's own text. The Cite box holds BibTeX and RIS, and
the paper in APA, IEEE and Chicago style and as a Markdown link (`export.styles`). The
override templates print these values with autoescaping; only the JSON-LD, safe inside
`<script>` by construction, is `Markup`. Also owns how a front-matter title becomes the HTML
text that MkDocs and Material print raw.
Pure: reads no files.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import cached_property

from markupsafe import Markup

from generator import export
from generator.config import Settings
from generator.models import Collection, Link, Paper
from generator.render.entries import paper_path
from generator.render.finders import Finder, finders
from generator.render.keyed import as_shown
from generator.render.provenance import cited, provenance
from generator.render.site import Site, kind_label


@dataclass(frozen=True)
class Chip:
    """A topic, list or tag of the paper, and the page it leads to ("" for none)."""

    name: str
    path: str


@dataclass(frozen=True)
class PaperView:
    """What the paper template shows that the page's Markdown does not hold."""

    title: str
    kind: str
    kind_path: str
    topics: tuple[Chip, ...]
    lists: tuple[Chip, ...]
    tags: tuple[Chip, ...]
    links: tuple[Link, ...]  # http(s) only
    cite: export.Citation
    styles: tuple[export.Styled, ...]  # APA, IEEE, Chicago and a Markdown link
    title_derived: bool  # the title is the reading list's, not the paper's own
    json_ld: Markup
    citation: tuple[tuple[str, str], ...]  # Highwire (name, content) pairs
    evidence: tuple[tuple[str, str], ...]  # (topic, the keywords that chose it, or "")
    finders: tuple[Finder, ...]  # searches, then DOI and URL: "Find the paper"
    address: str  # the page's address from the site's root, for the reader's own list
    byline: Byline  # what a source said of authors, year and venue (empty without one)
    provenance: str = ""  # where the title and authors came from ("derived", a source...)
    cited: str = ""  # "Cited by 12 (OpenAlex, 2026-12-07)", or ""


# Up to this many authors are all named in the byline; past it, the first SHORT_AUTHORS are,
# with "et al." and the whole list a click away.
ALL_AUTHORS_UP_TO = 4
SHORT_AUTHORS = 3


@dataclass(frozen=True)
class Byline:
    """Authors, year and venue as a bibliographic source gave them; nothing invented."""

    authors: tuple[str, ...] = ()
    year: str = ""
    venue: str = ""

    @property
    def shortened(self) -> tuple[str, ...]:
        """The authors the byline names before "et al." (all of them when they are few)."""
        few = len(self.authors) <= ALL_AUTHORS_UP_TO
        return self.authors if few else self.authors[:SHORT_AUTHORS]

    @property
    def published(self) -> str:
        """Venue and year as "venue, year", or the one of them given, or ""."""
        return ", ".join(part for part in (self.venue, self.year) if part)

    def __bool__(self) -> bool:
        return bool(self.authors or self.year or self.venue)


def title_as_html(title: object) -> object:
    """A front-matter title as the HTML text MkDocs and Material print unescaped (page header,
    `<title>`, navigation, search index). Quotes are left as they are, as Markdown leaves
    them in the page's text, so that the search index reads titles and text alike: the title
    is for text, not attributes, where templates decode it first (`striptags`)."""
    return html.escape(title, quote=False) if isinstance(title, str) else title


class Theme:
    """Each generated paper page's context, by the page's path under docs/."""

    def __init__(self, collection: Collection, settings: Settings) -> None:
        self.site = Site(collection, settings)
        self._papers = {paper_path(paper.slug): paper for paper in collection.papers}

    @cached_property
    def _keys(self) -> dict[str, str]:
        return export.citation_keys(self.site.collection)

    def context(self, source_path: str) -> dict[str, object]:
        """What the theme gets for the page at `source_path`: `paper` for a paper page,
        nothing for any other page."""
        paper = self._papers.get(source_path)
        return {"paper": self.paper_view(paper)} if paper is not None else {}

    def context_key(self, source_path: str) -> str:
        """Everything `context` is made from, as text, for a page's key (cheaper than making
        it): the paper, its citation key, the site's address and the pages its chips lead to.
        Whatever `paper_view` comes to read must be here too."""
        paper = self._papers.get(source_path)
        if paper is None:
            return ""
        site = self.site
        chips = (
            [site.topic_path(name) for name in paper.topic_names],
            [site.list_path(name) for name in paper.lists],
            [_tag_page(site, tag) for tag in paper.tags],
        )
        return repr((as_shown(paper), self._keys[paper.id], site.settings.site_url, chips))

    def paper_view(self, paper: Paper) -> PaperView:
        """What the theme shows of `paper` (`context_key` names what this reads)."""
        site, site_url = self.site, self.site.settings.site_url
        return PaperView(
            title=paper.title,
            kind=kind_label(paper.kind),
            kind_path=site.kind_path(paper.kind),
            topics=tuple(Chip(name, site.topic_path(name)) for name in paper.topic_names),
            lists=tuple(Chip(name, site.list_path(name)) for name in paper.lists),
            tags=tuple(Chip(tag, _tag_page(site, tag)) for tag in paper.tags),
            links=tuple(link for link in paper.links if _is_web(link.url)),
            cite=export.cite(paper, self._keys[paper.id], site_url=site_url),
            styles=export.styled(paper, site_url=site_url),
            title_derived=paper.title_source == "derived",
            json_ld=Markup(export.json_ld(paper, site_url=site_url)),
            citation=tuple(export.highwire(paper, site_url=site_url)),
            evidence=tuple((m.topic, ", ".join(m.matched)) for m in paper.topics),
            finders=tuple(finders(paper)),
            address=f"papers/{paper.slug}/",
            byline=Byline(paper.bib.authors, paper.bib.year, paper.bib.venue),
            provenance=provenance(paper),
            cited=cited(paper),
        )


def _tag_page(site: Site, tag: str) -> str:
    """A tag of this paper alone has no page of its own."""
    return site.tag_path(tag) if tag in site.shared_tags else ""


def _is_web(url: str) -> bool:
    return url.startswith(("https://", "http://"))
