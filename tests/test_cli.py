"""The command line as a curator uses it: exit codes, messages, suggestions."""

from __future__ import annotations

import argparse
from pathlib import Path

import yaml

from generator import cli
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


def test_check_never_says_it_wrote_or_withheld_anything(make_project) -> None:
    """`check` never writes: a curator file it cannot use is reported without "nothing was
    written", which only a command that writes can say."""
    project = make_project({"a.txt": "A\n\nWe study a small thing in depth and report it.\n"})
    (project / "lists" / "curation.yml").write_text("papers:\n  nope: {rating: 9}\n", "utf-8")
    for command in ("check", "find"):
        result = run_cli(project, command, *(["thing"] if command == "find" else []), check=False)
        assert result.returncode == 1 and "lists/curation.yml:2" in result.stderr
        assert "error(s) in the input" in result.stderr and "written" not in result.stderr
    built = run_cli(project, "generate", check=False)
    assert built.returncode == 1 and "error(s) in the input; nothing was written" in built.stderr


def test_quiet_flag_works_before_and_after_the_command(make_project) -> None:
    project = make_project({"a.txt": "A\n\nWe study a small thing in depth and report it.\n"})
    for args in (["-q", "generate"], ["generate", "-q"]):
        assert "INFO" not in run_cli(project, *args).stderr


def test_build_swaps_in_a_whole_new_site(make_project) -> None:
    project = make_project({"a.txt": "A\n\nWe study a small thing in depth and report it.\n"})
    run_cli(project, "build")
    marker = project / "site" / "marker.txt"
    marker.write_text("from the previous build")
    (project / "docs" / "about.md").write_text("# About\n\nChanged.\n", encoding="utf-8")
    run_cli(project, "build")
    assert not marker.exists()  # the old site was replaced whole, not patched
    assert not any(Path(project).glob("site.*"))


COMMANDS = ("build", "generate", "check", "find", "suggest-topics")


def test_help_describes_the_tool_and_every_command_and_option(tmp_path: Path) -> None:
    top = run_cli(tmp_path, "--help").stdout
    assert "reading lists of research papers" in top and "Command line" not in top
    for command in COMMANDS:
        assert command in top
        assert "--config-file" in run_cli(tmp_path, command, "--help").stdout
    subcommands = next(
        a for a in cli._parser()._actions if a.dest == argparse.SUPPRESS and a.choices
    )
    for name, parser in subcommands.choices.items():
        for action in parser._actions:
            assert action.help and action.help != argparse.SUPPRESS, (name, action.dest)


def test_version_names_the_tool(tmp_path: Path) -> None:
    assert run_cli(tmp_path, "--version").stdout.strip().startswith("readinglist 0.")


def _fails_in_one_line(project: Path, *args: str, says: str) -> None:
    result = run_cli(project, *args, check=False)
    assert result.returncode == 1, result
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and says in errors[0], result.stderr


def test_outside_a_project_every_command_says_so_in_one_line(tmp_path: Path) -> None:
    for command in ("build", "generate", "check"):
        _fails_in_one_line(tmp_path, command, says="not a readinglist project")
    _fails_in_one_line(tmp_path, "find", "x", says="not a readinglist project")


def test_a_missing_or_broken_mkdocs_yml_is_one_line(make_project) -> None:
    project = make_project({"a.txt": "A\n\nWe study a small thing in depth and report it.\n"})
    _fails_in_one_line(project, "build", "-f", "nope.yml", says="nope.yml: no such file")
    (project / "broken.yml").write_text("site_name: x\nnav: [\n", encoding="utf-8")
    _fails_in_one_line(project, "build", "-f", "broken.yml", says="broken.yml:3: invalid YAML")
    _fails_in_one_line(project, "-f", "broken.yml", "generate", says="broken.yml:")
    (project / "plain.yml").write_text("site_name: x\n", encoding="utf-8")
    _fails_in_one_line(project, "check", "-f", "plain.yml", says="plugin is not enabled")
    assert not (project / "site").exists() and not (project / "docs" / "papers").exists()


def test_options_work_before_or_after_the_command(make_project, tmp_path: Path) -> None:
    project = make_project({"a.txt": "A\n\nWe study a small thing in depth and report it.\n"})
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    run_cli(elsewhere, "--root", str(project), "generate")
    run_cli(elsewhere, "build", "--root", str(project), "-f", str(project / "mkdocs.yml"))
    assert (project / "site" / "index.html").is_file()


def test_a_bad_option_prints_usage_and_exits_2(tmp_path: Path) -> None:
    result = run_cli(tmp_path, "build", "--bogus", check=False)
    assert result.returncode == 2 and "usage: readinglist" in result.stderr


def test_a_build_with_nothing_changed_leaves_the_site_untouched(make_project) -> None:
    project = make_project({"a.txt": "A\n\nWe study a small thing in depth and report it.\n"})
    run_cli(project, "build")
    site = project / "site"
    before = {p: p.stat().st_mtime_ns for p in site.rglob("*")}
    assert "site unchanged" in run_cli(project, "build").stdout
    assert {p: p.stat().st_mtime_ns for p in site.rglob("*")} == before
    # Anything MkDocs reads changes the site: a curator's page, the theme, the configuration.
    for path in ("docs/about.md", "overrides/404.html", "mkdocs.yml"):
        with (project / path).open("a", encoding="utf-8") as file:
            file.write("\n")
        assert "site built" in run_cli(project, "build").stdout, path
