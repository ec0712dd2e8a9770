"""`mkdocs serve` regenerates the pages when a curator edits a list while it runs."""

from __future__ import annotations

import contextlib
import difflib
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ABSTRACT = (
    "We introduce QuokkaNet, a compact network for counting marsupials in camera-trap images. "
    "QuokkaNet reaches high accuracy on a new benchmark while using little memory."
)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.read().decode("utf-8")
    except OSError:
        return None


def _wait_for(predicate, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.5)
    return False


@contextlib.contextmanager
def _serving(project: Path, port: int = 0) -> Iterator[tuple[str, list[str]]]:
    """`mkdocs serve` running in `project` (on `port`, or any free one): its address and its
    log, as it grows."""
    port = port or _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"],
        cwd=project, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1767225600"},
    )  # fmt: skip
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(process.stderr), daemon=True).start()
    try:
        # MkDocs serves under the path of site_url; take the address it announces.
        assert _wait_for(lambda: any("Serving on" in line for line in lines), 90), lines
        url = next(line for line in lines if "Serving on" in line).split("Serving on ")[1]
        yield url.strip().rstrip("/"), lines
    finally:
        process.terminate()
        process.wait(timeout=20)


@pytest.fixture
def served(make_project):
    project = make_project(
        {"a.txt": "Serve Test List\n\nWe study something small and well defined in depth.\n"}
    )
    with _serving(project) as (url, lines):
        yield project, url, lines


def test_editing_a_list_while_serving_updates_the_site(served) -> None:
    project, base, _log = served
    list_page = f"{base}/lists/serve-test-list/"
    assert _wait_for(lambda: _get(list_page) is not None, 60), "mkdocs serve did not start"
    assert "QuokkaNet" not in (_get(list_page) or "")
    path: Path = project / "lists" / "a.txt"
    path.write_text(path.read_text(encoding="utf-8") + "\n" + ABSTRACT + "\n", encoding="utf-8")
    assert _wait_for(lambda: "QuokkaNet" in (_get(list_page) or ""), 60)
    assert any("quokkanet" in p.name for p in (project / "docs" / "papers").glob("*.md"))


def _builds(log: list[str]) -> int:
    return sum("Building documentation" in line for line in log)


def _reloaded(log: list[str], builds: int) -> bool:
    """Whether build number `builds` (or a later one) has reloaded the browsers: the search
    index, made behind the pages, may log after the reload."""
    starts = [n for n, line in enumerate(log) if "Building documentation" in line]
    return len(starts) >= builds and any("Reloading" in line for line in log[starts[-1] :])


def test_one_edit_is_one_rebuild_and_the_log_stays_short(served) -> None:
    project, base, log = served
    assert _wait_for(lambda: _get(f"{base}/") is not None, 60)
    assert _builds(log) == 1
    path: Path = project / "lists" / "a.txt"
    path.write_text(path.read_text(encoding="utf-8") + "\n" + ABSTRACT + "\n", encoding="utf-8")
    assert _wait_for(lambda: _reloaded(log, 2), 60), log
    time.sleep(4)  # a second build, if the generator's own writes started one, starts by now
    assert _builds(log) == 2, log
    assert not any("not included in the nav" in line for line in log), log
    # The curator's own page in docs/ is still watched.
    (project / "docs" / "notes.md").write_text("# Notes\n\nMine.\n", encoding="utf-8")
    assert _wait_for(lambda: _get(f"{base}/notes/") is not None, 60), log


def test_serving_and_building_in_turn_rewrite_nothing(make_project) -> None:
    from tests.conftest import run_cli

    project = make_project({"a.txt": "Switch List\n\n" + ABSTRACT + "\n"})
    run_cli(project, "build")
    docs = project / "docs"
    before = {p: p.stat().st_mtime_ns for p in docs.rglob("*") if p.is_file()}
    port = _free_port()
    served = subprocess.run(
        [sys.executable, "-c", _SERVE_ONCE, str(port)], cwd=project, capture_output=True,
        text=True, timeout=120, env={**os.environ, "SOURCE_DATE_EPOCH": "1767225600"},
    )  # fmt: skip
    assert served.returncode == 0, served.stderr
    run_cli(project, "build")
    after = {p: p.stat().st_mtime_ns for p in docs.rglob("*") if p.is_file()}
    assert after == before, sorted(str(p) for p in after if after.get(p) != before.get(p))


# One `mkdocs serve` build, as serve makes it (its site_url is the local address), then exit.
_SERVE_ONCE = """
import sys
from mkdocs.commands import serve
from mkdocs.livereload import LiveReloadServer
LiveReloadServer.serve = lambda self, **kw: None
serve.serve("mkdocs.yml", dev_addr=f"127.0.0.1:{sys.argv[1]}", livereload=True)
"""


def _pages(project: Path, base: str) -> dict[str, str]:
    """Every page of the served site, by address, without serve's live-reload script."""
    docs = project / "docs"
    addresses = sorted(
        re.sub(r"(^|/)index$", "", path.relative_to(docs).with_suffix("").as_posix()) + "/"
        for path in docs.rglob("*.md")
    )
    pages = {address: _get(f"{base}/{address}".replace("//", "/").replace(":/", "://"))
             for address in addresses}  # fmt: skip
    return {address: _LIVE_RELOAD.sub("", html or "") for address, html in pages.items()}


_LIVE_RELOAD = re.compile(r"<script>\s*var livereload.*?</script>", re.S)


def test_pages_kept_from_the_last_rebuild_are_those_a_fresh_build_makes(make_project) -> None:
    project = make_project(
        {"a.txt": "Reuse List\n\n" + ABSTRACT + "\n\nWe prove a bound for sparse graphs.\n",
         "b.txt": "Other List\n\nWe measure the speed of sound in foam.\n"}
    )  # fmt: skip
    port = _free_port()  # the same for both: canonical links hold the address
    with _serving(project, port) as (base, log):
        assert _wait_for(lambda: _get(f"{base}/") is not None, 60)
        path = project / "lists" / "a.txt"
        # An edit that moves no paper to another topic: the navigation stays as it was.
        edited = path.read_text(encoding="utf-8").replace("little memory", "very little memory")
        path.write_text(edited, encoding="utf-8")
        assert _wait_for(lambda: _reloaded(log, 2), 60), log
        reused = [int(m[1]) for line in log if (m := re.search(r"(\d+) pages as in the", line))]
        after_edit = _pages(project, base)
    assert reused[-1] > 0, log  # the second build did keep pages
    with _serving(project, port) as (base, _log):
        assert _wait_for(lambda: _get(f"{base}/") is not None, 60)
        fresh = _pages(project, base)
    assert "very little memory" in "".join(after_edit.values())
    assert all(fresh.values()) and after_edit.keys() == fresh.keys()
    differ = [address for address in fresh if after_edit[address] != fresh[address]]
    assert differ == [], _first_difference(after_edit[differ[0]], fresh[differ[0]])


def _first_difference(one: str, other: str) -> list[str]:
    return list(difflib.unified_diff(one.splitlines(), other.splitlines(), n=0))[:12]


def test_a_plain_edit_logs_no_warning(served) -> None:
    """Neither the generator nor the watcher (watchdog's RuntimeWarnings) warns on an edit."""
    project, base, log = served
    assert _wait_for(lambda: _get(f"{base}/") is not None, 60)
    path: Path = project / "lists" / "a.txt"
    original = path.read_text(encoding="utf-8")
    about = project / "docs" / "about.md"
    edits = [(path, original + "\n" + ABSTRACT + "\n"), (path, original),
             (about, about.read_text(encoding="utf-8") + "\nOne more line.\n"),
             (path, original + "\n" + ABSTRACT + "\n")]  # fmt: skip
    for edited, text in edits:
        builds = _builds(log)
        edited.write_text(text, encoding="utf-8")
        rebuilt = lambda before=builds: _reloaded(log, before + 1)  # noqa: E731
        assert _wait_for(rebuilt, 60), log
    time.sleep(2)
    served = log[next(n for n, line in enumerate(log) if "Serving on" in line) :]
    warned = [line for line in served if re.search(r"warn|Traceback", line, re.IGNORECASE)]
    assert not warned, "".join(warned)[:3000]
