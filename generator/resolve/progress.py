"""What `readinglist resolve` shows while it runs: one line of counts, redrawn in place on a
terminal, a line per paper otherwise (a log, CI), and the summary at the end."""

from __future__ import annotations

from collections import Counter
from typing import TextIO

LABELS = (("found", "found"), ("review", "to review"), ("not-found", "not found"))


class Progress:
    def __init__(self, total: int, out: TextIO) -> None:
        self.total, self.out = total, out
        self.counts: Counter[str] = Counter()
        self.live = out.isatty()

    def done(self, status: str) -> None:
        self.counts[status] += 1
        self._show()

    def failed(self, why: str) -> None:
        """One paper's look-up failed; the run goes on."""
        self.counts["failed"] += 1
        self._line(f"error: {why}; going on with the next paper")
        self._show()

    def stopped(self, why: str) -> None:
        """A look-up failed so that the run cannot go on (the service is unreachable)."""
        self.counts["failed"] += 1
        self._show()
        self._line(f"error: {why}: what was found is kept; run `readinglist resolve` again")

    def finish(self, requests: int) -> None:
        looked = sum(self.counts.values())
        per = f" ({requests / looked:.1f} per paper)" if looked else ""
        self._line(f"{self._counts()}; {requests} requests{per}")
        if self.counts["failed"]:
            self._line(f"{self.counts['failed']} look-up(s) failed and were not recorded: run "
                       "`readinglist resolve` again to ask for them")  # fmt: skip

    def _show(self) -> None:
        text = f"[{sum(self.counts.values())}/{self.total}] {self._counts()}"
        if self.live:
            self.out.write(f"\r{text}\x1b[K")
            self.out.flush()
        else:
            self._line(text)

    def _line(self, text: str) -> None:
        self.out.write(("\n" if self.live else "") + text + "\n")
        self.out.flush()

    def _counts(self) -> str:
        parts = [f"{self.counts[key]} {label}" for key, label in LABELS]
        return ", ".join([*parts, f"{self.counts['failed']} failed"])
