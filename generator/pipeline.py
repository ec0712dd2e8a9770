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
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from generator import cache, describe
from generator.address import curation, lockfile
from generator.config import Settings, load_taxonomy
from generator.errors import BuildFailed, InputError, StrictFailure
from generator.models import Collection, Lock, Paper, Problem, ReadingList, Taxonomy
from generator.read import files as sources
from generator.read import papers as normalize
from generator.read import plain as reader
from generator.render import pages as render
from generator.write import writer

log = logging.getLogger(__name__)
SUGGEST_ABOVE = 0.2  # share of papers in the catch-all above which new topics are suggested


@dataclass(frozen=True)
class Report:
    collection: Collection
    written: tuple[str, ...]
    removed: tuple[str, ...]
    seconds: float


@contextmanager
def _stage(name: str, counts: dict[str, int]) -> Iterator[None]:
    start = time.perf_counter()
    yield
    detail = ", ".join(f"{value} {key}" for key, value in counts.items())
    log.info("%-9s %s in %.2fs", name, detail, time.perf_counter() - start)


def collect(settings: Settings, *, keep_going: bool = False) -> Collection:
    """Read and derive everything. Unreadable lists raise BuildFailed with every problem found
    so far, unless `keep_going` (for `check`): then they are skipped and reported with the rest."""
    taxonomy = load_taxonomy(settings.taxonomy_path)
    lock = lockfile.read_lock(settings.lock_path)
    curations = curation.load_curation(settings.curation_path)
    with _stage("read", counts := {}):
        raw_lists, problems = read_all(settings.lists_dir, exclude=(settings.lock_path,))
        counts["lists"] = len(raw_lists)
    if any(problem.severity == "error" for problem in problems) and not keep_going:
        raise BuildFailed(problems)
    with _stage("normalise", counts := {}):
        papers, lists, found = normalize.merge(raw_lists)
        problems += found
        counts["papers"] = len(papers)
    with _stage("describe", counts := {"papers": len(papers)}):
        papers = describe.describe(papers, taxonomy)
    with _stage("address", counts := {}):
        counts["new papers"] = sum(1 for paper in papers if paper.id not in lock.papers)
        papers, lists, lock = address(papers, lists, lock, today=_today())
    with _stage("curate", counts := {}):
        papers, found = curation.apply_curation(
            papers, curations, taxonomy=taxonomy, lock=lock, path=settings.curation_path
        )
        problems += found
        papers, lock, found = _move_pages(papers, lock, settings.curation_path)
        problems += found
        before = len(papers)
        papers, lists = _without_hidden(papers, lists)
        counts.update(entries=len(curations), hidden=before - len(papers))
    with _stage("relate", counts := {"papers": len(papers)}):
        papers = describe.relate(papers, k=settings.related_count)
    _advise_on_topics(papers, taxonomy)
    return Collection(tuple(papers), tuple(lists), taxonomy, lock, tuple(problems))


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
    With `strict`, warnings stop the run before anything is written."""
    start = time.perf_counter()
    cached = _cached_collection(settings)
    collection = cached or collect(settings)
    if strict and collection.problems:
        raise StrictFailure(list(collection.problems))
    if cached is not None:
        log.info("unchanged  inputs as last run: nothing derived or written")
        return Report(collection, (), (), time.perf_counter() - start)
    # Pages are rendered and staged together, on every core: never all pages in memory.
    counts: dict[str, int] = {}
    with _stage("render+write", counts):
        result = writer.write_batches(settings.docs_dir, render.render_site(collection, settings))
        writer.write_if_changed(settings.lock_path, lockfile.dump_lock(collection.lock))
        counts.update(pages=result.files, written=len(result.written), removed=len(result.removed))
    # The digest covers the lock as just written, so the next unchanged run is a no-op.
    writer.write_cache(settings.cache_path, cache.dump(input_digest(settings), collection))
    return Report(collection, result.written, result.removed, time.perf_counter() - start)


def input_digest(settings: Settings) -> str:
    """Everything a build depends on, hashed: every file in lists/, the settings, the code."""
    return cache.digest(reader.read_inputs(settings.lists_dir), settings=repr(settings))


def _cached_collection(settings: Settings) -> Collection | None:
    data = reader.read_cache(settings.cache_path)
    if data is None or not settings.lists_dir.is_dir():
        return None
    collection = cache.load(data, input_digest(settings))
    if collection is None or not writer.tree_intact(settings.docs_dir):
        return None
    return collection


def read_all(
    lists_dir: Path, *, exclude: Iterable[Path] = ()
) -> tuple[list[reader.RawList], list[Problem]]:
    """Every list, and every problem of every list (unreadable files become errors)."""
    files = sources.list_files(lists_dir, exclude=exclude)
    if not files:
        message = "no lists found (*.txt, *.bib, *.json, *.csv)"
        return [], [Problem(lists_dir, 0, message, severity="error")]
    raw_lists, problems = [], []
    for path in files:
        try:
            raw = sources.read_any(path)
        except InputError as error:
            problems.append(Problem(path, error.line or 1, error.message, severity="error"))
            continue
        raw_lists.append(raw)
        problems.extend(raw.problems)
    return raw_lists, problems


def address(
    papers: list[Paper], lists: list[ReadingList], lock: Lock, *, today: str
) -> tuple[list[Paper], list[ReadingList], Lock]:
    paper_slugs, list_slugs, new_lock = lockfile.address(papers, lists, lock, today=today)
    return (
        [replace(p, slug=paper_slugs[p.id]) for p in papers],
        [replace(rl, slug=list_slugs[rl.name]) for rl in lists],
        new_lock,
    )


def _move_pages(
    papers: list[Paper], lock: Lock, path: Path
) -> tuple[list[Paper], Lock, list[Problem]]:
    """Curated addresses: the lock records the move, the old address redirects."""
    wanted = {p.id: p.curation.slug for p in papers if p.curation.slug}
    lock, refused = lockfile.move(lock, wanted)
    problems = [Problem(path, 1, f"paper {pid}: slug not changed: {why}")
                for pid, why in refused.items()]  # fmt: skip
    moved = [p if p.slug == lock.papers[p.id].slug else replace(p, slug=lock.papers[p.id].slug)
             for p in papers]  # fmt: skip
    return moved, lock, problems


def _without_hidden(
    papers: list[Paper], lists: list[ReadingList]
) -> tuple[list[Paper], list[ReadingList]]:
    """Hidden papers leave the site (their address stays reserved in the lock)."""
    visible = [paper for paper in papers if not paper.curation.hidden]
    ids = {paper.id for paper in visible}
    return visible, [
        replace(rl, paper_ids=tuple(pid for pid in rl.paper_ids if pid in ids)) for rl in lists
    ]


def _today() -> str:
    """The build date; SOURCE_DATE_EPOCH (reproducible-builds.org) pins it."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = (
        dt.datetime.fromtimestamp(int(epoch), dt.timezone.utc)
        if epoch
        else dt.datetime.now(dt.timezone.utc)
    )
    return moment.date().isoformat()
