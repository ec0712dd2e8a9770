"""Which changes in docs/ and lists/ are the generator's own, so `mkdocs serve` ignores them.

`mkdocs serve` rebuilds when anything it watches changes; a build writes the generated pages
into docs/ and the lock file into lists/, which would start a second, useless build after
every edit. `OwnWritesIgnored` watches both folders in MkDocs' stead and passes on only the
curator's changes, by touching a file MkDocs watches instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from generator.config import Settings
from generator.write import MANIFEST, STAGING, read_manifest

if TYPE_CHECKING:
    from mkdocs.livereload import LiveReloadServer

# What changes a file: MkDocs reading the pages (opened, closed without writing) does not.
_CHANGES = frozenset({"created", "modified", "moved", "deleted", "closed"})


def watch_for_curator(
    server: LiveReloadServer, docs_dir: str, settings: Settings
) -> OwnWritesIgnored:
    """`server` watches a signal file instead of docs/, touched for the curator's changes to
    docs/ and lists/ only; the watcher returned is running (stop its observer at shutdown)."""
    # A folder of its own, where nothing else is written (the cache beside it is, each build)
    signal = settings.cache.serve_signal
    signal.parent.mkdir(parents=True, exist_ok=True)
    signal.touch()
    server.unwatch(docs_dir)
    watcher = OwnWritesIgnored(
        signal, docs=Path(docs_dir), lists=settings.lists_dir, lock=settings.lock_path
    )
    watcher.observer.start()
    server.watch(str(signal.parent))
    return watcher


class OwnWritesIgnored(FileSystemEventHandler):
    """Touches `signal` for every change under `docs` or `lists` that is not the generator's
    own (the generated pages, the manifest, the lock file)."""

    def __init__(self, signal: Path, *, docs: Path, lists: Path, lock: Path) -> None:
        self.docs, self.lock, self.signal = docs.resolve(), lock.resolve(), signal
        self._manifest_stamp: float | None = None
        self._owned: set[str] = set()
        self.observer = Observer()
        for folder in (self.docs, lists.resolve()):
            self.observer.schedule(self, str(folder), recursive=True)

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory or event.event_type not in _CHANGES:
            return
        paths = [event.src_path, getattr(event, "dest_path", "")]
        if not all(self.is_own(str(path)) for path in paths if path):
            self.signal.touch()

    def is_own(self, path: str) -> bool:
        """Whether `path` is a generated file, the manifest, the lock, or staged for them."""
        resolved = Path(path).resolve()
        if resolved.name.startswith(self.lock.name) and resolved.parent == self.lock.parent:
            return True  # the lock file, or its temporary beside it
        try:
            relative = resolved.relative_to(self.docs).as_posix()
        except ValueError:
            return False
        if relative == MANIFEST or relative.startswith((STAGING, ".readinglist-")):
            return True
        return relative in self._owned_files()

    def _owned_files(self) -> set[str]:
        manifest = self.docs / MANIFEST
        stamp = manifest.stat().st_mtime if manifest.exists() else None
        if stamp != self._manifest_stamp:
            self._manifest_stamp, self._owned = stamp, set(read_manifest(self.docs))
        return self._owned
