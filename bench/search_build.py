"""The search index in the whole build: peak memory, and whether two cold builds are the same.

    python bench/search_build.py --papers 5000 20000 [--twice] [--src DIR]

For each N, in a fresh project of N synthetic papers (bench/synth.py, the shipped mkdocs.yml):

- `readinglist build` cold: wall and CPU time, the peak summed PSS of the process and all its
  children (Pagefind's indexer included), the largest single process's max RSS (`os.wait4`);
- the built site indexed again alone (`generator.search.build_pagefind`, no cache): the same
  figures for the search index by itself, and the number of shards it made;
- one paper page of the built site edited, and the site indexed again with the build's cache
  (as the next build does: Pagefind given the changed pages, the last index updated): the
  same figures; then 18 pages edited (as many as one edited abstract changes at 5,000
  papers), the same again, `--edits` times each (medians);
- the edited site indexed from nothing in a copy (no cache), and the two `pagefind/` folders
  compared file by file: an updated index must be a cold one's;
- with `--twice`, a second cold build in another fresh project, and the two `site/` trees
  compared file by file (the number that differ, and the first few).

`--src` measures another copy of `generator/` (e.g. `git archive HEAD generator | tar -x -C
/tmp/snap`) while the working tree changes. Projects stay in `--workdir` for inspection.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import sys
from pathlib import Path

import measure
import project
import synth

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
EPOCH = "1767225600"  # SOURCE_DATE_EPOCH: first-seen dates do not change between runs
INDEX_AGAIN = (
    "import sys, shutil; from pathlib import Path; from generator import search; "
    "site = Path(sys.argv[1]); shutil.rmtree(site / 'pagefind', ignore_errors=True); "
    "search.build_pagefind(site)"
)


def main() -> int:
    if sys.argv[1:2] == ["--index-edited"]:  # the measured child of `_edit_one`
        return _index_edited(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    args = _parser().parse_args()
    env = {**os.environ, "PYTHONPATH": str(args.src.resolve()), "SOURCE_DATE_EPOCH": EPOCH}
    sources = synth.read_sources(REPO / "lists")
    for papers in args.papers:
        lists = synth.make_lists(sources, papers)
        root = project.make_project(args.workdir / f"search-n{papers}", lists)
        print(f"{papers:,} papers", flush=True)
        _report("readinglist build, cold", _run(_build(root), root, env, args))
        site = root / "site"
        _report("the site indexed again alone", _run(_index(site), root, env, args))
        print(f"  pagefind/ holds {_count(site / 'pagefind')} files", flush=True)
        if args.twice:
            again = project.make_project(args.workdir / f"search-n{papers}-again", lists)
            _report("readinglist build, cold, again", _run(_build(again), again, env, args))
            _compare(site, again / "site")
        _edit_one(root, env, args)
    return 0


def _edit_one(root: Path, env: dict, args) -> None:
    """Last: it changes the site."""
    site, cache = root / "site", root / ".cache" / "readinglist" / "pagefind"
    for count in (1, 18):
        runs = []
        for edit in range(args.edits):
            command = [sys.executable, __file__, "--index-edited", str(site), str(cache),
                       str(count), f"Zyxedit{edit}"]  # fmt: skip
            runs.append(_run(command, root, env, args))
        _report(f"{count} page(s) edited: {runs[0].stdout.strip()}", _median(runs))
    cold = root / "site.cold"
    shutil.rmtree(cold, ignore_errors=True)
    shutil.copytree(site, cold, ignore=shutil.ignore_patterns("pagefind"))
    _report("the edited site indexed anew", _run(_index(cold), root, env, args))
    _compare(site / "pagefind", cold / "pagefind", what="updated and cold index")


def _index_edited(site: Path, cache: Path, count: int, word: str) -> int:
    """`count` paper pages, spread over the site, given `word` in their own first paragraph,
    then the site indexed as the next build indexes it."""
    from generator import search

    pages = sorted((site / "papers").glob("*/index.html"))
    for page in pages[:: max(1, len(pages) // count)][:count]:
        text = page.read_text(encoding="utf-8")
        at = text.index("<p>", text.index("rl-page--paper")) + 3
        page.write_text(f"{text[:at]}{word} {text[at:]}", encoding="utf-8")
    print(search.build_pagefind(site, cache=cache), "pages given to Pagefind")
    return 0


def _median(runs: list[measure.Run]) -> measure.Run:
    return sorted(runs, key=lambda run: run.cpu_seconds)[len(runs) // 2]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, nargs="+", default=[5_000])
    parser.add_argument("--twice", action="store_true", help="a second cold build, compared")
    parser.add_argument("--edits", type=int, default=3, help="runs of each edit (median)")
    parser.add_argument("--timeout", type=float, default=3_600, help="per command, seconds")
    parser.add_argument("--src", type=Path, default=REPO, help="folder holding generator/")
    parser.add_argument("--workdir", type=Path, default=BENCH / "out" / "work")
    return parser


def _build(root: Path) -> list[str]:
    return [sys.executable, "-m", "generator.cli", "build", "-q", "--root", str(root)]


def _index(site: Path) -> list[str]:
    return [sys.executable, "-c", INDEX_AGAIN, str(site)]


def _run(command: list[str], cwd: Path, env: dict, args) -> measure.Run:
    done = measure.run(command, cwd=cwd, env=env, timeout=args.timeout)
    if not done.ok:
        sys.exit(f"failed (exit {done.returncode}): {done.stderr.strip()[-800:]}")
    return done


def _report(label: str, done: measure.Run) -> None:
    print(f"  {label:32} {done.seconds:7.1f} s wall {done.cpu_seconds:7.1f} s CPU  "
          f"peak {done.peak_pss_mb:7,.0f} MB summed PSS, "
          f"{done.max_rss_mb:7,.0f} MB largest process", flush=True)  # fmt: skip


def _count(folder: Path) -> int:
    return sum(1 for path in folder.rglob("*") if path.is_file())


def _compare(first: Path, second: Path, *, what: str = "two cold builds") -> None:
    one, two = _digests(first), _digests(second)
    differ = sorted(path for path in one.keys() | two.keys() if one.get(path) != two.get(path))
    print(f"  {what}: {len(one):,} files, {len(differ)} differ", *differ[:5], sep="\n    ")


def _digests(site: Path) -> dict[str, str]:
    return {
        path.relative_to(site).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in site.rglob("*")
        if path.is_file()
    }


if __name__ == "__main__":
    sys.exit(main())
