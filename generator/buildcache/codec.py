"""Plain data to JSON and back, for the caches: nothing but the types the caller names is
ever made when reading, so a cache file can hold data and never code.

JSON has no tuples, no dicts with other keys than strings, no paths and no records, so each is
one small tagged object: `{"t": [...]}` a tuple, `{"m": [k, v, k, v...]}` a dict (`"n"`: a
Counter), `{"p": "..."}` a path, `{"c": "Name", "v": [...]}` a record (a frozen dataclass or a
NamedTuple, by its fields in order) and `{"c": "Name", "s": "..."}` a str subclass; a record
met again (the same object: a paper is a key of several memories) is `{"r": n}`, the n-th
record written (in the order JSON closes them, which is the order reading makes them). Every
JSON object in the file is one of these: a dict's keys are never JSON keys, so no text of the
curator's is ever taken for a tag. Reading builds each record by calling its class with the
values (its own constructor, as the code that made it would): a name not in `types`, a wrong
count of values, an unhashable key, anything else amiss raises `Damaged`.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path, PurePath
from typing import Any


class Damaged(ValueError):
    """The data is not what `dumps` writes for the types given."""


def dumps(value: object, types: Iterable[type]) -> bytes:
    """`value` (None, bool, int, float, str, list, tuple, dict, Path and the records of
    `types`, nested) as JSON; TypeError for anything else."""
    names = {kind: kind.__qualname__ for kind in types}
    plain = _Plain(names)
    return json.dumps(plain(value), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def loads(data: bytes, types: Iterable[type]) -> Any:
    """What `dumps` wrote, made again of the same types; Damaged when it is not that."""
    by_name = {kind.__qualname__: kind for kind in types}
    made: list[object] = []  # each record, by its number
    try:
        return json.loads(data, object_hook=lambda tagged: _made(tagged, by_name, made))
    except Damaged:
        raise
    except (ValueError, TypeError, KeyError, RecursionError) as error:
        raise Damaged(f"{type(error).__name__}: {error}") from None


class _Plain:
    """One value turned into what `json` writes, the record types named by `names`."""

    def __init__(self, names: dict[type, str]) -> None:
        self.names = names
        self.getters: dict[type, Callable[[Any], tuple]] = {}  # a record's values, in order
        self.written: dict[int, int] = {}  # id of a record -> its number, in closing order
        self.kept: list[object] = []  # each numbered record, alive while its id is in use

    def __call__(self, value: Any) -> object:
        kind = type(value)
        if kind is str or value is None or kind is int or kind is float or kind is bool:
            return value
        if kind is list or kind is tuple:
            items = [item if type(item) is str else self(item) for item in value]
            return items if kind is list else {"t": items}
        if kind is dict or kind is Counter:
            items = value.items()  # type: ignore[attr-defined]
            return {"m" if kind is dict else "n": [self(part) for item in items for part in item]}
        if isinstance(value, PurePath):
            return {"p": str(value)}
        return self._record(value, kind)

    def _record(self, value: object, kind: type) -> dict[str, object]:
        if (number := self.written.get(id(value))) is not None:
            return {"r": number}
        plain = self._fields(value, kind)
        self.written[id(value)] = len(self.kept)
        self.kept.append(value)
        return plain

    def _fields(self, value: object, kind: type) -> dict[str, object]:
        name = self.names.get(kind)
        if name is None:
            raise TypeError(f"not plain data for the cache: {kind.__qualname__}")
        if isinstance(value, str):
            return {"c": name, "s": str.__str__(value)}
        getter = self.getters.get(kind) or self.getters.setdefault(kind, _getter(kind))
        return {"c": name, "v": [self(item) for item in getter(value)]}


def _getter(kind: type) -> Callable[[Any], tuple]:
    """What gives a record's values, in the order its class takes them."""
    if dataclasses.is_dataclass(kind):
        fields = [field.name for field in dataclasses.fields(kind) if field.init]
        return lambda value: tuple(getattr(value, field) for field in fields)
    if issubclass(kind, tuple) and hasattr(kind, "_fields"):
        return tuple
    raise TypeError(f"not a record: {kind.__qualname__}")


def _made(tagged: dict[str, Any], types: dict[str, type], made: list[object]) -> object:
    if len(tagged) == 1:
        ((tag, value),) = tagged.items()
        if tag == "r" and type(value) is int and 0 <= value < len(made):
            return made[value]
        if tag == "t" and type(value) is list:
            return tuple(value)
        if tag in ("m", "n") and type(value) is list and len(value) % 2 == 0:
            pairs = iter(value)
            found = dict(zip(pairs, pairs, strict=True))
            return found if tag == "m" else Counter(found)
        if tag == "p" and type(value) is str:
            return Path(value)
    elif len(tagged) == 2 and type(name := tagged.get("c")) is str and name in types:
        record = _record(types[name], tagged)
        made.append(record)
        return record
    raise Damaged(f"not a cached value: {str(tagged)[:80]}")


def _record(kind: type, tagged: dict[str, Any]) -> object:
    if type(text := tagged.get("s")) is str and issubclass(kind, str):
        return kind(text)
    if type(values := tagged.get("v")) is list and not issubclass(kind, str):
        return kind(*values)
    raise Damaged(f"not a {kind.__qualname__}: {str(tagged)[:80]}")
