"""The exception tree. Every error the user can cause names the file (and line when known).

The CLI turns these into one line and an exit code; nothing else catches them.
"""

from __future__ import annotations

from pathlib import Path


class ReadingListError(Exception):
    """Base class: a problem the user can fix, reported without a traceback."""

    def __init__(self, message: str, *, path: Path | None = None, line: int | None = None):
        self.message = message
        self.path = path
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:{self.line}: " if self.line else f"{self.path}: "
        return f"{where}{self.message}"


class InputError(ReadingListError):
    """A list file cannot be read (binary, undecodable, not a list)."""


class ConfigError(ReadingListError):
    """The taxonomy, lock or plugin settings are invalid."""


class BuildFailed(ReadingListError):
    """The input has errors; `problems` holds all of them, so they are reported at once."""

    def __init__(self, problems: list) -> None:
        self.problems = problems
        super().__init__(f"{len(problems)} error(s) in the input; nothing was written")
