"""Faults made for real: concurrent runs, kill -9, unwritable folders, a lost manifest.

Each test runs the real command line in its own processes on a real project and then checks
that the site, the generated pages, the manifest and the lock file are whole and agree.
Unwritable folders are chmod-ed; as root (CI), the command runs without the capabilities
that let root write anyway (`setpriv`), so permissions hold for it as for anyone.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import REPO, SEED_LISTS, copy_project, run_cli

ENV = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600", "PYTHONPATH": str(REPO)}
UNPRIVILEGED = (
    ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]
    if os.geteuid() == 0
    else []
)


def abstracts(count: int) -> list[str]:
    text = SEED_LISTS[0].read_text(encoding="utf-8")
    return text.split("\n\n")[1 : 1 + count]


def small_project(root: Path, count: int = 6) -> Path:
    return copy_project(root, lists={"a.txt": "Faults\n\n" + "\n\n".join(abstracts(count)) + "\n"})


_NUMBERS = itertools.count()


def add_abstract(project: Path) -> None:
    """A new paper (one the module's tests have not added yet) at the end of the list."""
    number = next(_NUMBERS)
    with (project / "lists" / "a.txt").open("a", encoding="utf-8") as file:
        file.write(f"\nWe add paper number {number} to study concurrent builds of one site.\n")


def start(project: Path, *args: str) -> subprocess.Popen:
    command = [sys.executable, "-m", *args]
    return subprocess.Popen(
        command, cwd=project, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def papers_in_lists(project: Path) -> int:
    text = (project / "lists" / "a.txt").read_text(encoding="utf-8")
    return len([part for part in text.split("\n\n")[1:] if part.strip()])


def assert_whole_and_agreeing(project: Path) -> None:
    """site/, docs/, the manifest and the lock describe the same papers, with nothing left
    half done: no staging folder, no temporary, every manifest entry on disk as written."""
    docs, site = project / "docs", project / "site"
    manifest = json.loads((docs / ".readinglist-manifest.json").read_text())["files"]
    for path, digest in manifest.items():
        assert hashlib.sha256((docs / path).read_bytes()).hexdigest() == digest, path
    lock = json.loads((project / "lists" / "readinglist.lock.json").read_text())
    pages = {p.stem for p in (docs / "papers").glob("*.md")}
    built = {p.parent.name for p in (site / "papers").glob("*/index.html")}
    assert (site / "index.html").is_file() and (site / "pagefind").is_dir()
    assert len(pages) == papers_in_lists(project) == len(lock["papers"])
    assert built == pages == {entry["slug"] for entry in lock["papers"].values()}
    leftovers = [p.name for p in project.iterdir() if p.name.startswith("site.")]
    leftovers += [str(p) for p in project.rglob("*.readinglist-tmp")]
    assert leftovers == [] and not (docs / ".readinglist-staging").exists()


# One run at a time -----------------------------------------------------------------------

SECOND = [
    ("generator.cli", "build", "-q"),
    ("generator.cli", "generate", "-q"),
    ("mkdocs", "build", "-q"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = small_project(tmp_path_factory.mktemp("faults") / "project")
    run_cli(project, "build", "-q")
    return project


OFFSETS = [0.0, 0.3, 0.8, 1.5, 2.5, 4.0]  # seconds between the starts of the two runs


@pytest.mark.parametrize("offset", OFFSETS)
def test_two_runs_at_once_leave_one_whole_site(built: Path, offset: float) -> None:
    """A build, and after `offset` seconds a second run (build, generate or plain mkdocs
    build, in turn): both succeed, one after the other, and the site is whole."""
    index = OFFSETS.index(offset)
    add_abstract(built)
    first = start(built, "generator.cli", "build", "-q")
    time.sleep(offset)
    second = start(built, *SECOND[index % len(SECOND)])
    for process in (first, second):
        _out, err = process.communicate(timeout=600)
        assert process.returncode == 0, err
    run_cli(built, "build", "-q")  # whatever the second run was, the site catches up
    assert_whole_and_agreeing(built)


def test_a_run_killed_mid_build_blocks_nothing(built: Path) -> None:
    add_abstract(built)
    victim = start(built, "generator.cli", "build", "-q")
    time.sleep(2.0)
    victim.send_signal(signal.SIGKILL)
    victim.wait()
    result = run_cli(built, "build", "-q", timeout=600)
    assert result.returncode == 0
    assert_whole_and_agreeing(built)


# All or nothing ---------------------------------------------------------------------------


def snapshot(project: Path) -> dict[str, bytes]:
    """Every file of the project but the build cache, by path."""
    return {
        str(p.relative_to(project)): p.read_bytes()
        for p in sorted(project.rglob("*"))
        if p.is_file() and ".cache" not in p.parts
    }


@pytest.mark.parametrize(
    ("folder", "named"),
    [("lists", "lists"), ("docs", "docs"), ("docs/papers", "docs/papers"), (".", "site.building")],
    ids=["lists", "docs", "docs-papers", "project-root"],
)
def test_an_unwritable_folder_changes_nothing_and_says_what(
    built: Path, folder: str, named: str
) -> None:
    run_cli(built, "build", "-q")
    add_abstract(built)
    before = snapshot(built)
    target = built / folder
    mode = target.stat().st_mode
    target.chmod(0o555)
    try:
        result = subprocess.run(
            [*UNPRIVILEGED, sys.executable, "-m", "generator.cli", "build", "-q"],
            cwd=built, env=ENV, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
    finally:
        target.chmod(mode)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert len(lines) == 1 and lines[0].startswith("error: ") and named in lines[0], lines
    assert "cannot" in lines[0] and "changed" in lines[0]
    assert snapshot(built) == before
    run_cli(built, "build", "-q")
    assert_whole_and_agreeing(built)


# A lost manifest --------------------------------------------------------------------------


@pytest.mark.parametrize("damage", ["deleted", "garbage", "deleted-with-its-copy"])
def test_a_lost_manifest_is_rebuilt_from_what_readinglist_wrote(built: Path, damage: str) -> None:
    run_cli(built, "build", "-q")
    manifest = built / "docs" / ".readinglist-manifest.json"
    expected = json.loads(manifest.read_text())["files"]
    if damage == "garbage":
        manifest.write_text("{ not json")
    else:
        manifest.unlink()
    if damage == "deleted-with-its-copy":
        (built / ".cache" / "readinglist" / "manifest.json").unlink()
    else:  # with the copy, changed pages and pages that go are known too
        add_abstract(built)
    result = run_cli(built, "build", "-q")
    assert json.loads(manifest.read_text())["files"].keys() >= expected.keys() - {
        "index.md"  # listings change with the new paper; their paths stay
    }
    assert_whole_and_agreeing(built)
    assert "Traceback" not in result.stderr


# The site swap ----------------------------------------------------------------------------

SWAP = """
import os, shutil, sys, time
from pathlib import Path
from generator.write import files
site, staged, step = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
if step == "no-exchange":  # a system without renameat2: two renames
    files._exchange = lambda first, second: False
    real_replace = os.replace
    def replace(source, target):
        real_replace(source, target)
        if Path(target).name == "site.previous":
            print("between", flush=True)
            time.sleep(60)
    files.os.replace = replace
else:
    real_rmtree = shutil.rmtree
    def rmtree(path, *args, **kwargs):
        if Path(path) == staged:
            print("between", flush=True)
            time.sleep(60)
        return real_rmtree(path, *args, **kwargs)
    files.shutil.rmtree = rmtree
files.replace_directory(staged, site)
"""


def two_sites(root: Path) -> tuple[Path, Path]:
    site, staged = root / "site", root / "site.building"
    for folder, text in ((site, "old"), (staged, "new")):
        (folder / "papers").mkdir(parents=True)
        (folder / "index.html").write_text(text)
        (folder / "papers" / "a.html").write_text(text)
    return site, staged


def whole(site: Path) -> str:
    """The site's one version ("old" or "new"), every file of it agreeing."""
    versions = {path.read_text() for path in site.rglob("*.html")}
    assert len(versions) == 1 and (site / "index.html").is_file(), versions
    return versions.pop()


@pytest.mark.parametrize("step", ["exchange", "no-exchange"])
def test_a_kill_in_the_middle_of_the_swap_leaves_a_site(tmp_path: Path, step: str) -> None:
    """kill -9 between the steps of the swap: with the exchange the new site is in place at
    once; without it (two renames) the next run's start puts the old one back."""
    from generator import write

    site, staged = two_sites(tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-c", SWAP, str(site), str(staged), step],
        env=ENV, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert process.stdout is not None and process.stdout.readline() == "between\n"
    process.send_signal(signal.SIGKILL)
    process.wait()
    if step == "exchange":
        assert whole(site) == "new"
    with write.staging_folder(site):  # what the next build does first
        assert whole(site) == ("new" if step == "exchange" else "old")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_at_every_instant_of_many_swaps_there_is_a_whole_site(tmp_path: Path) -> None:
    """A reader polls the site while it is swapped 200 times: it never finds it missing."""
    import threading

    from generator import write

    site, staged = two_sites(tmp_path)
    missing, done = [], threading.Event()

    def watch() -> None:
        while not done.is_set():
            if not (site / "index.html").is_file():
                missing.append(time.perf_counter())

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        for number in range(200):
            (staged / "papers").mkdir(parents=True, exist_ok=True)
            (staged / "index.html").write_text(str(number))
            write.replace_directory(staged, site)
    finally:
        done.set()
        watcher.join()
    assert missing == [] and (site / "index.html").read_text() == "199"
