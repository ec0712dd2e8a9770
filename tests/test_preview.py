"""`readinglist serve`: the built site on loopback under its published path, as GitHub Pages
serves it (folders, 404 page, gzip), without building anything."""

from __future__ import annotations

import contextlib
import gzip
import os
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from generator.preview import connections, site_server
from tests.conftest import REPO, copy_project, run_cli


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object) -> None:
        return None


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        with opener.open(urllib.request.Request(url, headers=headers), timeout=5) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@contextlib.contextmanager
def _serving(project: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`readinglist serve` on `project`, announced: its origin and process (stopped after)."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "generator.cli", "serve", "--port", str(port)],
        cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )  # fmt: skip
    try:
        assert process.stdout is not None
        announced = process.stdout.readline()
        assert f"http://127.0.0.1:{port}/readinglist/" in announced, announced
        yield f"http://127.0.0.1:{port}", process
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def served(seed_site: Path) -> Iterator[tuple[str, Path]]:
    with _serving(seed_site) as (origin, _process):
        yield origin, seed_site


def test_the_site_is_served_under_its_path_and_the_root_redirects_there(served) -> None:
    origin, _project = served
    status, headers, _ = _get(f"{origin}/")
    assert status == 301 and headers["Location"] == "/readinglist/"
    status, headers, body = _get(f"{origin}/readinglist/", **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert b"<h1" in gzip.decompress(body)
    status, headers, _ = _get(f"{origin}/readinglist/topics")
    assert status == 301 and headers["Location"] == "/readinglist/topics/"
    status, _headers, body = _get(f"{origin}/readinglist/pagefind/pagefind.js")
    assert status == 200 and body


MISSES = ["/readinglist/no-such-page/", "/elsewhere/", "/readinglist/../mkdocs.yml",
          "/readinglist/%2e%2e/mkdocs.yml"]  # fmt: skip


@pytest.mark.parametrize("path", MISSES)
def test_misses_and_climbs_out_get_the_sites_404_page(served, path: str) -> None:
    origin, _project = served
    status, _headers, body = _get(origin + path)
    assert status == 404 and b"md-content" in body and b"lists_dir" not in body


def test_serving_builds_and_writes_nothing(served) -> None:
    origin, project = served
    before = {path: path.stat().st_mtime_ns for path in (project / "site").rglob("*")}
    time.sleep(0.1)
    for path in ("", "browse/", "my-list/", "browse/index.json"):
        assert _get(f"{origin}/readinglist/{path}")[0] == 200
    after = {path: path.stat().st_mtime_ns for path in (project / "site").rglob("*")}
    assert after == before


def test_serving_an_unbuilt_project_says_to_build_first(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", lists={"a.txt": "A\n\nAn abstract here.\n"})
    result = run_cli(project, "serve", check=False)
    assert result.returncode == 1
    assert "no built site" in result.stderr and "readinglist build" in result.stderr


def test_a_browser_dropping_a_connection_is_not_reported_as_an_error(seed_site: Path) -> None:
    """A closed tab or a cancelled prefetch resets its connection mid-request: the server goes
    on serving and prints no traceback for it."""
    with _serving(seed_site) as (origin, process):
        port = int(origin.rsplit(":", 1)[1])
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port)) as client:
                client.sendall(b"GET /readinglist/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                time.sleep(0.05)  # the server is reading the request when it is reset
                client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        assert _get(f"{origin}/readinglist/")[0] == 200
        time.sleep(0.5)  # the reset connections' threads have seen the reset and ended
    assert process.stderr is not None
    errors = process.stderr.read()
    assert "Traceback" not in errors and "ConnectionResetError" not in errors, errors


@contextlib.contextmanager
def _in_process(site: Path, *, idle: float) -> Iterator[int]:
    """The serve command's server on `site`, in this process (its threads can be counted),
    with connections closed after `idle` seconds; yields its port."""
    server = site_server(site, "/readinglist/", host="127.0.0.1", port=0, idle=idle)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        server.server_close()


def _closed_by_server(client: socket.socket, *, within: float) -> bool:
    client.settimeout(within)
    try:
        while client.recv(65536):  # what is left of an answer, then the end
            pass
    except TimeoutError:
        return False
    except ConnectionError:
        pass
    return True


def test_connections_that_send_nothing_hold_no_thread_and_are_closed(seed_site: Path) -> None:
    """300 connections that send nothing (or half a request) hold a fixed number of threads,
    a reader's request is still answered well before any idle one is let go, and each is closed
    when idle (30 s by default; 5 s here, so that a loaded machine cannot blur the two)."""
    assert 20 <= connections.IDLE_SECONDS <= 60
    before = threading.active_count()
    with _in_process(seed_site / "site", idle=5.0) as port:
        clients = [socket.create_connection(("127.0.0.1", port)) for _ in range(300)]
        for client in clients[:20]:  # a request line, and then nothing
            client.sendall(b"GET /readinglist/ HTTP/1.1\r\n")
        time.sleep(0.3)
        assert threading.active_count() - before <= connections.WORKERS + 2
        start = time.monotonic()
        assert _get(f"http://127.0.0.1:{port}/readinglist/")[0] == 200
        assert time.monotonic() - start < 3.0  # not queued behind the idle ones (5 s)
        assert all(_closed_by_server(client, within=15.0) for client in clients)
        for client in clients:
            client.close()


def test_a_kept_alive_connection_is_closed_when_idle(seed_site: Path) -> None:
    site = seed_site / "site"
    with (
        _in_process(site, idle=1.0) as port,
        socket.create_connection(("127.0.0.1", port)) as client,
    ):
        client.sendall(b"GET /readinglist/404.html HTTP/1.1\r\nHost: x\r\n\r\n")
        assert client.recv(65536).startswith(b"HTTP/1.1 200")
        start = time.monotonic()
        assert _closed_by_server(client, within=4.0)
        assert 0.8 <= time.monotonic() - start <= 10.0
