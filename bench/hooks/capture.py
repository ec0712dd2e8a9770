"""MkDocs hook for the full build: record what the readinglist plugin gave MkDocs.

Hooks run after the configured plugins, so by `on_env` the plugin has set `config.nav`, and by
each page's `on_page_context` it has escaped the page's title and handed a paper page its
context. The navigation goes to `.bench-capture.json` beside the config file, the titles and
contexts to `.bench-pages.pickle`; the plain build (`plain.py`) replays them so that it builds
the same pages with the same theme.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

CAPTURE = ".bench-capture.json"
PAGES = ".bench-pages.pickle"
_pages: dict[str, tuple[object, dict]] = {}


def on_env(env, config, files):
    data = {"nav": config.nav}
    path = Path(config.config_file_path).parent / CAPTURE
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return env


def on_page_context(context, page, config, nav):
    _pages[page.file.src_uri] = (page.meta.get("title"), {"paper": context.get("paper")})
    return context


def on_post_build(config):
    path = Path(config.config_file_path).parent / PAGES
    path.write_bytes(pickle.dumps(_pages, protocol=pickle.HIGHEST_PROTOCOL))
