"""A build that fails after generation started leaves docs/, the lock file and site/ as they
were: an unreadable file in docs/ or overrides/ is named and everything is put back; an
unreadable stamp of the last site is a damaged cache entry, so the site is built again.

Tests run as root in CI, and root reads any file: the command line runs with the capabilities
that bypass file permissions dropped from its bounding set (Linux), so the file really cannot be
read, as for any other user. A full disk is a real one: a small tmpfs mounted in a user and
mount namespace of the test's own (`unshare`), where the system allows them.
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO, copy_project, run_cli
from tests.test_validation import ABSTRACTS

_PR_CAPBSET_DROP = 24
_BYPASSING_PERMISSIONS = (1, 2)  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH


def _as_any_user() -> None:
    """In the child, before exec: root then reads only what file permissions allow."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in _BYPASSING_PERMISSIONS:
        if libc.prctl(_PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "cannot drop a capability")


def _run_unprivileged(
    project: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    as_root = os.geteuid() == 0
    return subprocess.run(
        [sys.executable, "-m", "generator.cli", *args], cwd=project, capture_output=True,
        text=True, preexec_fn=_as_any_user if as_root else None,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1767225600", "PYTHONPATH": str(REPO),
             **(env or {})},
    )  # fmt: skip


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lists = {"a.txt": "All Or Nothing\n\n" + "\n\n".join(ABSTRACTS[:-1]) + "\n"}
    project = copy_project(tmp_path_factory.mktemp("all") / "project", lists=lists)
    run_cli(project, "build")
    return project


@pytest.fixture
def project(first_build: Path, tmp_path: Path) -> Path:
    project = Path(shutil.copytree(first_build, tmp_path / "project", symlinks=True))
    # A new paper: the run generates new pages and a new lock before the site is built.
    (project / "lists" / "a.txt").write_text(
        "All Or Nothing\n\n" + "\n\n".join(ABSTRACTS) + "\n", encoding="utf-8"
    )
    return project


def _state(project: Path) -> dict[str, bytes]:
    """docs/, site/ and the lock file, byte for byte; no folder left beside the site."""
    files = [p for folder in ("docs", "site") for p in (project / folder).rglob("*") if p.is_file()]
    files.append(project / "lists" / "readinglist.lock.json")
    assert [p.name for p in project.glob("site*")] == ["site"]  # no site.building, ...
    return {str(path.relative_to(project)): path.read_bytes() for path in files}


def _unreadable(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        path.write_text("<!-- the curator's -->\n", encoding="utf-8")
    path.chmod(0)
    return path


@pytest.mark.parametrize("name", ["docs/about.md", "overrides/partials/unread.html"])
def test_an_unreadable_input_of_the_site_changes_nothing(project: Path, name: str) -> None:
    before = _state(project)
    _unreadable(project / name)
    result = _run_unprivileged(project, "build")
    assert result.returncode == 1, result.stderr
    assert f"{project / name}: Permission denied" in result.stderr
    assert "the previous pages and site are unchanged" in result.stderr
    (project / name).chmod(0o644)
    assert _state(project) == before


def test_an_unreadable_site_stamp_builds_the_site_again(project: Path) -> None:
    _unreadable(project / ".cache" / "readinglist" / "site.digest")
    result = _run_unprivileged(project, "build")
    assert result.returncode == 0, result.stderr
    assert "site.digest: Permission denied: ignored, made again" in result.stderr
    built = (project / "site" / "papers").iterdir()
    generated = {p.name for p in (project / "docs" / "papers").glob("*.md")}
    assert {f"{p.name}.md" for p in built if p.is_dir()} == generated  # site and pages agree


_FAILING_PAGEFIND = "#!/bin/sh\necho 'Error: the index cannot be written' >&2\nexit 3\n"


@pytest.mark.parametrize("binary", ["failing", "missing"])
def test_a_failed_search_index_changes_nothing(project: Path, tmp_path: Path, binary: str) -> None:
    """Pagefind runs last, over the site just built aside: if it fails (here a binary that
    exits 3, or none where PAGEFIND_BINARY_PATH points), nothing of that build is kept."""
    before = _state(project)
    pagefind = tmp_path / "bin" / "pagefind"
    if binary == "failing":
        pagefind.parent.mkdir()
        pagefind.write_text(_FAILING_PAGEFIND, encoding="utf-8")
        pagefind.chmod(0o755)
    result = _run_unprivileged(project, "build", env={"PAGEFIND_BINARY_PATH": str(pagefind)})
    assert result.returncode == 1, result.stderr
    said = (
        "exit 3): Error: the index cannot be written"
        if binary == "failing"
        else "exit 1): FileNotFoundError: [Errno 2] No such file or directory"
    )
    assert result.stderr.endswith(f"error: the site was not built (pagefind failed ({said}); "
                                  "the previous pages and site are unchanged\n")  # fmt: skip
    assert _state(project) == before


def test_a_broken_theme_template_changes_nothing(project: Path) -> None:
    """A Jinja syntax error in an override fails MkDocs' build of the site, after the pages
    were generated: they are put back, and the message names the template and its line."""
    before = _state(project)
    main = project / "overrides" / "main.html"
    lines = main.read_text(encoding="utf-8").splitlines()
    broken = len(lines) + 1
    main.write_text("\n".join([*lines, "{% if %}"]) + "\n", encoding="utf-8")
    result = _run_unprivileged(project, "build")
    assert result.returncode == 1, result.stderr
    assert result.stderr.endswith(
        f"error: the site was not built (overrides/main.html:{broken}: template syntax error: "
        "Expected an expression, got 'end of statement block'); the previous pages and site "
        "are unchanged\n"
    )
    assert _state(project) == before


def test_a_full_disk_while_the_site_is_written_changes_nothing(
    project: Path, tmp_path: Path
) -> None:
    """The project on a disk with room for the new pages but not for a new site beside the
    old one: the build fails on writing the site, and everything is as it was."""
    disk = tmp_path / "disk"
    disk.mkdir()
    probe = ["unshare", "-Urm", "mount", "-t", "tmpfs", "probe", str(disk)]
    if not shutil.which("unshare") or subprocess.run(probe, capture_output=True).returncode:
        pytest.skip("no user namespace to mount a small disk in")
    room = _kilobytes(project) + _kilobytes(project / "site") // 3
    result = tmp_path / "result.json"
    inside = f"from tests.test_all_or_nothing import _on_a_small_disk as run; run({room}, " \
             f"{str(project)!r}, {str(disk)!r}, {str(result)!r})"  # fmt: skip
    subprocess.run(["unshare", "-Urm", sys.executable, "-c", inside], check=True,
                   env={**os.environ, "PYTHONPATH": str(REPO)})  # fmt: skip
    found = json.loads(result.read_text(encoding="utf-8"))
    assert found["returncode"] == 1, found["stderr"]
    assert "No space left on device" in found["stderr"].splitlines()[-1]
    assert "the previous pages and site are unchanged" in found["stderr"]
    assert found["changed"] == []


def _on_a_small_disk(kilobytes: int, project: str, disk: str, result: str) -> None:
    """In a namespace of its own: `project` copied onto a tmpfs of `kilobytes` at `disk` and
    built there; what the build said and which files of docs/, site/ and the lock changed,
    written to `result`."""
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={kilobytes}k", "small", disk], check=True)
    copy = Path(shutil.copytree(project, Path(disk) / "project", symlinks=True))
    before = _state(copy)
    built = _run_unprivileged(copy, "build")
    after = _state(copy)
    changed = sorted(
        name for name in before.keys() | after.keys() if before.get(name) != after.get(name)
    )
    found = {"returncode": built.returncode, "stderr": built.stderr, "changed": changed}
    Path(result).write_text(json.dumps(found), encoding="utf-8")


def _kilobytes(folder: Path) -> int:
    """What the files under `folder` take on a disk, in kilobytes (4 KB blocks each)."""
    return sum(-(-p.stat().st_size // 4096) * 4 for p in folder.rglob("*") if p.is_file())
