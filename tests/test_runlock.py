"""The run lock where Python has no `fcntl` (Windows): every command still imports; a run
locks with Windows' own lock, waiting for another run as with `flock`; where the system has
no lock at all, a run says so and writes nothing.

Each case runs the real command line in a process whose `sitecustomize` makes `import fcntl`
fail, as it fails on Windows; for the Windows case it also gives that process an `msvcrt` whose
`locking` behaves as Windows' (a second locker of the file is refused: "permission denied"),
made of the real `flock`, captured before `fcntl` is taken away.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import REPO, copy_project

from generator.write import read_manifest

NO_FCNTL = """\
    import sys
    import fcntl as _flock
    sys.modules["fcntl"] = None  # `import fcntl` raises ImportError, as on Windows
"""
WINDOWS_LOCK = """\
    import subprocess  # first: it takes an importable msvcrt for Windows
    import types

    def _locking(descriptor, mode, size):
        assert (mode, size) == (2, 1), (mode, size)
        try:
            _flock.flock(descriptor, _flock.LOCK_EX | _flock.LOCK_NB)
        except BlockingIOError:
            raise PermissionError(13, "Permission denied") from None

    msvcrt = types.ModuleType("msvcrt")
    msvcrt.LK_NBLCK, msvcrt.locking = 2, _locking
    sys.modules["msvcrt"] = msvcrt
"""
LIST = "A List\n\n" + "\n\n".join(
    f"We study {topic} and propose a method that improves results on standard benchmarks."
    for topic in ("graph attention", "sparse autoencoders", "policy gradients")
)


def _environment(tmp_path: Path, *, windows: bool) -> dict[str, str]:
    """The variables of a process without `fcntl` (with Windows' lock if `windows`)."""
    site = tmp_path / "site-packages"
    site.mkdir()
    code = NO_FCNTL + (WINDOWS_LOCK if windows else "")
    (site / "sitecustomize.py").write_text(textwrap.dedent(code), encoding="utf-8")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(REPO)]),
            "SOURCE_DATE_EPOCH": "1767225600"}  # fmt: skip


def _readinglist(project: Path, env: dict[str, str], *args: str) -> subprocess.Popen:
    command = [sys.executable, "-m", "generator.cli", *args]
    return subprocess.Popen(command, cwd=project, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip


@pytest.mark.parametrize("windows", [False, True])
def test_every_command_imports_without_fcntl(tmp_path: Path, windows: bool) -> None:
    env = _environment(tmp_path, windows=windows)
    check = "import sys, generator.cli; assert sys.modules['fcntl'] is None; print('imported')"
    done = subprocess.run([sys.executable, "-c", check], env=env, capture_output=True, text=True)
    assert (done.returncode, done.stdout) == (0, "imported\n"), done.stderr


def test_without_any_lock_a_run_says_why_and_writes_nothing(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", lists={"a.txt": LIST})
    run = _readinglist(project, _environment(tmp_path, windows=False), "generate")
    out, err = run.communicate(timeout=300)
    assert run.returncode == 1, (out, err)
    [line] = err.strip().splitlines()
    assert "run.lock" in line and "neither fcntl nor msvcrt" in line, line
    assert "nothing was changed" in line, line
    assert not read_manifest(project / "docs")


def test_with_windows_lock_a_second_run_waits_for_the_first(tmp_path: Path) -> None:
    """A process holds the project's lock; a run started meanwhile says it waits, and runs
    once the holder lets go."""
    project = copy_project(tmp_path / "project", lists={"a.txt": LIST})
    env = _environment(tmp_path, windows=True)
    hold = ("import sys; from pathlib import Path; from generator.write import RunLock; "
            "lock = RunLock.taken(Path('.cache/readinglist')); print('held', flush=True); "
            "sys.stdin.read(); lock.release()")  # fmt: skip
    holder = subprocess.Popen([sys.executable, "-c", hold], cwd=project, env=env, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)  # fmt: skip
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    run = _readinglist(project, env, "generate")
    assert run.stderr is not None
    for line in run.stderr:  # the run's log, until it says it waits
        if "waiting" in line:
            break
    assert "another run is building this project" in line, line
    assert not read_manifest(project / "docs")  # nothing written while it waits
    holder.communicate("", timeout=60)
    out, err = run.communicate(timeout=300)
    assert run.returncode == 0, err
    assert "page(s) written" in out and read_manifest(project / "docs")
