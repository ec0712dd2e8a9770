"""One cache entry, written all or nothing and read back only when it is a plain file.

A link, a folder, a device or an unreadable file where an entry should be is not read: it is
reported in one info line and the entry counts as missing.
"""

from __future__ import annotations

import logging
import os
import shutil
import stat
from pathlib import Path

log = logging.getLogger(__name__)
# The one suffix of every temporary the generator writes (the writer's beside pages too).
TMP_SUFFIX = ".readinglist-tmp"
# A file made anew: never one that is there, nor through a link (O_EXCL alone refuses a link).
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW


def read_entry(path: Path) -> bytes | None:
    """The bytes of the entry at `path`; None when there is none or it must not be read."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except FileNotFoundError:
        return None
    except OSError as error:  # a link (ELOOP), no permission...
        ignored(path, error.strerror or "cannot be opened")
        return None
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            ignored(path, "not a plain file")
            return None
        with open(descriptor, "rb", closefd=False) as file:
            return file.read()
    except OSError as error:
        ignored(path, error.strerror or "cannot be read")
        return None
    finally:
        os.close(descriptor)


def ignored(path: Path, why: str) -> None:
    log.info("cache     %s: %s: ignored, made again", path, why)


def write_entry(path: Path, *parts: bytes) -> None:
    """The `parts`, one after the other, at `path` (in parts, so that a header need not be
    joined to a large payload: that would copy it), through a temporary and a rename; whatever
    was in the way (a link, a folder), at `path` or at the temporary's name, replaced, never
    written through. OSError when it cannot be written."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + TMP_SUFFIX)
    try:
        clear(temporary)  # a left-over, or a link planted to be written through
        with open(os.open(temporary, _NEW_FILE, 0o666), "wb") as file:
            for data in parts:
                file.write(data)
        clear(path)
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def clear(path: Path) -> None:
    """Nothing at `path` (a folder put where a file goes is removed with what it holds)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)
