"""`readinglist new`: a project that builds at once, from a checkout or an installed wheel."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator import scaffold
from tests.conftest import REPO, run_cli


def test_a_new_project_builds_at_once_with_its_name(tmp_path: Path) -> None:
    run_cli(tmp_path, "new", "group", "--name", "My Reading Group")
    project = tmp_path / "group"
    expected = {"mkdocs.yml", "lists/reading-list.txt", "lists/topics.yml", ".gitignore",
                "requirements.txt", "constraints.txt", ".github/workflows/pages.yml",
                "overrides/paper.html",
                "docs/stylesheets/readinglist.css"}  # fmt: skip
    assert expected <= {p.relative_to(project).as_posix() for p in project.rglob("*")}
    assert 'site_url: !ENV [SITE_URL, "https://example.github.io/group/"]' in (
        project / "mkdocs.yml"
    ).read_text(encoding="utf-8")
    run_cli(project, "build", "--strict")
    home = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert "<title>Home - My Reading Group</title>" in home
    assert len(list((project / "site" / "papers").glob("*/index.html"))) == 3


def test_a_hostile_name_stays_text(tmp_path: Path) -> None:
    name = '<script>alert("x")</script> & "Friends"'
    run_cli(tmp_path, "new", "p", "--name", name)
    run_cli(tmp_path / "p", "build", "--strict")
    for page in (tmp_path / "p" / "site").rglob("*.html"):
        assert '<script>alert("x")' not in page.read_text(encoding="utf-8"), page


def test_an_existing_folder_is_never_touched(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    result = run_cli(tmp_path, "new", "taken", "--name", "X", check=False)
    assert result.returncode == 1 and "not empty" in result.stderr
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["notes.txt"]


@pytest.mark.parametrize(
    "name", ["Group\nSecond line", "Group\r\n", "Tab\there", "Para\u2029graph", "  ", ""]
)
def test_a_name_that_is_not_one_line_of_text_is_refused(tmp_path: Path, name: str) -> None:
    """A line break in the name would end the example list's first line (its name) early:
    refused, with what a name must be, and nothing written."""
    result = run_cli(tmp_path, "new", "p", "--name", name, check=False)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "error: --name: " in result.stderr and "one line of text" in result.stderr
    assert not (tmp_path / "p").exists()


class _Loader(yaml.SafeLoader):
    """mkdocs.yml's `!ENV` tag read as the list it holds."""


_Loader.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node))


def test_the_repository_is_a_project_of_the_same_files() -> None:
    """The shipped site's mkdocs.yml, workflow, constraints and .gitignore are the scaffold's,
    so a new project gets exactly what the repository is built and tested with."""
    shipped = yaml.load((REPO / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    made = scaffold.mkdocs_yml(shipped["site_name"], "https://example.github.io/readinglist/",
                               description=shipped["site_description"])  # fmt: skip
    assert (REPO / "mkdocs.yml").read_text(encoding="utf-8") == made
    workflow = REPO / ".github" / "workflows" / "pages.yml"
    assert workflow.read_bytes() == (scaffold.TEMPLATES / "pages.yml").read_bytes()
    pins = (REPO / "constraints.txt").read_bytes()
    assert pins == (scaffold.TEMPLATES / "constraints.txt").read_bytes()
    ignored = (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert set((scaffold.TEMPLATES / "gitignore").read_text(encoding="utf-8").splitlines()) <= {
        *ignored,
        "",
    }


@pytest.mark.slow
def test_an_installed_wheel_carries_the_theme(tmp_path: Path) -> None:
    """Built as a wheel and installed elsewhere, `new` still finds the theme and assets."""
    wheels, target = tmp_path / "wheels", tmp_path / "installed"
    command = [
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "-q",
        "--no-deps",
        "-w",
        str(wheels),
        str(REPO),
    ]
    subprocess.run(command, check=True, capture_output=True)
    wheel = next(wheels.glob("mkdocs_readinglist-*.whl"))
    install = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target)]
    subprocess.run([*install, str(wheel)], check=True, capture_output=True)
    env = {**os.environ, "PYTHONPATH": str(target)}
    subprocess.run([sys.executable, "-m", "generator.cli", "new", "w", "--name", "W"],
                   cwd=tmp_path, env=env, check=True, capture_output=True)  # fmt: skip
    assert (tmp_path / "w" / "overrides" / "paper.html").is_file()
    assert (tmp_path / "w" / "docs" / "javascripts" / "search.js").is_file()
