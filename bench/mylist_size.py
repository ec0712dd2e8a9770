"""What a reader downloads for the my-list page at N papers, gzip as GitHub Pages serves it.

    python bench/mylist_size.py                  # 5,000 synthetic papers (bench/synth.py)
    python bench/mylist_size.py --papers 20000

Generates a synthetic project (no MkDocs build: the files measured are the generator's and
the repository's own) and prints the gzip bytes of my-list/ids.txt, the page's scripts
(the modules it imports, bench/script_size.py: its own, and the facet controller and core it
shares with browse/) and stylesheets, and, for comparison, the files the page does not
download: browse/index.json, which would give it topic, kind and list facets, browse/'s
summaries beside it (browse/summaries.json, never fetched by the page), and papers.json (an
export fetches one of the site's files, only when the reader asks for it).
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

PAGE_FILES = ("my-list/ids.txt",
              *(f"javascripts/{name}" for name in script_size.page_scripts("my-list/")),
              "stylesheets/mylist.css", "stylesheets/browse.css")  # fmt: skip
NOT_DOWNLOADED = ("browse/index.json", "browse/summaries.json", "papers.json")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--papers", type=int, default=5_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        lists = synth.make_lists(synth.read_sources(REPO / "lists"), args.papers)
        root = project.make_project(Path(folder) / "project", lists)
        command = [sys.executable, "-m", "generator.cli", "generate", "--root", str(root)]
        subprocess.run(command, check=True, capture_output=True)
        docs = root / "docs"
        ids = len((docs / "my-list" / "ids.txt").read_text(encoding="utf-8").splitlines())
        print(f"{ids} papers")
        total = 0
        for name in PAGE_FILES:
            size = script_size.gzip_size((docs / name).read_bytes())
            total += size
            raw = (docs / name).stat().st_size
            print(f"{name:32} {size / 1000:8.1f} KB gzip ({raw / 1000:.1f} KB)")
        print(f"{'the my-list page downloads':32} {total / 1000:8.1f} KB gzip, besides the theme")
        for name in NOT_DOWNLOADED:
            label = f"{name} (not downloaded)"
            packed = script_size.gzip_size((docs / name).read_bytes())
            print(f"{label:32} {packed / 1000:8.1f} KB gzip")


if __name__ == "__main__":
    main()
