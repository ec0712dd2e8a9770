"""The machine-made blocks of generated pages, handed to MkDocs as HTML the generator makes.

A listing's entries, the tags index's cloud of tags, a paper page's summary and its related
papers are written into docs/ as plain Markdown (a person reads it, another engine builds it).
Python-Markdown would then read every entry again, on each of the dozen listings a paper is on: its
list, link and inline-HTML passes were most of a build's time, and a patch release of it
(3.11.4) made them several times slower (its link matcher scans the rest of a paragraph for
each link: the tag cloud is one paragraph of a thousand links). So, at build time, each such
block is recognised in the page's Markdown, and set aside behind a placeholder paragraph
(`paragraphs.Paragraphs`) with the HTML the generator makes of the same data: `render`'s
`EntryHtml`, escaped where it is made. Python-Markdown then reads a few lines per page.

A block is taken only when its Markdown is exactly what the generator writes for the papers
or tags it names (each entry line is made again and compared, each link checked against the
site's files); anything else (an older page, a template changed without this module) is left
to Python-Markdown, which makes the same HTML slower. `tests/test_blocks.py` holds the HTML
equal to what Python-Markdown makes of the same Markdown.

Must not decide what a page lists, nor read files: the collection and MkDocs' files say all.
"""

from __future__ import annotations

import functools
import posixpath
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from markupsafe import escape

from generator.markup.emit import escape_html, escape_markdown
from generator.models import Collection
from generator.render.entries import (
    Entry,
    EntryHtml,
    entry_html,
    entry_line,
    make_entry,
    make_entry_html,
    paper_path,
)
from generator.render.site import Site, kind_label
from generator.render.templating import relative

if TYPE_CHECKING:
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

# A block is a run of lines between blank lines (or the page's ends), as Python-Markdown
# reads one.
_START, _END = r"(?:^|(?<=\n\n))", r"(?=\n\n|\n?\Z)"
# A listing: items of two lines, a linked title then the summary (`_entry.md.j2`).
_ITEM = r"(?:-|\d+\.) \[[^\n]*\n    <span class=\"rl-summary\">[^\n]*</span>"
_LISTING = re.compile(rf"{_START}((?:{_ITEM}\n)*{_ITEM}){_END}")
_ITEMS = re.compile(r"(-|\d+\.) (\[[^\n]*\n[^\n]*)")
_PAPER_ID = re.compile(r' data-rl-paper="([^"]*)"')
# The tags index's cloud (`tags.md.j2`): one tag a line in a `markdown` div.
_TAG = r"<span class=\"rl-tag\">\[[^\n]*\]\([^\n]*\)\{ \.rl-chip \} <span class=\"rl-count\">\d+</span></span>"  # noqa: E501
_CLOUD = re.compile(rf'{_START}<div class="rl-tag-cloud" markdown>\n((?:{_TAG}\n)+)</div>{_END}')
_TAGS = re.compile(
    r'<span class="rl-tag">\[([^\n]*)\]\(([^\n]*)\)\{ \.rl-chip \} '
    r'<span class="rl-count">(\d+)</span></span>'
)
# A paper page's related papers (`paper.md.j2`): linked titles.
_LINK_ITEM = r"- \[[^\n]*\]\([^\n]*\)"
_RELATED = re.compile(rf"{_START}((?:{_LINK_ITEM}\n)*{_LINK_ITEM}){_END}")
_LINKS = re.compile(r"- \[([^\n]*)\]\(([^\n]*)\)")

# A paper page's summary (`paper.md.j2`): one line in a `markdown` div.
_ONELINE = re.compile(rf'{_START}<div class="rl-oneline" markdown>\n\n([^\n]+)\n\n</div>{_END}')

SetAside = Callable[[str], str]  # the HTML of a block -> the placeholder to put in its place
_Maker = Callable[[str, "_Page"], "str | None"]  # a block's Markdown -> its HTML, or None


class Blocks:
    """One build's HTML of machine-made blocks, each paper's entry made once, when first met."""

    def __init__(self, collection: Collection, site: Site) -> None:
        self.site = site
        self._papers = {paper.id: paper for paper in collection.papers}
        self._by_path = {paper_path(paper.slug): paper.id for paper in collection.papers}
        self._entries: dict[str, tuple[Entry, EntryHtml]] = {}

    def set_aside(self, markdown: str, *, page: Page, files: Files, keep: SetAside) -> str:
        """`markdown` with each block this module makes replaced by `keep(its HTML)`."""
        here = _Page(page, files)
        for pattern, make in (
            (_LISTING, self._listing),
            (_CLOUD, self._cloud),
            (_RELATED, self._related),
            (_ONELINE, self._summary),
        ):

            def replaced(found: re.Match[str], make: _Maker = make) -> str:
                html = make(found[1], here)
                return found[0] if html is None else keep(html)

            markdown = pattern.sub(replaced, markdown)
        return markdown

    def _entry(self, paper_id: str) -> tuple[Entry, EntryHtml] | None:
        """The paper's entry and its HTML, or None for no such paper."""
        if (made := self._entries.get(paper_id)) is None:
            if (paper := self._papers.get(paper_id)) is None:
                return None
            label = kind_label(paper.kind)
            made = (make_entry(paper, label), make_entry_html(paper, label))
            self._entries[paper_id] = made
        return made

    def _listing(self, block: str, here: _Page) -> str | None:
        """A listing's entries as the `<ul>` or `<ol>` Python-Markdown makes of them."""
        items, markers = [], set()
        for marker, line in _ITEMS.findall(block):
            found = _PAPER_ID.search(line)
            made = self._entry(found[1]) if found else None
            if made is None or entry_line(made[0], here.folder) != line:
                return None
            if (url := here.url_of(made[0].path)) is None:
                return None
            markers.add(marker == "-")
            items.append(f"<li>{entry_html(made[1], url)}</li>")
        if len(markers) != 1:  # one kind of list: a change of marker starts another list
            return None
        tag = "ul" if markers.pop() else "ol"
        return "\n".join([f"<{tag}>", *items, f"</{tag}>"])

    def _cloud(self, block: str, here: _Page) -> str | None:
        """The tags index's cloud as the `<div>` around one paragraph Python-Markdown makes."""
        tags = self._tags_by_path
        chips = []
        for text, href, count in _TAGS.findall(block):
            target = posixpath.normpath(posixpath.join(here.folder, href))
            tag = tags.get((target, text))
            if tag is None or href != relative(target, here.folder):
                return None
            if len(self.site.tags[tag]) != int(count) or (url := here.url_of(target)) is None:
                return None
            chips.append(_chip(url, tag, count))
        return '<div class="rl-tag-cloud">\n<p>' + "\n".join(chips) + "</p>\n</div>"

    @functools.cached_property
    def _tags_by_path(self) -> dict[tuple[str, str], str]:
        """Each tag by the page it leads to and its text in the cloud (a tag of one paper
        leads to that paper's page, as may other tags of it)."""
        site = self.site
        return {(site.tag_path(tag), escape_markdown(tag)): tag for tag in site.tags}

    def _related(self, block: str, here: _Page) -> str | None:
        """A list of linked paper titles as the `<ul>` Python-Markdown makes of it."""
        items = []
        for text, href in _LINKS.findall(block):
            target = posixpath.normpath(posixpath.join(here.folder, href))
            paper_id = self._by_path.get(target)
            made = self._entry(paper_id) if paper_id else None
            if made is None or made[0].title != text or href != relative(target, here.folder):
                return None
            if (url := here.url_of(target)) is None:
                return None
            items.append(f'<li><a href="{escape(url)}">{made[1].title}</a></li>')
        return "\n".join(["<ul>", *items, "</ul>"])

    def _summary(self, line: str, here: _Page) -> str | None:
        """A paper page's summary as the `<div>` Python-Markdown makes of its Markdown."""
        paper_id = self._by_path.get(here.page.file.src_uri)
        made = self._entry(paper_id) if paper_id else None
        if made is None or made[0].summary != line:
            return None
        return f'<div class="rl-oneline">\n<p>{made[1].summary}</p>\n</div>'


def _chip(url: str, tag: str, count: str) -> str:
    """A tag of the cloud: its name as text (quotes kept, as Markdown keeps them)."""
    return (
        f'<span class="rl-tag"><a class="rl-chip" href="{escape(url)}">{escape_html(tag)}</a> '
        f'<span class="rl-count">{int(count)}</span></span>'
    )


class _Page:
    """The page being built: its folder under docs/, and the address of a page from it."""

    def __init__(self, page: Page, files: Files) -> None:
        self.page, self.files = page, files
        self.folder = posixpath.dirname(page.file.src_uri)

    def url_of(self, path: str) -> str | None:
        """The address MkDocs writes for a link to `path`, or None for no such page (MkDocs
        then warns, when Python-Markdown reads the block). A page this build leaves to the
        last one's HTML (`reuse`) or to a `helper` counts: it is in the site."""
        target = self.files.get_file_from_path(path)
        return None if target is None else target.url_relative_to(self.page.file)
