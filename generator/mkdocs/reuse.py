"""What `mkdocs serve` need not render again: pages whose every input is as it was.

MkDocs rebuilds every page after every change, which at a thousand papers is most of the
seconds between saving an abstract and seeing it. A page's HTML depends only on its source (the
Markdown and front matter), the navigation, the page context this package adds, and the
configuration and theme, which stay the same for a whole `serve` session (a change to them
restarts it). `Rebuilds` keeps each page's rendered Markdown and finished HTML from the last
build, keyed by a digest of those inputs, and hands them back when the digest is the same: the
page then skips Python-Markdown and the theme. Only `serve` uses it; `build` renders afresh.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page
    from mkdocs.structure.toc import TableOfContents

TEMPLATE = "readinglist-rebuild.html"
TEMPLATE_SOURCE = "{{ readinglist_rendered }}"  # the page's HTML as the last build wrote it


@dataclass
class _Rendered:
    key: str
    content: str
    toc: TableOfContents
    html: str = ""  # the theme's output, once the page was built


class Rebuilds:
    """The last build's pages, by source path."""

    def __init__(self) -> None:
        self._pages: dict[str, _Rendered] = {}
        self._navigation = ""
        self.reused = 0  # pages of this build handed their last HTML

    def start(self, nav: Navigation) -> None:
        """A new build, with this navigation (every page shows it)."""
        self._navigation = _digest(repr(_outline(nav.items)))
        self.reused = 0

    def key(self, page: Page, markdown: str, context: object) -> str:
        return _digest(
            self._navigation, page.file.src_uri, repr(page.meta), markdown, repr(context)
        )

    def reusable(self, page: Page, key: str) -> bool:
        """Whether the last build's page can stand for this one. Only pages titled in their
        front matter: an untitled page takes its title from its rendered Markdown."""
        known = self._pages.get(page.file.src_uri)
        return known is not None and known.key == key and bool(known.html) and "title" in page.meta

    def reuse(self, page: Page) -> str:
        """The page marked for the template that prints its last HTML; its table of contents
        as the last build's; its rendered Markdown returned."""
        known = self._pages[page.file.src_uri]
        self.reused += 1
        page.toc = known.toc
        page.meta["template"] = TEMPLATE
        return known.content

    def html(self, page: Page) -> str:
        return self._pages[page.file.src_uri].html

    def remember_content(self, page: Page, key: str) -> None:
        assert page.content is not None
        self._pages[page.file.src_uri] = _Rendered(key, page.content, page.toc)

    def remember_html(self, page: Page, html: str) -> None:
        known = self._pages.get(page.file.src_uri)
        if known is not None:
            known.html = html


def _outline(items: list) -> list:
    """What a navigation shows: each item's title and address, and its children."""
    return [
        (item.title, getattr(item, "url", ""), _outline(getattr(item, "children", None) or []))
        for item in items
    ]


def _digest(*parts: str) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogatepass")
        hasher.update(len(data).to_bytes(8, "big") + data)
    return hasher.hexdigest()
