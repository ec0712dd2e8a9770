"""The build a curator waits for, beside the least MkDocs needs for the same abstracts.

    python bench/build_ratio.py --papers 5000 [--rounds 2]

Side by side in one run, each round in fresh projects of N synthetic papers (bench/synth.py):

- `readinglist build` cold: the shipped `mkdocs.yml` as it is, no lock file, no docs/ pages;
- `readinglist build` again with nothing changed (it must leave site/ untouched: checked);
- the baseline, plain `mkdocs build` of the same N abstracts as bare one-paragraph pages: the
  same `mkdocs.yml` theme, features and Markdown extensions, the same overrides, every page out
  of the navigation, no readinglist plugin.

Rounds alternate A B A B so that the machine's drift falls on both. Prints each run's wall and
CPU time and peak memory (the process and its workers), the medians, and the ratio of the cold
build to the baseline.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
from pathlib import Path

import measure
import project
import synth

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
EPOCH = "1767225600"  # SOURCE_DATE_EPOCH: first-seen dates do not change between runs


def main() -> int:
    args = _parser().parse_args()
    sources = synth.read_sources(REPO / "lists")
    lists = synth.make_lists(sources, args.papers)
    abstracts = synth.make_abstracts(sources, args.papers)
    env = {**os.environ, "PYTHONPATH": str(REPO), "SOURCE_DATE_EPOCH": EPOCH}
    runs: dict[str, list[measure.Run]] = {"build": [], "no-op build": [], "bare": []}
    for round_ in range(1, args.rounds + 1):
        root = project.make_project(args.workdir / f"ratio-n{args.papers}", lists)
        runs["build"].append(_timed("build", _readinglist_build(root), root, env, args))
        before = measure.snapshot(root / "site")
        runs["no-op build"].append(_timed("no-op", _readinglist_build(root), root, env, args))
        touched = measure.compare(before, measure.snapshot(root / "site")).count
        print(f"  round {round_}: the no-op build touched {touched} files in site/", flush=True)
        bare = make_bare_project(args.workdir / f"bare-n{args.papers}", abstracts)
        runs["bare"].append(_timed("bare", _mkdocs_build(), bare, env, args))
    _summarise(runs, args.papers)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=1800)
    parser.add_argument("--workdir", type=Path, default=BENCH / "out" / "work")
    return parser


def _readinglist_build(root: Path) -> list[str]:
    return [sys.executable, "-m", "generator.cli", "build", "-q", "--root", str(root)]


def _mkdocs_build() -> list[str]:
    return [sys.executable, "-m", "mkdocs", "build", "-q"]


def _timed(label: str, command: list[str], cwd: Path, env: dict, args) -> measure.Run:
    done = measure.run(command, cwd=cwd, env=env, timeout=args.timeout)
    if not done.ok:
        sys.exit(f"{label} failed (exit {done.returncode}): {done.stderr.strip()[-500:]}")
    print(f"  {label:6} {done.seconds:7.1f} s wall {done.cpu_seconds:7.1f} s CPU "
          f"{done.peak_pss_mb:6.0f} MB", flush=True)  # fmt: skip
    return done


def make_bare_project(root: Path, abstracts: list[str]) -> Path:
    """The repository's mkdocs.yml and theme without the readinglist plugin, and one page per
    abstract holding only that abstract, out of the navigation."""
    if root.exists():
        shutil.rmtree(root)
    docs = root / "docs" / "p"
    docs.mkdir(parents=True)
    for name in ("overrides", "docs/stylesheets", "docs/javascripts"):
        shutil.copytree(REPO / name, root / name)
    (root / "docs" / "index.md").write_text("# Bare pages\n\nOne page per abstract.\n")
    for number, abstract in enumerate(abstracts):
        (docs / f"{number:05d}.md").write_text(abstract.strip() + "\n", encoding="utf-8")
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("  - readinglist:\n      lists_dir: lists\n", "")
    assert "readinglist:" not in config, "the bare build must not run the generator"
    config += "nav:\n  - index.md\nnot_in_nav: |\n  /p/\n"
    (root / "mkdocs.yml").write_text(config, encoding="utf-8")
    return root


def _summarise(runs: dict[str, list[measure.Run]], papers: int) -> None:
    print(f"\n{papers:,} papers, medians of {len(runs['build'])} rounds:")
    median = {label: statistics.median(r.seconds for r in done) for label, done in runs.items()}
    for label, done in runs.items():
        cpu = statistics.median(r.cpu_seconds for r in done)
        memory = max(r.peak_pss_mb for r in done)
        print(f"  {label:12} {median[label]:7.1f} s wall {cpu:7.1f} s CPU  peak {memory:,.0f} MB")
    ratio = median["build"] / median["bare"]
    print(f"  cold readinglist build / bare mkdocs build: {ratio:.2f}x (target <= 2x)")


if __name__ == "__main__":
    raise SystemExit(main())
