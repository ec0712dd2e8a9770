"""The benchmark's Markdown report: machine, one table (a row per metric, a column per N, the
issue's target beside each metric), the scaling fit of generation time, and notes.

Pure formatting of the results dict that `run.py` collects; it measures nothing.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable

Result = dict  # one size's measurements, as collected by run.py (JSON-friendly)
GEN_TARGET_N, GEN_TARGET_S = 5_000, 5.0
OVERHEAD_TARGET_N, OVERHEAD_TARGET = 5_000, 0.25
RSS_TARGET_N, RSS_TARGET_MB = 20_000, 1024.0
PAGE_LIMIT, ENTRIES_LIMIT = 500_000, 200


def _get(result: Result, *keys: str):
    value = result
    for key in keys:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def _mark(ok: bool | None) -> str:
    return "" if ok is None else (" ✓" if ok else " ✗")


def _seconds(value) -> str:
    return "—" if value is None else f"{value:.2f} s"


def _kb(value) -> str:
    return "—" if value is None else f"{value / 1000:,.0f} KB"


def _mb(value) -> str:
    return "—" if value is None else f"{value / 1e6:,.1f} MB"


def _page(item) -> str:
    return "—" if not item or not item[0] else f"{item[1] / 1000:,.0f} KB ({item[0]})"


Row = tuple[str, str, Callable[[Result], str]]


def _cold(r: Result) -> list[dict]:
    """Every cold `generate` of this size that succeeded (`--repeat`): a crashed run's time
    says nothing about the target."""
    runs = [_get(r, "generate"), *(r.get("cold_repeats") or [])]
    return [run for run in runs if run and run.get("ok", True)]


def cold_runs(r: Result, key: str) -> list[float]:
    """`key` ("seconds" or "cpu_seconds") of every successful cold `generate` of this size."""
    return [run[key] for run in _cold(r) if run.get(key) is not None]


def cold(r: Result, key: str) -> float | None:
    """The median cold `generate` (the first run, if it ran once); wall and CPU medians may
    come from different runs."""
    found = cold_runs(r, key)
    return statistics.median(found) if found else None


def _cold_cell(r: Result, key: str) -> str:
    found = cold_runs(r, key)
    if len(found) < 2:
        return _seconds(cold(r, key))
    return f"{_seconds(cold(r, key))} (median of {len(found)}: {min(found):.2f}-{max(found):.2f} s)"


def _generation_rows() -> list[Row]:
    def stages(r: Result) -> str:
        found = _get(r, "generate", "stages") or {}
        return ", ".join(f"{name} {seconds:.2f}" for name, seconds in found.items()) or "—"

    def gen(r: Result) -> str:
        value = cold(r, "seconds")
        ok = value < GEN_TARGET_S if value is not None and r["n"] == GEN_TARGET_N else None
        return _cold_cell(r, "seconds") + _mark(ok)

    def memory(key: str) -> Callable[[Result], str]:
        def cell(r: Result) -> str:  # the most any cold run took: the target is a ceiling
            value = max((run[key] for run in _cold(r) if run.get(key)), default=None)
            ok = value < RSS_TARGET_MB if value and r["n"] >= RSS_TARGET_N else None
            return ("—" if not value else f"{value:,.0f} MB") + _mark(ok)

        return cell

    return [
        ("papers / list files / pages", "", _counts),
        ("`readinglist generate`, cold (wall)", "< 5 s at 5,000", gen),
        ("  CPU time", "", lambda r: _cold_cell(r, "cpu_seconds")),
        ("  pipeline stages of the first cold run (s, from its log)", "", stages),
        (
            "  peak memory, summed over its processes (PSS; most of any cold run)",
            "< 1 GB at 20,000",
            memory("peak_pss_mb"),
        ),
        (
            "  peak memory of its largest process (max RSS; most of any cold run)",
            "",
            memory("max_rss_mb"),
        ),
        ("second run, no change (wall / CPU)", "< 10% of first", _noop_time),
        ("  files written by it", "0", _noop_files),
        ("one abstract changed: files touched", "few", _one_change),
    ]


def _counts(r: Result) -> str:
    return f"{r['n']:,} / {r['list_files']} / {_get(r, 'docs', 'pages') or '—'}"


def _pair(key: str, first: str, second: str, fmt: Callable) -> Callable[[Result], str]:
    return lambda r: f"{fmt(_get(r, key, first))} / {fmt(_get(r, key, second))}"


def _noop_time(r: Result) -> str:
    cells = []
    for key in ("seconds", "cpu_seconds"):
        first, second = cold(r, key), _get(r, "noop", key)
        if first is None or second is None:
            return "—"
        cells.append(f"{second:.2f} s ({second / first:.0%})" + _mark(second / first < 0.10))
    return " / ".join(cells)


def _noop_files(r: Result) -> str:
    count = _get(r, "noop", "touched")
    return "—" if count is None else f"{count}" + _mark(count == 0)


def _one_change(r: Result) -> str:
    change = _get(r, "one_change")
    if not change:
        return "—"
    folders = ", ".join(f"{k} {v}" for k, v in change["by_folder"].items())
    return f"{change['touched']} ({folders})"


def _build_rows() -> list[Row]:
    def overhead(r: Result) -> str:
        cells = []
        for key in ("seconds", "cpu_seconds"):
            full, plain = _get(r, "build", key), _get(r, "plain", key)
            if full is None or plain is None:
                return "skipped" if r.get("mkdocs_skipped") else "—"
            ratio = (full - plain) / plain
            ok = ratio <= OVERHEAD_TARGET if r["n"] == OVERHEAD_TARGET_N else None
            cells.append(f"{ratio:+.0%}" + _mark(ok))
        return " / ".join(cells)

    def both(key: str) -> Callable[[Result], str]:
        def cell(r: Result) -> str:
            wall, cpu = _get(r, key, "seconds"), _get(r, key, "cpu_seconds")
            return "—" if wall is None else f"{wall:.2f} / {cpu:.2f} s"

        return cell

    def largest(r: Result) -> str:
        item = _get(r, "site", "largest_page")
        ok = item[1] <= PAGE_LIMIT if item else None
        return _page(item) + _mark(ok)

    def entries(r: Result) -> str:
        item = _get(r, "docs", "most_entries")
        return "—" if not item else f"{item[1]} ({item[0]})" + _mark(item[1] <= ENTRIES_LIMIT)

    def site(key: str, fmt: Callable) -> Callable[[Result], str]:
        return lambda r: fmt(_get(r, "site", key))

    return [
        ("`readinglist build`, clean (wall / CPU)", "", both("build")),
        ("peak memory of the whole build (summed PSS)", "< 1 GB at 20,000", _build_memory),
        ("plain `mkdocs build`, same pages (wall / CPU)", "", both("plain")),
        ("generation overhead over plain build (wall / CPU)", "≤ +25% at 5,000", overhead),
        ("site size / files", "", _pair("site", "total_bytes", "files", _size_or_count)),
        ("largest page", "≤ ~500 KB", largest),
        ("largest paper page (HTML)", "flat in N", site("largest_paper", _page)),
        ("median paper page (HTML)", "flat in N", site("median_paper", _kb)),
        ("largest listing page (HTML)", "≤ ~500 KB", site("largest_listing", _page)),
        ("most papers on one listing page", "≤ ~200", entries),
        ("search index raw / gzip", "", _pair("site", "index_raw", "index_gz", _mb)),
        ("  share of the index from listing pages", "", _listing_share),
        ("bytes before first search result (gzip)", "report", _search_bytes),
    ]


def _build_memory(r: Result) -> str:
    peak = _get(r, "build", "peak_pss_mb")
    return (
        "—"
        if peak is None
        else f"{peak:,.0f} MB" + _mark(peak < 1024 if r["n"] == 20_000 else None)
    )


def _size_or_count(value) -> str:
    """Byte totals as MB, small counts as they are."""
    return _mb(value) if value and value > 1_000_000 else ("—" if value is None else f"{value:,}")


def _listing_share(r: Result) -> str:
    share = _get(r, "site", "extra", "index_listing_share")
    return "—" if share is None else f"{share}%"


def _search_bytes(r: Result) -> str:
    index, worker = _get(r, "site", "index_gz"), _get(r, "site", "worker_gz")
    if index is None:
        return "—"
    return f"{_mb(index + worker)} (index {_mb(index)} + worker {_kb(worker)})"


def table(results: list[Result]) -> str:
    head = "| metric | target | " + " | ".join(f"N = {r['n']:,}" for r in results) + " |"
    rule = "|---|---|" + "---|" * len(results)
    lines = [head, rule]
    for label, target, cell in [*_generation_rows(), *_build_rows()]:
        lines.append(f"| {label} | {target} | " + " | ".join(cell(r) for r in results) + " |")
    return "\n".join(lines)


def fit(points: list[tuple[float, float]]) -> dict[str, float] | None:
    """Least squares t = a + b*N (b per paper, R^2) and the log-log exponent of t in N."""
    if len(points) < 2:
        return None
    xs, ys = [x for x, _ in points], [y for _, y in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in points) / sxx
    intercept = my - slope * mx
    total = sum((y - my) ** 2 for y in ys)
    residual = sum((y - intercept - slope * x) ** 2 for x, y in points)
    lx, ly = [math.log(x) for x in xs], [math.log(max(y, 1e-9)) for y in ys]
    mlx, mly = sum(lx) / len(lx), sum(ly) / len(ly)
    covariance = sum((a - mlx) * (b - mly) for a, b in zip(lx, ly, strict=True))
    exponent = covariance / sum((a - mlx) ** 2 for a in lx)
    r2 = 1 - residual / total if total else 1.0
    return {"per_1000": slope * 1000, "intercept": intercept, "r2": r2, "exponent": exponent}


def _generate_seconds(r: Result) -> float | None:
    return cold(r, "seconds")


def _generate_cpu(r: Result) -> float | None:
    return cold(r, "cpu_seconds")


def _stage_seconds(r: Result) -> float | None:
    return sum((_get(r, "generate", "stages") or {}).values()) or None


def fit_lines(results: list[Result]) -> list[str]:
    lines = []
    for label, getter in (
        ("wall time of `readinglist generate`", _generate_seconds),
        ("CPU time of `readinglist generate`", _generate_cpu),
        ("sum of the pipeline's stage times (first cold run)", _stage_seconds),
    ):
        points = sorted((r["n"], getter(r)) for r in results if getter(r))
        found = fit(points)
        if found:
            lines += [_fit_line(label, points, found), _tail_line(points)]
    return lines


def _fit_line(label: str, points: list[tuple[float, float]], found: dict[str, float]) -> str:
    at = {n: found["intercept"] + found["per_1000"] * n / 1000 for n in (5_000, 20_000)}
    return (
        f"- {label}: {found['per_1000']:.2f} s per 1,000 papers + {found['intercept']:.2f} s "
        f"fixed (R² {found['r2']:.3f}); log-log exponent {found['exponent']:.2f} "
        f"(1 = linear); linear extrapolation: {at[5_000]:.1f} s at 5,000, "
        f"{at[20_000]:.1f} s at 20,000 (from N = {', '.join(f'{n:,}' for n, _ in points)})"
    )


def _tail_line(points: list[tuple[float, float]]) -> str:
    """Fixed costs (imports) flatten the whole-range exponent; the largest two sizes do not."""
    (n1, t1), (n2, t2) = points[-2:]
    exponent = math.log(t2 / t1) / math.log(n2 / n1)
    growth = f"×{t2 / t1:.2f} for ×{n2 / n1:.0f} papers"
    return f"  - largest two sizes: {growth} (exponent {exponent:.2f})"


def render(results: list[Result], machine: dict[str, str], notes: list[str]) -> str:
    parts = [
        "# readinglist scale benchmark",
        "",
        " · ".join(f"**{key}**: {value}" for key, value in machine.items()),
        "",
        table(results),
        "",
        "## Scaling of generation",
        "",
        *(fit_lines(results) or ["- needs at least two sizes"]),
        "",
        "## Notes",
        "",
        *(f"- {note}" for note in notes),
        "",
    ]
    return "\n".join(parts)
