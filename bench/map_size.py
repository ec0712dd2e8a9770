"""What a reader downloads for the map page (map/) at N papers, gzip as GitHub Pages serves it.

    python bench/map_size.py                  # 5,000 synthetic papers (bench/synth.py)
    python bench/map_size.py --papers 20000
    python bench/map_size.py --docs DIR       # a project's docs/ generated already

Generates a synthetic project (no MkDocs build: the files measured are the generator's and
the repository's own) and prints the gzip bytes (level 9) of what the page fetches for its
first paint (the points and their colours, the page's scripts, bench/script_size.py), then for
the points' links and the filters (the facet index), then when a reader first points at or
into the map (the papers' summaries), and the totals. Words typed in the filter load the
site's search engine (Pagefind), as on browse/: not counted here.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

import project
import script_size
import synth

REPO = Path(__file__).resolve().parent.parent
FIRST_PAINT = ("map/points.json",)
LINKS = ("browse/index.json",)
ON_FIRST_LOOK = ("browse/summaries.json",)


def _line(label: str, packed: int, detail: str) -> None:
    print(f"{label:34} {packed / 1000:8.1f} KB gzip ({detail})")


def report(docs: Path) -> None:
    """The sizes of the map page's files under `docs` (data) and the repository (scripts)."""
    scripts = [REPO / "docs" / "javascripts" / name for name in script_size.page_scripts("map/")]
    code = sum(script_size.gzip_size(path.read_bytes()) for path in scripts)
    _line("the page's scripts", code, f"{len(scripts)} files")
    data = 0
    stages = ((FIRST_PAINT, "first paint: data"), (LINKS, "links and filters: data"),
              (ON_FIRST_LOOK, "all its data"))  # fmt: skip
    for files, total in stages:
        for name in files:
            size = script_size.gzip_size((docs / name).read_bytes())
            data += size
            _line(name, size, f"{(docs / name).stat().st_size / 1000:.1f} KB raw")
        _line(total, data, f"with the scripts {(data + code) / 1000:.1f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=5_000)
    parser.add_argument("--docs", type=Path, help="a generated project's docs/ to measure")
    args = parser.parse_args()
    if args.docs:
        report(args.docs)
        return
    with tempfile.TemporaryDirectory() as folder:
        lists = synth.make_lists(synth.read_sources(REPO / "lists"), args.papers)
        root = project.make_project(Path(folder) / "project", lists)
        command = [sys.executable, "-m", "generator.cli", "generate", "--root", str(root)]
        subprocess.run(command, check=True, capture_output=True)
        print(f"{args.papers} papers")
        report(root / "docs")


if __name__ == "__main__":
    main()
