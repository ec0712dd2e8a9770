"""The README's install, for real: fresh virtualenvs of Debian 12's /usr/bin/python3 (the oldest
interpreter supported) install the project with the pins of constraints.txt, with the lower ends
of pyproject.toml's ranges, and a new site installs exactly as its Pages workflow does, from its
own files (the generator is the wheel in its vendor/ folder); each then builds its site. The fast
tests hold the files to each other: the ranges, the pins, the lower ends, and every import
declared.

The slow tests reach the package index through pip for the third-party packages (its cache is
warm after scripts/test.sh's own install): installing is what they check. The generator itself
is on no index: a new site finds it only in its own vendor/ folder.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
import tomllib
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from generator import __version__
from tests.conftest import REPO, copy_project, run_cli

DEBIAN_PYTHON = Path("/usr/bin/python3")
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
SOURCES = ("generator", "pyproject.toml", "README.md", "requirements.txt", "constraints.txt",
           "constraints-lowest.txt")  # fmt: skip


def _pins(path: Path) -> dict[str, str]:
    """name -> version of a constraints file's `name==version` lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    pairs = [line.split("==") for line in lines if line and not line.startswith("#")]
    return {canonicalize_name(name): version for name, version in pairs}


def _requirements(extra: str | None = None) -> list[Requirement]:
    project = PYPROJECT["project"]
    return [
        Requirement(line)
        for line in (project["optional-dependencies"][extra] if extra else project["dependencies"])
    ]


def test_constraints_pin_the_whole_tree_within_the_ranges() -> None:
    pins = _pins(REPO / "constraints.txt")
    for requirement in [*_requirements(), *_requirements("test")]:
        pin = pins[canonicalize_name(requirement.name)]
        assert requirement.specifier.contains(pin), f"constraints.txt: {pin} outside {requirement}"
    assert "mkdocs-readinglist" not in pins  # the project itself is what is installed


def test_the_lowest_pins_are_the_lower_ends_of_the_ranges() -> None:
    lowest = _pins(REPO / "constraints-lowest.txt")
    for requirement in _requirements():
        lower = [spec.version for spec in requirement.specifier if spec.operator == ">="]
        upper = [spec for spec in requirement.specifier if spec.operator == "<"]
        assert len(lower) == 1 and len(upper) == 1, f"{requirement}: a range >=x,<y"
        assert lowest[canonicalize_name(requirement.name)] == lower[0], requirement


def _imported_top_modules() -> set[str]:
    names = set()
    for path in (REPO / "generator").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"generator"}


def test_every_module_the_generator_imports_is_declared() -> None:
    declared = {canonicalize_name(requirement.name) for requirement in _requirements()}
    distributions = metadata.packages_distributions()
    imported = _imported_top_modules()
    assert {"numpy", "markupsafe", "pathspec", "watchdog"} <= imported
    for module in imported:
        owners = {canonicalize_name(name) for name in distributions.get(module, [])}
        assert owners & declared, f"generator/ imports {module}, which pyproject.toml does not name"


def _venv(folder: Path) -> Path:
    """A fresh virtualenv of Debian's python3; its bin/ folder."""
    made = DEBIAN_PYTHON.is_file() and subprocess.run(
        [str(DEBIAN_PYTHON), "-m", "venv", str(folder)], capture_output=True
    )
    if not made or made.returncode != 0:
        reason = f"{DEBIAN_PYTHON} makes no virtualenv (apt-get install python3-venv)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason, pytrace=False)
        pytest.skip(reason)
    return folder / "bin"


def _run(*command: str | Path, cwd: Path) -> str:
    env = {key: value for key, value in os.environ.items()
           if key not in {"PYTHONPATH", "VIRTUAL_ENV", "SITE_URL"}}  # fmt: skip
    env["SOURCE_DATE_EPOCH"] = "1767225600"
    result = subprocess.run([str(part) for part in command], cwd=cwd, env=env,
                            capture_output=True, text=True)  # fmt: skip
    assert result.returncode == 0, f"{' '.join(map(str, command))}:\n{result.stderr[-3000:]}"
    return result.stdout


def _checkout(target: Path) -> Path:
    """The repository as a fresh clone has it: the shipped site and the package's sources."""
    copy_project(target)
    shutil.copy(REPO / "lists" / "readinglist.lock.json", target / "lists")
    for name in SOURCES:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, target / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, target / name)
    return target


def _installed(bin_dir: Path, project: Path) -> dict[str, str]:
    frozen = _run(bin_dir / "pip", "freeze", "--exclude-editable", cwd=project).splitlines()
    pairs = [line.split("==") for line in frozen if "==" in line]
    return {canonicalize_name(name): version for name, version in pairs}


def _assert_built(project: Path) -> None:
    papers = list((project / "docs" / "papers").glob("*.md"))
    assert papers and (project / "site" / "index.html").is_file()
    assert len(list((project / "site" / "papers").glob("*/index.html"))) == len(papers)


@pytest.mark.slow
@pytest.mark.parametrize("constraints", ["constraints.txt", "constraints-lowest.txt"])
def test_the_quick_start_installs_and_builds_with_debians_python(
    tmp_path: Path, constraints: str
) -> None:
    """README, Quick start, in a fresh clone: with the pinned tree, and with every dependency at
    the lower end of its range (the rest of the tree resolved afresh)."""
    project = _checkout(tmp_path / "readinglist")
    bin_dir = _venv(project / ".venv")
    _run(bin_dir / "pip", "install", "-q", "-e", ".", "-c", constraints, cwd=project)
    _run(bin_dir / "readinglist", "build", "--strict", cwd=project)
    _assert_built(project)
    installed, pins = _installed(bin_dir, project), _pins(project / constraints)
    if constraints == "constraints.txt":  # everything installed is pinned, at its pin
        assert installed.items() <= pins.items(), set(installed.items()) - set(pins.items())
    else:  # every lower end is what was installed
        assert pins.items() <= installed.items(), set(pins.items()) - set(installed.items())


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, as `python -m build` would make it for a release."""
    wheels, source = tmp_path_factory.mktemp("wheels"), tmp_path_factory.mktemp("source")
    # From a fresh copy: setuptools would take files a former build left in the repository's
    # build/ folder, whatever pyproject.toml now says.
    project = _checkout(source / "project")
    _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", wheels, project, cwd=wheels)
    (built,) = wheels.glob("mkdocs_readinglist-*.whl")
    return built


def _package_sources() -> set[str]:
    """Every tracked file the package is made of, as the wheel names it (overrides/ and docs/
    ship as generator/theme/ and generator/theme/assets/)."""
    tracked = subprocess.run(["git", "ls-files", "generator", "overrides", "docs"], cwd=REPO,
                             capture_output=True, text=True, check=True).stdout.split()  # fmt: skip
    renamed = {"overrides/": "generator/theme/", "docs/": "generator/theme/assets/"}
    names = set()
    for name in tracked:
        for source, target in renamed.items():
            if name.startswith(source):
                name = target + name.removeprefix(source)
        names.add(name)
    return names


@pytest.mark.slow
def test_the_wheel_holds_every_file_of_the_package(wheel: Path) -> None:
    """A package or data file missing from pyproject.toml's lists works in the editable install
    the tests use and breaks in the wheel a site installs (`readinglist serve` once did)."""
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    missing = sorted(_package_sources() - shipped)
    assert not missing, f"pyproject.toml leaves out of the wheel: {missing}"


def _workflow_install(site: Path) -> list[str]:
    """The new site's Pages workflow's install command, as it runs it."""
    workflow = yaml.safe_load((site / ".github" / "workflows" / "pages.yml").read_text("utf-8"))
    (step,) = [step for step in workflow["jobs"]["build"]["steps"] if step.get("name") == "Install"]
    assert step["run"] == "pip install -r requirements.txt -c constraints.txt"
    return step["run"].split()


@pytest.mark.slow
def test_a_new_site_installs_from_its_own_files_as_its_workflow_does(tmp_path: Path) -> None:
    """`readinglist new`, then the workflow's own install in a fresh virtualenv of the site's
    folder with nothing else at hand (no wheel handed over, no --find-links): the generator
    comes from the site's vendor/ folder, the site builds, and the installed generator vendors
    the very same wheel (so `readinglist upgrade` works from a site's own install too)."""
    run_cli(tmp_path, "new", "site", "--name", "A Site of Its Own")
    site = tmp_path / "site"
    (vendored,) = (site / "vendor").iterdir()
    assert vendored.name == f"mkdocs_readinglist-{__version__}-py3-none-any.whl"
    bin_dir = _venv(site / ".venv")
    pip, *install = _workflow_install(site)
    _run(bin_dir / pip, *install, "-q", "--report", tmp_path / "report.json", cwd=site)
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    sources = {item["metadata"]["name"]: item["download_info"]["url"] for item in report["install"]}
    assert sources["mkdocs-readinglist"] == vendored.as_uri()
    _run(bin_dir / "readinglist", "build", "--strict", cwd=site)
    _assert_built(site)
    _run(bin_dir / "readinglist", "new", "again", "--name", "Again", cwd=tmp_path)
    assert (tmp_path / "again" / "vendor" / vendored.name).read_bytes() == vendored.read_bytes()


@pytest.mark.slow
def test_the_vendored_wheel_holds_what_setuptools_builds(tmp_path: Path, wheel: Path) -> None:
    """The wheel `new` makes from a checkout has the files, bytes and requirements of the one
    setuptools builds from pyproject.toml."""
    run_cli(tmp_path, "new", "site", "--name", "S")
    (vendored,) = (tmp_path / "site" / "vendor").glob("*.whl")
    assert vendored.name == wheel.name
    with zipfile.ZipFile(wheel) as built, zipfile.ZipFile(vendored) as made:
        info = wheel.name.split("-py3")[0] + ".dist-info"
        files = {name for name in built.namelist() if not name.startswith(info)}
        assert files == {name for name in made.namelist() if not name.startswith(info)}
        for name in files:
            assert built.read(name) == made.read(name), name
        for kept in ("entry_points.txt", "top_level.txt"):
            assert built.read(f"{info}/{kept}") == made.read(f"{info}/{kept}")
        requires = [_requires(archive.read(f"{info}/METADATA")) for archive in (built, made)]
        assert requires[0] == requires[1] and requires[0]


def _requires(metadata_file: bytes) -> set[str]:
    lines = metadata_file.decode().split("\n\n")[0].splitlines()
    return {str(Requirement(line.split(": ", 1)[1])) for line in lines
            if line.startswith(("Requires-Dist:", "Requires-Python:", "Provides-Extra:"))
            and not line.startswith("Requires-Python")}  # fmt: skip
