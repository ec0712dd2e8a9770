"""The curator's YAML files (`topics.yml`, `curation.yml`): parsed safely, every mistake placed.

Owns reading YAML with PyYAML's safe loader (no tags, no objects) into mappings and lists that
remember the line of each key and item, catching the duplicate keys PyYAML would silently
resolve to the last, and `YamlFile`: the one place a mistake in such a file becomes a
`Problem` at `file:line`, collected so a curator sees every mistake of a file at once, in the
same words ("key 'rating': expected a whole number from 1 to 5, but received: 'four'").
Validating what the values mean is the caller's; syntax errors are worded by `yamlsyntax`.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NoReturn

import yaml

from generator.errors import BuildFailed, InputError
from generator.models import Problem
from generator.read.decode import decode, read_bytes
from generator.read.yamlsyntax import syntax_messages


class LineMapping(dict[Any, Any]):
    """A YAML mapping that knows the line it starts on and the line of each key (1-based)."""

    line: int = 0
    key_lines: dict[Any, int]


class LineList(list[Any]):
    """A YAML list that knows the line it starts on and the line of each item."""

    line: int = 0
    item_lines: list[int]


class _LineLoader(yaml.SafeLoader):
    """A SafeLoader whose mappings and lists remember lines, and which notes duplicate keys."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self.duplicates: list[tuple[object, int, int]] = []  # key, first line, repeated line


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineMapping:
    _note_duplicates(loader, node)
    mapping = LineMapping(loader.construct_mapping(node, deep=True))
    mapping.line = _line(node)
    mapping.key_lines = {}
    for key_node, _ in node.value:  # merged (`<<`) keys first, the mapping's own win
        key = loader.construct_object(key_node, deep=True)
        mapping.key_lines[key] = _line(key_node)
    return mapping


def _note_duplicates(loader: _LineLoader, node: yaml.MappingNode) -> None:
    """Keys given twice in one mapping (before `<<` merges, which may override on purpose)."""
    seen: dict[object, int] = {}
    for key_node, _ in node.value:
        if key_node.tag == "tag:yaml.org,2002:merge":
            continue
        key = loader.construct_object(key_node, deep=True)
        try:
            first = seen.get(key)
        except TypeError:  # a list as a key: construct_mapping reports it
            continue
        if first is None:
            seen[key] = _line(key_node)
        else:
            loader.duplicates.append((key, first, _line(key_node)))


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LineList:
    items = LineList(loader.construct_sequence(node, deep=True))
    items.line = _line(node)
    items.item_lines = [_line(item) for item in node.value]
    return items


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _parse(text: str) -> tuple[object, _LineLoader]:
    """The data of `text`, and the loader that read it (its duplicate keys)."""
    loader = _LineLoader(text)  # it checks every character before reading any
    try:
        return loader.get_single_data(), loader
    finally:
        loader.dispose()


def _construct_timestamp(loader: _LineLoader, node: yaml.ScalarNode) -> object:
    """A date or time as PyYAML reads it; one that is no real day (`2026-02-30`) stays the
    text it is, for the caller to report at its line: PyYAML would raise a bare ValueError."""
    try:
        return yaml.SafeLoader.construct_yaml_timestamp(loader, node)
    except ValueError:
        return loader.construct_scalar(node)


_LineLoader.add_constructor("tag:yaml.org,2002:timestamp", _construct_timestamp)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


class YamlFile:
    """One curator YAML file being read: its data, and every problem found in it so far."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[Problem] = []

    def load(self) -> object:
        """The file's data (None for an empty file). Text that cannot be decoded or syntax
        errors stop here (every one YAML can read past, `syntax_messages`): nothing after
        them can be trusted. Duplicate keys are noted, and reading goes on. Decoded as list
        files are (`decode`), whatever the editor saved."""
        try:
            text = decode(read_bytes(self.path), self.path)
        except InputError as error:
            self.stop(error.line or 0, error.message)
        try:
            data, loader = _parse(text)
        except yaml.YAMLError as error:
            for line, message in syntax_messages(error, text, _parse):
                self.error(line, message)
            raise BuildFailed(self.problems) from None
        for key, first, line in loader.duplicates:
            self.error(line, f"{shown(key)} is given twice (first on line {first}): keep one, "
                       "as YAML would silently use only the last")  # fmt: skip
        return data

    def error(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.path, line, message, severity="error"))

    def stop(self, line: int, message: str) -> NoReturn:
        """An error after which nothing more of the file can be read."""
        self.error(line, message)
        raise BuildFailed(self.problems)

    def expected(
        self, line: int, subject: str, wanted: str, received: object, hint: str = ""
    ) -> None:
        """`subject: expected wanted, but received: value`, the file's one wording for types."""
        if wanted.startswith("text") and isinstance(received, (bool, int, float)) and not hint:
            hint = " (put it in quotes to make it text)"
        self.error(line, f"{subject}: expected {wanted}, but received: {shown(received)}{hint}")

    def get(
        self,
        mapping: dict,
        key: str,
        *,
        wanted: str,
        valid: Callable[[object], bool],
        subject: str = "",
        default: Any = None,
        required: bool = False,
        hint: Callable[[object], str] | None = None,
        label: str = "",
    ) -> Any:
        """`mapping[key]` when `valid`; else `default`, and an error at the key's line (or at
        the mapping's, for a `required` key that is missing). `label` names the key in the
        message when its name alone is unclear (`tags: add`)."""
        if key not in mapping:
            if required:
                self.error(line_of(mapping, 1), f"{subject}missing key '{label or key}'")
            return default
        value = mapping[key]
        if valid(value):
            return value
        extra = hint(value) if hint else ""
        named = f"{subject}key '{label or key}'"
        self.expected(key_line(mapping, key, 1), named, wanted, value, extra)
        return default

    def unknown_keys(self, mapping: dict, allowed: Iterable[str], *, subject: str) -> None:
        """An error at each key that is not `allowed`, with the allowed key it is closest to."""
        allowed = tuple(allowed)
        for key in mapping:
            if key not in allowed:
                line = key_line(mapping, key)
                self.error(line, f"{subject}unknown key {shown(key)}{suggest(key, allowed)}")

    def raise_if_any(self) -> None:
        """BuildFailed with every problem, in line order, when there is one."""
        if self.problems:
            raise BuildFailed(sorted(self.problems, key=lambda problem: problem.line))


def key_line(mapping: object, key: object, default: int = 0) -> int:
    """The line `key` is on in `mapping` (else the mapping's line, else `default`)."""
    if not isinstance(mapping, LineMapping):
        return default
    return mapping.key_lines.get(key, mapping.line)


def item_line(items: object, index: int, default: int = 0) -> int:
    """The line of item `index` of a list read from YAML (else `default`)."""
    if not isinstance(items, LineList) or index >= len(items.item_lines):
        return default
    return items.item_lines[index]


def line_of(value: object, default: int = 0) -> int:
    """The line a mapping or list starts on; `default` for anything else."""
    return value.line if isinstance(value, (LineMapping, LineList)) else default


def suggest(word: object, choices: Iterable[str], *, listed: bool = True) -> str:
    """`(did you mean 'status'?)` for a near miss; else the choices, when `listed`."""
    choices = tuple(choices)
    by_folded = {choice.casefold(): choice for choice in choices}
    close = difflib.get_close_matches(str(word).casefold(), by_folded, n=1, cutoff=0.6)
    if close:
        return f" (did you mean '{by_folded[close[0]]}'?)"
    return f" (allowed: {', '.join(choices)})" if listed else ""


def wrong_item(value: object) -> str:
    """` (item 2 is empty)`: which item of a list of words is not one."""
    if not isinstance(value, list):
        return ""
    for number, item in enumerate(value, start=1):
        if item is None or (isinstance(item, str) and not item.strip()):
            return f" (item {number} is empty)"
        if not isinstance(item, str):
            return f" (item {number} is {shown(item)}, not text)"
    return ""


def shown(value: object) -> str:
    """A value as a curator would describe what they wrote: `'four'`, `7`, `nothing`."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a group of keys"
    if isinstance(value, list):
        return "a list"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."
