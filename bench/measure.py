"""Measuring instruments: a timed child process with its own peak memory, file-tree snapshots
(what a run rewrote) and the size statistics of a built site.

Owns nothing in the project: it only runs commands and reads folders.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import statistics
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

_STAGE = re.compile(r"INFO\s+-\s+([\w+]+)\s+.*? in ([\d.]+)s\s*$", re.MULTILINE)
_ENTRY = re.compile(r"^(?:\d+\.|-) \[", re.MULTILINE)


@dataclass(frozen=True)
class Run:
    """One finished child process: wall time, CPU time, peak resident memory, output."""

    seconds: float
    cpu_seconds: float
    max_rss_mb: float  # of the largest single process (wait4's rusage)
    returncode: int
    stdout: str
    stderr: str
    peak_pss_mb: float = 0.0  # the process and its workers together, sampled every 50 ms

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    def stages(self) -> dict[str, float]:
        """The pipeline's own per-stage timings, parsed from its log lines."""
        found: dict[str, float] = {}
        for name, seconds in _STAGE.findall(self.stderr):
            found[name] = found.get(name, 0.0) + float(seconds)
        return found


def run(command: list[str], *, cwd: Path, env: dict[str, str], timeout: float) -> Run:
    """Run `command`; os.wait4 gives the rusage of this child alone (peak RSS included)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=out, stderr=err)
        timer = threading.Timer(timeout, process.kill)
        timer.start()
        sampler = _TreeMemory(process.pid)
        sampler.start()
        try:
            _, status, usage = os.wait4(process.pid, 0)
        finally:
            timer.cancel()
            sampler.stop()
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(
            seconds=seconds,
            cpu_seconds=usage.ru_utime + usage.ru_stime,
            max_rss_mb=usage.ru_maxrss / 1024,  # Linux reports kilobytes
            returncode=process.returncode,
            stdout=out.read().decode("utf-8", "replace"),
            stderr=err.read().decode("utf-8", "replace"),
            peak_pss_mb=sampler.peak_kb / 1024,
        )


class _TreeMemory(threading.Thread):
    """Samples the summed PSS (proportional set size: pages shared copy-on-write by forked
    workers counted once, split between them) of a process and all its descendants. wait4's
    peak RSS is that of the largest single process only, which undercounts workers."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.peak_kb = pid, 0
        self._done = threading.Event()

    def run(self) -> None:
        while not self._done.is_set():
            total = sum(_pss_kb(pid) for pid in _descendants(self.pid))
            self.peak_kb = max(self.peak_kb, total)
            self._done.wait(0.05)

    def stop(self) -> None:
        self._done.set()
        self.join()


def _descendants(pid: int) -> list[int]:
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return [pid]
    return [pid, *(found for child in children for found in _descendants(int(child)))]


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


Snapshot = dict[str, tuple[int, int, int]]


def snapshot(root: Path, *extra: Path) -> Snapshot:
    """Every file under `root` (and the `extra` files): inode, mtime and size. A file the
    writer replaced gets a new inode (it renames a temporary into place)."""
    found: Snapshot = {}
    paths = [*root.rglob("*"), *(path for path in extra if path.exists())]
    for path in paths:
        if path.is_file():
            info = path.stat()
            found[str(path)] = (info.st_ino, info.st_mtime_ns, info.st_size)
    return found


@dataclass(frozen=True)
class TreeChange:
    rewritten: tuple[str, ...]
    added: tuple[str, ...]
    removed: tuple[str, ...]

    @property
    def count(self) -> int:
        return len(self.rewritten) + len(self.added) + len(self.removed)

    def by_folder(self, root: Path) -> dict[str, int]:
        """How many touched files per top-level folder under `root` (e.g. papers: 7)."""
        counts: dict[str, int] = {}
        for path in (*self.rewritten, *self.added, *self.removed):
            relative = Path(path).relative_to(root) if Path(path).is_relative_to(root) else None
            folder = relative.parts[0] if relative and len(relative.parts) > 1 else Path(path).name
            counts[folder] = counts.get(folder, 0) + 1
        return dict(sorted(counts.items()))


def compare(before: Snapshot, after: Snapshot) -> TreeChange:
    return TreeChange(
        rewritten=tuple(sorted(p for p in after if p in before and after[p] != before[p])),
        added=tuple(sorted(p for p in after if p not in before)),
        removed=tuple(sorted(p for p in before if p not in after)),
    )


@dataclass
class SiteStats:
    """Sizes of a built site. Listings are every generated page that is not a paper page."""

    total_bytes: int = 0
    files: int = 0
    largest_page: tuple[str, int] = ("", 0)
    largest_paper: tuple[str, int] = ("", 0)
    median_paper: int = 0
    largest_listing: tuple[str, int] = ("", 0)
    pages_over_500kb: int = 0
    index_raw: int = 0
    index_gz: int = 0
    worker_gz: int = 0
    extra: dict[str, int] = field(default_factory=dict)


def site_stats(site: Path) -> SiteStats:
    stats = SiteStats()
    papers, listings = [], []
    for path in site.rglob("*"):
        if not path.is_file():
            continue
        size = path.stat().st_size
        stats.total_bytes += size
        stats.files += 1
        if path.suffix == ".html" and path.name != "404.html":
            relative = path.relative_to(site).as_posix()
            (papers if relative.startswith("papers/") else listings).append((relative, size))
    pages = papers + listings
    stats.largest_page = max(pages, key=lambda item: item[1], default=("", 0))
    stats.largest_paper = max(papers, key=lambda item: item[1], default=("", 0))
    stats.median_paper = int(statistics.median(size for _, size in papers)) if papers else 0
    stats.largest_listing = max(listings, key=lambda item: item[1], default=("", 0))
    stats.pages_over_500kb = sum(1 for _, size in pages if size > 500_000)
    index = site / "search" / "search_index.json"
    if index.exists():
        data = index.read_bytes()
        stats.index_raw, stats.index_gz = len(data), len(gzip.compress(data, 6))
        stats.extra["index_listing_share"] = _listing_share(data)
    workers = sorted((site / "assets" / "javascripts" / "workers").glob("search*.js"))
    stats.worker_gz = sum(len(gzip.compress(path.read_bytes(), 6)) for path in workers)
    return stats


def _listing_share(index: bytes) -> int:
    """Per cent of the search index's entries (by bytes) that come from non-paper pages."""
    docs = json.loads(index)["docs"]
    sizes = [(doc["location"].startswith("papers/"), len(json.dumps(doc))) for doc in docs]
    total = sum(size for _, size in sizes) or 1
    return round(100 * sum(size for paper, size in sizes if not paper) / total)


def docs_stats(docs: Path, generated: list[str]) -> dict[str, object]:
    """Generated Markdown: page count, largest listing page and its most entries on one page."""
    largest, most_entries = ("", 0), ("", 0)
    for relative in generated:
        path = docs / relative
        if not relative.endswith(".md") or relative.startswith("papers/") or not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        largest = max(largest, (relative, len(text.encode("utf-8"))), key=lambda item: item[1])
        entries = len(_ENTRY.findall(text))
        most_entries = max(most_entries, (relative, entries), key=lambda item: item[1])
    pages = sum(1 for relative in generated if relative.endswith(".md"))
    return {"pages": pages, "largest_listing_md": largest, "most_entries": most_entries}
