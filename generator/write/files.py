"""Single files written all or nothing: the lock file, the build cache, a staged page.

Every write goes to a temporary beside its target and is renamed into place, so a full disk or
Ctrl-C never leaves a half-written file. Writes go through `os.write`, so a short write raises
instead of passing unnoticed.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import signal
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

from generator.errors import ReadingListError

TMP_SUFFIX = ".readinglist-tmp"


class WriteError(ReadingListError):
    """Writing failed; the previous files are intact."""


def write_if_changed(path: Path, text: str) -> bool:
    """Write one file atomically, only if its text changed."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    write_file(path, text)
    return True


def write_file(path: Path, text: str) -> None:
    """Write one file atomically: a temporary beside it, then a rename."""
    temporary = path.with_name(path.name + TMP_SUFFIX)
    try:
        write_pieces(temporary, [text])
        os.replace(temporary, path)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            message = f"cannot write: {error.strerror}; it is unchanged"
            raise WriteError(message, path=path) from None
        raise


def write_cache(path: Path, data: bytes) -> None:
    """The build cache (see `generator.cache`): written atomically; losing it costs only time."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + TMP_SUFFIX)
    try:
        write_pieces(temporary, [data])
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_pieces(path: str | Path, pieces: Iterable[bytes | str]) -> str:
    """Write the pieces (text as UTF-8) in order; return the SHA-256 of the bytes written."""
    hasher = hashlib.sha256()
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        for piece in pieces:
            data = piece.encode("utf-8") if isinstance(piece, str) else piece
            hasher.update(data)
            view = memoryview(data)
            while view:
                view = view[os.write(descriptor, view) :]
    finally:
        os.close(descriptor)
    return hasher.hexdigest()


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def replace_directory(staged: Path, target: Path) -> None:
    """Swap a freshly built directory in for `target` (the built site): all or nothing."""
    backup = target.with_name(target.name + ".previous")
    if backup.exists():
        shutil.rmtree(backup)
    with deferred_interrupts():
        if target.exists():
            os.replace(target, backup)
        os.replace(staged, target)
    shutil.rmtree(backup, ignore_errors=True)


@contextlib.contextmanager
def deferred_interrupts() -> Iterator[None]:
    """For steps that are only renames: let Ctrl-C land after them, not in the middle."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda number, _frame: received.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if received:
        raise KeyboardInterrupt
