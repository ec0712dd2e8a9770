"""`readinglist new`: a project that builds at once, from a checkout or an installed wheel."""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

from generator import __version__, scaffold
from tests.conftest import REPO, run_cli

WHEEL = f"mkdocs_readinglist-{__version__}-py3-none-any.whl"


def test_a_new_project_builds_at_once_with_its_name(tmp_path: Path) -> None:
    run_cli(tmp_path, "new", "group", "--name", "My Reading Group")
    project = tmp_path / "group"
    expected = {"mkdocs.yml", "lists/reading-list.txt", "lists/topics.yml", ".gitignore",
                "requirements.txt", "constraints.txt", ".github/workflows/pages.yml",
                "overrides/paper.html", f"vendor/{WHEEL}",
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


def _requirements(site: Path) -> list[str]:
    lines = (site / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_a_new_site_names_the_generator_it_carries(tmp_path: Path) -> None:
    """Its requirements.txt names the wheel in its own vendor/ folder, no release on the
    package index; the wheel is whole (every file's RECORD hash holds) and carries the theme."""
    run_cli(tmp_path, "new", "s", "--name", "S")
    site = tmp_path / "s"
    assert _requirements(site) == [f"./vendor/{WHEEL}"]
    with zipfile.ZipFile(site / "vendor" / WHEEL) as archive:
        info = f"mkdocs_readinglist-{__version__}.dist-info"
        record = archive.read(f"{info}/RECORD").decode().splitlines()
        for line in record:
            name, digest, size = line.rsplit(",", 2)
            if name != f"{info}/RECORD":
                data = archive.read(name)
                made = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
                assert (digest, size) == (f"sha256={made.decode()}", str(len(data))), name
        names = {line.split(",")[0] for line in record}
        assert names == set(archive.namelist())
        assert {"generator/cli.py", "generator/theme/paper.html", f"{info}/entry_points.txt",
                "generator/theme/assets/javascripts/search.js"} <= names  # fmt: skip
        assert f"Version: {__version__}" in archive.read(f"{info}/METADATA").decode()


def test_the_same_generator_makes_the_same_wheel(tmp_path: Path) -> None:
    """Re-vendoring an unchanged generator changes no byte a curator would commit."""
    run_cli(tmp_path, "new", "a", "--name", "A")
    run_cli(tmp_path, "new", "b", "--name", "B")
    made = [(tmp_path / site / "vendor" / WHEEL).read_bytes() for site in ("a", "b")]
    assert made[0] == made[1]


def test_upgrade_puts_the_running_generator_into_a_site(tmp_path: Path) -> None:
    """A site made by a former generator (an index pin, an older wheel) is made to install this
    one; the curator's other requirements stay, in their order."""
    run_cli(tmp_path, "new", "s", "--name", "S")
    site = tmp_path / "s"
    (site / "vendor" / WHEEL).rename(site / "vendor" / "mkdocs_readinglist-0.0.1-py3-none-any.whl")
    (site / "requirements.txt").write_text(
        "# mine\nmkdocs-glightbox==0.4.0\nmkdocs-readinglist==0.0.1\n", encoding="utf-8"
    )
    (site / "constraints.txt").write_text("mkdocs==1.0\n", encoding="utf-8")
    result = run_cli(site, "upgrade")
    assert f"installs readinglist {__version__}" in result.stdout
    assert _requirements(site) == ["mkdocs-glightbox==0.4.0", f"./vendor/{WHEEL}"]
    assert [path.name for path in (site / "vendor").iterdir()] == [WHEEL]
    shipped = (scaffold.TEMPLATES / "constraints.txt").read_bytes()
    assert (site / "constraints.txt").read_bytes() == shipped
    fresh = tmp_path / "fresh"
    run_cli(tmp_path, "new", "fresh", "--name", "F")
    assert (site / "vendor" / WHEEL).read_bytes() == (fresh / "vendor" / WHEEL).read_bytes()


def test_upgrade_outside_a_site_writes_nothing(tmp_path: Path) -> None:
    result = run_cli(tmp_path, "upgrade", check=False)
    assert result.returncode == 1
    assert "error: .: no requirements.txt" in result.stderr
    assert list(tmp_path.iterdir()) == []


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
