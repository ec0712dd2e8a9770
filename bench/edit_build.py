"""One edit, rebuilt: what `readinglist build` costs after one abstract or one curated title
changed, and whether it leaves the site a cold build of the same inputs makes.

    python bench/edit_build.py --papers 5000 [--edits 3] [--abstracts real] [--src DIR]

In a fresh project of N papers (synthetic lists from bench/synth.py, or with `--abstracts real`
the training file's abstracts without their titles, ../shared/train/title_pairs.jsonl):

1. `readinglist build` cold (no lock, no cache, no site);
2. `--edits` times: one abstract gets one more word (a different paper each time), then
   `readinglist build`;
3. `--edits` times: one paper's title is set in lists/curation.yml, then `readinglist build`;
4. `--edits` times: a new list of 10 papers is added, then `readinglist build`;
5. `--edits` times: one more keyword for the taxonomy's first topic in lists/topics.yml, then
   `readinglist build`;
6. the same inputs built cold in a copy of the project, and the two sites compared file by
   file, the search index included.

Prints each run's wall and CPU time (the process and its workers) and the medians. `--src`
measures another copy of the package (e.g. `git archive REV generator | tar -x -C DIR`), with
`--python` the interpreter of an environment where that copy's entry points are installed.
"""

from __future__ import annotations

import argparse
import filecmp
import json
import os
import shutil
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

import measure
import project
import synth

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
EPOCH = "1767225600"  # SOURCE_DATE_EPOCH: first-seen dates do not change between runs
TRAINING = REPO.parent / "shared" / "train" / "title_pairs.jsonl"


def main() -> int:
    args = _parser().parse_args()
    root = project.make_project(args.workdir / f"edit-n{args.papers}", _lists(args))
    env = {**os.environ, "PYTHONPATH": str(args.src or REPO), "SOURCE_DATE_EPOCH": EPOCH}
    runs: dict[str, list[measure.Run]] = {"cold": [_build("cold", root, env, args)]}
    runs["abstract"] = [
        _build(f"abstract {n}", _edit_abstract(root, n), env, args) for n in range(args.edits)
    ]
    runs["title"] = [
        _build(f"title {n}", _curate_title(root, n), env, args) for n in range(args.edits)
    ]
    runs["list"] = [
        _build(f"list {n}", _add_list(root, n, args), env, args) for n in range(args.edits)
    ]
    runs["topic"] = [
        _build(f"topic {n}", _add_keyword(root, n), env, args) for n in range(args.edits)
    ]
    differing = _compare_with_cold(root, env, args)
    _summarise(runs, args, differing)
    return 0 if not differing else 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, default=5000)
    parser.add_argument("--edits", type=int, default=3, choices=range(1, len(KEYWORDS) + 1))
    parser.add_argument("--abstracts", choices=("synthetic", "real"), default="synthetic")
    parser.add_argument("--training", type=Path, default=TRAINING, help="the real abstracts")
    parser.add_argument("--src", type=Path, help="the folder holding the generator/ to measure")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--timeout", type=float, default=1800)
    parser.add_argument("--workdir", type=Path, default=BENCH / "out" / "work")
    return parser


ADDED = 10  # papers in each list the benchmark adds
KEYWORDS = ("benchmark*", "sparse", "attention", "graph neural network*", "tokeniz*")


def _lists(args: argparse.Namespace) -> dict[str, str]:
    if args.abstracts == "synthetic":
        return synth.make_lists(synth.read_sources(REPO / "lists"), args.papers)
    return synth.layout(_real_abstracts(args, args.papers + args.edits * ADDED)[: args.papers])


def _real_abstracts(args: argparse.Namespace, count: int) -> list[str]:
    with args.training.open(encoding="utf-8") as file:
        abstracts = [" ".join(json.loads(line)["abstract"].split()) for line in file]
    if len(abstracts) < count:
        sys.exit(f"{args.training} holds {len(abstracts)} abstracts, fewer than {count}")
    return abstracts[:count]


def _first_list(root: Path) -> Path:
    return sorted((root / "lists").glob("*.txt"))[0]


def _edit_abstract(root: Path, number: int) -> Path:
    """One more word at the end of the list's abstract `number` (after its name line)."""
    path = _first_list(root)
    parts = path.read_text(encoding="utf-8").split("\n\n")
    parts[1 + number] = parts[1 + number].rstrip() + f" zyxedit{number}"
    path.write_text("\n\n".join(parts), encoding="utf-8")
    return root


def _curate_title(root: Path, number: int) -> Path:
    lock = json.loads((root / "lists" / "readinglist.lock.json").read_text(encoding="utf-8"))
    paper_id = sorted(lock["papers"])[number]
    (root / "lists" / "curation.yml").write_text(
        f'papers:\n  {paper_id}:\n    title: "A Curated Title, Version {number}"\n', "utf-8"
    )
    return root


def _add_list(root: Path, number: int, args: argparse.Namespace) -> Path:
    """A new list of ADDED papers none of the project's lists hold."""
    if args.abstracts == "synthetic":
        sources = synth.read_sources(REPO / "lists")
        added = synth.make_abstracts(sources, ADDED, seed=1000 + number)
    else:
        start = args.papers + number * ADDED
        added = _real_abstracts(args, start + ADDED)[start:]
    text = "\n\n".join([f"Added papers, part {number}", *added]) + "\n"
    (root / "lists" / f"zz_added_{number}.txt").write_text(text, encoding="utf-8")
    return root


def _add_keyword(root: Path, number: int) -> Path:
    """One more keyword for the taxonomy's first topic (its list of keywords opened inline)."""
    path = root / "lists" / "topics.yml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("keywords: [", f"keywords: [{KEYWORDS[number]}, ", 1), "utf-8")
    return root


def _build(label: str, root: Path, env: dict, args: argparse.Namespace) -> measure.Run:
    command = [args.python, "-m", "generator.cli", "build", "-q", "--root", str(root)]
    done = measure.run(command, cwd=root, env=env, timeout=args.timeout)
    if not done.ok:
        sys.exit(f"{label} failed (exit {done.returncode}): {done.stderr.strip()[-800:]}")
    print(f"  {label:11} {done.seconds:7.1f} s wall {done.cpu_seconds:7.1f} s CPU "
          f"{done.peak_pss_mb:6.0f} MB", flush=True)  # fmt: skip
    return done


def _compare_with_cold(root: Path, env: dict, args: argparse.Namespace) -> list[str]:
    cold = root.with_name(root.name + "-cold")
    shutil.rmtree(cold, ignore_errors=True)
    shutil.copytree(root, cold, ignore=_build_output(root))
    _build("cold again", cold, env, args)
    return _differing(root / "site", cold / "site")


def _build_output(root: Path) -> Callable[[str, list[str]], set[str]]:
    """What a build made in the project's own folder (not docs/javascripts/site.js)."""

    def ignored(folder: str, names: list[str]) -> set[str]:
        if Path(folder) != root:
            return set()
        return {name for name in names if name in {".cache", "site"} or name.startswith("site.")}

    return ignored


def _differing(one: Path, other: Path) -> list[str]:
    def files(site: Path) -> set[str]:
        return {path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file()}

    mine, theirs = files(one), files(other)
    both = sorted(mine & theirs)
    changed = [p for p in both if not filecmp.cmp(one / p, other / p, shallow=False)]
    return sorted(mine ^ theirs) + changed


def _summarise(
    runs: dict[str, list[measure.Run]], args: argparse.Namespace, differing: list[str]
) -> None:
    print(f"\n{args.papers:,} papers ({args.abstracts} abstracts), medians of {args.edits}:")
    for label, done in runs.items():
        wall = [r.seconds for r in done]
        print(f"  {label:9} {statistics.median(wall):7.1f} s wall ({min(wall):.1f}-{max(wall):.1f})"
              f" {statistics.median(r.cpu_seconds for r in done):7.1f} s CPU")  # fmt: skip
    verdict = "byte-identical" if not differing else f"{len(differing)} files differ"
    print(f"  site after the edits vs a cold build of the same inputs: {verdict}")
    for path in differing[:10]:
        print(f"    {path}")


if __name__ == "__main__":
    raise SystemExit(main())
