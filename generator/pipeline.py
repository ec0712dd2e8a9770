"""read -> normalise -> describe -> address -> curate -> relate -> render -> write, timed.

Everything is gathered and checked before the writer runs, so bad input never leaves a half
written site. `collect` is pure apart from reading; `generate` is the only entry point that
writes, and it writes through `writer` alone.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import NamedTuple

from generator import address, buildcache, describe, models, read, render, resolve, write
from generator.buildcache import lastrun
from generator.config import Settings
from generator.errors import BuildFailed, StrictFailure
from generator.models import Collection, Lock, Paper, Problem, ReadingList, Session, Taxonomy

log = logging.getLogger(__name__)
SUGGEST_ABOVE = 0.2  # share of papers in the catch-all above which new topics are suggested


@dataclass(frozen=True)
class Report:
    collection: Collection
    written: tuple[str, ...]
    removed: tuple[str, ...]
    seconds: float


class RunMemory(NamedTuple):
    """What a run found that the next may reuse where its inputs are unchanged (kept in the
    build cache): each abstract's markup, what describing found, each paper's entry and
    citation records."""

    marked: dict[str, read.Marked]
    described: describe.DescribeMemory
    rendered: render.RecordsByPaper = {}  # noqa: RUF012 (a NamedTuple's default, never changed)


FORGOTTEN = RunMemory({}, describe.FORGOTTEN)
# A paper's entry and records as kept, by the paper's id: its citation key, the site's address.
_RenderedById = dict[str, tuple[str, str, tuple["render.Citation | None", "render.Entry"]]]


class _Kept(NamedTuple):
    """A `RunMemory` as the build cache keeps it: each paper's entry and records by the
    paper's id, since the paper they were made of is the one the cached collection holds
    (written once, not again beside its records)."""

    marked: dict[str, read.Marked]
    described: describe.DescribeMemory
    rendered: _RenderedById


# Every record type the build cache holds (`lastrun`): reading it back makes these and no other.
CACHED = (*models.RECORDS, *read.CACHED, *describe.CACHED, *render.CACHED, _Kept)


@contextmanager
def _stage(name: str, counts: dict[str, int]) -> Iterator[None]:
    start = time.perf_counter()
    yield
    detail = ", ".join(f"{value} {key}" for key, value in counts.items())
    log.info("%-9s %s in %.2fs", name, detail, time.perf_counter() - start)


def collect(settings: Settings, *, keep_going: bool = False) -> Collection:
    """Read and derive everything. Unreadable lists raise BuildFailed with every problem found
    so far, unless `keep_going` (for `check`): then they are skipped and reported with the rest."""
    return collect_reusing(settings, FORGOTTEN, keep_going=keep_going)[0]


def collect_reusing(
    settings: Settings, known: RunMemory, *, keep_going: bool = False
) -> tuple[Collection, RunMemory]:
    """`collect`, reusing what the last run found where it still holds."""
    taxonomy, curated = read.load_curator_files(settings)
    lock = address.read_lock(settings.lock_path)
    with _stage("read", counts := {}):
        raw_lists, problems = read.read_lists(settings)
        counts["files"] = len(raw_lists)  # a list may span files: counted once merged
    if any(problem.severity == "error" for problem in problems) and not keep_going:
        raise BuildFailed(problems)
    with _stage("normalise", counts := {}):
        memo = buildcache.Memo(known.marked)
        papers, lists, found = read.merge(raw_lists, memo)
        marked = memo.kept()
        problems += found
        counts.update(papers=len(papers), parsed=len(marked.keys() - known.marked.keys()))
        # Before describing: a resolved title is a source's title, which titles and topics read.
        resolved = resolve.read_records(settings.resolved_path)
        papers = resolve.attach(papers, resolved, address.aliases_now(papers, lock))
    with _stage("describe", counts := {"papers": len(papers)}):
        papers, described, afresh = describe.describe_reusing(papers, taxonomy, known.described)
        counts.update(afresh)
    with _stage("address", counts := {}):
        counts["new papers"] = sum(1 for paper in papers if paper.id not in lock.papers)
        papers, lists, lock = address.place(papers, lists, lock, today=_today())
    with _stage("curate", counts := {}):
        papers, lists, lock, sessions, found = _curate(
            papers, lists, lock, taxonomy, curated, settings=settings, counts=counts
        )
        problems += found
    with _stage("relate", counts := {"papers": len(papers)}):
        papers, points = describe.relate(papers, k=settings.related_count, taxonomy=taxonomy)
    lock = _record_sections(papers, lists, taxonomy, lock)
    _advise_on_topics(papers, taxonomy)
    collection = Collection(tuple(papers), tuple(lists), taxonomy, lock, tuple(problems),
                            sessions=sessions, today=_today(), points=points)  # fmt: skip
    return collection, RunMemory(marked, described)


def _curate(
    papers: list[Paper],
    lists: list[ReadingList],
    lock: Lock,
    taxonomy: Taxonomy,
    curated: read.CuratorFile,
    *,
    settings: Settings,
    counts: dict[str, int],
) -> tuple[list[Paper], list[ReadingList], Lock, tuple[Session, ...], list[Problem]]:
    """The curator's corrections, moves and hidden papers applied, and the sessions tied to
    the papers left; what needs the curator's eye, as problems."""
    path = settings.curation_path
    papers, problems = address.apply_curation(
        papers, curated.papers, taxonomy=taxonomy, lock=lock, path=path
    )
    papers, lock, found = address.move_pages(papers, lock, path)
    before = len(papers)
    papers, lists = address.without_hidden(papers, lists)
    sessions, placed = address.place_sessions(curated.sessions, papers, lock=lock, path=path)
    counts.update(entries=len(curated.papers), hidden=before - len(papers),
                  sessions=len(sessions))  # fmt: skip
    return papers, lists, lock, sessions, [*problems, *found, *placed]


def _record_sections(
    papers: list[Paper], lists: list[ReadingList], taxonomy: Taxonomy, lock: Lock
) -> Lock:
    """Listing pages recorded in the lock; each that went away is said, with where it went."""
    lock, moved = address.record_sections(papers, lists, taxonomy, lock, kinds=describe.KINDS)
    for change in moved:
        log.info("moved     %s", change)
    return lock


def _advise_on_topics(papers: list[Paper], taxonomy: Taxonomy) -> None:
    """A log line, not a warning: a taxonomy that fits badly is advice, not an input error."""
    share = describe.catch_all_share(papers, taxonomy)
    if share > SUGGEST_ABOVE:
        log.info(
            "%.0f%% of the papers are in '%s': `readinglist suggest-topics` proposes new topics",
            100 * share, taxonomy.catch_all.name,
        )  # fmt: skip


def generate(settings: Settings, *, strict: bool = False) -> Report:
    """Collect, render and write the generated pages and the lock file. When no input (lists,
    taxonomy, curation, lock, settings, generator code) changed since the last run and every
    generated file is still there, nothing is derived again: the cached collection is used.
    With `strict`, warnings stop the run before anything is written. One run at a time."""
    with write.RunLock(settings.cache.folder):
        return _generate(settings, strict=strict)


def _generate(settings: Settings, *, strict: bool) -> Report:
    start = time.perf_counter()
    _refuse_paths(settings)
    # Read before the lists are read for the collection: a list saved during this run then
    # makes the next run's inputs differ from the ones this run is cached under.
    inputs = read.read_inputs(settings)
    cached = _cached_collection(settings, last_run := _last_run(settings), inputs)
    if cached is not None:
        if strict and cached.problems:
            raise StrictFailure(list(cached.problems))
        log.info("unchanged  inputs as last run: nothing derived or written")
        return Report(cached, (), (), time.perf_counter() - start)
    known = _memory(last_run)
    collection, memory = collect_reusing(settings, known)
    if strict and collection.problems:
        raise StrictFailure(list(collection.problems))
    # Pages are rendered and staged together, on every core: never all pages in memory.
    counts: dict[str, int] = {}
    with _stage("render+write", counts):
        batches, rendered = render.render_site_reusing(collection, settings, known.rendered)
        # Pages whose inputs are as last run stand as written: neither rendered nor read.
        made_last = last_run.pages if last_run else {}
        reusing = write.reusing(batches, made_last, settings.docs_dir)
        lock = address.dump_lock(collection.lock)
        # The lock is committed with the pages: both change, or neither.
        result = write.write_batches(
            settings.docs_dir,
            reusing,
            beside={settings.lock_path: lock},
            backup=write.manifest_copy(settings),
        )
        counts.update(pages=result.files, rendered=result.rendered,
                      written=len(result.written), removed=len(result.removed))  # fmt: skip
    made = write.made_now(batches, settings.docs_dir)
    # The key covers the lock as just written, so the next unchanged run is a no-op.
    key = input_digest(settings, _with_lock(inputs, settings.lock_path.name, lock))
    kept = (key, buildcache.code_digest(), collection, _kept(memory, rendered, collection), made)
    lastrun.store(settings.cache.collection, lastrun.LastRun(*kept), CACHED)
    return Report(collection, result.written, result.removed, time.perf_counter() - start)


def _last_run(settings: Settings) -> lastrun.LastRun | None:
    return lastrun.load(settings.cache.collection, CACHED)


def _refuse_paths(settings: Settings) -> None:
    """Before anything is written, and before the shortcut of an unchanged run: a link out of
    the project in docs/ would be followed by MkDocs whatever the lists say."""
    if refused := read.check_input_paths(settings):
        raise BuildFailed(refused)


def input_digest(settings: Settings, inputs: list[tuple[str, bytes]]) -> str:
    """Everything a build depends on, hashed: `inputs` (every file in lists/, as
    `read.read_inputs` gives them), the settings, the code, and the build date (which session
    is next, and a new paper's first day, depend on it)."""
    return buildcache.inputs_digest(inputs, settings=f"{settings!r} built on {_today()}")


def _with_lock(inputs: list[tuple[str, bytes]], name: str, lock: str) -> list[tuple[str, bytes]]:
    """`inputs` with the lock file `name` as this run wrote it."""
    return sorted([*(entry for entry in inputs if entry[0] != name), (name, lock.encode())])


def _cached_collection(
    settings: Settings, last_run: lastrun.LastRun | None, inputs: list[tuple[str, bytes]]
) -> Collection | None:
    """The last run's collection, if its inputs are this run's and its pages still there."""
    if last_run is None or not settings.lists_dir.is_dir():
        return None
    if last_run.key != input_digest(settings, inputs) or not write.tree_intact(settings.docs_dir):
        return None
    return last_run.collection if isinstance(last_run.collection, Collection) else None


def _kept(memory: RunMemory, rendered: render.RecordsByPaper, collection: Collection) -> _Kept:
    """What the next run may reuse, each paper's records by its id where the paper they were
    made of is the collection's."""
    by_id = {paper.id: (key, url, records) for (paper, key, url), records in rendered.items()
             if collection.paper(paper.id) is paper}  # fmt: skip
    return _Kept(memory.marked, memory.described, by_id)


def _memory(last_run: lastrun.LastRun | None) -> RunMemory:
    kept, papers = (last_run.memory, last_run.collection) if last_run else (None, None)
    if not isinstance(kept, _Kept) or not isinstance(papers, Collection):
        return FORGOTTEN
    index = {paper.id: paper for paper in papers.papers}
    known = {(index[pid], key, url): records
             for pid, (key, url, records) in kept.rendered.items() if pid in index}  # fmt: skip
    return RunMemory(kept.marked, kept.described, known)


def _today() -> str:
    """The build date; SOURCE_DATE_EPOCH (reproducible-builds.org) pins it."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = (
        dt.datetime.fromtimestamp(int(epoch), dt.timezone.utc)
        if epoch
        else dt.datetime.now(dt.timezone.utc)
    )
    return moment.date().isoformat()
