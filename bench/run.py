"""Scale benchmark: synthetic lists of N papers, generated and built for real, measured.

    python bench/run.py --sizes 100 1000 5000 20000 [--no-mkdocs-above 5000] [--profile 1000]
    python bench/run.py --quick          # N = 100 and 1,000
    python bench/run.py --sizes 5000 --repeat 3   # three cold runs, the median reported

For each N: a fresh project under bench/out/work/ with synthetic lists (bench/synth.py), then
`readinglist generate` twice (cold, then no change; with --repeat K, K - 1 more cold runs in
fresh projects n<N>-cold<k>/), `readinglist build` from a clean docs/
folder, plain `mkdocs build` of the same pages without the plugin (bench/project.py), the
built site's sizes, and one edited abstract. Each command is a child process of its own, so
its peak memory is its own. Prints a Markdown table and writes bench/out/results.md (+ .json).
"""

from __future__ import annotations

import argparse
import atexit
import datetime as dt
import json
import os
import platform
import pstats
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import measure
import project
import report
import synth

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
OUT = BENCH / "out"
EPOCH = "1767225600"  # SOURCE_DATE_EPOCH: first-seen dates do not change between runs


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    sizes = [100, 1_000] if args.quick else args.sizes
    env = {**os.environ, "PYTHONPATH": str(args.src.resolve()), "SOURCE_DATE_EPOCH": EPOCH}
    sources = synth.read_sources(REPO / "lists")
    results, notes, about = [], _notes(args, sizes), machine(args.src)
    _claim(args.workdir)
    for n in sizes:
        print(f"N = {n:,} ...", file=sys.stderr, flush=True)
        results.append(measure_size(n, args, sources, env, notes))
        _write(results, notes, about, args.out)
    print(_write(results, notes, about, args.out))
    return 0 if all(not r.get("failures") for r in results) else 1


def _claim(workdir: Path) -> None:
    """One run per work folder: a second run would delete the first one's projects."""
    workdir.mkdir(parents=True, exist_ok=True)
    marker = workdir / ".running"
    if marker.exists() and Path(f"/proc/{marker.read_text().strip()}").exists():
        sys.exit(f"another benchmark (pid {marker.read_text().strip()}) uses {workdir}; "
                 "wait for it or pass another --workdir")  # fmt: skip
    marker.write_text(str(os.getpid()))
    atexit.register(marker.unlink, missing_ok=True)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1_000, 5_000, 20_000])
    parser.add_argument("--quick", action="store_true", help="N = 100 and 1,000 only")
    parser.add_argument("--no-mkdocs-above", type=int, default=None, metavar="N",
                        help="skip both MkDocs builds for sizes above N")  # fmt: skip
    parser.add_argument("--no-plain-above", type=int, default=None, metavar="N",
                        help="above N, no plain `mkdocs build`")  # fmt: skip
    parser.add_argument("--profile", type=int, nargs="*", default=[], metavar="N",
                        help="also cProfile a cold `generate` at these sizes")  # fmt: skip
    parser.add_argument("--repeat", type=_positive, default=1, metavar="K",
                        help="cold `generate` runs per size, each in a fresh project: the table "
                        "gives their median and range (a shared VM varies by 15%%)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=3_600, help="per command, seconds")
    parser.add_argument("--src", type=Path, default=REPO,
                        help="folder holding the generator package (default: repo)")  # fmt: skip
    parser.add_argument("--workdir", type=Path, default=OUT / "work")
    parser.add_argument("--out", type=Path, default=OUT / "results.md")
    return parser


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def measure_size(n: int, args, sources: list[str], env: dict, notes: list[str]) -> dict:
    lists = synth.make_lists(sources, n, seed=args.seed)
    root = project.make_project(args.workdir / f"n{n}", lists)
    result: dict = {"n": n, "list_files": len(lists), "failures": []}

    def run(*command: str, cwd: Path = root) -> measure.Run:
        done = measure.run(list(command), cwd=cwd, env=env, timeout=args.timeout)
        if not done.ok:
            tail = done.stderr.strip().splitlines()[-3:]
            result["failures"].append(f"`{' '.join(command[2:])}` exit {done.returncode}: "
                                      + " / ".join(tail))  # fmt: skip
        return done

    generate = _generate_command(root)
    result["generate"] = _summary(run(*generate))
    result["cold_repeats"] = []
    for k in range(2, args.repeat + 1):  # further cold runs, each in a project of its own
        again = project.make_project(args.workdir / f"n{n}-cold{k}", lists)
        result["cold_repeats"].append(_summary(run(*_generate_command(again), cwd=again)))
    _measure_noop(root, result, run, generate)
    if args.no_mkdocs_above is not None and n > args.no_mkdocs_above:
        result["mkdocs_skipped"] = True
    else:
        # In a project of its own: deleting the generated pages first would slow the build
        # (see project.make_project).
        plain = args.no_plain_above is None or n <= args.no_plain_above
        build_root = project.make_project(args.workdir / f"n{n}-build", lists)
        _measure_builds(build_root, result, run, plain=plain)
    result["docs"] = measure.docs_stats(root / "docs", project.generated_files(root / "docs"))
    _measure_one_change(root, result, run, generate)
    if n in args.profile:
        result["profile"] = str(profile(root, n, env, args.timeout, args.out.parent))
    notes.extend(f"N = {n:,}: {failure}" for failure in result["failures"])
    return result


def _generate_command(root: Path) -> tuple[str, ...]:
    return (sys.executable, "-m", "generator.cli", "generate", "--root", str(root))


def _summary(done: measure.Run) -> dict:
    return {
        "seconds": done.seconds, "cpu_seconds": done.cpu_seconds, "max_rss_mb": done.max_rss_mb,
        "peak_pss_mb": done.peak_pss_mb,
        "stages": done.stages(), "ok": done.ok, "stdout": done.stdout.strip()[-300:],
    }  # fmt: skip


def _watched(root: Path) -> tuple[Path, Path]:
    return root / "docs", root / "lists" / "readinglist.lock.json"


def _measure_noop(root: Path, result: dict, run, generate: tuple[str, ...]) -> None:
    docs, lock = _watched(root)
    before = measure.snapshot(docs, lock)
    done = run(*generate)
    change = measure.compare(before, measure.snapshot(docs, lock))
    result["noop"] = {**_summary(done), "touched": change.count}


def _measure_builds(root: Path, result: dict, run, *, plain: bool) -> None:
    build = run(sys.executable, "-m", "generator.cli", "build", "-f", project.FULL_CONFIG,
                cwd=root)  # fmt: skip
    result["build"] = _summary(build)
    if not build.ok or not (root / project.CAPTURE).exists():
        return
    result["site"] = asdict(measure.site_stats(root / "site"))
    if not plain:
        return
    config = project.write_plain_config(root)
    plain_build = run(sys.executable, "-m", "mkdocs", "build", "-q", "-f", config.name, cwd=root)
    result["plain"] = _summary(plain_build)


def _measure_one_change(root: Path, result: dict, run, generate: tuple[str, ...]) -> None:
    docs, lock = _watched(root)
    before = measure.snapshot(docs, lock)
    project.change_one_abstract(root)
    done = run(*generate)
    change = measure.compare(before, measure.snapshot(docs, lock))
    result["one_change"] = {
        **_summary(done), "touched": change.count, "by_folder": change.by_folder(docs),
        "rewritten": len(change.rewritten), "added": len(change.added),
        "removed": len(change.removed),
    }  # fmt: skip


def profile(root: Path, n: int, env: dict, timeout: float, out: Path) -> Path:
    """cProfile a cold `readinglist generate` (generated pages removed, lock kept)."""
    project.remove_generated(root / "docs")
    stats_path, text_path = out / f"profile-n{n}.prof", out / f"profile-n{n}.txt"
    command = [sys.executable, "-m", "cProfile", "-o", str(stats_path),
               "-m", "generator.cli", "generate", "--root", str(root)]  # fmt: skip
    done = measure.run(command, cwd=root, env=env, timeout=timeout)
    with open(text_path, "w", encoding="utf-8") as handle:
        handle.write(done.stderr + "\n")
        if stats_path.exists():
            stats = pstats.Stats(str(stats_path), stream=handle).strip_dirs()
            stats.sort_stats("cumulative").print_stats(45)
            stats.sort_stats("tottime").print_stats(30)
    return text_path


def machine(src: Path) -> dict[str, str]:
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text()
                .splitlines() if line.startswith("model name")), platform.processor())  # fmt: skip
    return {
        "date": dt.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "nproc": str(os.cpu_count()),
        "CPU": cpu,
        "Python": platform.python_version(),
        "repo HEAD": _commit(),
        "generator measured": "the working tree" if src.resolve() == REPO else str(src.resolve()),
    }


def _commit() -> str:
    def git(*args: str) -> str:
        done = subprocess.run(["git", "-C", str(REPO), *args], capture_output=True, text=True)
        return done.stdout.strip()

    dirty = " + uncommitted generator/ changes" if git("status", "--porcelain", "generator") else ""
    return git("rev-parse", "--short", "HEAD") + dirty


def _notes(args, sizes: list[int]) -> list[str]:
    notes = [
        f"Synthetic lists from bench/synth.py (seed {args.seed}): shipped abstracts recombined "
        "by sentence, coined names/acronyms/numbers redrawn; ≤ 1,000 papers per list file, "
        "every 33rd paper in two lists.",
        "Times are wall-clock of a fresh process (Python start-up and imports included); "
        "`generate` runs on an empty docs/ with no lock file; `build` does the same in a "
        "second fresh project with the same lists; the plain build uses the nav, titles and "
        "page contexts the plugin produced (bench/hooks/), without the readinglist plugin. "
        "Replaced projects are deleted only when the benchmark ends (ext4 slows file "
        "creation for ~30 s after many files are deleted).",
        "Bytes before the first search result: Material's search worker downloads the whole "
        "search_index.json before it can answer, so = gzip(index) + gzip(worker script).",
    ]
    skipped = [n for n in sizes if args.no_mkdocs_above is not None and n > args.no_mkdocs_above]
    if skipped:
        notes.append(f"MkDocs builds skipped for N = {', '.join(f'{n:,}' for n in skipped)} "
                     f"(--no-mkdocs-above {args.no_mkdocs_above:,}).")  # fmt: skip
    return notes


def _write(results: list[dict], notes: list[str], about: dict[str, str], out: Path) -> str:
    text = report.render(results, about, notes)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    data = {"machine": about, "notes": notes, "results": results}
    out.with_suffix(".json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    return text


if __name__ == "__main__":
    sys.exit(main())
