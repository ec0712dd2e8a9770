"""MkDocs hook for the plain build: what the readinglist plugin would have given each page.

Loads `.bench-pages.pickle` (written by `capture.py` during the full build): each page's
title as the plugin escaped it and a paper page's context, so the plain build renders the
paper template exactly as the full build does, without generating.
"""

from __future__ import annotations

import pickle
from functools import cache
from pathlib import Path

PAGES = ".bench-pages.pickle"


@cache
def _captured(config_file: str) -> dict:
    return pickle.loads((Path(config_file).parent / PAGES).read_bytes())  # our own capture


def on_page_markdown(markdown, page, config, files):
    title, _ = _captured(config.config_file_path).get(page.file.src_uri, (None, {}))
    if title is not None:
        page.meta["title"] = title
    return markdown


def on_page_context(context, page, config, nav):
    _, captured = _captured(config.config_file_path).get(page.file.src_uri, (None, {}))
    if captured.get("paper") is not None:
        context.update(captured)
    return context
