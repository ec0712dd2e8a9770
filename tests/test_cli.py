"""The command line as a curator uses it: exit codes, messages, suggestions."""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.read import parse_taxonomy
from tests.conftest import FIXTURES, run_cli


def test_suggest_topics_prints_taxonomy_entries_a_curator_can_paste(make_project) -> None:
    text = (FIXTURES / "vision_list" / "vision_and_recsys.txt").read_text(encoding="utf-8")
    project = make_project({"vision.txt": text})
    result = run_cli(project, "suggest-topics", "--min-papers", "2")
    entries = yaml.safe_load(result.stdout)
    assert isinstance(entries, list) and entries, result.stdout
    taxonomy_file = project / "lists" / "topics.yml"
    taxonomy = yaml.safe_load(taxonomy_file.read_text(encoding="utf-8"))
    taxonomy["topics"][:0] = entries
    parse_taxonomy(taxonomy, taxonomy_file)  # accepted as it is


def test_check_reports_every_list_and_writes_nothing(make_project) -> None:
    project = make_project(
        {
            "a.txt": "A\n\nOne\n\nWe study a thing with $unbalanced math in a long sentence.\n",
            "b.txt": b"\x00\x01\x02binary",
        }
    )
    result = run_cli(project, "check", check=False)
    assert result.returncode == 1
    assert "lists/a.txt:3: warning" in result.stderr
    assert "lists/b.txt:1: error" in result.stderr
    assert not (project / "docs" / "papers").exists()
    assert not (project / "lists" / "readinglist.lock.json").exists()


def test_quiet_flag_works_before_and_after_the_command(make_project) -> None:
    project = make_project({"a.txt": "A\n\nWe study a small thing in depth and report it.\n"})
    for args in (["-q", "generate"], ["generate", "-q"]):
        assert "INFO" not in run_cli(project, *args).stderr


def test_build_swaps_in_a_whole_new_site(make_project) -> None:
    project = make_project({"a.txt": "A\n\nWe study a small thing in depth and report it.\n"})
    run_cli(project, "build")
    marker = project / "site" / "marker.txt"
    marker.write_text("from the previous build")
    run_cli(project, "build")
    assert not marker.exists()  # the old site was replaced whole, not patched
    assert not any(Path(project).glob("site.*"))
