"""read -> normalise -> enrich -> address -> render -> write, each stage timed and logged.

Everything is gathered and checked before the writer runs, so bad input never leaves a half
written site. `collect` is pure apart from reading; `generate` is the only entry point that
writes, and it writes through `writer` alone.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from . import lockfile, markup, reader, related, render, summaries, tags, titles, topics, writer
from .config import Settings, load_taxonomy
from .errors import BuildFailed, InputError
from .links import find_links
from .models import Collection, Lock, Paper, Problem, ReadingList, Source, Taxonomy

log = logging.getLogger(__name__)


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


def collect(settings: Settings) -> Collection:
    """Read and derive everything; raise BuildFailed listing every error in the input."""
    taxonomy = load_taxonomy(settings.taxonomy_path)
    lock = lockfile.read_lock(settings.lock_path)
    with _stage("read", counts := {}):
        raw_lists, problems = read_all(settings.lists_dir)
        counts["lists"] = len(raw_lists)
    errors = [problem for problem in problems if problem.severity == "error"]
    if errors:
        raise BuildFailed(errors)
    with _stage("normalise", counts := {}):
        papers, lists = merge(raw_lists)
        problems += markup_problems(papers)
        counts["papers"] = len(papers)
    with _stage("enrich", counts := {"papers": len(papers)}):
        papers = enrich(papers, taxonomy, related_count=settings.related_count)
    with _stage("address", counts := {}):
        counts["new papers"] = sum(1 for paper in papers if paper.id not in lock.papers)
        papers, lists, lock = address(papers, lists, lock, today=_today())
    return Collection(tuple(papers), tuple(lists), taxonomy, lock, tuple(problems))


def generate(settings: Settings, *, collection: Collection | None = None) -> Report:
    """Collect (unless given), render and write the generated pages and the lock file."""
    start = time.perf_counter()
    collection = collection or collect(settings)
    with _stage("render", counts := {}):
        files = render.render_site(collection, settings)
        counts["pages"] = len(files)
    with _stage("write", counts := {}):
        result = writer.write_tree(settings.docs_dir, files)
        writer.write_if_changed(settings.lock_path, lockfile.dump_lock(collection.lock))
        counts.update(written=len(result.written), removed=len(result.removed))
    return Report(collection, result.written, result.removed, time.perf_counter() - start)


def read_all(lists_dir: Path) -> tuple[list[reader.RawList], list[Problem]]:
    """Every list, and every problem of every list (unreadable files become errors)."""
    files = reader.list_files(lists_dir)
    if not files:
        return [], [Problem(lists_dir, 0, "no *.txt lists found", severity="error")]
    raw_lists, problems = [], []
    for path in files:
        try:
            raw = reader.read_list(path)
        except InputError as error:
            problems.append(Problem(path, error.line or 1, error.message, severity="error"))
            continue
        raw_lists.append(raw)
        problems.extend(raw.problems)
    return raw_lists, problems


def paper_id(text: str) -> str:
    return hashlib.sha256(reader.fingerprint(text).encode("utf-8")).hexdigest()[:12]


def merge(raw_lists: list[reader.RawList]) -> tuple[list[Paper], list[ReadingList]]:
    """Same abstract in several lists: one paper. Same list name in several files: one list."""
    papers: dict[str, Paper] = {}
    members: dict[str, list[str]] = {}
    files: dict[str, list[Path]] = {}
    for raw in raw_lists:
        files.setdefault(raw.name, []).append(raw.path)
        ids = members.setdefault(raw.name, [])
        for abstract in raw.abstracts:
            pid = paper_id(abstract.text)
            source = Source(raw.path, abstract.line)
            if pid in papers:
                known = papers[pid]
                names = known.lists if raw.name in known.lists else (*known.lists, raw.name)
                papers[pid] = replace(known, lists=names, sources=(*known.sources, source))
            else:
                text = markup.parse(abstract.text).text
                papers[pid] = Paper(pid, abstract.text, text, (raw.name,), (source,))
            if pid not in ids:
                ids.append(pid)
    lists = [ReadingList(name, tuple(files[name]), tuple(ids)) for name, ids in members.items()]
    return list(papers.values()), lists


def markup_problems(papers: list[Paper]) -> list[Problem]:
    return [
        Problem(paper.sources[0].path, paper.sources[0].line, message)
        for paper in papers
        for message in markup.problems(paper.abstract)
    ]


def enrich(papers: list[Paper], taxonomy: Taxonomy, *, related_count: int) -> list[Paper]:
    papers = [_describe(paper) for paper in papers]
    paper_tags = tags.assign_tags([paper.text for paper in papers])
    papers = [replace(paper, tags=found) for paper, found in zip(papers, paper_tags, strict=True)]
    papers = [
        replace(
            paper,
            topics=topics.assign_topics(
                taxonomy, text=paper.text, title=paper.title, tags=paper.tags
            ),
        )
        for paper in papers
    ]
    documents = [f"{p.title} {p.title} {' '.join(p.tags)} {p.text}" for p in papers]
    neighbours = related.related_ids([p.id for p in papers], documents, k=related_count)
    return [replace(paper, related=ids) for paper, ids in zip(papers, neighbours, strict=True)]


def _describe(paper: Paper) -> Paper:
    return replace(
        paper,
        title=titles.derive_title(paper.abstract),
        summary=summaries.summarize(paper.abstract),
        kind=summaries.classify(paper.abstract),
        links=find_links(markup.parse(paper.abstract).urls),
    )


def address(
    papers: list[Paper], lists: list[ReadingList], lock: Lock, *, today: str
) -> tuple[list[Paper], list[ReadingList], Lock]:
    paper_slugs, list_slugs, new_lock = lockfile.address(papers, lists, lock, today=today)
    return (
        [replace(p, slug=paper_slugs[p.id]) for p in papers],
        [replace(rl, slug=list_slugs[rl.name]) for rl in lists],
        new_lock,
    )


def _today() -> str:
    """The build date; SOURCE_DATE_EPOCH (reproducible-builds.org) pins it."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    moment = (
        dt.datetime.fromtimestamp(int(epoch), dt.timezone.utc)
        if epoch
        else dt.datetime.now(dt.timezone.utc)
    )
    return moment.date().isoformat()
