"""The built site and the pages it is built from change together or not at all.

MkDocs builds into a folder beside the site, which replaces the previous site whole only once
the build succeeded; if it fails, the generated pages and the lock file are put back as they
were before the run (`Previous`), so pages and site never disagree.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.config import Settings
from generator.write.files import replace_directory, write_if_changed
from generator.write.manifest import snapshot
from generator.write.tree import write_tree


@dataclass(frozen=True)
class Previous:
    """The generated pages and the lock file as they were before a run."""

    pages: dict[str, str]
    lock: str | None

    @classmethod
    def of(cls, settings: Settings) -> Previous:
        lock = settings.lock_path
        return cls(snapshot(settings.docs_dir), lock.read_text("utf-8") if lock.exists() else None)

    def restore(self, settings: Settings) -> None:
        write_tree(settings.docs_dir, self.pages)
        if self.lock is None:
            settings.lock_path.unlink(missing_ok=True)
        else:
            write_if_changed(settings.lock_path, self.lock)


def build_aside(build: Callable[[Path], None], site_dir: Path) -> None:
    """`build(folder)` writes a site into a staging folder; it then replaces `site_dir`."""
    staged = site_dir.with_name(site_dir.name + ".building")
    shutil.rmtree(staged, ignore_errors=True)
    try:
        build(staged)
    except BaseException:
        shutil.rmtree(staged, ignore_errors=True)
        raise
    replace_directory(staged, site_dir)
