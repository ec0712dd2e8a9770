"""One run at a time in a project, whatever starts it: `readinglist build` or `generate`,
`mkdocs build`, each rebuild of `mkdocs serve`.

A run holds an exclusive lock (`oslock`: `flock`, or Windows' own) on
`.cache/readinglist/run.lock` (an empty file) from before it reads the previous pages until the
site is in place; a second run waits for it, saying once
that it waits and for whom. The system drops the lock when its process ends, however it ends
(kill -9 included), so a lock left behind never blocks the next run: the file means nothing.
Where the system has no such lock, a run that would take it stops with that reason, before it
writes anything.
Within one process the lock is taken again freely (the CLI holds it while MkDocs' plugin asks
for it too). Must not decide anything about what is written.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import threading
from pathlib import Path

from generator.write import oslock
from generator.write.files import WriteError

log = logging.getLogger(__name__)

NAME = "run.lock"
_guard = threading.Lock()
_held: dict[Path, tuple[int, int]] = {}  # lock file -> (descriptor, how many holds)


class RunLock:
    """`acquire()` blocks until no other process runs in the project; `release()` undoes one
    `acquire()` and may be called again harmlessly (MkDocs can report a build's end twice).
    Made without a folder, it locks nothing (a plugin before its first build)."""

    def __init__(self, cache_dir: Path | None) -> None:
        self.path = (cache_dir / NAME).absolute() if cache_dir is not None else None
        self.holding = False

    @classmethod
    def taken(cls, cache_dir: Path) -> RunLock:
        lock = cls(cache_dir)
        lock.acquire()
        return lock

    def __enter__(self) -> RunLock:
        self.acquire()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.release()

    def acquire(self) -> None:
        if self.holding or self.path is None:
            return
        with _guard:
            descriptor, count = _held.get(self.path) or (_lock(self.path), 0)
            _held[self.path] = (descriptor, count + 1)
        self.holding = True

    def release(self) -> None:
        if not self.holding or self.path is None:
            return
        self.holding = False
        with _guard:
            descriptor, count = _held.pop(self.path)
            if count > 1:
                _held[self.path] = (descriptor, count - 1)
            else:
                os.close(descriptor)  # closing the last descriptor drops the lock


def _lock(path: Path) -> int:
    """A descriptor holding the project's lock, waiting for another process if need be."""
    if not oslock.AVAILABLE:
        raise WriteError(
            "cannot take the run lock: this system's Python has neither fcntl nor msvcrt, so "
            "two runs could write the project at once; nothing was changed",
            path=path,
        )
    descriptor = _open(path)
    try:
        if not oslock.try_lock(descriptor):
            log.warning("waiting   another run is building this project (%s)", _holder(descriptor))
            oslock.wait_lock(descriptor)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


def _open(path: Path) -> int:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as error:
        reason = error.strerror or errno.errorcode.get(error.errno or 0, "error")
        where = Path(error.filename) if error.filename else path
        raise WriteError(f"cannot write: {reason}; nothing was changed", path=where) from None


def _holder(descriptor: int) -> str:
    """Who holds the lock, from the kernel's table of locks (Linux): nothing is written into
    the lock file, so a run that fails leaves the project byte for byte as it was."""
    inode = os.fstat(descriptor).st_ino
    with contextlib.suppress(OSError):
        for line in Path("/proc/locks").read_text().splitlines():
            fields = line.split()
            if len(fields) > 5 and fields[1] == "FLOCK" and fields[5].endswith(f":{inode}"):
                return f"process {fields[4]}"
    return "another process"
