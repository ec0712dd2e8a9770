"""Same input, same site, byte for byte, the search index included: two cold builds of the
shipped lists, in two project folders, write the same `site/` tree.

The shipped lists are enough to show it: Pagefind (1.5.2) writes its filter of paper
addresses in a random order each run, so any site of two papers or more differed there, and
in the names of the two files that name that filter (generator/search/stable.py)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import copy_project, run_cli
from tests.golden_tree import files_of


def test_two_cold_builds_write_the_same_site(seed_site: Path, tmp_path: Path) -> None:
    again = copy_project(tmp_path / "again")
    run_cli(again, "build", "--strict")
    first, second = files_of(seed_site / "site"), files_of(again / "site")
    assert len(first) > 300 and any(path.startswith("pagefind/filter/") for path in first)
    differ = sorted(path for path in first.keys() | second.keys()
                    if first.get(path) != second.get(path))  # fmt: skip
    assert not differ, differ[:10]
