"""Finished pages kept between builds: `<key>.html` files, and `index.json` holding the
SHA-256 each was stored with.

A page is taken from the store only when it is a plain file (never a link, never a folder)
whose bytes have the digest recorded when it was stored; anything else is ignored with one
info line and the page is built again. The store's folder itself is looked at, never through:
a link or a file in its place holds no pages, and is removed (the link, not what it points to)
before anything is stored or dropped. Pages go in and out as copies (a reflink where the file
system has them, sharing blocks until either side is written), never as hard links: a write
into the site never changes the store, nor the store the site. A copy keeps its source's
times, so a page taken from the store carries the time it was built.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import os
import shutil
import stat
from pathlib import Path
from types import ModuleType

from generator.buildcache.entries import TMP_SUFFIX, clear, ignored, read_entry, write_entry

INDEX = "index.json"
_FICLONE = 0x40049409  # linux/fs.h: the target shares the source's blocks (a reflink)
_fcntl: ModuleType | None
try:
    _fcntl = importlib.import_module("fcntl")
except ImportError:  # Windows: no reflinks to ask for; pages are copied byte by byte
    _fcntl = None


class PageFiles:
    """The stored pages of one folder, as the last build left them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.digests = _read_index(folder / INDEX) if _is_folder(folder) else {}

    def path(self, key: str) -> Path:
        return self.folder / f"{key}.html"

    def holds(self, key: str) -> bool:
        """Whether the page of `key` is stored, intact (it is read and its digest checked)."""
        known = self.digests.get(key)
        if known is None or not _is_folder(self.folder):
            return False
        data = read_entry(self.path(key))
        if data is None or hashlib.sha256(data).hexdigest() != known:
            if data is not None:
                ignored(self.path(key), "not the page stored under this name")
            return False
        return True

    def take(self, key: str, target: Path) -> None:
        """The stored page of `key` (checked by `holds`) copied to `target`."""
        if not _is_folder(self.folder):
            raise OSError(f"not a folder: {self.folder}")
        copy(self.path(key), target)

    def put(self, key: str, source: Path) -> None:
        """The built page at `source` stored under `key` (a copy), with its digest."""
        self._own_folder()
        clear(self.path(key))  # whatever was there (a link, a folder): never written through
        copy(source, self.path(key))
        self.digests[key] = _digest_of(self.path(key))

    def keep_only(self, keys: set[str]) -> None:
        """Every page of another key dropped, and the index written."""
        self.digests = {key: known for key, known in self.digests.items() if key in keys}
        self._own_folder()
        for entry in os.scandir(self.folder):
            if entry.name != INDEX and entry.name.removesuffix(".html") not in keys:
                clear(Path(entry.path))
        index = json.dumps(dict(sorted(self.digests.items())), indent=0).encode("utf-8")
        write_entry(self.folder / INDEX, index)

    def _own_folder(self) -> None:
        """The store's folder made a real one: a link or a file in its place is removed
        (never followed), and with it every page this store thought it held."""
        if _is_folder(self.folder):
            return
        if os.path.lexists(self.folder):
            ignored(self.folder, "not a folder")
            clear(self.folder)
            self.digests = {}
        self.folder.mkdir(parents=True, exist_ok=True)


def _is_folder(path: Path) -> bool:
    """Whether `path` itself (not what a link there points to) is a folder."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except FileNotFoundError:
        return False


def _read_index(path: Path) -> dict[str, str]:
    data = read_entry(path)
    if data is None:
        return {}
    with contextlib.suppress(ValueError):
        found = json.loads(data)
        if isinstance(found, dict) and all(isinstance(v, str) for v in found.values()):
            return {str(key): value for key, value in found.items()}
    ignored(path, "damaged")
    return {}


def _digest_of(path: Path) -> str:
    with open(path, "rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def copy(source: Path, target: Path) -> None:
    """`target` a copy of the plain file `source` (a reflink where the file system can),
    with its times, put in place by a rename: a link or a folder at `target` is replaced,
    never written through."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}{TMP_SUFFIX}")
    with contextlib.suppress(FileNotFoundError):
        os.unlink(temporary)
    with open(os.open(source, os.O_RDONLY | os.O_NOFOLLOW), "rb") as reading:
        if not stat.S_ISREG(os.fstat(reading.fileno()).st_mode):
            raise OSError(f"not a plain file: {source}")
        with open(temporary, "xb") as writing:
            if not _cloned(reading.fileno(), writing.fileno()):  # no reflinks here: copied
                shutil.copyfileobj(reading, writing, 1 << 20)
    shutil.copystat(source, temporary)
    if target.is_dir() and not target.is_symlink():
        shutil.rmtree(target)
    os.replace(temporary, target)


def _cloned(source: int, target: int) -> bool:
    """Whether `target` now shares the blocks of `source` (a reflink: Linux, some file systems)."""
    if _fcntl is None:
        return False
    try:
        _fcntl.ioctl(target, _FICLONE, source)
    except OSError:
        return False
    return True
