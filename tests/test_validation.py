"""A curator's YAML mistakes made for real: the real `readinglist check` and `build` on a built
project, every problem on its own line at its file:line, in plain words, and nothing written.

The project is built once from good input; each test copies it, makes one mistake in
`lists/curation.yml` or `lists/topics.yml`, and runs the command line as a curator would.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, copy_project, run_cli

ABSTRACTS = (
    "We introduce QuokkaNet, a compact convolutional network for counting marsupials in "
    "camera-trap images. QuokkaNet reaches high accuracy on a new benchmark with little memory.",
    "We study message passing on sparse graphs and prove that attention-based aggregation "
    "recovers communities at the information-theoretic threshold.",
)
JARGON = ("<block", "scalar", "token", "expected a mapping", "received: None", "Traceback")


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A project built from good lists, and the id of its first paper."""
    lists = {"a.txt": "Validation Test\n\n" + "\n\n".join(ABSTRACTS) + "\n"}
    project = copy_project(tmp_path_factory.mktemp("valid") / "project", lists=lists)
    run_cli(project, "build")
    return project, run_cli(project, "find", "marsupials").stdout.split()[0]


@pytest.fixture
def built(first_build: tuple[Path, str], tmp_path: Path) -> tuple[Path, str]:
    project, pid = first_build
    return Path(shutil.copytree(project, tmp_path / "project", symlinks=True)), pid


def state(project: Path) -> dict[str, tuple[bytes, int]]:
    """What a run may write (pages, site, lock, cache), with bytes and mtimes."""
    written = [project / "docs", project / "site", project / ".cache"]
    files = [path for folder in written for path in folder.rglob("*") if path.is_file()]
    lock = project / "lists" / "readinglist.lock.json"
    files += [lock] if lock.exists() else []
    return {str(path): (path.read_bytes(), path.stat().st_mtime_ns) for path in files}


def fails(project: Path, command: str, expected: list[str]) -> str:
    """Run `command`; it exits 1 with each expected line, in order, and writes nothing."""
    before = state(project)
    result = run_cli(project, command, check=False)
    assert result.returncode == 1, result.stderr
    lines = result.stderr.splitlines()
    positions = [lines.index(line) if line in lines else -1 for line in expected]
    assert -1 not in positions and positions == sorted(positions), result.stderr
    assert not any(word in result.stderr for word in JARGON), result.stderr
    assert state(project) == before
    return result.stderr


def curate(project: Path, text: str) -> None:
    (project / "lists" / "curation.yml").write_text(text, encoding="utf-8")


CURATION_MISTAKES = {
    "paper-for-papers": (
        "paper:\n  {pid}:\n    hidden: true\n",
        ["lists/curation.yml:1: error: unknown key 'paper' (did you mean 'papers'?)"],
    ),
    "ids-without-papers": (
        "{pid}:\n  hidden: true\n",
        ["lists/curation.yml:1: error: paper {pid} is not under 'papers:': indent it under a "
         "'papers:' line"],
    ),
    "two-wrong-values": (
        'papers:\n  {pid}:\n    rating: "four"\n    status: done\n',
        ["lists/curation.yml:3: error: paper {pid}: key 'rating': expected a whole number from "
         "1 to 5, but received: 'four'",
         "lists/curation.yml:4: error: paper {pid}: key 'status': expected to-read, reading or "
         "read, but received: 'done' (did you mean 'read'?)"],
    ),
    "id-twice": (
        "papers:\n  {pid}:\n    status: read\n  {pid}:\n    hidden: true\n",
        ["lists/curation.yml:4: error: '{pid}' is given twice (first on line 2): keep one, as "
         "YAML would silently use only the last"],
    ),
    "misspelt-key-and-topic": (
        "papers:\n  {pid}:\n    staus: read\n    topics: {{add: [visoin]}}\n",
        ["lists/curation.yml:3: error: paper {pid}: unknown key 'staus' (did you mean "
         "'status'?)",
         "lists/curation.yml:4: error: paper {pid}: key 'topics: add': unknown topic 'visoin' "
         "(did you mean 'vision'?)"],
    ),
    "no-settings-under-the-id": (
        "papers:\n  {pid}:\n",
        ["lists/curation.yml:2: error: paper {pid}: expected its settings (such as 'status: "
         "read') indented under the id, but received: nothing"],
    ),
    "indentation": (
        "papers:\n  {pid}:\n    status: read\n   rating: 2\n",
        ["lists/curation.yml:4: error: the indentation does not match the lines above"],
    ),
}  # fmt: skip


@pytest.mark.parametrize("command", ["check", "build"])
@pytest.mark.parametrize("mistake", CURATION_MISTAKES)
def test_curation_mistakes_fail_the_run_at_their_lines(
    built: tuple[Path, str], command: str, mistake: str
) -> None:
    project, pid = built
    text, expected = CURATION_MISTAKES[mistake]
    curate(project, text.format(pid=pid))
    stderr = fails(project, command, [line.format(pid=pid) for line in expected])
    if command == "build":
        count = len(expected)
        assert f"error: {count} error(s) in the input; nothing was written" in stderr


def taxonomy_with(project: Path, old: str, new: str) -> None:
    path = project / "lists" / "topics.yml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_topic_mistakes_name_the_key_and_every_line(built: tuple[Path, str]) -> None:
    project, _ = built
    taxonomy_with(project, "  - key: vision\n", "  - key: Tabular Data\n")
    taxonomy_with(project, "  - key: privacy\n", "  - key: safety\n")
    taxonomy_with(project, "max_topics: 2\n", "max_topic: 2\n")
    lines = (project / "lists" / "topics.yml").read_text(encoding="utf-8").splitlines()
    first, twice = [n for n, line in enumerate(lines, start=1) if line == "  - key: safety"]
    key = lines.index("  - key: Tabular Data") + 1
    setting = lines.index("max_topic: 2") + 1
    fails(project, "check", [
        f"lists/topics.yml:{setting}: error: unknown key 'max_topic' (did you mean 'max_topics'?)",
        f"lists/topics.yml:{twice}: error: topic key 'safety' is used twice (first on line "
        f"{first}): each topic needs its own",
        f"lists/topics.yml:{key}: error: topic 'Computer Vision': key 'key': expected lower-case "
        "letters, digits and '-' (the topic page's address), but received: 'Tabular Data' (for "
        "example 'tabular-data')",
    ])  # fmt: skip


def test_mistakes_in_both_files_are_reported_in_one_run(built: tuple[Path, str]) -> None:
    project, pid = built
    taxonomy_with(project, "max_topics: 2\n", "max_topics: two\n")
    curate(project, f"papers:\n  {pid}:\n    rating: 9\n")
    lines = (project / "lists" / "topics.yml").read_text(encoding="utf-8").splitlines()
    setting = lines.index("max_topics: two") + 1
    fails(project, "build", [
        f"lists/topics.yml:{setting}: error: key 'max_topics': expected a whole number of 1 or "
        "more, but received: 'two'",
        f"lists/curation.yml:3: error: paper {pid}: key 'rating': expected a whole number from "
        "1 to 5, but received: 9",
    ])  # fmt: skip


def test_a_project_without_a_taxonomy_builds_with_the_default(built: tuple[Path, str]) -> None:
    project, _ = built
    (project / "lists" / "topics.yml").unlink()
    result = run_cli(project, "build")
    assert "no lists/topics.yml: using the default taxonomy" in result.stderr
    assert (project / "docs" / "topics" / "vision.md").is_file()
    assert not (project / "lists" / "topics.yml").exists()  # the curator's folder is theirs


def test_plain_mkdocs_build_logs_every_problem(built: tuple[Path, str]) -> None:
    project, pid = built
    curate(project, f'papers:\n  {pid}:\n    rating: "four"\n    status: done\n')
    before = state(project)
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "mkdocs", "build"]
    result = subprocess.run(command, cwd=project, capture_output=True, text=True, env=environment)
    assert result.returncode == 1
    for line in (3, 4):
        assert f"lists/curation.yml:{line}: error: paper {pid}: key '" in result.stderr
    assert state(project) == before
