"""Live preview: how long after saving an edited abstract `mkdocs serve` shows it.

    python bench/preview_timing.py --papers 1000 [--edits 3]

Builds a fresh project of N synthetic papers (bench/synth.py), starts `mkdocs serve` on
loopback, and waits for its first build. Then, edit after edit, appends a new word to one
abstract in lists/, saves, and polls that paper's page (as a browser reloading would) until the
word is on it: the time from saving to the page showing it is printed. After the last edit it
checks that the served site is whole: every paper's page, every paper on its list's pages,
and the edited word in the search index (Pagefind's, or Material's).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import project
import synth

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent


def main() -> int:
    args = _parser().parse_args()
    lists = synth.make_lists(synth.read_sources(REPO / "lists"), args.papers)
    root = project.make_project(args.workdir / f"preview-n{args.papers}", lists)
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO), "SOURCE_DATE_EPOCH": "1767225600"}
    command = [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"]
    server = subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)  # fmt: skip
    log: list[str] = []
    threading.Thread(target=lambda: log.extend(server.stderr or []), daemon=True).start()
    try:
        base = _wait_until_served(log, args.timeout)
        print(f"first build: served at {base}", flush=True)
        timings = [_edit_and_wait(root, base, n, args.timeout) for n in range(args.edits)]
        seconds = [shown for shown, _ in timings]
        for number, (shown, found) in enumerate(timings, start=1):
            print(
                f"edit {number}: visible {shown:.2f} s after saving, found by search {found:.2f} s"
            )
        print(f"median: {statistics.median(seconds):.2f} s over {len(seconds)} edits; "
              f"search {statistics.median(f for _, f in timings):.2f} s")  # fmt: skip
        print(_whole(root, base))
        print(f"builds: {sum('Building documentation' in line for line in log)}")
    finally:
        server.terminate()
        server.wait(timeout=30)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--papers", type=int, default=1000)
    parser.add_argument("--edits", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--workdir", type=Path, default=BENCH / "out" / "work")
    return parser


def _edit_and_wait(root: Path, base: str, number: int, timeout: float) -> tuple[float, float]:
    """Append a new word to the middle abstract of the first list; seconds until it shows,
    and until Pagefind's index of the served site holds it."""
    word = f"Marsupialia{number}x{int(time.time())}"
    path = sorted((root / "lists").glob("*.txt"))[0]
    header, *abstracts = path.read_text(encoding="utf-8").split("\n\n")
    index = len(abstracts) // 2
    abstracts[index] = abstracts[index].rstrip("\n") + f" We name it {word}."
    time.sleep(1.5)  # a pause between edits, as a curator's
    path.write_text("\n\n".join([header, *abstracts]), encoding="utf-8")
    saved = time.monotonic()
    page = _page_of(root, word, saved + timeout)
    while word not in (_get(f"{base}/{page}") or ""):
        if time.monotonic() > saved + timeout:
            raise SystemExit(f"the edit did not show within {timeout} s")
        time.sleep(0.05)
    shown = time.monotonic() - saved
    while not _indexed(word, page):
        if time.monotonic() > saved + timeout:
            raise SystemExit(f"the edited word was not indexed within {timeout} s")
        time.sleep(0.1)
    return shown, time.monotonic() - saved


def _indexed(word: str, page: str) -> bool:
    """Whether a served site's Pagefind index holds `word` on `page`: `mkdocs serve` builds
    into a temporary folder (mkdocs_*); its fragments are gzip JSON, one a page."""
    for fragments in Path(tempfile.gettempdir()).glob("mkdocs_*/pagefind/fragment"):
        for path in fragments.glob("*.pf_fragment"):
            with contextlib.suppress(OSError, ValueError):
                data = gzip.decompress(path.read_bytes()).removeprefix(b"pagefind_dcd")
                found = json.loads(data)
                if found.get("url", "").endswith(page) and word in found.get("content", ""):
                    return True
    return False


def _page_of(root: Path, word: str, deadline: float) -> str:
    """The address of the page the generator wrote for the edited abstract."""
    while time.monotonic() < deadline:
        for path in (root / "docs" / "papers").glob("*.md"):
            if word in path.read_text(encoding="utf-8"):
                return f"papers/{path.stem}/"
        time.sleep(0.05)
    raise SystemExit("the generator never wrote the edited abstract")


def _whole(root: Path, base: str) -> str:
    """Every paper served, every list page complete, the newest word searchable."""
    papers = sorted(p.stem for p in (root / "docs" / "papers").glob("*.md"))
    missing = [slug for slug in papers if _get(f"{base}/papers/{slug}/") is None]
    listed = 0
    for listing in (root / "docs" / "lists").rglob("*.md"):
        address = listing.relative_to(root / "docs").with_suffix("").as_posix()
        listed += len(re.findall(r'class="rl-summary"', _get(f"{base}/{address}/") or ""))
    searchable = _get(f"{base}/pagefind/pagefind-entry.json") or _get(
        f"{base}/search/search_index.json"
    )
    served = f"served: {len(papers) - len(missing)} of {len(papers)} papers"
    return f"{served}; list pages hold {listed} entries; search index: {searchable is not None}"


def _wait_until_served(log: list[str], timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = [line for line in log if "Serving on" in line]
        if lines:
            return lines[0].split("Serving on ")[1].strip().rstrip("/")
        time.sleep(0.2)
    raise SystemExit("mkdocs serve did not start: " + "".join(log[-20:]))


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


if __name__ == "__main__":
    raise SystemExit(main())
