"""Describing papers on every core: the same papers as in one process, and only where safe."""

from __future__ import annotations

import threading

import pytest

from generator import enrich, normalize, parallel, pipeline
from generator.config import load_taxonomy
from tests.conftest import REPO, copy_project
from tests.test_bench_smoke import synth


def _square_plus(offset: int, index: int) -> int:
    return index * index + offset


def test_results_come_back_in_input_order_from_forked_workers(monkeypatch):
    monkeypatch.setattr(parallel, "available_cores", lambda: 3)
    count = 3 * parallel.MIN_ITEMS_PER_WORKER + 7
    assert parallel.worker_count(count) == 3
    assert parallel.ordered_map(_square_plus, 7, count) == [i * i + 7 for i in range(count)]


def test_small_inputs_and_threaded_processes_run_in_this_process(monkeypatch):
    monkeypatch.setattr(parallel, "available_cores", lambda: 2)
    assert parallel.worker_count(2 * parallel.MIN_ITEMS_PER_WORKER - 1) == 0
    release = threading.Event()
    watcher = threading.Thread(target=release.wait)  # like `mkdocs serve`'s file watcher
    watcher.start()
    try:
        assert parallel.worker_count(10 * parallel.MIN_ITEMS_PER_WORKER) == 0
    finally:
        release.set()
        watcher.join()


@pytest.fixture(scope="module")
def normalised(tmp_path_factory):
    """Enough synthetic papers (derived from the shipped lists) for two workers."""
    lists = synth.make_lists(synth.read_sources(REPO / "lists"), 1200, seed=5)
    project = copy_project(tmp_path_factory.mktemp("parallel") / "project", lists=lists)
    raw, _ = pipeline.read_all(project / "lists")
    papers, _, _ = normalize.merge(raw)
    return papers, load_taxonomy(project / "lists" / "topics.yml")


def test_papers_described_on_two_cores_equal_those_described_in_one(normalised, monkeypatch):
    papers, taxonomy = normalised
    monkeypatch.setattr(parallel, "available_cores", lambda: 2)
    assert parallel.worker_count(len(papers)) == 2
    on_two = enrich.classify_topics(enrich.tag(enrich.describe(papers)), taxonomy)
    monkeypatch.setattr(parallel, "available_cores", lambda: 1)
    assert parallel.worker_count(len(papers)) == 0
    on_one = enrich.classify_topics(enrich.tag(enrich.describe(papers)), taxonomy)
    assert on_two == on_one
    assert all(paper.title and paper.summary and paper.topics for paper in on_two)
