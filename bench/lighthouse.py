"""Lighthouse scores of a built site's home, paper, browse, map, my-list and topic pages.

    python bench/lighthouse.py                      # the project here, built already
    python bench/lighthouse.py --project DIR --runs 3 --preset desktop
    python bench/lighthouse.py --project DIR --pages map home

Serves DIR/site with `readinglist serve` (under its path, gzip as GitHub Pages serves text),
then runs Lighthouse from npm (`npx lighthouse`: install it once, outside the repository, with
`npm install -g lighthouse` or let npx fetch it) in Debian's Chromium, headless, and prints each
page's four category scores and its first and largest contentful paint (the median of --runs
runs; mobile is Lighthouse's default phone profile: a slow 4G link and a CPU slowed 4 times)
and what cost points, and the user timings (the map page marks its first frame). Lighthouse
simulates the phone by default (`--throttling simulate`: the page loads at full speed and the
metrics are estimated, user timings are not); `--throttling devtools` slows the link and CPU
for real. Lighthouse's performance score is timed on this machine's CPU: on a loaded machine
it is low for reasons of the machine, so say the load (uptime) with the figures. Not a test:
nothing here is timed in the suite.
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
    parser.add_argument("--throttling", choices=("simulate", "devtools"), default="simulate",
                        help="devtools: the link and CPU really slowed, so the map's own mark "
                        "(readinglist:map-painted) is timed as a phone would see it")  # fmt: skip
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
                runs = [_run(base + path, args.preset, args.throttling) for _ in range(args.runs)]
                _report(name, runs)
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


def _run(url: str, preset: str, throttling: str) -> dict:
    urllib.request.urlopen(url, timeout=10).read()  # the server answers before timing starts
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "report.json"
        command = ["npx", "--yes", "lighthouse", url, "--quiet", "--output=json",
                   f"--output-path={output}", "--chrome-flags=--headless --no-sandbox",
                   "--only-categories=" + ",".join(CATEGORIES)]  # fmt: skip
        command.append(f"--throttling-method={throttling}")
        if preset == "desktop":
            command.append("--preset=desktop")
        env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        if not output.is_file():  # a report with a runtime error is still a report
            raise SystemExit(f"lighthouse failed on {url}:\n{done.stderr[-2000:]}")
        return json.loads(output.read_text(encoding="utf-8"))


def _report(name: str, reports: list[dict]) -> None:
    scores = {c: _median([r["categories"][c]["score"] for r in reports]) for c in CATEGORIES}
    paints = {a: statistics.median(r["audits"][a]["numericValue"] for r in reports) for a in PAINTS}
    print(f"{name:8} " + "  ".join(f"{c} {scores[c]}" for c in CATEGORIES)
          + "  FCP {:.2f} s  LCP {:.2f} s".format(*(paints[a] / 1000 for a in PAINTS)),
          flush=True)  # fmt: skip
    errors = {r["runtimeError"]["code"] for r in reports if r.get("runtimeError")}
    if errors:  # e.g. a gatherer timed out: the audits it feeds are not scored
        print("         runtime errors: " + ", ".join(sorted(errors)), flush=True)
    last = reports[-1]["audits"]
    failing = [f"{a['id']} ({a.get('displayValue') or a['score']})" for a in last.values()
               if a.get("score") is not None and a["score"] < 0.9
               and a.get("scoreDisplayMode") in ("binary", "numeric")]  # fmt: skip
    marks = [f"{item['name']} {item['startTime'] / 1000:.2f} s" for item in
             last.get("user-timings", {}).get("details", {}).get("items", [])]  # fmt: skip
    if marks:
        print("         user timings: " + ", ".join(marks), flush=True)
    if failing:
        print("         below 0.9: " + ", ".join(failing), flush=True)


def _median(scores: list[float | None]) -> str:
    """The median score out of 100, or "-" when a run could not score the category."""
    known = [score for score in scores if score is not None]
    if len(known) < len(scores):
        return "-"
    return f"{statistics.median(known) * 100:.0f}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


if __name__ == "__main__":
    sys.exit(main())
