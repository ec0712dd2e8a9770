"""Shared fixtures: real projects in temporary folders, built for real.

`make_project` lays out a project (lists/, docs/, overrides/, mkdocs.yml) in a temp folder,
copying the repository's own theme files and taxonomy, so a test builds exactly what a
curator would. `seed_site` builds the shipped lists once per test session, as shipped
(Pagefind); `seed_material_site` with `search_engine: material`.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path, PurePosixPath

import pytest

from generator.describe import describe
from generator.models import Paper, Taxonomy, Topic
from generator.write import read_manifest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEED_LISTS = sorted((REPO / "lists").glob("*.txt"))


def described(texts: list[str], taxonomy: Taxonomy | None = None) -> list[Paper]:
    """Plain-text abstracts described by the stage itself, as the pipeline does (a taxonomy of
    only the catch-all unless `taxonomy` is given)."""
    taxonomy = taxonomy or Taxonomy((Topic("other", "Other", "", (), catch_all=True),))
    papers = [Paper(f"{n:012d}", text, text, text, ("list",), ()) for n, text in enumerate(texts)]
    return describe(papers, taxonomy)


def stage_tags(texts: list[str]) -> list[tuple[str, ...]]:
    """The tags the describe stage gives each of `texts`, best first."""
    return [paper.tags for paper in described(texts)]


def copy_project(target: Path, *, lists: dict[str, str | bytes] | None = None) -> Path:
    """A project folder like the repository's; `lists` replaces the shipped lists."""
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "mkdocs.yml", target / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", target / "overrides")
    shutil.copytree(REPO / "docs", target / "docs", ignore=_generated_docs)
    (target / "lists").mkdir()
    shutil.copy(REPO / "lists" / "topics.yml", target / "lists" / "topics.yml")
    if lists is None:
        for path in SEED_LISTS:
            shutil.copy(path, target / "lists" / path.name)
    else:
        for name, content in lists.items():
            data = content.encode("utf-8") if isinstance(content, str) else content
            (target / "lists" / name).write_bytes(data)
    return target


def bench_module(name: str):
    """bench/<name>.py, a module of the scale benchmark (bench/ is not a package)."""
    key = f"bench_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, REPO / "bench" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]


def bench_synth():
    """bench/synth.py, the scale benchmark's synthetic lists."""
    return bench_module("synth")


def set_plugin_option(project: Path, key: str, value: str) -> None:
    """Add `key: value` to the readinglist plugin's settings in the project's mkdocs.yml."""
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    setting = "      lists_dir: lists\n"
    assert setting in text, "mkdocs.yml no longer sets the plugin's lists_dir"
    config.write_text(text.replace(setting, f"{setting}      {key}: {value}\n"), "utf-8")


def _generated_docs(directory: str, names: list[str]) -> list[str]:
    """Leave out what the generator wrote into the repository's docs/ (its manifest says)."""
    docs = (REPO / "docs").resolve()
    if Path(directory).resolve() != docs:
        return []
    generated = {PurePosixPath(path).parts[0] for path in read_manifest(docs)}
    return [name for name in names if name in generated or name.startswith(".readinglist")]


def run_cli(
    project: Path,
    *args: str,
    check: bool = True,
    timeout: float | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess:
    """Run the real `readinglist` command line in `project` (`timeout`: for runs that must not
    hang, such as one with a named pipe among the lists; `env`: variables set for it, such as
    another build date in SOURCE_DATE_EPOCH)."""
    result = subprocess.run(
        [sys.executable, "-m", "generator.cli", *args],
        cwd=project,
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "SOURCE_DATE_EPOCH": "1767225600",
            "PYTHONPATH": str(REPO),
            **(env or {}),
        },
        timeout=timeout,
    )
    if check and result.returncode != 0:
        raise AssertionError(f"readinglist {' '.join(args)} failed:\n{result.stderr}")
    return result


@pytest.fixture
def make_project(tmp_path: Path) -> Callable[..., Path]:
    def make(lists: dict[str, str | bytes] | None = None, name: str = "project") -> Path:
        return copy_project(tmp_path / name, lists=lists)

    return make


@pytest.fixture(scope="session")
def seed_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped lists, built with `readinglist build --strict`. Returns the project folder."""
    project = copy_project(tmp_path_factory.mktemp("seed") / "project")
    run_cli(project, "build", "--strict")
    return project


@pytest.fixture(scope="session")
def seed_material_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped lists built with `search_engine: material`, Material's own search."""
    project = copy_project(tmp_path_factory.mktemp("seed-material") / "project")
    set_plugin_option(project, "search_engine", "material")
    run_cli(project, "build", "--strict")
    return project


def pagefind_pages(site: Path) -> dict[str, dict]:
    """Address ("/papers/x/") -> what Pagefind holds of the page (url, content, meta: its
    title...), read back from the index's fragments (gzip: "pagefind_dcd" and JSON)."""
    pages = {}
    for path in sorted((site / "pagefind" / "fragment").glob("*.pf_fragment")):
        data = gzip.decompress(path.read_bytes()).removeprefix(b"pagefind_dcd")
        page = json.loads(data)
        pages[page["url"]] = page
    return pages


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """Print every timing the browser tests recorded (also on xdist workers). Here, not in
    tests/browser/: under xdist only this conftest is loaded by the process that reports."""
    lines = [value for report in terminalreporter.stats.get("passed", [])
             for name, value in report.user_properties if name == "timing"]  # fmt: skip
    if lines:
        terminalreporter.section("browser timings")
        for line in lines:
            terminalreporter.write_line(line)
