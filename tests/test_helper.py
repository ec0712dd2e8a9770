"""Half the pages built by a second process beside MkDocs (`generator/mkdocs/helper.py`): the
site is the one MkDocs alone builds, byte for byte; what the helper logs reaches the build's
log (and `--strict` counts its warnings); a page that fails in the helper fails the build and
leaves the previous site.

The builds run in fresh processes (a test process of pytest-xdist runs threads, where the
helper never forks); on one core (`taskset`) a build has no helper.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import REPO, bench_synth, copy_project

pytestmark = pytest.mark.skipif(
    len(os.sched_getaffinity(0)) < 2, reason="a helper needs a second core"
)
PAPERS = 120
HELPED = "pages built by a second process"
ENV = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600", "PYTHONPATH": str(REPO)}
ONE_CORE = ["taskset", "-c", str(min(os.sched_getaffinity(0)))]

# Run in the build's own process before it starts: the helper, a fork of it, is told apart
# by its process id. `{action}` runs there for each paper page it builds.
IN_THE_HELPER = """
import logging, os
from mkdocs.commands import build
parent, build_page = os.getpid(), build._build_page
def patched(page, *args, **kwargs):
    if os.getpid() != parent and page.file.src_uri.startswith("papers/"):
        {action}
    return build_page(page, *args, **kwargs)
build._build_page = patched
"""


@pytest.fixture(scope="module")
def lists() -> dict[str, str]:
    synth = bench_synth()
    return synth.make_lists(synth.read_sources(REPO / "lists"), PAPERS)


def _build(
    project: Path, *, before: str = "", prefix: tuple[str, ...] = (), strict: bool = True
) -> tuple[int, str]:
    """`readinglist build [--strict]` in a fresh interpreter, after `before` ran there."""
    driver = f"{before}\nimport sys\nfrom generator.cli import main\nsys.exit(main(sys.argv[1:]))"
    command = [*prefix, sys.executable, "-c", driver, "build", *(["--strict"] * strict)]
    result = subprocess.run(command, cwd=project, capture_output=True, text=True, env=ENV)
    return result.returncode, result.stdout + result.stderr


def _files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in site.rglob("*") if p.is_file()}


def test_a_site_built_with_a_helper_is_the_site_built_without(
    tmp_path: Path, lists: dict[str, str]
) -> None:
    helped, alone = (copy_project(tmp_path / name, lists=lists) for name in ("helped", "alone"))
    for project in (helped, alone):  # a page of the navigation titled by its first heading
        notes = "# Zyx Notes\n\nSee [the missing page](missing.md).\n"
        (project / "docs" / "notes.md").write_text(notes, encoding="utf-8")
    code, log = _build(helped, strict=False)
    assert code == 0 and HELPED in log, log
    assert log.count("missing.md") == 1, "the page's warning, said once"
    code, log = _build(alone, prefix=tuple(ONE_CORE), strict=False)
    assert code == 0 and HELPED not in log, log
    helped_files = _files(helped / "site")
    assert helped_files == _files(alone / "site")
    paper = next(path for path in helped_files if path.startswith("papers/"))
    assert b"Zyx Notes" in helped_files[paper]


def test_a_warning_in_the_helper_fails_a_strict_build(tmp_path: Path, lists: dict) -> None:
    project = copy_project(tmp_path / "project", lists=lists)
    warn = 'logging.getLogger("mkdocs.test").warning("zyxwarned on %s", page.file.src_uri)'
    code, log = _build(project, before=IN_THE_HELPER.format(action=warn))
    assert code != 0 and HELPED in log
    assert "zyxwarned on papers/" in log
    assert "warnings in strict mode" in log


def test_a_page_failing_in_the_helper_fails_the_build_and_keeps_the_site(
    tmp_path: Path, lists: dict
) -> None:
    project = copy_project(tmp_path / "project", lists=lists)
    assert _build(project)[0] == 0
    before = _files(project / "site")
    theme = project / "overrides" / "main.html"  # every page built again
    theme.write_text(theme.read_text("utf-8") + "\n{#- edited -#}\n", "utf-8")
    code, log = _build(project, before=IN_THE_HELPER.format(action='raise OSError("zyxfailed")'))
    assert code != 0 and HELPED in log
    assert "second process failed" in log and "zyxfailed" in log, log
    assert _files(project / "site") == before


def _processes_in(folder: Path) -> list[int]:
    """The processes whose working folder is `folder`."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "cwd").resolve() == folder.resolve():
                found.append(int(entry.name))
        except OSError:  # gone meanwhile, or not ours to read
            continue
    return found


def test_the_helper_dies_with_a_killed_build(tmp_path: Path, lists: dict) -> None:
    """kill -9 of the build while both processes write pages: the helper goes too (left
    running it would hold the run lock and write into the next build's folder)."""
    project = copy_project(tmp_path / "project", lists=lists)
    driver = "import sys\nfrom generator.cli import main\nsys.exit(main(sys.argv[1:]))"
    command = [sys.executable, "-c", driver, "build"]
    build = subprocess.Popen(command, cwd=project, env=ENV, stderr=subprocess.PIPE, text=True)
    assert build.stderr is not None
    for line in build.stderr:  # the helper has started once the build says so
        if HELPED in line:
            break
    time.sleep(0.5)
    assert len(_processes_in(project)) == 2, "the build and its helper"
    build.kill()
    build.wait()
    deadline = time.monotonic() + 10
    while _processes_in(project) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _processes_in(project)
    code, log = _build(project)
    assert code == 0, log
    assert (project / "site" / "index.html").is_file()
