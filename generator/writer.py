"""The only module that writes. It owns the generated pages under docs/ and the lock file.

Ownership is a manifest (`docs/.readinglist-manifest.json`) of every file the generator wrote:
files in it may be replaced or removed, any other file in docs/ is the curator's and is never
touched. A write is a two-phase commit: every new file is first written beside its target
under a temporary name; only when all of them are on disk are they renamed into place (a
rename cannot run out of space), so a failure or Ctrl-C leaves the previous pages as they were.
Unchanged files are not rewritten, so a second run writes nothing.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .errors import ReadingListError

MANIFEST = ".readinglist-manifest.json"
_TMP_SUFFIX = ".readinglist-tmp"


class WriteError(ReadingListError):
    """Writing failed; the previous files are intact."""


@dataclass(frozen=True)
class WriteResult:
    written: tuple[str, ...]
    removed: tuple[str, ...]


def write_tree(root: Path, files: dict[str, str]) -> WriteResult:
    """Make the generated files under `root` exactly `files` (relative POSIX path -> text)."""
    old = read_manifest(root)
    wanted = {_safe_relative(path): text.encode("utf-8") for path, text in files.items()}
    _refuse_foreign(root, wanted, old)
    changed = {p: data for p, data in wanted.items() if _differs(root / p, data)}
    stale = sorted(p for p in old if p not in wanted)
    manifest = {p: hashlib.sha256(data).hexdigest() for p, data in sorted(wanted.items())}
    if not changed and not stale and manifest == old:
        return WriteResult((), ())
    temporaries = _stage_files(root, changed)
    with _deferred_interrupts():
        for path, temporary in temporaries.items():
            os.replace(temporary, root / path)
        for path in stale:
            _remove(root, path)
        write_file(root / MANIFEST, json.dumps({"version": 1, "files": manifest}, indent=1))
    return WriteResult(tuple(sorted(changed)), tuple(stale))


def read_manifest(root: Path) -> dict[str, str]:
    path = root / MANIFEST
    if not path.exists():
        return {}
    try:
        return dict(json.loads(path.read_text(encoding="utf-8"))["files"])
    except (ValueError, KeyError, TypeError) as error:
        raise WriteError(
            f"unreadable manifest ({error}); delete it and rebuild", path=path
        ) from None


def write_if_changed(path: Path, text: str) -> bool:
    """Write a single file (the lock file) atomically, only if its text changed."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    write_file(path, text)
    return True


def write_file(path: Path, text: str) -> None:
    """Write one file atomically: a temporary beside it, then a rename."""
    temporary = path.with_name(path.name + _TMP_SUFFIX)
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def _safe_relative(path: str) -> str:
    """Generated paths are relative, inside the root, with no '..' or absolute parts."""
    pure = PurePosixPath(path)
    if pure.is_absolute() or ".." in pure.parts or not pure.parts or "\\" in path:
        raise WriteError(f"refusing to write outside the docs folder: {path!r}")
    return pure.as_posix()


def _refuse_foreign(root: Path, wanted: dict[str, bytes], old: dict[str, str]) -> None:
    foreign = sorted(p for p in wanted if p not in old and (root / p).exists())
    if foreign:
        raise WriteError(
            f"{len(foreign)} file(s) in the way were not written by readinglist, "
            f"first: {root / foreign[0]}; move them and build again (nothing was written)"
        )


def _differs(path: Path, data: bytes) -> bool:
    try:
        return path.read_bytes() != data
    except FileNotFoundError:
        return True


def _stage_files(root: Path, changed: dict[str, bytes]) -> dict[str, Path]:
    """Phase one: every changed file on disk under a temporary name, or none of them."""
    temporaries: dict[str, Path] = {}
    created_dirs: list[Path] = []
    try:
        for path, data in sorted(changed.items()):
            target = root / path
            created_dirs.extend(_make_parents(target.parent))
            temporary = target.with_name(target.name + _TMP_SUFFIX)
            temporaries[path] = temporary
            with open(temporary, "wb") as handle:
                handle.write(data)
                handle.flush()
        return temporaries
    except BaseException as error:
        for temporary in temporaries.values():
            temporary.unlink(missing_ok=True)
        for directory in reversed(created_dirs):
            with contextlib.suppress(OSError):
                directory.rmdir()
        if isinstance(error, OSError):
            raise WriteError(f"cannot write {error.filename}: {error.strerror}; "
                             "the previous pages are unchanged") from None  # fmt: skip
        raise


def _make_parents(directory: Path) -> list[Path]:
    missing = []
    while not directory.exists():
        missing.append(directory)
        directory = directory.parent
    for path in reversed(missing):
        path.mkdir()
    return list(reversed(missing))


def _remove(root: Path, path: str) -> None:
    target = root / path
    target.unlink(missing_ok=True)
    parent = target.parent
    while parent != root and parent.exists() and not any(parent.iterdir()):
        parent.rmdir()
        parent = parent.parent


@contextlib.contextmanager
def _deferred_interrupts() -> Iterator[None]:
    """Phase two is only renames; let Ctrl-C land after it, not in the middle of it."""
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


def replace_directory(staged: Path, target: Path) -> None:
    """Swap a freshly built directory in for `target` (the built site): all or nothing."""
    backup = target.with_name(target.name + ".previous")
    if backup.exists():
        shutil.rmtree(backup)
    with _deferred_interrupts():
        if target.exists():
            os.replace(target, backup)
        os.replace(staged, target)
    shutil.rmtree(backup, ignore_errors=True)
