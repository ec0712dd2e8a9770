"""Generated pages as they are on disk, standing for rendering them again.

A keyed batch (`render.keyed`) whose key made its pages in the last run would make them again
byte for byte. If each of those pages is still on disk as the manifest says it was written, the
batch becomes a read of those files: the writer then finds every one unchanged. A page edited
or removed since is rendered again, as is every batch without a key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from pathlib import Path

from generator.write.files import digest
from generator.write.manifest import owned_files, read_manifest

Made = Mapping[str, tuple[tuple[str, str], ...]]  # key -> (path, digest) of each page it made


def reusing(batches: Sequence[Callable], made: Made, root: Path) -> list[Callable]:
    """`batches`, each whose key made its pages last run read from disk instead (none when
    the manifest is lost: the writer rebuilds it, and every page is rendered)."""
    manifest = owned_files(root, None, warn=False)
    return [
        partial(_as_written, root, made[key], batch)
        if (key := str(getattr(batch, "key", ""))) in made
        and all(manifest.get(path) == known for path, known in made[key])
        else batch
        for batch in batches
    ]


def made_now(batches: Iterable[Callable], root: Path) -> dict[str, tuple[tuple[str, str], ...]]:
    """What each keyed batch made, as the manifest holds it after the write."""
    manifest = read_manifest(root)
    keyed = [(b.key, b.paths) for b in batches if hasattr(b, "key") and hasattr(b, "paths")]
    return {
        key: tuple((path, manifest[path]) for path in paths)
        for key, paths in keyed
        if all(path in manifest for path in paths)
    }


def _as_written(root: Path, pages: tuple[tuple[str, str], ...], batch: Callable) -> Iterable:
    """The pages as on disk, if each still is as written; else the batch, made afresh."""
    texts = []
    for path, known in pages:
        try:
            data = (root / path).read_bytes()
        except OSError:
            return batch()
        if digest(data) != known:
            return batch()
        texts.append((path, data.decode("utf-8")))
    return texts
