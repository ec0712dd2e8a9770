"""The generated tree under docs/, replaced as a whole or not at all (a two-phase commit).

Phase one renders every batch of pages, compares each file with what is on disk, and writes the
changed ones into a staging folder beside docs/ (`.readinglist-staging-docs/`, outside the tree
`mkdocs serve` watches: a folder made there with a folder in it races watchdog and warns), with
the new manifests and the folders the pages go to. A failure there (bad input, a full disk,
Ctrl-C, a crashed worker) removes the staging folder and those folders and leaves every
previous file as it was. Phase two only renames and deletes, which cannot run out of space,
with Ctrl-C held until it is done: first a manifest owning old and new files alike, then the
pages and the files beside the tree that go with them (the lock file, staged in phase one
beside its target, so an unwritable lists/ stops the run before anything changed), then the
final manifest, so even a killed process never leaves a file the next run would take for the
curator's. Unchanged files are not rewritten. A generated file the curator has edited is not
deleted when it stops being generated: it is disowned (left in place, dropped from the
manifest) with a warning. A file holding what would be written is taken over (`manifest`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from generator import parallel
from generator.write.files import (
    Beside,
    WriteError,
    Written,
    deferred_interrupts,
    differs,
    digest,
    edited,
    keep_copy,
    same_file,
    stage_beside,
    unwritable,
    write_pieces,
)
from generator.write.manifest import MANIFEST, generated_relative, manifest_bytes, owned_files

log = logging.getLogger(__name__)

STAGING = ".readinglist-staging"
_LOST = (  # the manifest and its copy are gone: nothing proves which files are ours
    "; if they are pages readinglist wrote before its manifest was lost, `git clean -fX "
    "docs/` removes them (every git-ignored file under docs/: `git clean -nX docs/` lists them)"
)
_UNION = ".readinglist-manifest-union.json"  # staged name of phase two's first manifest
# A forked worker's memory grows as it writes into pages it shares with this process; above
# ONE_POOL_UP_TO pages, fresh workers every PAGES_PER_POOL pages keep the largest builds
# within memory. Below, one pool: each fresh worker copies again what it touches.
PAGES_PER_POOL = 2_000
ONE_POOL_UP_TO = 8_000

# A file's text, its text in pieces (large exports), or what stands for an unchanged file
Content = str | Iterable[str] | Written
Files = Mapping[str, Content] | Iterable[tuple[str, Content]]


def staging_area(root: Path) -> Path:
    """Where pages for `root` are staged: beside it, on the same file system, so that phase
    two's renames stay renames."""
    return root.parent / f"{STAGING}-{root.name}"


@dataclass(frozen=True)
class WriteResult:
    written: tuple[str, ...]
    removed: tuple[str, ...]
    kept: tuple[str, ...] = ()  # no longer generated, but edited by hand: left in place
    files: int = 0  # generated files in all, written or unchanged
    rendered: int = 0  # files made afresh (the others stood as `Written`)


class _Staged(NamedTuple):
    path: str
    digest: str
    temporary: str | None  # its name in the staging folder, if changed
    foreign: bool  # the path holds a file readinglist did not write
    rendered: bool = True  # made afresh, not standing as `Written`


class _Plan(NamedTuple):
    """What phase two will do: the new manifest, the staged changes, what goes and stays."""

    manifest: dict[str, str]
    changed: dict[str, str]  # path -> its temporary in the staging folder
    stale: tuple[str, ...]  # no longer generated: removed
    kept: tuple[str, ...]  # no longer generated but edited by hand: left in place
    beside: dict[Path, Path | None]  # changed files outside the tree -> temporary (None: remove)
    rendered: int  # files made afresh


def write_tree(root: Path, files: Files, *, beside: Beside | None = None) -> WriteResult:
    """Make the generated files under `root` exactly `files` (relative POSIX path -> text),
    and each file of `beside` its text, in one commit. `files` may be a generator: each file
    is compared and staged as it arrives."""
    return write_batches(root, [lambda: files], beside=beside)


def write_batches(
    root: Path,
    batches: Sequence[Callable[[], Files]],
    *,
    beside: Beside | None = None,
    backup: Path | None = None,
) -> WriteResult:
    """`write_tree` for files made by independent functions, each returning some of them.
    Batches are made and staged on every core; only paths and digests come back here. The
    manifest is also kept at `backup`, from which a lost one is rebuilt."""
    old = owned_files(root, backup)
    area, created = staging_area(root), []
    shutil.rmtree(area, ignore_errors=True)  # what a killed run left behind
    staged_beside: dict[Path, Path | None] = {}
    try:
        stage_beside(beside or {}, staged_beside)
        created += _make_parents(area)
        plan = _plan(root, old, _stage_all(root, old, batches), staged_beside)
        if not (plan.changed or plan.stale or plan.beside) and plan.manifest == old:
            _discard(area, created, staged_beside)
            return WriteResult((), (), plan.kept, len(plan.manifest), plan.rendered)
        created += _stage_manifests(root, area, old, plan)
    except BaseException as error:
        _discard(area, created, staged_beside)
        if isinstance(error, OSError):
            raise unwritable(error) from None
        raise
    _commit(root, area, plan)
    if backup is not None:
        keep_copy(backup, manifest_bytes(plan.manifest))
    for path in plan.kept:
        log.warning("%s: no longer generated but edited by hand, so left in place", root / path)
    changed = tuple(sorted(plan.changed))
    return WriteResult(changed, plan.stale, plan.kept, len(plan.manifest), plan.rendered)


def _stage_all(root: Path, old: dict[str, str], batches: Sequence[Callable]) -> list:
    count = len(batches)
    per_pool = PAGES_PER_POOL if count > ONE_POOL_UP_TO else 0
    # Small chunks: a listing or an export file costs as much as many pages.
    return parallel.ordered_map(
        _stage_batch, (root, old, batches), count, chunks_per_worker=8, items_per_pool=per_pool
    )


def _plan(
    root: Path, old: dict[str, str], staged: list[list[_Staged]], beside: dict[Path, Path | None]
) -> _Plan:
    manifest, changed = _merged(root, staged)
    gone = sorted(p for p in old if p not in manifest)
    kept = tuple(p for p in gone if edited(root / p, old[p]))
    stale = tuple(p for p in gone if p not in kept)
    rendered = sum(item.rendered for batch in staged for item in batch)
    return _Plan(manifest, changed, stale, kept, beside, rendered)


def _stage_manifests(root: Path, area: Path, old: dict[str, str], plan: _Plan) -> list[Path]:
    """Both manifests staged, and the folders the changed pages go to made (returned)."""
    union = dict(sorted({**{p: old[p] for p in plan.stale}, **plan.manifest}.items()))
    _stage(area / _UNION, [manifest_bytes(union)])
    _stage(area / MANIFEST, [manifest_bytes(plan.manifest)])
    created = []
    for directory in sorted({(root / path).parent for path in plan.changed}):
        created += _make_parents(directory)
        if not os.access(directory, os.W_OK):  # a rename into it would fail in phase two
            raise WriteError("cannot write: permission denied; nothing was changed", path=directory)
    return created


def _commit(root: Path, area: Path, plan: _Plan) -> None:
    """Phase two: renames and deletions only."""
    with deferred_interrupts():
        os.replace(area / _UNION, root / MANIFEST)
        for path, temporary in plan.changed.items():
            os.replace(area / temporary, root / path)
        for path in plan.stale:
            _remove(root, path)
        for target, staged in plan.beside.items():
            if staged is None:
                target.unlink(missing_ok=True)
            else:
                os.replace(staged, target)
        os.replace(area / MANIFEST, root / MANIFEST)
    shutil.rmtree(area)  # by now only the emptied folders of each process


def _stage_batch(shared: tuple[Path, dict[str, str], Sequence[Callable]], index: int) -> list:
    """Phase one for one batch, in whichever process runs it: stage each file whose text
    changed, under a name no other batch uses. A failure leaves its temporaries to `_discard`.
    Each process stages into a folder of its own: creating files in one folder takes a lock
    on it, which would leave one process waiting on the other's."""
    root, old, batches = shared
    own = str(os.getpid())
    with contextlib.suppress(FileExistsError):
        os.mkdir(staging_area(root) / own)
    files = batches[index]()
    items = files.items() if isinstance(files, Mapping) else files
    return [
        _stage_file(root, old, generated_relative(path), content, f"{own}/{index}-{number}")
        for number, (path, content) in enumerate(items)
    ]


def _stage_file(root: Path, old: dict[str, str], path: str, content: Content, name: str) -> _Staged:
    """Stage one file as `name` unless it is unchanged (or in the way: then the whole write
    fails in `_merged`)."""
    if isinstance(content, Written):
        return _Staged(path, content.digest, None, False, rendered=False)
    target, staging = root / path, staging_area(root) / name
    # A path not ours yet must hold nothing, or exactly this file already (taken over).
    new = path not in old
    if isinstance(content, str):
        data = content.encode("utf-8")
        if (new and not target.exists()) or differs(target, data):
            return _Staged(path, _stage(staging, [data]), name, new and target.exists())
        return _Staged(path, digest(data), None, False)
    # In pieces: staged piece by piece, then dropped again if it came out the same.
    staged_digest = _stage(staging, content)
    if same_file(staging, target):
        staging.unlink()
        return _Staged(path, staged_digest, None, False)
    return _Staged(path, staged_digest, name, new and target.exists())


def _merged(root: Path, batches: list[list[_Staged]]) -> tuple[dict[str, str], dict[str, str]]:
    """The new manifest (path -> digest, sorted) and the changed files (path -> temporary);
    refuses paths made twice and paths taken by files that are not ours."""
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
        lost = "" if (root / MANIFEST).is_file() else _LOST
        raise WriteError(
            f"{len(foreign)} file(s) in the way were not written by readinglist, "
            f"first: {root / sorted(foreign)[0]}; move them and build again (nothing was "
            f"written){lost}"
        )
    return dict(sorted(manifest.items())), changed


def _stage(temporary: Path, pieces: Iterable[bytes | str]) -> str:
    """Write one temporary; returns the digest of its bytes."""
    try:
        return write_pieces(temporary, pieces)
    except OSError as error:
        raise WriteError(f"cannot write {error.filename or 'a page'}: {error.strerror}; "
                         "the previous pages are unchanged") from None  # fmt: skip


def _discard(area: Path, created: list[Path], beside: dict[Path, Path | None]) -> None:
    """Undo phase one: the staged temporaries, then the folders made for them."""
    shutil.rmtree(area, ignore_errors=True)
    for temporary in beside.values():
        if temporary is not None:
            temporary.unlink(missing_ok=True)
    for directory in reversed(created):
        with contextlib.suppress(OSError):
            directory.rmdir()


def _make_parents(directory: Path) -> list[Path]:
    """Make `directory` and its missing parents; return the ones made, outermost first."""
    missing = []
    while not directory.exists():
        missing.append(directory)
        directory = directory.parent
    for path in reversed(missing):
        path.mkdir()
    return list(reversed(missing))


def _remove(root: Path, path: str) -> None:
    """Remove a generated file, and the folders it leaves empty."""
    target = root / path
    target.unlink(missing_ok=True)
    parent = target.parent
    while parent != root and parent.exists() and not any(parent.iterdir()):
        parent.rmdir()
        parent = parent.parent
