"""How long relating N papers takes, and how much memory, on the synthetic lists.

    python bench/related_timing.py [--sizes 12000 25000 50000] [--k 5]

For each size N, a fresh process makes N synthetic abstracts (`synth`, from the shipped
lists) and relates them with `generator.describe.related.related_ids`, as the build's relate
stage does (each document its abstract). Prints a Markdown table: papers, CPU seconds of
relating (the process's own, and its workers'), wall seconds, the process's peak resident
memory (making the texts included), and the ratio of CPU time to the size before (linear:
about 2 for a doubled size; quadratic: 4). Timings are of a machine others may share: say
what else ran when quoting them.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main() -> int:
    args = _parser().parse_args()
    if args.one:
        print(json.dumps(_relate(args.one, args.k)))
        return 0
    print("| papers | CPU s | wall s | peak MB | ratio |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    before = None
    for size in args.sizes:
        command = [sys.executable, __file__, "--one", str(size), "--k", str(args.k)]
        found = json.loads(subprocess.run(command, check=True, capture_output=True).stdout)
        ratio = f"{found['cpu'] / before:.2f}" if before else ""
        print(f"| {size:,} | {found['cpu']:.2f} | {found['wall']:.2f} | {found['peak_mb']:.0f} "
              f"| {ratio} |", flush=True)  # fmt: skip
        before = found["cpu"]
    return 0


def _relate(size: int, k: int) -> dict[str, float]:
    sys.path[:0] = [str(REPO), str(REPO / "bench")]
    import synth

    from generator.describe import related

    texts = synth.make_abstracts(synth.read_sources(REPO / "lists"), size)
    ids = [f"{n:08x}" for n in range(size)]
    cpu, wall = _clock()
    related.related_ids(ids, texts, k=k)
    cpu_after, wall_after = _clock()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"cpu": cpu_after - cpu, "wall": wall_after - wall, "peak_mb": peak}


def _clock() -> tuple[float, float]:
    """CPU seconds of this process and its finished workers, and the wall clock."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime
    return used, time.perf_counter()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[12_000, 25_000, 50_000])
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--one", type=int, default=0, help=argparse.SUPPRESS)
    return parser


if __name__ == "__main__":
    sys.exit(main())
