"""The last run's collection and what it found, kept for the next run (`pipeline`).

Written as the SHA-256 of its payload (32 bytes) and then the payload, tagged CBOR (`codec`) of
the record types the pipeline names; read back only when it is a plain file whose payload has
that digest (damage that would still decode is caught), decodes to exactly those types and was
made by the same code. Anything else is ignored with one info line, and the run derives
everything again.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from generator.buildcache.codec import Damaged, dumps, loads
from generator.buildcache.entries import clear, ignored, read_entry, write_entry
from generator.buildcache.keys import code_digest

log = logging.getLogger(__name__)
_DIGEST = 32  # bytes of a SHA-256, ahead of the payload


class LastRun(NamedTuple):
    """What the last run kept: the digest of its inputs, of its code, the collection, what
    it found on the way (the pipeline's memory) and what each keyed batch of pages made."""

    key: str
    code: str
    collection: object
    memory: object
    pages: dict


def store(path: Path, last: LastRun, types: Iterable[type]) -> None:
    """`last` at `path`; losing it costs only time, so a cache that cannot be written (a
    file system's error, or a value the codec refuses) is a warning, and the stale one is
    removed: the pages are written by then, and the build stands."""
    try:
        with _no_collection():  # encoding allocates much and frees all: nothing for GC to find
            data = dumps(tuple(last), types)
        write_entry(path, hashlib.sha256(data).digest(), data)  # not joined: no copy
    except (OSError, TypeError) as error:
        why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        log.warning("%s: not kept (%s): the next run derives all again", path, why)
        with contextlib.suppress(OSError):
            clear(path)


def load(path: Path, types: Iterable[type]) -> LastRun | None:
    """The last run, if the same code made it and it reads back as the `types` it was made of."""
    data = _payload(path)
    if data is None:
        return None
    # Decoding builds millions of small objects that all live to the end of the run: a
    # garbage collection would walk them again and again, finding nothing to free.
    try:
        with _no_collection():
            cached = loads(data, types)
    except Damaged as error:
        ignored(path, f"damaged ({error})")
        return None
    if type(cached) is not tuple or len(cached) != len(LastRun._fields):
        ignored(path, "not a run's cache")
        return None
    last = LastRun(*cached)
    return last if last.code == code_digest() else None


def _payload(path: Path) -> bytes | None:
    """The payload of the entry at `path`, when it has the digest written ahead of it."""
    data = read_entry(path)
    if data is None:
        return None
    payload = data[_DIGEST:]
    if hashlib.sha256(payload).digest() != data[:_DIGEST]:
        ignored(path, "damaged (not the digest it was written with)")
        return None
    return payload


@contextmanager
def _no_collection() -> Iterator[None]:
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
