"""The page scripts each kind of page downloads, raw and gzip (level 9), as the browser would.

    python bench/script_size.py              # the working tree
    python bench/script_size.py --rev HEAD~3 # a revision (files read with `git show`)

The scripts are history.js (a classic script every page loads before the theme's bundle,
overrides/main.html), mkdocs.yml's extra_javascript, then every module they import: statically
(`import ... from "./x.js"`, followed through), and the modules the entry module imports by
page (`import("./x.js")`: marks.js where a page has a paper mark, browse.js on browse/,
map.js on map/, mylist-page.js on my-list/). At a revision with classic scripts every page
loads them all. Besides these, every page loads the theme's own bundle (not counted).
"""

from __future__ import annotations

import argparse
import gzip
import re
import subprocess
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = "docs/javascripts/"
# Kinds of page -> the modules the entry module imports there (javascripts/readinglist.js).
PAGES = {
    "page without papers (About)": (),
    "paper page, listing (topic, list, tag, home)": ("marks.js",),
    "browse/": ("marks.js", "browse.js"),
    "map/": ("map.js",),
    "my-list/": ("mylist-page.js",),
}
_IMPORT = re.compile(r"""^import\s[^;]*?from\s+"\./([\w.-]+\.js)";""", re.M)


def read(rev: str | None, path: str) -> str:
    if rev is None:
        return (REPO / path).read_text(encoding="utf-8")
    command = ["git", "-C", str(REPO), "show", f"{rev}:{path}"]
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def entries(rev: str | None) -> list[str]:
    config = yaml.load(read(rev, "mkdocs.yml"), Loader=yaml.BaseLoader)  # !ENV tags as text
    names = [item if isinstance(item, str) else item["path"] for item in config["extra_javascript"]]
    scripts = [name.removeprefix("javascripts/") for name in names]
    return (["history.js"] if "history.js" in read(rev, "overrides/main.html") else []) + scripts


def closure(rev: str | None, names: list[str]) -> list[str]:
    """`names` and every module they import statically, each once."""
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop(0)
        if name not in seen:
            seen.append(name)
            todo.extend(_IMPORT.findall(read(rev, SCRIPTS + name)))
    return seen


def page_scripts(page: str, rev: str | None = None) -> list[str]:
    """The scripts a kind of page (a key of PAGES) downloads, entry modules first."""
    first = entries(rev)
    return closure(rev, first + (list(PAGES[page]) if "readinglist.js" in first else []))


def gzip_size(data: bytes) -> int:
    """`data`'s size gzipped as GitHub Pages serves it (level 9; no timestamp, so stable)."""
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", help="a git revision instead of the working tree")
    args = parser.parse_args()
    print(f"{'page':48} {'files':>5} {'raw':>9} {'gzip':>9}")
    for page in PAGES:
        names = page_scripts(page, args.rev)
        texts = [read(args.rev, SCRIPTS + name).encode() for name in names]
        raw = sum(len(text) for text in texts)
        packed = sum(gzip_size(text) for text in texts)
        print(f"{page:48} {len(names):5} {raw / 1000:7.1f} KB {packed / 1000:7.1f} KB")


if __name__ == "__main__":
    main()
