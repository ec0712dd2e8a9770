#!/usr/bin/env python3
"""Score derived titles against real ones: generate the pages of some lists, run titlescore.

Usage: python scripts/score_titles.py [--seeds DIR] [--truth FILE] [--show]

The lists in DIR are copied into a temporary project laid out like this repository (mkdocs.yml,
overrides/, docs/, lists/topics.yml), `python -m generator.cli generate` writes the pages there,
and the shared scorer compares the titles in their front matter with the real titles in FILE.
It also prints the time `titles`/`summaries` take per abstract. Nothing here is tuned to a
particular list: the same script scores unseen lists.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
sys.path.insert(0, str(REPO))  # run from anywhere: the project, its generator and test helpers

from tests.conftest import copy_project  # noqa: E402  (one way to lay out a project)


def main() -> int:
    args = _parser().parse_args()
    with tempfile.TemporaryDirectory(prefix="titlescore-") as tmp:
        project = _make_project(Path(tmp) / "project", args.seeds)
        _run([sys.executable, "-m", "generator.cli", "generate", "-q", "--root", str(project)])
        scorer = [sys.executable, str(args.scorer), str(args.truth), str(args.seeds)]
        command = [*scorer, str(project / "docs" / "papers")]
        _run(command + (["--show"] if args.show else []))
    _print_timing(args.seeds)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=Path, default=SHARED / "seeds", help="folder of lists")
    parser.add_argument("--truth", type=Path, default=SHARED / "eval" / "dev_titles.jsonl")
    parser.add_argument("--scorer", type=Path, default=SHARED / "eval" / "titlescore.py")
    parser.add_argument("--show", action="store_true", help="one row per paper")
    return parser


def _make_project(target: Path, seeds: Path) -> Path:
    """A project like the repository's, with the lists of `seeds` instead of the shipped ones."""
    lists = {path.name: path.read_bytes() for path in sorted(seeds.glob("*.txt"))}
    return copy_project(target, lists=lists)


def _run(command: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    subprocess.run(command, check=True, cwd=REPO, env=env)


def _print_timing(seeds: Path) -> None:
    """Time the analysis, title, summary and kind per abstract as the pipeline calls them;
    best of five rounds of CPU time. Prints a reference loop too: on a busy machine every
    number grows alike."""
    from generator.describe import kinds, summaries, titles
    from generator.describe.abstracts import analyse

    abstracts = []
    for path in sorted(seeds.glob("*.txt")):
        text = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n")
        abstracts += [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()][1:]
    rounds = []
    for _ in range(6):  # the first round compiles the regular expressions
        _clear_caches(sys.modules["generator"])  # every paper is new to a real build
        start = time.process_time()
        for abstract in abstracts:
            parts = analyse(abstract)
            titles.derive_title(parts)
            summaries.summarize(parts)
            kinds.classify(parts)
        rounds.append((time.process_time() - start) / max(len(abstracts), 1) * 1000)
    reference = min(timeit.repeat("sum(range(1000))", number=2000, repeat=5)) / 2000 * 1e6
    print(
        f"timing: {len(abstracts)} abstracts, {min(rounds[1:]):.3f} ms per paper "
        f"(analysis+title+summary+kind, CPU time); reference sum(range(1000)) = {reference:.1f} us"
    )


def _clear_caches(package: object) -> None:
    for name, module in list(sys.modules.items()):
        if name.startswith(f"{package.__name__}."):
            for value in vars(module).values():
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


if __name__ == "__main__":
    raise SystemExit(main())
