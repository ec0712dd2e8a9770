"""The built site and the pages it is built from change together or not at all.

MkDocs builds into a folder beside the site, made before anything else changes (so an
unwritable project folder stops the run at once), which replaces the previous site whole only
once the build succeeded (`replace_directory`: at every instant the old site or the new one);
if it fails, the generated pages and the lock file are put back as they were before the run
(`Previous`), in one commit, so pages and site never disagree.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from generator import buildcache
from generator.buildcache import read_entry
from generator.config import Settings
from generator.errors import ReadingListError
from generator.write.files import (
    WriteError,
    recover_directory,
    replace_directory,
    unwritable,
    write_file,
)
from generator.write.manifest import snapshot
from generator.write.tree import write_tree

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig


def manifest_copy(settings: Settings) -> Path:
    """Where the manifest's copy is kept, beside the build cache (`manifest`)."""
    return settings.cache.manifest_copy


@dataclass(frozen=True)
class Previous:
    """The generated pages and the lock file as they were before a run."""

    pages: dict[str, str]
    lock: str | None

    @classmethod
    def of(cls, settings: Settings) -> Previous:
        lock = settings.lock_path
        pages = snapshot(settings.docs_dir, manifest_copy(settings))
        return cls(pages, lock.read_text("utf-8") if lock.exists() else None)

    def restore(self, settings: Settings) -> None:
        """Pages and lock as they were, in one commit; the build cache, which describes the
        pages just taken back, goes."""
        write_tree(settings.docs_dir, self.pages, beside={settings.lock_path: self.lock})
        settings.cache.collection.unlink(missing_ok=True)


class SiteNotBuilt(ReadingListError):
    """MkDocs failed; the previous pages, lock and site are in place."""


@contextlib.contextmanager
def staging_folder(site_dir: Path) -> Iterator[Path]:
    """The folder a site is built in, made empty now: a run that cannot make it stops before
    anything changed. A site left aside by a run killed mid-swap is put back first; whatever
    is left in the folder at the end goes."""
    recover_directory(site_dir)
    staged = site_dir.with_name(site_dir.name + ".building")
    shutil.rmtree(staged, ignore_errors=True)
    try:
        staged.mkdir(parents=True)
    except OSError as error:
        raise unwritable(error) from None
    try:
        yield staged
    finally:
        shutil.rmtree(staged, ignore_errors=True)


def build_aside(
    build: Callable[[Path], None],
    staged: Path,
    site_dir: Path,
    previous: Previous,
    settings: Settings,
) -> None:
    """`build(staged)` writes a site into the staging folder; it then replaces `site_dir`.
    If it fails, the pages and lock are put back (`previous`) and SiteNotBuilt says why."""
    try:
        build(staged)
    except BaseException as error:
        shutil.rmtree(staged, ignore_errors=True)
        previous.restore(settings)
        if not isinstance(error, Exception):  # Ctrl-C and the like, after putting pages back
            raise
        reason = error if isinstance(error, ReadingListError) else " ".join(str(error).split())
        raise SiteNotBuilt(f"the site was not built ({reason}); the previous pages and site "
                           "are unchanged") from None  # fmt: skip
    try:
        replace_directory(staged, site_dir, trash=settings.cache.folder)
    except OSError as error:
        previous.restore(settings)
        raise WriteError(f"cannot replace the site: {error.strerror}; the previous pages and "
                         "site are unchanged", path=site_dir) from None  # fmt: skip


class SiteStamp:
    """The digest of what a site is built from, kept beside the build cache: a build whose
    digest is the last site's has nothing to do."""

    def __init__(self, config: MkDocsConfig, settings: Settings) -> None:
        self.path = settings.cache.site_digest
        options = f"{config.site_url} {config.site_dir} {config.strict}"
        self.digest = buildcache.site_digest(site_inputs(config, settings.root), config=options)

    @classmethod
    def taken(cls, config: MkDocsConfig, settings: Settings, previous: Previous) -> SiteStamp:
        """The stamp of the pages just generated; if a file it reads cannot be read (docs/,
        the theme folder), the pages and lock are put back (`previous`) and SiteNotBuilt
        says which."""
        try:
            return cls(config, settings)
        except OSError as error:
            previous.restore(settings)
            raise SiteNotBuilt(f"the site was not built ({error.filename}: {error.strerror}); "
                               "the previous pages and site are unchanged") from None  # fmt: skip

    def matches(self, site_dir: Path) -> bool:
        """Whether the last site was built from these files (an unreadable or odd stamp: no,
        and the site is built again)."""
        data = read_entry(self.path) if site_dir.is_dir() else None
        return data is not None and data == self.digest.encode()

    def record(self) -> None:
        with contextlib.suppress(WriteError):  # costs the next unchanged build its shortcut
            write_file(self.path, self.digest)


def site_inputs(config: MkDocsConfig, root: Path) -> Iterator[tuple[str, bytes]]:
    """Every file MkDocs reads from the project to build the site: the docs/ tree (dot-folders
    aside, as MkDocs skips them), the configuration files and hooks, the project's own theme
    files. The installed theme and MkDocs are covered by their versions
    (`buildcache.site_digest`)."""
    folders = [Path(config.docs_dir)]
    folders += [Path(d) for d in config.theme.dirs if Path(d).resolve().is_relative_to(root)]
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(folder)
            if path.is_file() and not any(part.startswith(".") for part in relative.parts):
                yield f"{folder.name}/{relative.as_posix()}", path.read_bytes()
    for path in config_files(config):
        yield path.name, path.read_bytes()


def config_files(config: MkDocsConfig) -> list[Path]:
    """The configuration file, its hooks, and what it INHERITs (the one reading of `INHERIT:`)."""
    named = [config.config_file_path, *map(str, config.hooks)]
    files = [Path(p) for p in named if p and Path(p).is_file()]
    inherited = config.config_file_path and _inherited(Path(config.config_file_path))
    return [*files, *([inherited] if inherited else [])]


def _inherited(path: Path) -> Path | None:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("INHERIT:"):
            parent = path.parent / line.split(":", 1)[1].strip()
            return parent if parent.is_file() else None
    return None
