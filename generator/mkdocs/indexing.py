"""Pagefind run over the built site: before `build` returns, behind the pages under `serve`.

`mkdocs build` and `readinglist build` index the site before they finish, so a site is never
published without its search. Under `mkdocs serve` a reader of the preview waits for the pages,
not for the index: the build returns (and the browser reloads) as soon as the pages are
written, and Pagefind indexes them meanwhile, a moment later. The next build waits for that
run first, since MkDocs empties the site folder when it starts.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from generator import search
from generator.config import Settings
from generator.errors import ReadingListError

log = logging.getLogger(__name__)


class Indexer:
    """Runs Pagefind over a built site, at most one run at a time."""

    def __init__(self) -> None:
        self._running: threading.Thread | None = None

    def index(self, site: Path, settings: Settings, *, behind: bool) -> None:
        """Index `site` (the last index in `settings`' build cache updated); with `behind`, in
        the background (`wait` for it), as under `mkdocs serve`, whose index is kept apart:
        its pages are not a build's, and each would otherwise index the other's anew."""
        self.wait()
        if not behind:
            search.build_pagefind(site, settings)
            return
        self._running = threading.Thread(
            target=_index_reporting,
            args=(site, settings),
            name="readinglist-pagefind",
            daemon=True,
        )
        self._running.start()

    def wait(self) -> None:
        """Until the background run, if any, is done."""
        if self._running is not None:
            self._running.join()
            self._running = None


def _index_reporting(site: Path, settings: Settings) -> None:
    """In the background no caller can catch an error: it is logged, and the preview keeps
    the pages (the search finds what the last index held)."""
    try:
        search.build_pagefind(site, settings, serving=True)
    except ReadingListError as error:
        log.error("search index not rebuilt: %s", error)
