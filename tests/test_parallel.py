"""Describing papers on every core: the same papers as in one process, and only where safe.

The forking checks run in a fresh interpreter: a test process may hold threads of its own
(Playwright's, under xdist), and then `parallel` rightly refuses to fork.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from generator import parallel
from tests.conftest import REPO, bench_synth, copy_project


def _in_fresh_process(code: str, *args: str) -> list[str]:
    result = subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, capture_output=True,
                            text=True, check=True)  # fmt: skip
    return result.stdout.split()


ORDER = """
from generator import parallel
parallel.available_cores = lambda: 3
count = 3 * parallel.MIN_ITEMS_PER_WORKER + 7
found = parallel.ordered_map(lambda offset, index: index * index + offset, 7, count)
print(parallel.worker_count(count), found == [index * index + 7 for index in range(count)])
"""

DESCRIBE = """
import sys
from pathlib import Path
from generator import enrich, normalize, parallel, pipeline
from generator.config import load_taxonomy
lists = Path(sys.argv[1])
papers, _, _ = normalize.merge(pipeline.read_all(lists)[0])
taxonomy = load_taxonomy(lists / "topics.yml")
def derive(cores):
    parallel.available_cores = lambda: cores
    workers = parallel.worker_count(len(papers))
    return workers, enrich.classify_topics(enrich.tag(enrich.describe(papers)), taxonomy)
(two, on_two), (one, on_one) = derive(2), derive(1)
complete = all(p.title and p.summary and p.topics for p in on_two)
print(len(papers), two, one, on_two == on_one, complete)
"""


def test_results_come_back_in_input_order_from_forked_workers():
    assert _in_fresh_process(ORDER) == ["3", "True"]


def test_small_inputs_and_threaded_processes_run_in_this_process(monkeypatch):
    monkeypatch.setattr(parallel, "available_cores", lambda: 2)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert parallel.worker_count(2 * parallel.MIN_ITEMS_PER_WORKER - 1) == 0
    assert parallel.worker_count(2 * parallel.MIN_ITEMS_PER_WORKER) == 2
    monkeypatch.undo()
    release = threading.Event()
    watcher = threading.Thread(target=release.wait)  # like `mkdocs serve`'s file watcher
    watcher.start()
    try:
        assert parallel.worker_count(10 * parallel.MIN_ITEMS_PER_WORKER) == 0
    finally:
        release.set()
        watcher.join()


def test_papers_described_on_two_cores_equal_those_described_in_one(tmp_path: Path):
    """Synthetic papers derived from the shipped lists, enough for two workers: titles,
    summaries and topics, and tags (each paper read and tagged in a worker) are the same."""
    synth = bench_synth()
    lists = synth.make_lists(synth.read_sources(REPO / "lists"), 1200, seed=5)
    project = copy_project(tmp_path / "project", lists=lists)
    found = _in_fresh_process(DESCRIBE, str(project / "lists"))
    assert found == ["1200", "2", "0", "True", "True"]
