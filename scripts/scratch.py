"""A throw-away project of the repository's configuration and theme, for the measuring scripts
(score_titles.py, tag_figures.py): some list files, generated with this checkout's generator."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def make_project(target: Path, lists: dict[str, bytes]) -> Path:
    """A project at `target` holding `lists` (file name -> bytes) and the shipped topics."""
    (target / "lists").mkdir(parents=True)
    (target / "docs").mkdir()
    shutil.copy(REPO / "mkdocs.yml", target / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", target / "overrides")
    shutil.copy(REPO / "lists" / "topics.yml", target / "lists" / "topics.yml")
    for name, data in lists.items():
        (target / "lists" / name).write_bytes(data)
    return target


def generate(project: Path) -> bool:
    """`readinglist generate` in `project`, with this checkout's generator: did it succeed?"""
    command = [sys.executable, "-m", "generator.cli", "generate", "-q", "--root", str(project)]
    return subprocess.run(command, cwd=REPO, env=script_env()).returncode == 0


def script_env() -> dict[str, str]:
    """The environment for a command that must import this checkout's generator."""
    return {**os.environ, "PYTHONPATH": str(REPO)}
