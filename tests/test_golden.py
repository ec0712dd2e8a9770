"""The generated tree for the shipped lists equals the checked-in golden copy, file by file.

A difference fails with a unified diff of the first files that differ. If the change is
intended, run `python scripts/update_golden.py` and commit the new golden tree with it.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from tests.golden_tree import GOLDEN, SHIPPED_LOCK, files_of, generate_shipped, lock_after

SHOWN = 3  # files whose diff is shown; the rest are named


def test_the_shipped_lists_generate_the_golden_tree(tmp_path: Path) -> None:
    made, golden = files_of(generate_shipped(tmp_path)), files_of(GOLDEN)
    missing, extra = sorted(golden.keys() - made.keys()), sorted(made.keys() - golden.keys())
    changed = [path for path in sorted(golden.keys() & made.keys()) if golden[path] != made[path]]
    if missing or extra or changed:
        report = [f"missing: {missing}", f"new: {extra}", f"changed: {changed}"]
        report += [_diff(path, golden[path], made[path]) for path in changed[:SHOWN]]
        raise AssertionError(
            "the generated tree differs from tests/golden/shipped/ (if intended: "
            "python scripts/update_golden.py)\n" + "\n".join(report)
        )
    assert golden, "the golden tree is empty: python scripts/update_golden.py"


def test_a_fresh_clones_first_build_leaves_the_shipped_lock_as_it_is(tmp_path: Path) -> None:
    lock = lock_after(generate_shipped(tmp_path))
    shipped = SHIPPED_LOCK.read_bytes()
    assert lock.read_bytes() == shipped, "\n".join(
        ["lists/readinglist.lock.json is stale (if intended: python scripts/update_golden.py)",
         _diff(SHIPPED_LOCK.name, shipped, lock.read_bytes())]
    )  # fmt: skip


def _diff(path: str, expected: bytes, actual: bytes) -> str:
    lines = difflib.unified_diff(
        expected.decode("utf-8", "replace").splitlines(),
        actual.decode("utf-8", "replace").splitlines(),
        f"golden/{path}", f"generated/{path}", lineterm="", n=1,
    )  # fmt: skip
    return "\n".join(list(lines)[:60])
