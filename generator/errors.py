"""The exception tree. Every error the user can cause names the file (and line when known).

The CLI turns these into one line and an exit code; nothing else catches them. `where` is the
one place that decides how a file position reads (`lists/x.txt:12`), so errors and problems
look the same.
"""

from __future__ import annotations

import os
from pathlib import Path


def display_path(path: Path) -> str:
    """The path as the user typed it: relative to the working folder when inside it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if relative.startswith("..") else relative


def where(path: Path | None, line: int | None = None) -> str:
    """`lists/x.txt:12: ` (or without the line, or nothing), ready to prefix a message."""
    if path is None:
        return ""
    return f"{display_path(path)}:{line}: " if line else f"{display_path(path)}: "


class ReadingListError(Exception):
    """Base class: a problem the user can fix, reported without a traceback."""

    def __init__(self, message: str, *, path: Path | None = None, line: int | None = None):
        self.message = message
        self.path = path
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{where(self.path, self.line)}{self.message}"


class InputError(ReadingListError):
    """A list file cannot be read (binary, undecodable, not a list)."""


class ConfigError(ReadingListError):
    """The taxonomy, lock or plugin settings are invalid."""


class BuildFailed(ReadingListError):
    """The input has errors; `problems` holds all of them, so they are reported at once."""

    def __init__(self, problems: list) -> None:
        self.problems = problems
        errors = sum(1 for problem in problems if getattr(problem, "severity", "") == "error")
        # What a command that only reads says (`check`, `find`); a build adds what it withheld.
        self.summary = f"{errors or len(problems)} error(s) in the input"
        super().__init__(f"{self.summary}; nothing was written")


class StrictFailure(BuildFailed):
    """--strict and the input has warnings: nothing was written."""

    def __init__(self, problems: list) -> None:
        super().__init__(problems)
        self.summary = f"{len(problems)} warning(s) with --strict"
        self.message = f"{self.summary}; nothing was written"
        self.args = (self.message,)

    def __str__(self) -> str:
        return self.message
