"""Plain data to CBOR and back, for the caches: nothing but plain values and the record types
the caller names is ever made when reading, so a cache file can hold data and never code.

CBOR (RFC 8949), written and read by `cbor2`'s C code, carries strings, numbers, arrays and
maps itself. The whole value is read in CBOR's immutable mode, where an array is
a tuple: tuples, the commonest container here, cost no call of ours either way. Each other
container and each record is one tag of our own around an array, a map or a string:

    _LIST  [...]  a list           _DICT  {...}  a dict       _COUNTER  {...}  a Counter
    _PATH  "..."  a path           _RECORD + n   [...] or "..."   the n-th of the caller's
    _ROOT  ...    the whole value                types, by its fields in order (a frozen
                                                 dataclass, a NamedTuple) or its text (a str
                                                 subclass)

Reading builds each record by calling its class with the values (its own constructor, as the
code that made it would). Any other tag, CBOR's own included (dates, regular expressions,
e-mail messages, shared values...), a wrong count of values, an unhashable key, a value that is
not the whole tagged root, or anything else amiss raises `Damaged`.
"""

from __future__ import annotations

import dataclasses
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import cbor2

# Our tags: unassigned numbers two bytes long, none of them one `cbor2` reads itself.
_ROOT, _LIST, _DICT, _COUNTER, _PATH = range(51200, 51205)
_RECORD = 51216
# CBOR's tags that `cbor2` would make objects of (all but big integers and string references).
_FOREIGN = (0, 1, 4, 5, 28, 29, 30, 35, 36, 37, 52, 54, 100, 258, 260, 261, 1004, 55799)
_TAG = 6  # CBOR's major type of a tag
# The values written as themselves; anything else is a container, a named record or refused
# (a set, a date, a record of no type named: what reading would refuse or make otherwise).
_PLAIN = frozenset({type(None), bool, int, float, str, type(Path())})


class Damaged(ValueError):
    """The data is not what `dumps` writes for the types given."""


class _Root:
    """The whole value, tagged, so that nothing else passes for a cache."""

    def __init__(self, value: object) -> None:
        self.value = value


def dumps(value: object, types: Iterable[type]) -> bytes:
    """`value` (None, bool, int, float, str, list, tuple, dict, Counter, Path and the records
    of `types`, nested) as CBOR; TypeError for a value of any other type: a set, a date, and
    a record (a NamedTuple, a dataclass, a subclass of a list, dict or str) not in `types`,
    which would otherwise be read back as a plain tuple, dict or list."""
    types = list(types)
    _refuse_unnamed(value, {kind: _record_values(kind) for kind in types})
    encoders: dict[type, Callable[[Any, Any], None]] = {
        _Root: lambda encoder, root: encoder.encode_semantic(_ROOT, root.value),
        list: lambda encoder, items: encoder.encode_semantic(_LIST, tuple(items)),
        dict: _map_writer(_DICT),
        Counter: _map_writer(_COUNTER),
        type(Path()): lambda encoder, path: encoder.encode_semantic(_PATH, str(path)),
    }
    for number, kind in enumerate(types):
        encoders[kind] = _record_writer(_RECORD + number, kind)
    try:
        return cbor2.dumps(_Root(value), encoders=encoders)
    except cbor2.CBOREncodeError as error:
        raise TypeError(f"not plain data for the cache: {error}") from None


def _refuse_unnamed(value: object, records: dict[type, Callable[[Any], Iterable]]) -> None:
    """TypeError for any value in `value` of a type neither plain nor one of `records` (each
    with what gives its values). `cbor2` looks up encoders by exact type and writes a subclass
    of a tuple, list, dict or str as its base: only a walk sees them. A level at a time, the
    types of a level checked as a set: a fraction of what encoding costs."""
    containers: dict[type, Callable[[Any], Iterable]] = {
        tuple: iter,
        list: iter,
        dict: _keys_and_values,
        Counter: _keys_and_values,
        **records,
    }
    level = [value]
    while level:
        if stray := set(map(type, level)) - _PLAIN - containers.keys():
            names = sorted(kind.__qualname__ for kind in stray)
            raise TypeError(f"not plain data for the cache: {', '.join(names)}")
        level = [part for item in level if (of := containers.get(type(item))) for part in of(item)]


def _keys_and_values(mapping: dict) -> Iterable:
    return [*mapping.keys(), *mapping.values()]


def _record_values(kind: type) -> Callable[[Any], Iterable]:
    """What a record of `kind` holds: its fields' values as the writer takes them."""
    if issubclass(kind, str):
        return lambda _value: ()
    if dataclasses.is_dataclass(kind):
        fields = [field.name for field in dataclasses.fields(kind) if field.init]
        return lambda value: [getattr(value, field) for field in fields]
    return iter


def _map_writer(tag: int) -> Callable[[Any, Any], None]:
    def encode(encoder: Any, value: Any) -> None:
        encoder.encode_length(_TAG, tag)
        encoder.encode_map(value)

    return encode


def _record_writer(tag: int, kind: type) -> Callable[[Any, Any], None]:
    """What writes a record: its tag around its values in the order its class takes them (an
    array: a plain tuple), or its text."""
    if issubclass(kind, str):
        return lambda encoder, value: encoder.encode_semantic(tag, str.__str__(value))
    if dataclasses.is_dataclass(kind):
        fields = [field.name for field in dataclasses.fields(kind) if field.init]
        values = operator.attrgetter(*fields) if len(fields) > 1 else _one(fields[0])
        return lambda encoder, value: encoder.encode_semantic(tag, values(value))
    if issubclass(kind, tuple) and hasattr(kind, "_fields"):
        return lambda encoder, value: encoder.encode_semantic(tag, tuple(value))
    raise TypeError(f"not a record: {kind.__qualname__}")


def _one(field: str) -> Callable[[Any], tuple]:
    return lambda value: (getattr(value, field),)


def loads(data: bytes, types: Iterable[type]) -> Any:
    """What `dumps` wrote, made again of the same types; Damaged when it is not that."""
    # Each maker is called once for every tag read, so it is the bare class wherever the class
    # itself refuses what it cannot be made of (a str subclass is made of anything: checked).
    makers: dict[int, Callable[[Any], object]] = {
        _ROOT: _Root,
        _LIST: _checked(tuple, list),
        _DICT: _checked(Mapping, dict),
        _COUNTER: _checked(Mapping, _counter),
        _PATH: _checked(str, Path),
    }
    for number, kind in enumerate(types):
        makers[_RECORD + number] = _record_maker(kind)
    # A tag of no maker's is a KeyError, reported as damage below.
    made = lambda tag, _immutable: makers[tag.tag](tag.value)  # noqa: E731
    refused = dict.fromkeys(_FOREIGN, _foreign)
    try:
        root = cbor2.loads(data, tag_hook=made, semantic_decoders=refused)
    except Damaged:
        raise
    except (cbor2.CBORError, ValueError, TypeError, KeyError, RecursionError) as error:
        raise Damaged(f"{type(error).__name__}: {error}") from None
    if type(root) is not _Root:
        raise Damaged("not a cache written by this codec")
    return root.value


def _checked(expected: type, make: Callable[[Any], object]) -> Callable[[Any], object]:
    def checked(value: Any) -> object:
        if not isinstance(value, expected):
            raise Damaged(f"not a {make.__name__}: {str(value)[:80]}")
        return make(value)

    return checked


def _record_maker(kind: type) -> Callable[[Any], object]:
    if issubclass(kind, str):
        return _checked(str, kind)
    return lambda values: kind(*values) if type(values) is tuple else _refuse(values)


def _counter(value: Mapping) -> Counter:
    counter: Counter = Counter()
    dict.update(counter, value)  # what Counter(value) does, without its Python-level checks
    return counter


def _refuse(value: object) -> object:
    raise Damaged(f"not a record's values: {str(value)[:80]}")


def _foreign(_decoder: object, _immutable: bool) -> object:
    raise Damaged("a CBOR tag this codec never writes")
