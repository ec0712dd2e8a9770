"""The build with the newest releases the dependency ranges allow, beside the pinned set.

    python bench/newest.py --papers 5000 [--rounds 3]            # the figures in README.md
    python bench/newest.py --papers 200 --rounds 2 --check 1.5   # scripts/test.sh's check

`constraints.txt` pins what the tests ran against; anyone installing without it (a plain
`pip install`, a site bumping a pin for a security fix) gets the newest releases instead, and a
patch release of Python-Markdown once made the build 2.7x slower with nobody noticing. This
installs the project without constraints into a fresh virtualenv (`--venv`, made with this
Python; `--reuse` keeps one made before), then builds fresh projects of N synthetic papers
(bench/synth.py) cold, `readinglist build`, alternately with this interpreter (the pinned set,
as `scripts/test.sh` installs it) and the newest one: A B A B, `--rounds` of each. Both run the
same `generator/` (`--src`, default the repository's). Prints each run's wall and CPU seconds
(the build and its workers), the packages that differ, and the median CPU ratio newest/pinned;
with `--check R` it exits 1 when that ratio is above R. CPU time, not wall: another job on the
machine slows both alike in CPU far less than in wall time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

import measure
import project
import synth
import tomllib

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
EPOCH = "1767225600"  # SOURCE_DATE_EPOCH: first-seen dates do not change between runs
# What the build's time depends on: the ones whose versions the report prints.
WATCHED = ("markdown", "pymdown-extensions", "mkdocs", "mkdocs-material", "jinja2", "pagefind")


def main() -> int:
    args = _parser().parse_args()
    newest = _newest_python(args.venv, reuse=args.reuse)
    pythons = {"pinned": sys.executable, "newest": str(newest)}
    _print_versions(pythons)
    lists = synth.make_lists(synth.read_sources(REPO / "lists"), args.papers)
    env = {**os.environ, "PYTHONPATH": str(args.src), "SOURCE_DATE_EPOCH": EPOCH}
    runs: dict[str, list[measure.Run]] = {"pinned": [], "newest": []}
    for round_ in range(1, args.rounds + 1):
        for label, python in pythons.items():
            root = project.make_project(args.workdir / f"newest-n{args.papers}-{label}", lists)
            command = [python, "-m", "generator.cli", "build", "-q", "--root", str(root)]
            done = measure.run(command, cwd=root, env=env, timeout=args.timeout)
            if not done.ok:
                sys.exit(f"{label} build failed (exit {done.returncode}): {done.stderr[-500:]}")
            print(f"  round {round_} {label:6} {done.seconds:7.1f} s wall "
                  f"{done.cpu_seconds:7.1f} s CPU", flush=True)  # fmt: skip
            runs[label].append(done)
    ratio = _summarise(runs, args.papers)
    if args.check is not None and ratio > args.check:
        print(f"FAIL: the newest releases take {ratio:.2f}x the pinned set's CPU time "
              f"(at most {args.check}x)", file=sys.stderr)  # fmt: skip
        return 1
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--check", type=float, help="exit 1 above this CPU ratio")
    parser.add_argument("--venv", type=Path, default=BENCH / "out" / "newest-venv")
    parser.add_argument("--reuse", action="store_true", help="keep a --venv made before")
    parser.add_argument("--src", type=Path, default=REPO, help="the folder holding generator/")
    parser.add_argument("--timeout", type=float, default=1800)
    parser.add_argument("--workdir", type=Path, default=BENCH / "out" / "work")
    return parser


def _newest_python(venv: Path, *, reuse: bool) -> Path:
    """The Python of a virtualenv holding the project's dependencies, newest releases (the
    project itself is run from `--src` through PYTHONPATH, as on the pinned side)."""
    python = venv / "bin" / "python"
    if reuse and python.exists():
        return python
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    # pyproject.toml's ranges, no -c constraints.txt: pip takes the newest release of each.
    requirements = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    if subprocess.run([*pip, *requirements]).returncode:
        shutil.rmtree(venv)  # half-installed: never measured, nor kept for --reuse
        sys.exit(
            "bench/newest.py: could not install the newest releases from PyPI (pip's message "
            "above); offline, `RL_SKIP_NEWEST=1 scripts/test.sh` leaves this check out"
        )
    return python


def _print_versions(pythons: dict[str, str]) -> None:
    probe = ("import importlib.metadata as m, json, sys; print(json.dumps({n: m.version(n) "
             f"for n in {WATCHED!r}}}))")  # fmt: skip
    found = {
        label: subprocess.run([python, "-c", probe], check=True, capture_output=True, text=True)
        for label, python in pythons.items()
    }
    for label, done in found.items():
        print(f"{label}: {done.stdout.strip()}", flush=True)


def _summarise(runs: dict[str, list[measure.Run]], papers: int) -> float:
    print(f"\n{papers:,} papers, cold `readinglist build`, medians of {len(runs['pinned'])}:")
    cpu = {}
    for label, done in runs.items():
        wall = statistics.median(r.seconds for r in done)
        cpu[label] = statistics.median(r.cpu_seconds for r in done)
        print(f"  {label:6} {wall:7.1f} s wall {cpu[label]:7.1f} s CPU")
    ratio = cpu["newest"] / cpu["pinned"]
    print(f"  newest / pinned, CPU: {ratio:.2f}x")
    return ratio


if __name__ == "__main__":
    raise SystemExit(main())
