"""A pure function mapped over many items on several cores, results in input order.

Workers are forked, so they start with the parent's memory (the collection, compiled
templates and regexes) instead of receiving it pickled; only the items and their results
travel between processes. Forking is only safe in a process running no other thread (a lock
held by another thread at the fork stays locked forever in the child): under `mkdocs serve`,
which watches files from threads, or where fork does not exist, the map runs in this process.
The output never depends on the number of jobs.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Generic, TypeVar

Shared = TypeVar("Shared")
Item = TypeVar("Item")
Result = TypeVar("Result")

MIN_ITEMS_PER_JOB = 250  # below this, starting a worker costs more than it saves
CHUNKS_PER_JOB = 4  # a few chunks each, so one slow chunk does not leave a core idle

# What the forked workers run: set just before the pool forks, read by `_run_chunk` there.
_TASK: tuple[Callable, object] | None = None


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def job_count(jobs: int, items: int) -> int:
    """Workers to use: `jobs` (0 = one per available core), fewer for small inputs, and none
    (this process) where forking is unsafe or impossible."""
    wanted = jobs or available_cores()
    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() > 1:
        return 1
    return max(1, min(wanted, items // MIN_ITEMS_PER_JOB))


class Pending(Generic[Result]):
    """Results of a map, in input order: from workers already under way, or (in this process)
    computed one by one as they are read. Read them once."""

    def __init__(self, chunks: Iterable[Future] | Iterable[Iterable[Result]]) -> None:
        self._chunks = chunks

    def __iter__(self) -> Iterator[Result]:
        for chunk in self._chunks:
            yield from chunk.result() if isinstance(chunk, Future) else chunk


@contextmanager
def ordered_map(
    function: Callable[[Shared, Item], Result],
    shared: Shared,
    items: Sequence[Item],
    *,
    jobs: int = 0,
) -> Iterator[Pending[Result]]:
    """`function(shared, item)` for every item. With several jobs the work starts on entering
    the block, so the caller can do other work there before it iterates the results (which
    wait in memory until read); in this process each result is computed as it is read."""
    count = job_count(jobs, len(items))
    if count < 2:
        yield Pending([(function(shared, item) for item in items)])
        return
    global _TASK
    size = -(-len(items) // (count * CHUNKS_PER_JOB))
    chunks = [items[start : start + size] for start in range(0, len(items), size)]
    _TASK = (function, shared)
    # A garbage collection in a worker would walk, and so write to, every object inherited
    # from this process, copying its memory page by page; frozen objects are never walked.
    gc.freeze()
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(count, mp_context=context) as pool:
            # Submitting forks the workers, which copy `_TASK`; it can be cleared after that.
            yield Pending([pool.submit(_run_chunk, chunk) for chunk in chunks])
    finally:
        _TASK = None
        gc.unfreeze()


def _run_chunk(chunk: Sequence[Item]) -> list:
    assert _TASK is not None, "a worker runs only in a process forked by ordered_map"
    function, shared = _TASK
    return [function(shared, item) for item in chunk]
