"""Front matter as YAML, written by PyYAML's C emitter from nodes built here.

PyYAML's representer (pure Python even under `CSafeDumper`) was a third of the time spent
rendering a 5,000-paper site: for every value it looks up representers along the type's MRO
and tracks aliases. Front matter is plain data (dicts, lists, strings, numbers, booleans), so
it is turned into YAML nodes directly and handed to the same C emitter. The text is the same
as `yaml.dump(data, Dumper=CSafeDumper, default_flow_style=False, allow_unicode=True,
sort_keys=False)` writes, except that a list or dict appearing twice is written out twice
rather than as an anchor and alias (tests compare both on real pages).
"""

from __future__ import annotations

from functools import lru_cache

import frontmatter
import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_STR, _SEQ, _MAP = (f"tag:yaml.org,2002:{name}" for name in ("str", "seq", "map"))
# Other scalars (numbers, booleans, None) keep PyYAML's own representation, which also
# rejects any type YAML cannot hold.
_SCALARS = yaml.SafeDumper(None)


@lru_cache(maxsize=1 << 14)
def _resolve(kind: type, value: str, implicit: tuple[bool, bool]) -> str:
    return _SCALARS.resolve(kind, value, implicit)


class _Dumper(_DUMPER):
    """The emitter asks, for every scalar, whether its plain form would read back as another
    type; keys and tags repeat on every page, so the answers are cached."""

    def resolve(self, kind, value, implicit):
        if kind is ScalarNode:
            return _resolve(kind, value, tuple(implicit))
        return _SCALARS.resolve(kind, value, implicit)


def to_node(value: object) -> Node:
    if isinstance(value, str):
        return ScalarNode(_STR, value)
    if isinstance(value, dict):
        items = [(to_node(key), to_node(item)) for key, item in value.items()]
        return MappingNode(_MAP, items, flow_style=False)
    if isinstance(value, (list, tuple)):
        return SequenceNode(_SEQ, [to_node(item) for item in value], flow_style=False)
    return _SCALARS.represent_data(value)


def dump(data: dict, *, width: int = 4096) -> str:
    """`data` as a YAML block mapping, keys in their given order."""
    return yaml.serialize(to_node(data), Dumper=_Dumper, allow_unicode=True, width=width)


class Handler(frontmatter.YAMLHandler):
    """python-frontmatter's YAML handler, exporting through `dump`."""

    def export(self, metadata: dict[str, object], **kwargs: object) -> str:
        return dump(metadata, **kwargs).strip()
