"""`mkdocs serve` regenerates the pages when a curator edits a list while it runs."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
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


@pytest.fixture
def served(make_project):
    project = make_project(
        {"a.txt": "Serve Test List\n\nWe study something small and well defined in depth.\n"}
    )
    port = _free_port()
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
        yield project, url.strip().rstrip("/")
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_editing_a_list_while_serving_updates_the_site(served) -> None:
    project, base = served
    list_page = f"{base}/lists/serve-test-list/"
    assert _wait_for(lambda: _get(list_page) is not None, 60), "mkdocs serve did not start"
    assert "QuokkaNet" not in (_get(list_page) or "")
    path: Path = project / "lists" / "a.txt"
    path.write_text(path.read_text(encoding="utf-8") + "\n" + ABSTRACT + "\n", encoding="utf-8")
    assert _wait_for(lambda: "QuokkaNet" in (_get(list_page) or ""), 60)
    assert any("quokkanet" in p.name for p in (project / "docs" / "papers").glob("*.md"))
