"""Rendering on several cores: the same files as in one process, and only where it is safe."""

from __future__ import annotations

import threading

import pytest

from generator import parallel, pipeline
from generator.config import Settings
from tests.conftest import REPO, copy_project
from tests.test_bench_smoke import synth


def _square_plus(offset: int, item: int) -> int:
    return item * item + offset


def test_results_come_back_in_input_order_from_forked_workers():
    items = list(range(3 * parallel.MIN_ITEMS_PER_JOB))
    assert parallel.job_count(2, len(items)) == 2
    with parallel.ordered_map(_square_plus, 7, items, jobs=2) as results:
        assert list(results) == [item * item + 7 for item in items]


def test_small_inputs_and_threaded_processes_run_in_this_process():
    assert parallel.job_count(2, parallel.MIN_ITEMS_PER_JOB - 1) == 1
    release = threading.Event()
    watcher = threading.Thread(target=release.wait)  # like `mkdocs serve`'s file watcher
    watcher.start()
    try:
        assert parallel.job_count(2, 10 * parallel.MIN_ITEMS_PER_JOB) == 1
    finally:
        release.set()
        watcher.join()


@pytest.fixture(scope="module")
def synthetic_lists() -> dict[str, str]:
    """Enough papers for two workers: synthetic lists derived from the shipped ones."""
    sources = synth.read_sources(REPO / "lists")
    return synth.make_lists(sources, 3 * parallel.MIN_ITEMS_PER_JOB, seed=11)


def _generated_tree(root, lists: dict[str, str], jobs: int) -> dict[str, bytes]:
    project = copy_project(root, lists=lists)
    pipeline.generate(Settings.from_root(project), jobs=jobs)
    docs = project / "docs"
    return {path.relative_to(docs).as_posix(): path.read_bytes()
            for path in sorted(docs.rglob("*")) if path.is_file()}  # fmt: skip


def test_two_jobs_write_the_same_files_as_one(tmp_path, synthetic_lists, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    one = _generated_tree(tmp_path / "one", synthetic_lists, jobs=1)
    two = _generated_tree(tmp_path / "two", synthetic_lists, jobs=2)
    assert len([p for p in one if p.startswith("papers/")]) == 3 * parallel.MIN_ITEMS_PER_JOB
    assert one.keys() == two.keys()
    assert [p for p in one if one[p] != two[p]] == []
