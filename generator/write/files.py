"""Single files written all or nothing (the lock file, a staged page), and
compared with what they should hold.

Every write goes to a temporary beside its target and is renamed into place, so a full disk or
Ctrl-C never leaves a half-written file. Writes go through `os.write`, so a short write raises
instead of passing unnoticed.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import filecmp
import hashlib
import logging
import os
import shutil
import signal
import subprocess
import tempfile
import threading
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import NamedTuple

from generator.buildcache.entries import TMP_SUFFIX, write_entry
from generator.errors import ReadingListError

log = logging.getLogger(__name__)

_RENAME_EXCHANGE = 2  # renameat2's flag (linux/fs.h)
Beside = Mapping[Path, "str | None"]  # files committed with a tree (the lock); None: removed


class Written(NamedTuple):
    """A page standing for its text: its file under the tree is known to hold the bytes of
    this digest already (`reuse`), so the writer neither renders nor reads it."""

    digest: str


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


def keep_copy(path: Path, data: bytes) -> None:
    """A copy kept to recover from (the manifest's, in the build cache, written as its every
    entry is): losing it costs only that, so one that cannot be written is a warning, and the
    stale one is removed."""
    try:
        write_entry(path, data)
    except OSError as error:
        lost = "a lost manifest will be rebuilt from the pages alone"
        log.warning("%s: not kept (%s): %s", path, error.strerror, lost)
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def stage_beside(beside: Beside, staged: dict[Path, Path | None]) -> None:
    """Each changed file of `beside` written to a temporary next to its target, so its folder
    is known to be writable before anything is committed; into `staged`: target ->
    temporary, or None to remove the target."""
    for target, text in beside.items():
        current = target.read_bytes() if target.exists() else None
        if text is None:
            if current is not None:
                staged[target] = None
        elif current != text.encode("utf-8"):
            temporary = staged[target] = target.with_name(target.name + TMP_SUFFIX)
            write_pieces(temporary, [text])


def unwritable(error: OSError) -> WriteError:
    """An OSError of phase one as the one line the user reads."""
    where = Path(error.filename) if error.filename else None
    return WriteError(f"cannot write: {error.strerror}; nothing was changed", path=where)


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


def differs(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() != data
    except FileNotFoundError:
        return True


def same_file(staged: Path, target: Path) -> bool:
    try:
        return filecmp.cmp(staged, target, shallow=False)
    except FileNotFoundError:
        return False


def holds(path: Path, known: str) -> bool:
    """Whether the file at `path` is there and its bytes have the digest `known`."""
    try:
        return digest(path.read_bytes()) == known
    except OSError:
        return False


def edited(path: Path, known: str) -> bool:
    try:
        return digest(path.read_bytes()) != known
    except FileNotFoundError:
        return False


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def replace_directory(staged: Path, target: Path, *, trash: Path | None = None) -> None:
    """Swap a freshly built directory in for `target` (the built site), so that at every
    instant `target` is the old directory or the new one: both names are exchanged in one
    system call (Linux's renameat2), then the old one is removed (`discard`ed into `trash`,
    a folder of the build cache, when given). Where the system cannot exchange, two
    renames, and `recover_directory` puts back the old one if a run was killed between
    them."""
    recover_directory(target)
    with deferred_interrupts():
        if not target.exists():
            os.replace(staged, target)
            return
        if _exchange(staged, target):
            discard(staged, trash)  # now the previous site
            return
        backup = _backup(target)
        shutil.rmtree(backup, ignore_errors=True)
        os.replace(target, backup)
        os.replace(staged, target)
    shutil.rmtree(backup, ignore_errors=True)


def discard(folder: Path, trash: Path | None) -> None:
    """`folder` removed, behind the run where it can be: moved into `trash` (a folder of the
    build cache) at once and deleted there by a detached `rm`, so a build does not wait while
    a whole site's files (thousands at conference size) are unlinked. Without a trash on the
    same file system, removed here. What an interrupted `rm` left goes with the next."""
    discard_all([folder], trash)


def discard_contents(folder: Path, trash: Path | None) -> None:
    """What `folder` holds, `discard`ed; hidden entries stay, as MkDocs leaves them when it
    empties the site folder before a build."""
    if folder.is_dir():
        discard_all([e for e in folder.iterdir() if not e.name.startswith(".")], trash)


def discard_all(paths: list[Path], trash: Path | None) -> None:
    """Each of `paths` (files or folders) `discard`ed."""
    aside = _new_aside(trash) if paths and trash is not None else None
    for path in paths:
        if aside is None or not _moved(path, aside / path.name):
            _remove(path)
    if aside is not None:
        _remove_behind(aside.parent)


def _new_aside(trash: Path) -> Path | None:
    try:
        return Path(tempfile.mkdtemp(prefix=_DISCARDED, dir=_made(trash)))
    except OSError:
        return None


def _made(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _moved(path: Path, target: Path) -> bool:
    try:
        os.replace(path, target)
    except OSError:  # on another file system, say
        return False
    return True


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def _remove_behind(trash: Path) -> None:
    """Everything discarded into `trash` deleted by an `rm` that goes on after this run."""
    leftovers = sorted(str(path) for path in trash.glob(f"{_DISCARDED}*"))
    remover = subprocess.Popen(
        ["sh", "-c", 'rm -rf -- "$@" &', "sh", *leftovers],
        cwd="/", stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    remover.wait()  # the shell, which returns at once; `rm` goes on alone


_DISCARDED = "discarded-"


def recover_directory(target: Path) -> None:
    """After a run killed between the two renames of `replace_directory`: the old one back."""
    backup = _backup(target)
    if backup.is_dir() and not target.exists():
        os.replace(backup, target)
    shutil.rmtree(backup, ignore_errors=True)


def _backup(target: Path) -> Path:
    return target.with_name(target.name + ".previous")


def _exchange(first: Path, second: Path) -> bool:
    """Exchange two paths atomically; False where the system or file system cannot."""
    rename = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if rename is None:
        return False
    rename.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    here = -100  # AT_FDCWD: paths relative to the working folder
    if rename(here, os.fsencode(first), here, os.fsencode(second), _RENAME_EXCHANGE) == 0:
        return True
    number = ctypes.get_errno()
    if number in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(number, os.strerror(number), str(second))


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
