"""Progress through the MkDocs phase of a build: pages done of the total, so that a build of a
whole conference never sits silent for a minute.

MkDocs works through every page twice (its Markdown, then the theme's HTML) and says nothing
until the end. In a terminal, one status line is redrawn in place; anywhere else (CI logs, a
pipe) a plain log line is written every `every` seconds and at the end of each pass, since a
redrawn line would fill a log with carriage returns. Nothing is shown when the build is quiet
(warnings only).
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from typing import TextIO

# The two passes MkDocs makes over the pages, in order, as a reader of the log would say them.
PASSES = ("Markdown", "HTML")


class Progress:
    """Counts the pages of each pass and shows how far the build is."""

    def __init__(
        self,
        total: int,
        *,
        log: logging.Logger | logging.LoggerAdapter,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        every: float = 10.0,
    ) -> None:
        self.total, self.log, self.clock = total, log, clock
        self.stream = stream if stream is not None else sys.stderr
        self.in_terminal = self.stream.isatty()
        self.shown = log.isEnabledFor(logging.INFO) and total > 0
        self.every = 0.2 if self.in_terminal else every  # a terminal redraws, a log appends
        self.done = dict.fromkeys(PASSES, 0)
        self.last = clock()

    def start(self) -> None:
        """Said once, before the first page: how many pages the build has to make."""
        if self.shown:
            self.log.info("pages: %s to build, each through %s", f"{self.total:,}",
                          " and ".join(PASSES))  # fmt: skip

    def step(self, pass_name: str) -> None:
        """One more page through `pass_name` (one of PASSES)."""
        self.done[pass_name] += 1
        finished = self.done[pass_name] == self.total
        if self.shown and (finished or self.clock() - self.last >= self.every):
            self.last = self.clock()
            self._show(pass_name)

    def finish(self) -> None:
        """The status line cleared, so MkDocs' own last lines start at the margin."""
        if self.shown and self.in_terminal:
            self.stream.write("\r\033[K")
            self.stream.flush()

    def line(self, pass_name: str) -> str:
        done = self.done[pass_name]
        share = done / self.total if self.total else 1.0
        return f"pages: {done:,} of {self.total:,} through {pass_name} ({share:.0%})"

    def _show(self, pass_name: str) -> None:
        if self.in_terminal:
            self.stream.write("\r\033[K" + self.line(pass_name))
            self.stream.flush()
        else:
            self.log.info(self.line(pass_name))


class Relayed(Progress):
    """A helper process's progress (`generator.mkdocs.helper`): each step passed on to the
    build's own `Progress`, which shows them."""

    def __init__(self, step: Callable[[str], None]) -> None:
        super().__init__(0, log=logging.getLogger(__name__))
        self.relay = step

    def step(self, pass_name: str) -> None:
        self.relay(pass_name)
