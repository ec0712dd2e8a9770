"""A long build shows how far it is: a status line in a terminal, log lines anywhere else."""

from __future__ import annotations

import io
import logging
import re

from generator.mkdocs.progress import Progress


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _logger(caplog) -> logging.Logger:
    caplog.set_level(logging.INFO, logger="test.progress")
    return logging.getLogger("test.progress")


def _run(progress: Progress, clock: _Clock, pages: int, seconds_each: float) -> None:
    progress.start()
    for pass_name in ("Markdown", "HTML"):
        for _ in range(pages):
            clock.now += seconds_each
            progress.step(pass_name)
    progress.finish()


def test_a_log_gets_a_line_every_few_seconds_with_pages_done_of_the_total(caplog) -> None:
    clock = _Clock()
    progress = Progress(1000, log=_logger(caplog), stream=io.StringIO(), clock=clock, every=10)
    _run(progress, clock, pages=1000, seconds_each=0.05)  # 100 s in all
    lines = [record.getMessage() for record in caplog.records]
    assert lines[0] == "pages: 1,000 to build, each through Markdown and HTML"
    assert 10 <= len(lines) - 1 <= 12, lines  # one every 10 s of 100 s, one as each pass ends
    assert "pages: 200 of 1,000 through Markdown (20%)" in lines
    assert "pages: 1,000 of 1,000 through Markdown (100%)" in lines
    assert lines[-1] == "pages: 1,000 of 1,000 through HTML (100%)"


def test_a_terminal_gets_one_line_redrawn_in_place_and_cleared_at_the_end(caplog) -> None:
    clock, terminal = _Clock(), _Terminal()
    progress = Progress(100, log=_logger(caplog), stream=terminal, clock=clock)
    _run(progress, clock, pages=100, seconds_each=0.1)
    shown = terminal.getvalue()
    assert "\n" not in shown and shown.count("\r\033[K") > 20
    assert len(re.findall(r"pages: \d+ of 100 through HTML \(\d+%\)", shown)) >= 20
    assert "pages: 100 of 100 through HTML (100%)" in shown
    assert shown.endswith("\r\033[K")  # MkDocs' next line starts on a clean line
    assert len(caplog.records) == 1  # only the opening line goes to the log


def test_a_quiet_build_shows_nothing(caplog) -> None:
    caplog.set_level(logging.WARNING, logger="test.quiet")
    clock, terminal = _Clock(), _Terminal()
    progress = Progress(100, log=logging.getLogger("test.quiet"), stream=terminal, clock=clock)
    _run(progress, clock, pages=100, seconds_each=1.0)
    assert terminal.getvalue() == "" and caplog.records == []


def test_mkdocs_build_says_how_many_pages_it_makes(seed_site, tmp_path) -> None:
    """In a copy: the shared built site stays as `readinglist build` left it."""
    import os
    import subprocess
    import sys

    project = tmp_path / "project"
    subprocess.run(["cp", "-a", str(seed_site), str(project)], check=True)
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build"], cwd=project, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    pages = sum(1 for _ in (project / "docs").rglob("*.md"))
    assert f"pages: {pages:,} to build, each through Markdown and HTML" in done.stderr
