"""Lighthouse scores of a built site's home, paper, browse, map, my-list and topic pages.

    python bench/lighthouse.py                      # the project here, built already
    python bench/lighthouse.py --project DIR --runs 3 --preset desktop
    python bench/lighthouse.py --project DIR --pages map home

Serves DIR/site with `readinglist serve` (under its path, gzip as GitHub Pages serves text),
then runs Lighthouse from npm (`npx lighthouse`: install it once, outside the repository, with
`npm install -g lighthouse` or let npx fetch it) in Debian's Chromium, headless, and prints each
page's four category scores and its first and largest contentful paint (the median of --runs
runs; mobile is Lighthouse's default phone profile: a slow 4G link and a CPU slowed 4 times)
and what cost points. Lighthouse's
performance score is timed on this machine's CPU: on a loaded machine it is low for reasons
of the machine, so say the load (uptime) with the figures. Not a test: nothing here is timed
in the suite.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
PAGES = ("home", "paper", "browse", "map", "my-list", "topic")
PAINTS = ("first-contentful-paint", "largest-contentful-paint")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--project", type=Path, default=Path("."))
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--preset", choices=("mobile", "desktop"), default="mobile")
    parser.add_argument("--pages", nargs="+", choices=PAGES, default=list(PAGES))
    args = parser.parse_args()
    site = args.project / "site"
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "serve", "--port", str(port)],
        cwd=args.project, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        base = server.stdout.readline().split(" at ")[1].split(" ")[0]
        for name, path in _pages(site):
            if name in args.pages:
                _report(name, [_run(base + path, args.preset) for _ in range(args.runs)])
    finally:
        server.terminate()
    print(f"load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    return 0


def _pages(site: Path) -> list[tuple[str, str]]:
    """Home, the first paper, browse, the map, my-list and the largest topic page."""
    paper = sorted((site / "papers").glob("*/index.html"))[0].parent.name
    topics = [p for p in (site / "topics").glob("*/index.html") if "refresh" not in p.read_text()]
    topic = max(topics, key=lambda p: p.stat().st_size).parent.name
    return [("home", ""), ("paper", f"papers/{paper}/"), ("browse", "browse/"), ("map", "map/"),
            ("my-list", "my-list/"), ("topic", f"topics/{topic}/")]  # fmt: skip


def _run(url: str, preset: str) -> dict:
    urllib.request.urlopen(url, timeout=10).read()  # the server answers before timing starts
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "report.json"
        command = ["npx", "--yes", "lighthouse", url, "--quiet", "--output=json",
                   f"--output-path={output}", "--chrome-flags=--headless --no-sandbox",
                   "--only-categories=" + ",".join(CATEGORIES)]  # fmt: skip
        if preset == "desktop":
            command.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
        subprocess.run(command, check=True, env=env, capture_output=True)
        return json.loads(output.read_text(encoding="utf-8"))


def _report(name: str, reports: list[dict]) -> None:
    scores = {c: statistics.median(r["categories"][c]["score"] * 100 for r in reports)
              for c in CATEGORIES}  # fmt: skip
    paints = {a: statistics.median(r["audits"][a]["numericValue"] for r in reports) for a in PAINTS}
    print(f"{name:8} " + "  ".join(f"{c} {scores[c]:.0f}" for c in CATEGORIES)
          + "  FCP {:.2f} s  LCP {:.2f} s".format(*(paints[a] / 1000 for a in PAINTS)),
          flush=True)  # fmt: skip
    last = reports[-1]["audits"]
    failing = [f"{a['id']} ({a.get('displayValue') or a['score']})" for a in last.values()
               if a.get("score") is not None and a["score"] < 0.9
               and a.get("scoreDisplayMode") in ("binary", "numeric")]  # fmt: skip
    if failing:
        print("         below 0.9: " + ", ".join(failing), flush=True)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


if __name__ == "__main__":
    sys.exit(main())
