"""Describing papers and writing pages on every core: the same result as in one process,
nothing left behind when a worker fails, and forking only where safe.

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
    """The words `code` prints, run in a new interpreter and session (its own Ctrl-C group)."""
    return _run_fresh(code, *args).stdout.split()


def _run_fresh(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, capture_output=True,
                          text=True, check=True, start_new_session=True, timeout=300)  # fmt: skip


ORDER = """
from generator import parallel
parallel.available_cores = lambda: 3
count = 3 * parallel.MIN_ITEMS_PER_WORKER + 7
expected = [index * index + 7 for index in range(count)]
found = parallel.ordered_map(lambda offset, index: index * index + offset, 7, count)
in_rounds = parallel.ordered_map(lambda offset, index: index * index + offset, 7, count,
                                 chunks_per_worker=3, items_per_pool=1000)
each = parallel.map_each(lambda index: index * index + 7, list(range(count)))  # a closure
print(parallel.worker_count(count), found == expected, in_rounds == expected, each == expected)
"""

DESCRIBE = """
import sys
from pathlib import Path
from generator.describe import stage as enrich
from generator.read import papers as normalize
from generator import parallel
from generator.config import Settings
from generator.read import load_taxonomy, read_lists
lists = Path(sys.argv[1])
papers, _, _ = normalize.merge(read_lists(Settings.from_root(lists.parent))[0])
taxonomy = load_taxonomy(lists / "topics.yml")
def derive(cores):
    parallel.available_cores = lambda: cores
    workers = parallel.worker_count(len(papers))
    return workers, enrich.describe(papers, taxonomy)
(two, on_two), (one, on_one) = derive(2), derive(1)
complete = all(p.title and p.summary and p.topics for p in on_two)
print(len(papers), two, one, on_two == on_one, complete)
"""


WRITE = """
import errno, sys
from pathlib import Path
from generator import parallel
from generator import write as writer
root, count = Path(sys.argv[1]), 2 * parallel.MIN_ITEMS_PER_WORKER
def page(i, text):
    return lambda: [(f"papers/{i % 7}/{i}.md", text + str(i)), (f"tags/{i}.json", [text, str(i)])]
def tree(folder):
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*")
            if p.is_file()}
def full_disk():
    yield "half a page"
    raise OSError(errno.ENOSPC, "No space left on device")
def write(folder, cores, batches):
    parallel.available_cores = lambda: cores
    return writer.write_batches(root / folder, batches)
first = [page(i, "v1 ") for i in range(count)]
two, workers = write("two", 2, first), parallel.worker_count(count)
one = write("one", 1, first)
print(workers, tree(root / "two") == tree(root / "one"), two == one)
before = tree(root / "two")
broken = [page(i, "v2 ") for i in range(count - 1)] + [lambda: [("lists/x.json", full_disk())]]
try:
    write("two", 2, broken)
except writer.WriteError as error:
    print("No space left" in str(error), tree(root / "two") == before)
print(sorted(p.name for p in (root / "two").iterdir()))
"""


RELATED = """
import numpy as np
from scipy import sparse
from generator import parallel
from generator.describe import related
rows = 8 * related.BLOCK + 3  # blocks for two workers and a short one
matrix = related._normalise(sparse.random(rows, 300, density=0.05, format="csr",
                                          dtype=np.float32, random_state=1))
parallel.available_cores = lambda: 2
on_two = related._nearest(matrix, 5)
workers = parallel.worker_count(rows // related.BLOCK + 1, min_items=4)
parallel.available_cores = lambda: 1
print(workers, on_two == related._nearest(matrix, 5), sum(map(len, on_two)) > rows)
"""

CTRL_C = """
import os, signal, sys
from pathlib import Path
from generator import parallel
from generator import write as writer
signal.signal(signal.SIGINT, signal.default_int_handler)  # an xdist worker ignores Ctrl-C
root, count = Path(sys.argv[1]), 2 * parallel.MIN_ITEMS_PER_WORKER
parallel.available_cores = lambda: 2
def page(i):
    def make():
        if i == count // 2:  # halfway, a Ctrl-C reaches every process of the group
            os.killpg(os.getpgid(0), signal.SIGINT)
        return {f"papers/{i}.md": f"page {i}"}
    return make
try:
    writer.write_batches(root, [page(i) for i in range(count)])
except KeyboardInterrupt:
    print("interrupted", sorted(p.name for p in root.iterdir()), flush=True)
"""


def test_results_come_back_in_input_order_from_forked_workers():
    assert _in_fresh_process(ORDER) == ["3", "True", "True", "True"]


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


def test_pages_staged_on_two_cores_are_the_pages_staged_in_one_and_a_failure_leaves_none(
    tmp_path: Path,
):
    """A full disk in one worker: the other worker's staged pages go too, the tree is as it
    was, and neither the staging folder nor a folder made for a new page is left."""
    found = _in_fresh_process(WRITE, str(tmp_path))
    assert found[:5] == ["2", "True", "True", "True", "True"]
    assert " ".join(found[5:]) == "['.readinglist-manifest.json', 'papers', 'tags']"


def test_ctrl_c_while_workers_stage_pages_leaves_nothing(tmp_path: Path):
    """The workers ignore Ctrl-C (a worker interrupted between chunks can leave the pool
    hanging); the parent stops them and discards what they staged."""
    root = tmp_path / "docs"
    root.mkdir()
    done = _run_fresh(CTRL_C, str(root))
    assert done.stdout.split() == ["interrupted", "[]"]
    assert "Traceback" not in done.stderr


def test_related_papers_found_on_two_cores_are_those_found_in_one():
    assert _in_fresh_process(RELATED) == ["2", "True", "True"]
