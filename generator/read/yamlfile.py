"""The curator's YAML files (`topics.yml`, `curation.yml`): parsed safely, mistakes placed.

Owns reading YAML with PyYAML's safe loader (no tags, no objects), remembering the line each
mapping starts on, and the one place a mistake in such a file becomes a `ConfigError` that
names the file and line: `error` for any message about a value, `expected` for MkDocs'
"expected X, but received: Y". Validating what the values mean is the caller's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml

from generator.errors import ConfigError

_Default = TypeVar("_Default")


class LineMapping(dict[Any, Any]):
    """A YAML mapping that knows the line it starts on (1-based)."""

    line: int = 0


class _LineLoader(yaml.SafeLoader):
    """A SafeLoader whose mappings are LineMappings."""


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineMapping:
    mapping = LineMapping(loader.construct_mapping(node, deep=True))
    mapping.line = node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml(path: Path) -> object:
    """The file's data (None for an empty file); ConfigError at the line YAML stopped at."""
    try:
        return yaml.load(path.read_text(encoding="utf-8-sig"), Loader=_LineLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", error)
        line = mark.line + 1 if mark else None
        raise ConfigError(f"invalid YAML: {problem}", path=path, line=line) from None


def line_of(value: object, default: _Default) -> int | _Default:
    """The line a mapping starts on; `default` for anything else."""
    return value.line if isinstance(value, LineMapping) else default


def error(path: Path, message: str, *, at: object = None, line: int | None = None) -> ConfigError:
    """`message` at the line of mapping `at` (else at `line`): `path:line: message`."""
    return ConfigError(message, path=path, line=line_of(at, line))


def expected(
    path: Path, wanted: str, received: object, *, subject: str = "", at: object = None,
    line: int | None = None,
) -> ConfigError:  # fmt: skip
    """`subject: expected wanted, but received: received`, placed as `error` places it."""
    prefix = f"{subject}: " if subject else ""
    return error(path, f"{prefix}expected {wanted}, but received: {received!r}", at=at, line=line)
