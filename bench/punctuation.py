"""How long one abstract made of a long run of one punctuation mark adds to a build.

    python bench/punctuation.py [--sizes 50000 100000 200000] [--units _ '*' '$a'] [--papers 20]

For each unit (every ASCII punctuation character, then `$a`, `[a](`, `&#`, `<sub>` and
`\frac{`, each copy a group inside the one before) and size N, a
fresh project of `--papers` real abstracts (the shipped lists) plus one abstract holding N
copies of the unit between two short sentences is built with `readinglist build -q`; the
same project without that abstract, built just before it (A B pairs, so the machine's drift
falls on both), is the baseline. Prints a Markdown table: size, unit, seconds of the build
(wall clock and CPU), CPU seconds added over its baseline, and the ratio of the CPU time added
at each size to the CPU time added at the one before (linear time: about 2 for a doubled
size; below a second added, the ratio is mostly noise). CPU time is the build's and its
worker processes' (user + system), so other work on a busy machine inflates it far less
than the wall clock; quote both, and say what else the machine ran.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import project

REPO = Path(__file__).resolve().parent.parent
UNITS = (*string.punctuation, "$a", "[a](", "&#", "<sub>", "\\frac{")
EPOCH = "1767225600"  # SOURCE_DATE_EPOCH: the same first-seen dates in every project


def main() -> int:
    args = _parser().parse_args()
    abstracts = _seed_abstracts(args.papers)
    with tempfile.TemporaryDirectory(prefix="rl-punctuation-") as work:
        print(f"{len(abstracts)} real abstracts beside the hostile one\n")
        print("| size | unit | build s | build CPU s | added CPU s | ratio |")
        print("| ---: | --- | ---: | ---: | ---: | ---: |")
        for unit in args.units:
            before = None
            for size in args.sizes:
                _, base = _build(Path(work) / "baseline", abstracts)
                wall, cpu = _build(Path(work) / "run", [*abstracts, _hostile(unit, size)])
                added = max(cpu - base, 0.01)
                ratio = f"{added / before:.2f}" if before else ""
                row = f"| {size:,} | `{unit}` | {wall:.2f} | {cpu:.2f} | {added:.2f} | {ratio} |"
                print(row, flush=True)
                before = added
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50_000, 100_000, 200_000])
    parser.add_argument("--units", nargs="+", default=list(UNITS))
    parser.add_argument("--papers", type=int, default=20, help="real abstracts beside it")
    return parser


def _hostile(unit: str, size: int) -> str:
    return f"We study a model. {unit * size} The results hold."


def _seed_abstracts(count: int) -> list[str]:
    text = sorted((REPO / "lists").glob("*.txt"))[0].read_text(encoding="utf-8")
    return text.split("\n\n")[1 : 1 + count]


def _build(root: Path, abstracts: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one cold `readinglist build -q` of a fresh project holding
    `abstracts` (CPU: the build's and its workers', which it waits for)."""
    if root.exists():
        shutil.rmtree(root)
    project.make_project(root, {"bench.txt": "Bench list\n\n" + "\n\n".join(abstracts) + "\n"})
    command = [sys.executable, "-m", "generator.cli", "build", "-q", "--root", str(root)]
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=_env(), capture_output=True, text=True)
    seconds = time.perf_counter() - start
    now = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        sys.exit(f"build failed in {root}:\n{done.stderr}")
    return seconds, now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime


def _env() -> dict[str, str]:
    import os

    return {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}


if __name__ == "__main__":
    sys.exit(main())
