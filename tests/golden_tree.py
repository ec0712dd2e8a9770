"""The golden tree: what `readinglist generate` writes for the shipped lists, checked in.

`generate_shipped` builds the shipped lists in a fresh project exactly as a curator would (the
real command line, a pinned date), and returns the generated folder without the generator's own
bookkeeping (the manifest). The test compares it with `tests/golden/shipped/`;
`scripts/update_golden.py` rewrites that copy when a change to the pages is intended.
Needs no test dependencies, so the script runs without pytest.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
GOLDEN = REPO / "tests" / "golden" / "shipped"
SHIPPED_LOCK = REPO / "lists" / "readinglist.lock.json"
EPOCH = "1767225600"  # 2026-01-01: the first-seen date of every paper new to the lock


def generate_shipped(work: Path) -> Path:
    """The generated docs/ of the shipped lists (with the shipped lock), manifest removed."""
    project = work / "project"
    (project / "docs").mkdir(parents=True)
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", project / "overrides")
    shutil.copytree(REPO / "lists", project / "lists", ignore=shutil.ignore_patterns(".*"))
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH, "PYTHONPATH": str(REPO)}
    env.pop("SITE_URL", None)  # the mkdocs.yml default, as a fresh clone builds
    command = [sys.executable, "-m", "generator.cli", "generate", "-q", "--root", str(project)]
    subprocess.run(command, check=True, env=env, capture_output=True)
    docs = project / "docs"
    (docs / ".readinglist-manifest.json").unlink()
    return docs


def lock_after(docs: Path) -> Path:
    """The lock file as the generation of `docs` left it: a fresh clone's first build must
    leave the shipped one as it is (a run with nothing changed changes nothing)."""
    return docs.parent / "lists" / SHIPPED_LOCK.name


def files_of(tree: Path) -> dict[str, bytes]:
    return {
        path.relative_to(tree).as_posix(): path.read_bytes()
        for path in sorted(tree.rglob("*"))
        if path.is_file()
    }
