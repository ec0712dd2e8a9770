"""Generated pages as they are on disk, standing for rendering them again.

A keyed batch (`render.keyed`) whose key made its pages in the last run would make them again
byte for byte. If each of those pages is still on disk as the manifest says it was written, the
batch becomes a list of `Written` pages: the writer takes each as unchanged, without its text.
A page whose file is as the last run left it (same size, modification and change times, and
inode) is not even read; any other is read and its digest checked. A page edited or removed
since is rendered again, as is every batch without a key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path

from generator.write.files import Written, holds
from generator.write.manifest import owned_files, read_manifest

# Size, modification and change times (ns), inode of a file as written; None: it was not there
Stat = tuple[int, int, int, int] | None
PagesByKey = Mapping[str, tuple[tuple[str, str, Stat], ...]]  # key -> each page it made


def reusing(batches: Sequence[Callable], made: PagesByKey, root: Path) -> list[Callable]:
    """`batches`, each whose key made its pages last run standing for them instead (none when
    the manifest is lost: the writer rebuilds it, and every page is rendered)."""
    manifest = owned_files(root, None, warn=False)
    return [
        partial(_as_written, root, made[key], batch)
        if (key := str(getattr(batch, "key", ""))) in made
        and all(manifest.get(path) == known for path, known, _ in made[key])
        else batch
        for batch in batches
    ]


def made_now(
    batches: Iterable[Callable], root: Path
) -> dict[str, tuple[tuple[str, str, Stat], ...]]:
    """What each keyed batch made, as the manifest holds it after the write, and as on disk."""
    manifest = read_manifest(root)
    keyed = [(b.key, b.paths) for b in batches if hasattr(b, "key") and hasattr(b, "paths")]
    return {
        key: tuple((path, manifest[path], _stat(root / path)) for path in paths)
        for key, paths in keyed
        if all(path in manifest for path in paths)
    }


def _stat(path: Path) -> Stat:
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino


def _as_written(
    root: Path, pages: tuple[tuple[str, str, Stat], ...], batch: Callable
) -> Iterable[tuple[str, Written]] | Iterable:
    """The pages as written, if each still is; else the batch, made afresh."""
    for path, known, stat in pages:
        unchanged = stat is not None and _stat(root / path) == stat
        if not unchanged and not holds(root / path, known):
            return batch()
    return [(path, Written(known)) for path, known, _ in pages]
