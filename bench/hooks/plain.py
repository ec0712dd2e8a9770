"""MkDocs hook for the plain build: the theme globals the readinglist plugin would have set.

Loads `.bench-capture.json` (written by `capture.py` during the full build), so the plain
build renders the paper template exactly as the full build does, without generating.
"""

from __future__ import annotations

import json
from pathlib import Path

CAPTURE = ".bench-capture.json"


def on_env(env, config, files):
    path = Path(config.config_file_path).parent / CAPTURE
    env.globals.update(json.loads(path.read_text(encoding="utf-8"))["globals"])
    return env
