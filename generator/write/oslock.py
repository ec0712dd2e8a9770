"""The operating system's exclusive lock on an open file, which it drops when the process
ends: `flock` where Python has `fcntl` (Linux, macOS, the BSDs), `msvcrt.locking` on Windows.

Either module is imported only where it exists, so every command imports everywhere; where
neither does (`AVAILABLE` is False) `RunLock` says so when a run would take the lock. Must not
know what the lock is for.
"""

from __future__ import annotations

import contextlib
import importlib
import time
from types import ModuleType


def _module(name: str) -> ModuleType | None:
    """The standard library's `name`, where this system's Python has it."""
    with contextlib.suppress(ImportError):
        return importlib.import_module(name)
    return None


_fcntl = _module("fcntl")
_msvcrt = _module("msvcrt") if _fcntl is None else None
AVAILABLE = _fcntl is not None or _msvcrt is not None
_POLL = 0.2  # seconds between two tries on Windows, whose lock has no blocking wait


def try_lock(descriptor: int) -> bool:
    """Whether `descriptor`'s file is now locked by this process (False: another holds it)."""
    try:
        if _fcntl is not None:
            _fcntl.flock(descriptor, _fcntl.LOCK_EX | _fcntl.LOCK_NB)
        elif _msvcrt is not None:
            _msvcrt.locking(descriptor, _msvcrt.LK_NBLCK, 1)  # its first byte, past its end
        else:
            raise OSError("this system has neither fcntl nor msvcrt to lock a file")
    except (BlockingIOError, PermissionError):  # Windows says "permission denied"
        return False
    return True


def wait_lock(descriptor: int) -> None:
    """`descriptor`'s file locked by this process, once another process lets it go."""
    if _fcntl is not None:
        _fcntl.flock(descriptor, _fcntl.LOCK_EX)
        return
    while not try_lock(descriptor):
        time.sleep(_POLL)
