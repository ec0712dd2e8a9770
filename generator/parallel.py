"""A pure per-item function mapped over many items on every core, results in input order.

Workers are forked, so they start with the parent's memory (the papers, compiled regexes and
word lists) instead of receiving it pickled: only item numbers go out and results come back.
Forking is only safe in a process running no other thread (a lock held by another thread at
the fork stays locked forever in the child), so under `mkdocs serve`, which watches files from
threads, and off Linux, the map runs in this process. The results never depend on the number
of workers. Used where a stage's per-paper work costs seconds at whole-conference size:
describing papers, and rendering and staging pages.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import TypeVar

Shared = TypeVar("Shared")
Result = TypeVar("Result")
Item = TypeVar("Item")

MIN_ITEMS_PER_WORKER = 500  # below this, starting a worker costs more than it saves
CHUNKS_PER_WORKER = 4  # a few chunks each, so one slow chunk does not leave a core idle

# What the forked workers run: set just before the pool forks, read by `_run_chunk` there.
_TASK: tuple[Callable, object] | None = None


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def worker_count(items: int, *, min_items: int = MIN_ITEMS_PER_WORKER) -> int:
    """One worker per available core, fewer for small inputs (under `min_items` each), none
    (this process does the work) where forking is unsafe or impossible."""
    # Linux only: macOS has fork but its system libraries may crash in a forked child.
    if not sys.platform.startswith("linux") or threading.active_count() > 1:
        return 0
    workers = min(available_cores(), items // min_items)
    return workers if workers > 1 else 0


def ordered_map(
    function: Callable[[Shared, int], Result],
    shared: Shared,
    count: int,
    *,
    chunks_per_worker: int = CHUNKS_PER_WORKER,
    items_per_pool: int = 0,
    min_items_per_worker: int = MIN_ITEMS_PER_WORKER,
) -> list:
    """`[function(shared, i) for i in range(count)]`, on every core when it pays.

    Items of very unequal cost want more, smaller chunks (`chunks_per_worker`); heavy items
    are worth a worker in fewer numbers (`min_items_per_worker`). A worker's memory grows as it
    writes into memory it shares with this process (Python's allocator reuses the free space
    of inherited pages, and the kernel copies each page written to), so long maps over large
    collections start fresh workers every `items_per_pool` items."""
    workers = worker_count(count, min_items=min_items_per_worker)
    if not workers:
        return [function(shared, index) for index in range(count)]
    step = items_per_pool or count
    rounds = [range(start, min(start + step, count)) for start in range(0, count, step)]
    global _TASK
    _TASK = (function, shared)
    # A garbage collection in a worker would walk, and so write to, every object inherited
    # from this process, copying its memory page by page; frozen objects are never walked.
    gc.freeze()
    try:
        return [
            result for items in rounds for result in _in_pool(items, workers, chunks_per_worker)
        ]
    finally:
        _TASK = None
        gc.unfreeze()


def _in_pool(items: range, workers: int, chunks_per_worker: int) -> list:
    size = -(-len(items) // (workers * chunks_per_worker))
    chunks = [
        range(start, min(start + size, items.stop))
        for start in range(items.start, items.stop, size)
    ]
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_ctrl_c) as pool:
        try:
            with _ctrl_c_held():  # the workers are forked when the first chunk is submitted
                results = pool.map(_run_chunk, chunks)
            return [result for chunk in results for result in chunk]
        except BaseException:
            # Chunks not started yet are dropped; leaving the `with` waits for the ones
            # running, so no worker is still at work (writing, say) once this raises.
            pool.shutdown(cancel_futures=True)
            raise


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """SIGINT blocked while workers are forked: a child inherits the blocked signal and ignores
    it before unblocking (`_ignore_ctrl_c`); this process receives it once unblocked."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _ignore_ctrl_c() -> None:
    """Ctrl-C reaches every process of the terminal; only the parent acts on it (it stops the
    pool and cleans up). A worker interrupted while waiting for work could leave the pool, and
    so the build, hanging."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def map_each(function: Callable[[Item], Result], items: Sequence[Item]) -> list[Result]:
    """`[function(item) for item in items]`, on every core when it pays (see `ordered_map`);
    `function` may be a closure: workers are forked, nothing of it is pickled."""
    return ordered_map(_apply, (function, items), len(items))


def _apply(shared: tuple[Callable, Sequence], index: int) -> object:
    function, items = shared
    return function(items[index])


def _run_chunk(chunk: Sequence[int]) -> list:
    assert _TASK is not None, "a worker runs only in a process forked by ordered_map"
    function, shared = _TASK
    return [function(shared, index) for index in chunk]
