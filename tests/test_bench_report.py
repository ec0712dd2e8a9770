"""The benchmark's report (bench/report.py): repeated cold runs are summarised by their median,
which is what the 5 s target, the no-op share and the scaling fit are judged on.

Pure formatting, no timing: the results are written here as run.py collects them.
"""

from __future__ import annotations

import pytest

from tests.conftest import bench_module

report = bench_module("report")


def _result(n: int, walls: list[float], *, noop: float | None = None) -> dict:
    runs = [{"seconds": wall, "cpu_seconds": 1.5 * wall} for wall in walls]
    result = {"n": n, "list_files": 1, "generate": runs[0], "cold_repeats": runs[1:]}
    if noop is not None:
        result["noop"] = {"seconds": noop, "cpu_seconds": noop, "touched": 0}
    return result


@pytest.mark.parametrize(
    ("walls", "median"),
    [([9.0], 9.0), ([11.0, 9.0], 10.0), ([12.0, 4.0, 4.5], 4.5), ([6.0, 3.0, 9.0, 4.0], 5.0)],
)
def test_the_median_of_the_cold_runs(walls: list[float], median: float) -> None:
    result = _result(5_000, walls)
    assert report.cold(result, "seconds") == median
    assert report.cold(result, "cpu_seconds") == pytest.approx(1.5 * median)


def test_a_size_that_did_not_run_has_no_time() -> None:
    assert report.cold({"n": 100, "list_files": 1}, "seconds") is None


def _row(text: str, label: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"| {label} |"))


def test_the_target_is_judged_on_the_median_and_the_range_is_shown() -> None:
    # One lucky run under 5 s does not meet the target; a median under it does.
    slow = report.table([_result(5_000, [4.8, 7.0, 6.5])])
    fast = report.table([_result(5_000, [5.2, 4.1, 4.4])])
    cold_row = "`readinglist generate`, cold (wall)"
    assert _row(slow, cold_row).endswith("| 6.50 s (median of 3: 4.80-7.00 s) ✗ |")
    assert _row(fast, cold_row).endswith("| 4.40 s (median of 3: 4.10-5.20 s) ✓ |")


def test_a_single_run_shows_its_time_alone() -> None:
    text = report.table([_result(5_000, [9.92])])
    assert _row(text, "`readinglist generate`, cold (wall)").endswith("| 9.92 s ✗ |")


def test_the_noop_share_is_of_the_median_cold_run() -> None:
    text = report.table([_result(5_000, [20.0, 10.0, 10.0], noop=0.9)])
    assert "0.90 s (9%) ✓" in _row(text, "second run, no change (wall / CPU)")


def test_the_fits_use_the_medians() -> None:
    # Medians 1 + 2 s per 1,000 papers exactly, never the first run: the outliers would bend
    # the line.
    results = [_result(n, [50.0 + n, 1 + 2 * n / 1000, 0.01]) for n in (100, 1_000, 5_000)]
    wall, _, cpu, _ = report.fit_lines(results)[:4]
    assert wall.startswith("- wall time of `readinglist generate`: 2.00 s per 1,000 papers + 1.00")
    assert cpu.startswith("- CPU time of `readinglist generate`: 3.00 s per 1,000 papers + 1.50")
    assert "(R² 1.000)" in wall and "(R² 1.000)" in cpu


def test_a_failed_run_does_not_count() -> None:
    # A run that crashed early would pull the median under the target.
    result = _result(5_000, [9.0, 0.3, 0.2])
    for crashed in result["cold_repeats"]:
        crashed["ok"] = False
    assert report.cold(result, "seconds") == 9.0
    assert report.table([result]).count("9.00 s ✗") == 1


def test_memory_is_the_most_any_run_took() -> None:
    result = _result(20_000, [60.0, 61.0])
    result["generate"]["peak_pss_mb"] = 900.0
    result["cold_repeats"][0]["peak_pss_mb"] = 1100.0
    row = _row(report.table([result]), "  peak memory, summed over its processes (PSS; most of "
               "any cold run)")  # fmt: skip
    assert row.endswith("| 1,100 MB ✗ |")
