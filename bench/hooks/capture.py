"""MkDocs hook for the full build: record what the readinglist plugin gave MkDocs.

Hooks run after the configured plugins, so by `on_env` the plugin has set `config.nav` and
`env.globals["readinglist"]`. Both go to `.bench-capture.json` beside the config file; the
plain build (`plain.py`) replays them so that it builds the same pages with the same theme.
"""

from __future__ import annotations

import json
from pathlib import Path

CAPTURE = ".bench-capture.json"


def on_env(env, config, files):
    data = {"nav": config.nav, "globals": {"readinglist": env.globals.get("readinglist")}}
    path = Path(config.config_file_path).parent / CAPTURE
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return env
