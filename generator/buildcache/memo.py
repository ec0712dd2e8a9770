"""What a stage remembers between runs, handed to it as a `Memo`: `get` and `put` by key. The
stage never knows where or how its memory is kept; the caller fills a memo with the last run's
entries and keeps what this run put (`kept`) for the next, so entries no run asks for again
are dropped. Must not know what is remembered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Generic, TypeVar

Value = TypeVar("Value")


class Memo(Generic[Value]):
    """The last run's entries (`last`, none by default), and this run's."""

    def __init__(self, last: Mapping[str, Value] | None = None) -> None:
        self._last = dict(last or {})
        self._now: dict[str, Value] = {}

    def get(self, key: str) -> Value | None:
        """The value put under `key` by this run or the last one, or None."""
        if key in self._now:
            return self._now[key]
        return self._last.get(key)

    def put(self, key: str, value: Value) -> None:
        """`value` kept under `key` for the rest of this run and the next."""
        self._now[key] = value

    def kept(self) -> dict[str, Value]:
        """What this run put: the next run's memo."""
        return dict(self._now)
