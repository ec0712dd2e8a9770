#!/usr/bin/env python3
"""Regenerate the golden tree (tests/golden/shipped/) and the shipped lock, on purpose.

Usage: python scripts/update_golden.py

Run it only when a change to the generated pages is intended; `git diff tests/golden` then shows
exactly what changed, page by page, for review with the change that caused it.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.golden_tree import GOLDEN, SHIPPED_LOCK, generate_shipped, lock_after  # noqa: E402  (the test's own generator)


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="golden-") as tmp:
        tree = generate_shipped(Path(tmp))
        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(tree, GOLDEN)
        shutil.copyfile(lock_after(tree), SHIPPED_LOCK)  # what a fresh clone's build keeps
    print(f"golden tree written to {GOLDEN.relative_to(REPO)}: review it with `git diff`")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
