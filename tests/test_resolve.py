"""`readinglist resolve` against loopback stand-ins of OpenAlex and arXiv (bench/fake_index.py),
never a real service: found by identifier and by search, a near miss refused, an absent paper
not given a stranger's fields, 429 then success, 500, a stall, a malformed body (one paper's
look-up failed, the run going on), a hostile title, accept and reject, an interrupted run
resumed, a missing key in one line."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from generator.models import Paper
from generator.resolve.arxiv import Arxiv
from generator.resolve.client import Http, LookupFailed
from generator.resolve.lookup import Services, look_up
from generator.resolve.openalex import OpenAlex
from generator.resolve.records import parse_record
from tests.conftest import REPO, bench_module, copy_project, run_cli

fake = bench_module("fake_index")
PENGUINS = (
    "We propose a contrastive objective for counting penguins in drone footage. Learning from "
    "a handful of labelled frames and many unlabelled ones, the counter halves the error of "
    "density regression on three colonies and transfers to seals without new labels."
)
TIDES = (
    "We forecast coastal tides with a graph network over tide gauges. Each gauge exchanges "
    "messages with its neighbours along the coast, and the forecast beats harmonic analysis "
    "by a third at horizons of two days while staying calibrated during storms."
)
# The same field as PENGUINS (counting animals, density regression), another paper: the
# search returns it when PENGUINS is absent, and it must never be taken for it.
NEAR = (
    "We count seals hauled out on sea ice in satellite images with a detector trained on "
    "crowd-sourced point labels. Against density regression and manual counts on two survey "
    "years, it lowers the counting error, though small pups are still missed."
)
ABSENT = (
    "We study why gradient noise helps small transformers generalise on modular arithmetic "
    "and show that the benefit vanishes once the learning rate is tuned for each layer."
)
TODAY = "2026-01-01"  # SOURCE_DATE_EPOCH of run_cli


def paper(text: str) -> Paper:
    return Paper("0" * 12, text, text, text, ("list",), ())


def services(base: str, *, arxiv: bool = True, sleep=lambda s: None, timeout=5.0) -> Services:
    def http(pace: float = 0.0) -> Http:
        return Http(pace=pace, sleep=sleep, timeout=timeout, backoff=0.01)

    return Services(
        OpenAlex(http(), base, key="sekrit", mailto="curator@example.org", today=TODAY),
        Arxiv(http(), base + "/api/query", today=TODAY) if arxiv else None,
        TODAY,
    )


def index(**kw) -> object:
    works = [
        fake.Work("W11", "Counting Penguins from Drones", PENGUINS, doi="10.1234/penguins",
                  arxiv="2401.01234", authors=("Ada Lovelace", "Alan Turing"), cited_by=42,
                  pdf="https://example.org/penguins.pdf"),
        fake.Work("W12", "Counting Seals from Space", NEAR, doi="10.1234/seals"),
        fake.Work("W13", "Tide Graphs", TIDES, arxiv="2402.05678"),
    ]  # fmt: skip
    return fake.Index(works, **kw)


def test_found_by_search_with_every_field() -> None:
    idx = index()
    with fake.serve(idx) as base:
        record = look_up(paper(PENGUINS), services(base))
    assert (record.status, record.how, record.openalex) == ("found", "openalex-search", "W11")
    assert record.similarity == 1.0
    assert record.title == "Counting Penguins from Drones"
    assert record.authors == ("Ada Lovelace", "Alan Turing")
    assert (record.doi, record.arxiv, record.year) == ("10.1234/penguins", "2401.01234", "2024")
    assert (record.cited_by, record.cited_on, record.pdf) == (42, TODAY, idx.works[0].pdf)
    assert len(idx.seen) == 1
    assert "api_key=sekrit" in idx.seen[0] and "mailto=curator%40example.org" in idx.seen[0]
    assert "per-page=5" in idx.seen[0] and "abstract_inverted_index" in idx.seen[0]


def test_found_by_an_identifier_in_the_abstract_with_one_free_request() -> None:
    idx = index()
    with fake.serve(idx) as base:
        record = look_up(
            paper(PENGUINS + " Code: https://doi.org/10.1234/penguins."), services(base)
        )
    assert (record.status, record.how, record.openalex) == ("found", "doi", "W11")
    assert [path.split("?")[0] for path in idx.seen] == ["/works/doi:10.1234/penguins"]


def test_an_arxiv_id_goes_to_arxiv_when_openalex_has_none() -> None:
    idx = index()
    idx.works[2].openalex = "W13"
    idx.works[2].arxiv = "2402.05678"
    idx.works.insert(0, idx.works.pop(2))
    with fake.serve(idx) as base:
        record = look_up(paper(TIDES + " (arXiv:2402.05678)"), services(base))
    assert (record.status, record.openalex) == ("found", "W13")


def test_a_near_miss_of_the_same_field_is_refused() -> None:
    idx = index()
    idx.works.pop(0)  # our paper is not in the index; its neighbour is
    with fake.serve(idx) as base:
        record = look_up(paper(PENGUINS), services(base))
    assert record.status == "not-found"
    assert (record.title, record.authors, record.openalex) == ("", (), "")
    assert 0 < record.similarity < 0.6


def test_an_absent_paper_is_not_found_after_a_few_requests() -> None:
    idx = index()
    with fake.serve(idx) as base:
        record = look_up(paper(ABSENT), services(base))
    assert record.status == "not-found" and record.title == ""
    assert len(idx.seen) == 2  # OpenAlex search, arXiv phrase
    assert "abs%3A%22" in idx.seen[1]


def test_a_close_candidate_goes_to_review() -> None:
    idx = index()
    words = PENGUINS.split()
    idx.works[0].abstract = " ".join(words[:30] + ["entirely", "different", "ending"] * 3)
    with fake.serve(idx) as base:
        record = look_up(paper(PENGUINS), services(base, arxiv=False))
    assert record.status == "review" and record.openalex == "W11"
    assert 0.6 <= record.similarity < 0.9


def test_429_then_success_waits_what_retry_after_says() -> None:
    idx = index(faults=[(429, {"Retry-After": "7"}, b"{}")])
    waits: list[float] = []
    with fake.serve(idx) as base:
        record = look_up(paper(PENGUINS), services(base, sleep=waits.append))
    assert record.status == "found" and waits == [7.0]


def test_500_every_time_is_a_failed_look_up_in_one_line_without_the_key() -> None:
    idx = index(faults=[(500, {}, b"oops")] * 4)
    with fake.serve(idx) as base, pytest.raises(LookupFailed) as failed:
        look_up(paper(PENGUINS), services(base))
    assert "HTTP 500" in str(failed.value) and "sekrit" not in str(failed.value)
    assert len(idx.seen) == 4


def test_a_stalled_answer_times_out_and_is_retried() -> None:
    idx = index(faults=["stall"])
    with fake.serve(idx) as base:
        record = look_up(paper(PENGUINS), services(base, timeout=0.5))
    assert record.status == "found"


@pytest.mark.parametrize("body", [b"<html>rate limited</html>", b'{"results": 3}', b"[1, 2"])
def test_a_malformed_body_is_a_failed_look_up(body: bytes) -> None:
    idx = index(faults=[(200, {}, body)])
    with fake.serve(idx) as base, pytest.raises(LookupFailed, match=r"JSON|results"):
        look_up(paper(PENGUINS), services(base))


def test_an_arxiv_feed_with_entities_is_refused() -> None:
    bomb = b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><feed>&a;</feed>'
    idx = index(faults=[(200, {}, b'{"results": []}'), (200, {}, bomb)])
    with fake.serve(idx) as base, pytest.raises(LookupFailed, match="DOCTYPE"):
        look_up(paper(ABSENT), services(base))


# The command line, for real: the project, the file, the exit status, the site.


def project_with(tmp_path: Path, *texts: str) -> Path:
    lists = {"papers.txt": "Resolve List\n\n" + "\n\n".join(texts) + "\n"}
    return copy_project(tmp_path / "project", lists=lists)


def resolve_cli(
    project: Path, base: str, *args: str, key: str = "sekrit"
) -> subprocess.CompletedProcess:
    env = {"READINGLIST_OPENALEX_URL": base, "READINGLIST_ARXIV_URL": base + "/api/query",
           "OPENALEX_API_KEY": key}  # fmt: skip
    old = {name: os.environ.get(name) for name in env}
    os.environ.update(env)
    try:
        return run_cli(project, "resolve", *args, check=False)
    finally:
        for name, value in old.items():
            os.environ.pop(name) if value is None else os.environ.__setitem__(name, value)


def records(project: Path) -> dict:
    return json.loads((project / "lists" / "resolved.json").read_text("utf-8"))["papers"]


def test_the_command_records_each_outcome_and_the_build_shows_a_hostile_title_as_text(
    tmp_path: Path,
) -> None:
    project = project_with(tmp_path, PENGUINS, ABSENT)
    idx = index()
    idx.works[0].title = "<script>alert(1)</script>Penguins"
    with fake.serve(idx) as base:
        result = resolve_cli(project, base)
        again = resolve_cli(project, base)
    assert result.returncode == 0, result.stderr
    assert "1 found, 0 to review, 1 not found, 0 failed; 3 requests" in result.stderr
    statuses = sorted(record["status"] for record in records(project).values())
    assert statuses == ["found", "not-found"]
    assert "sekrit" not in (project / "lists" / "resolved.json").read_text("utf-8")
    assert again.returncode == 0 and "0 found" in again.stderr and len(idx.seen) == 3
    run_cli(project, "build")
    pages = [BeautifulSoup(p.read_text("utf-8"), "html.parser")
             for p in (project / "site" / "papers").glob("*/index.html")]  # fmt: skip
    titles = sorted(page.h1.get_text() for page in pages)
    assert "<script>alert(1)</script>Penguins" in titles
    assert not any(s.get_text() == "alert(1)" for page in pages for s in page.find_all("script"))


def test_retry_asks_again_for_papers_not_found(tmp_path: Path) -> None:
    project = project_with(tmp_path, PENGUINS)
    idx = index()
    missing = idx.works.pop(0)
    with fake.serve(idx) as base:
        resolve_cli(project, base)
        assert [r["status"] for r in records(project).values()] == ["not-found"]
        idx.works.append(missing)
        resolve_cli(project, base)
        assert [r["status"] for r in records(project).values()] == ["not-found"]
        resolve_cli(project, base, "--retry")
    assert [r["status"] for r in records(project).values()] == ["found"]


def test_accept_and_reject_decide_records_in_review(tmp_path: Path) -> None:
    project = project_with(tmp_path, PENGUINS, TIDES)
    idx = index()
    for n, work in enumerate(idx.works):
        work.abstract = " ".join(work.abstract.split()[:30] + [f"ending{n}{m}" for m in range(9)])
    with fake.serve(idx) as base:
        resolve_cli(project, base)
    review = {pid: r for pid, r in records(project).items() if r["status"] == "review"}
    assert len(review) == 2
    check = run_cli(project, "check")
    assert "2 record(s) to review" in check.stderr
    first, second = sorted(review)
    assert f"{first}: to review" in check.stderr
    with fake.serve(idx) as base:
        assert resolve_cli(project, base, "--accept", first).returncode == 0
        assert resolve_cli(project, base, "--reject", second).returncode == 0
    now = records(project)
    assert now[first]["status"] == "found" and now[first]["decided"] == "accepted"
    assert now[first]["how"] == review[first]["how"] == "openalex-search"  # how it was found
    assert {k: v for k, v in now[first].items() if k not in ("status", "decided")} == {
        k: v for k, v in review[first].items() if k != "status"}  # fmt: skip
    assert now[second]["status"] == "rejected" and "title" not in now[second]
    assert review[second]["openalex"] in now[second]["rejected"]
    with fake.serve(idx) as base:  # a rejected candidate is never proposed again
        resolve_cli(project, base, "--retry")
    assert records(project)[second]["status"] == "not-found"


@pytest.mark.parametrize("decided", ["curator", "yes"])
def test_a_decision_other_than_accepted_is_refused(decided: str) -> None:
    with pytest.raises(ValueError, match="decided: expected accepted"):
        parse_record("0" * 12, {"status": "found", "when": TODAY, "decided": decided})


def test_a_dead_service_is_one_line_and_what_was_found_is_kept(tmp_path: Path) -> None:
    project = project_with(tmp_path, PENGUINS, TIDES)
    idx = index()
    with fake.serve(idx) as base:
        assert resolve_cli(project, base, "--limit", "1").returncode == 0
    result = resolve_cli(project, "http://127.0.0.1:9")  # nothing listens on port 9
    assert result.returncode == 1
    assert "unreachable" in result.stderr and "Traceback" not in result.stderr
    assert "sekrit" not in result.stderr
    assert [r["status"] for r in records(project).values()] == ["found"]


def test_a_malformed_answer_fails_one_paper_and_the_run_goes_on(tmp_path: Path) -> None:
    project = project_with(tmp_path, PENGUINS, ABSENT, TIDES)
    idx = index(faults=[(200, {}, b"<html>not the API</html>")])  # the first paper's answer
    with fake.serve(idx) as base:
        result = resolve_cli(project, base)
        kept = records(project)
        rerun = resolve_cli(project, base)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "1 found, 0 to review, 1 not found, 1 failed" in result.stderr
    assert "the answer is not JSON; going on with the next paper" in result.stderr
    assert sorted((r["status"], r.get("openalex", "")) for r in kept.values()) == [
        ("found", "W13"), ("not-found", "")]  # fmt: skip
    (failed,) = set(records(project)) - set(kept)  # not recorded: the rerun asks for it alone
    assert f"error: {failed}: " in result.stderr
    assert rerun.returncode == 0 and "1 found, 0 to review, 0 not found, 0 failed" in rerun.stderr
    assert records(project)[failed]["openalex"] == "W11"
    assert all(records(project)[pid] == record for pid, record in kept.items())


def test_without_a_key_the_public_service_is_not_asked(tmp_path: Path) -> None:
    project = project_with(tmp_path, PENGUINS)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENALEX", "READINGLIST_"))}
    command = [sys.executable, "-m", "generator.cli", "resolve"]
    env["PYTHONPATH"] = str(REPO)
    result = subprocess.run(command, cwd=project, capture_output=True, text=True, env=env)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        "error: OPENALEX_API_KEY is not set: get a free key at "
        "https://openalex.org/settings/api and set OPENALEX_API_KEY"
    ]


def test_an_interrupted_run_keeps_its_records_and_a_rerun_goes_on(tmp_path: Path) -> None:
    texts = [f"{PENGUINS} Colony {n} of the survey is counted again." for n in range(6)]
    project = project_with(tmp_path, *texts)
    idx = index(faults=["pass"] + ["stall"] * 20)  # the first paper in time, then slowly
    with fake.serve(idx) as base:
        env = {**os.environ, "READINGLIST_OPENALEX_URL": base, "OPENALEX_API_KEY": "sekrit",
               "READINGLIST_ARXIV_URL": base + "/api/query", "PYTHONPATH": str(REPO)}  # fmt: skip
        process = subprocess.Popen([sys.executable, "-m", "generator.cli", "resolve"], cwd=project,
                                   env=env, stderr=subprocess.PIPE, text=True)  # fmt: skip
        deadline = time.monotonic() + 30
        while not (project / "lists" / "resolved.json").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
        assert process.returncode == 130 and "interrupted" in stderr
        kept = records(project)
        assert 1 <= len(kept) < 6
        idx.faults.clear()
        rerun = resolve_cli(project, base)
    assert rerun.returncode == 0
    assert len(records(project)) == 6
    assert all(records(project)[pid] == record for pid, record in kept.items())


def test_an_edited_abstract_keeps_its_record_and_is_not_asked_again(tmp_path: Path) -> None:
    project = project_with(tmp_path, PENGUINS)
    idx = index()
    with fake.serve(idx) as base:
        resolve_cli(project, base)
        run_cli(project, "build")
        (old,) = records(project)
        papers = project / "lists" / "papers.txt"
        papers.write_text(papers.read_text("utf-8").replace("three colonies", "four colonies"))
        asked = len(idx.seen)
        result = resolve_cli(project, base)
    assert result.returncode == 0 and len(idx.seen) == asked
    (new,) = records(project)
    assert new != old and records(project)[new]["openalex"] == "W11"


def test_a_record_of_a_paper_taken_out_of_the_lists_survives_a_run(tmp_path: Path) -> None:
    project = project_with(tmp_path, PENGUINS, TIDES)
    idx = index()
    papers = project / "lists" / "papers.txt"
    with fake.serve(idx) as base:
        resolve_cli(project, base)
        both = records(project)
        papers.write_text(papers.read_text("utf-8").replace(TIDES, ""), encoding="utf-8")
        result = resolve_cli(project, base)
        assert result.returncode == 0, result.stderr
        assert records(project) == both  # the tides paper's record is kept while it is out
        papers.write_text(papers.read_text("utf-8") + "\n" + TIDES + "\n", encoding="utf-8")
        asked = len(idx.seen)
        resolve_cli(project, base)
    assert len(idx.seen) == asked and records(project) == both  # back: not asked again


def test_a_full_disk_is_one_line_naming_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    project = project_with(tmp_path, PENGUINS, TIDES)
    lists = project / "lists"
    idx = index()
    with fake.serve(idx) as base:
        resolve_cli(project, base, "--limit", "1")
        before = (lists / "resolved.json").read_bytes()
        files = sorted(path.name for path in lists.iterdir())
        limit = len(before) + 16  # the next record does not fit: as a full disk, EFBIG
        result = resolve_small_files(project, base, limit)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    said = "error: lists/resolved.json: cannot write: File too large; it is unchanged\n"
    assert result.stderr == said
    assert (lists / "resolved.json").read_bytes() == before
    assert sorted(path.name for path in lists.iterdir()) == files  # no temporary


def resolve_small_files(project: Path, base: str, limit: int) -> subprocess.CompletedProcess:
    """`readinglist resolve` where no file may grow past `limit` bytes (RLIMIT_FSIZE)."""
    env = {**os.environ, "READINGLIST_OPENALEX_URL": base, "OPENALEX_API_KEY": "sekrit",
           "READINGLIST_ARXIV_URL": base + "/api/query", "PYTHONPATH": str(REPO)}  # fmt: skip

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    command = [sys.executable, "-m", "generator.cli", "resolve"]
    return subprocess.run(command, cwd=project, env=env, capture_output=True, text=True,
                          preexec_fn=small_files)  # fmt: skip
