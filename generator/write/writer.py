"""The only module that writes. It owns the generated pages under docs/ and the lock file.

Ownership is a manifest (`docs/.readinglist-manifest.json`) of every file the generator wrote,
with its hash: files in it may be replaced or removed, any other file in docs/ is the
curator's and is never touched. A generated file the curator has since edited is not deleted
when it stops being generated: it is disowned (left in place, dropped from the manifest).

A write is a two-phase commit. Phase one writes every changed file, and the manifests, into a
staging folder (`docs/.readinglist-staging/`), and makes the folders they go to; a failure
there (disk full, Ctrl-C, a crashed worker) removes the staging folder and those folders and
leaves every previous file as it was. Pages can be rendered and staged on every core
(`write_batches`). Phase two only renames and deletes, which cannot run
out of space, with Ctrl-C held until it is done: first a manifest owning old and new files
alike, then the pages, then the final manifest, so even a killed process never leaves a file
the next run would take for the curator's. Unchanged files are not rewritten, so a second run
writes nothing. `snapshot` captures the generated files so a caller whose later step fails
(the MkDocs build) can put them back with `write_tree`.
"""

from __future__ import annotations

import contextlib
import filecmp
import hashlib
import json
import logging
import os
import shutil
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import NamedTuple

from generator import parallel
from generator.errors import ReadingListError

log = logging.getLogger(__name__)

MANIFEST = ".readinglist-manifest.json"
_TMP_SUFFIX = ".readinglist-tmp"
# Phase one's temporaries, all in one folder: a dot-folder, which MkDocs never publishes,
# and one `rmtree` to discard whatever a failed or killed run staged, from any process.
STAGING = ".readinglist-staging"
# Workers grow as they write into memory shared with this process (see `parallel`): above
# ONE_POOL_UP_TO pages (about 6,000 papers), fresh ones every PAGES_PER_POOL pages keep
# 20,000 papers under 1 GB. Below, one pool: each fresh worker copies again the memory it
# touches, which cost more time than the memory saved is worth.
PAGES_PER_POOL = 2_000
ONE_POOL_UP_TO = 8_000
_UNION = ".readinglist-manifest-union.json"  # staged name of phase two's first manifest


class WriteError(ReadingListError):
    """Writing failed; the previous files are intact."""


@dataclass(frozen=True)
class WriteResult:
    written: tuple[str, ...]
    removed: tuple[str, ...]
    kept: tuple[str, ...] = ()  # no longer generated, but edited by hand: left in place
    files: int = 0  # generated files in all, written or unchanged


Content = str | Iterable[str]  # a file's text, or its text in pieces (large exports)
Files = Mapping[str, Content] | Iterable[tuple[str, Content]]


def write_tree(root: Path, files: Files) -> WriteResult:
    """Make the generated files under `root` exactly `files` (relative POSIX path -> text).

    `files` may be a generator: each file is compared and, if changed, staged as it arrives,
    so no more than one page is held here at a time however large the site; a file given in
    pieces is never whole in memory at all."""
    return write_batches(root, [lambda: files])


def write_batches(root: Path, batches: Sequence[Callable[[], Files]]) -> WriteResult:
    """`write_tree` for files made by independent functions, each returning some of them.

    Batches are made, compared and staged on every core (`parallel`): each worker renders
    its pages and stages those that changed, and only paths and digests come back here."""
    old = read_manifest(root)
    _remove_leftovers(root)
    area, created = root / STAGING, []
    try:
        created += _make_parents(area)
        # Small chunks: a listing or an export file costs many pages.
        shared, count = (root, old, batches), len(batches)
        per_pool = PAGES_PER_POOL if count > ONE_POOL_UP_TO else 0
        staged = parallel.ordered_map(
            _stage_batch, shared, count, chunks_per_worker=8, items_per_pool=per_pool
        )
        manifest, changed = _merged(root, staged)
        gone = sorted(p for p in old if p not in manifest)
        kept = tuple(p for p in gone if _edited(root / p, old[p]))
        stale = tuple(p for p in gone if p not in kept)
        if not changed and not stale and manifest == old:
            _discard(area, created)
            return WriteResult((), (), kept, len(manifest))
        union = dict(sorted({**{p: old[p] for p in stale}, **manifest}.items()))
        _stage(area / _UNION, [_manifest_bytes(union)])
        _stage(area / MANIFEST, [_manifest_bytes(manifest)])
        for directory in sorted({(root / path).parent for path in changed}):
            created += _make_parents(directory)
    except BaseException:
        _discard(area, created)
        raise
    with _deferred_interrupts():
        os.replace(area / _UNION, root / MANIFEST)
        for path, temporary in changed.items():
            os.replace(os.path.join(area, temporary), os.path.join(root, path))
        for path in stale:
            _remove(root, path)
        os.replace(area / MANIFEST, root / MANIFEST)
    shutil.rmtree(area)  # by now only the emptied folders of each process
    for path in kept:
        log.warning("%s: no longer generated but edited by hand, so left in place", root / path)
    return WriteResult(tuple(sorted(changed)), stale, kept, len(manifest))


class _Staged(NamedTuple):
    path: str
    digest: str
    temporary: str | None  # its name in the staging folder, if changed
    foreign: bool  # the path holds a file readinglist did not write


def _stage_batch(shared: tuple[Path, dict[str, str], Sequence[Callable]], index: int) -> list:
    """Phase one for one batch, in whichever process runs it: stage each file whose text
    changed, under a name no other batch uses. A failure leaves its temporaries to `_discard`."""
    root, old, batches = shared
    # A folder per process: creating files in one folder takes a lock on it, which would
    # leave one process waiting on the other's file system work. Plain strings, not Paths:
    # this runs once per page, and pathlib's parsing would cost more than the writing.
    own = str(os.getpid())
    area = os.path.join(root, STAGING)
    with contextlib.suppress(FileExistsError):
        os.mkdir(os.path.join(area, own))
    staged = []
    files = batches[index]()
    for number, (path, content) in enumerate(files.items() if isinstance(files, Mapping)
                                             else files):  # fmt: skip
        path = _safe_relative(path)
        target, staging = os.path.join(root, path), f"{own}/{index}-{number}"
        temporary: str | None = staging  # None once the file needs no staged copy
        # A new path needs no comparison, only a check that nothing of the curator's is there.
        foreign = path not in old and os.path.exists(target)
        if isinstance(content, str):
            data = content.encode("utf-8")
            if foreign or (path in old and not _differs(target, data)):
                digest, temporary = _digest(data), None
            else:
                digest = _stage(os.path.join(area, staging), [data])
        else:  # staged piece by piece, then dropped again if it came out the same
            digest = _stage(os.path.join(area, staging), content)
            if foreign or _same_file(os.path.join(area, staging), target):
                os.unlink(os.path.join(area, staging))
                temporary = None
        staged.append(_Staged(path, digest, temporary, foreign))
    return staged


def _merged(root: Path, batches: list[list[_Staged]]) -> tuple[dict[str, str], dict[str, str]]:
    """The new manifest (path -> digest of every file, sorted) and the changed files (path ->
    temporary); refuses paths made twice and paths taken by files that are not ours."""
    manifest, changed, foreign = {}, {}, []
    for item in (item for batch in batches for item in batch):
        if item.path in manifest:
            raise WriteError(f"generated twice in one run: {item.path!r}")
        manifest[item.path] = item.digest
        if item.foreign:
            foreign.append(item.path)
        elif item.temporary is not None:
            changed[item.path] = item.temporary
    if foreign:
        raise WriteError(
            f"{len(foreign)} file(s) in the way were not written by readinglist, "
            f"first: {root / sorted(foreign)[0]}; move them and build again (nothing was written)"
        )
    return dict(sorted(manifest.items())), changed


def _manifest_bytes(files: dict[str, str]) -> bytes:
    # On one line: an indented dump runs in Python rather than C (0.05 s a manifest at
    # 5,000 papers), and only this module reads it.
    return json.dumps({"version": 1, "files": files}).encode("utf-8")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_manifest(root: Path) -> dict[str, str]:
    path = root / MANIFEST
    if not path.exists():
        return {}
    try:
        files = json.loads(path.read_text(encoding="utf-8"))["files"]
        return {_safe_relative(name): str(digest) for name, digest in files.items()}
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        raise WriteError(
            f"unreadable manifest ({error}); delete it and rebuild", path=path
        ) from None


def snapshot(root: Path) -> dict[str, str]:
    """The generated files as they are now, to restore with `write_tree` if a later step
    fails. Files listed in the manifest but missing on disk are left out."""
    files = {}
    for path in read_manifest(root):
        with contextlib.suppress(FileNotFoundError):
            files[path] = (root / path).read_bytes().decode("utf-8")
    return files


def foreign_pages(root: Path) -> list[str]:
    """Markdown pages under `root` the generator did not write (the curator's own)."""
    generated = set(read_manifest(root))
    pages = (path.relative_to(root) for path in root.rglob("*.md"))
    return sorted(
        page.as_posix()
        for page in pages
        if page.as_posix() not in generated and not any(p.startswith(".") for p in page.parts)
    )


def tree_intact(root: Path) -> bool:
    """Every file the manifest lists is still on disk (the cache may be used)."""
    files = read_manifest(root)
    return bool(files) and all((root / path).is_file() for path in files)


def write_cache(path: Path, data: bytes) -> None:
    """The build cache (see `cache`): written atomically; losing it only costs time."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + _TMP_SUFFIX)
    try:
        _write_bytes(temporary, data)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


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
        _write_bytes(temporary, text.encode("utf-8"))
        os.replace(temporary, path)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            message = f"cannot write: {error.strerror}; it is unchanged"
            raise WriteError(message, path=path) from None
        raise


def _write_bytes(path: Path, data: bytes) -> None:
    _write_pieces(path, [data])


def _write_pieces(path: str | Path, pieces: Iterable[bytes | str]) -> str:
    """os-level writes, so a short write (a full disk) raises instead of passing unnoticed.
    Text is written as UTF-8. Returns the SHA-256 of the bytes written."""
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


def _safe_relative(path: str) -> str:
    """Generated paths are relative, inside the root, with no '..', hidden or absolute parts
    (MkDocs skips dot-files, so a page there would vanish without a word)."""
    parts = path.split("/")
    if all(parts) and "\\" not in path and not any(part.startswith(".") for part in parts):
        return path  # already in the form PurePosixPath would give: the common case, fast
    pure = PurePosixPath(path)
    if (
        not pure.parts
        or pure.is_absolute()
        or "\\" in path
        or any(part.startswith(".") for part in pure.parts)
    ):
        raise WriteError(f"refusing to write outside the docs folder: {path!r}")
    return pure.as_posix()


def _remove_leftovers(root: Path) -> None:
    """What a killed run staged and never renamed (MkDocs skips dot-folders, but the next run
    must not mistake it for its own)."""
    shutil.rmtree(root / STAGING, ignore_errors=True)


def _differs(path: str, data: bytes) -> bool:
    try:
        with open(path, "rb") as file:
            return file.read() != data
    except FileNotFoundError:
        return True


def _same_file(staged: str, target: str) -> bool:
    try:
        return filecmp.cmp(staged, target, shallow=False)
    except FileNotFoundError:
        return False


def _edited(path: Path, digest: str) -> bool:
    try:
        return _digest(path.read_bytes()) != digest
    except FileNotFoundError:
        return False


def _stage(temporary: str | Path, pieces: Iterable[bytes | str]) -> str:
    """Write one temporary; returns the digest of its bytes."""
    try:
        return _write_pieces(temporary, pieces)
    except OSError as error:
        raise WriteError(f"cannot write {error.filename or 'a page'}: {error.strerror}; "
                         "the previous pages are unchanged") from None  # fmt: skip


def _discard(area: Path, created: list[Path]) -> None:
    """Undo phase one: the staged temporaries, then the folders made for them."""
    shutil.rmtree(area, ignore_errors=True)
    for directory in reversed(created):
        with contextlib.suppress(OSError):
            directory.rmdir()


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
