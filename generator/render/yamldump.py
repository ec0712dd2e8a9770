"""Front matter as YAML: the text PyYAML's C emitter (libyaml) writes, mostly written here.

The text is what `yaml.dump(data, Dumper=CSafeDumper, default_flow_style=False,
allow_unicode=True, sort_keys=False, width=width)` writes, except that a list or dict appearing
twice is written out twice rather than as an anchor and alias. Building PyYAML nodes and running
its emitter took 0.25-0.4 ms a page, most of it per-node work in Python, so plain data is
written here directly, following libyaml's emitter (`src/emitter.c`), about four times faster:

* block layout: a sequence inside a mapping is not indented ("tags:\\n- a"), a collection inside
  a sequence starts on the dash line ("- - a", "- key: a"), empty ones are "[]" and "{}";
* a string's style as `yaml_emitter_analyze_scalar` and `select_scalar_style` choose it: plain
  unless an indicator, a space at either end, a line break or a plain reading as another type
  ('2025-11-30', 'yes') forbids it; else single quotes unless a character libyaml does not
  print (controls, "\\x85", BOM, anything beyond the BMP) or a space beside a line break
  forbids them; else double quotes with libyaml's escapes. Long strings are checked by C loops
  (str and bytes methods), and the texts of short ones are cached: keys, tags and topic names
  repeat on every page;
* numbers, booleans and None as PyYAML's representer gives them (cached by type and repr).

The whole document is left to nodes and the C emitter (`_dump_nodes`, the former code) where
libyaml does more than this covers: a line that would run past `width` (libyaml folds it; no
page of a 5,000-paper build has one at 4096), a single-quoted string with line breaks, a key
that is not a simple key (multi-line, over 128 bytes, not a str), a non-empty tuple or
subclass of list or dict, anything the representer gives other than as a plain scalar, lone
surrogates (PyYAML raises), a root that is not a non-empty dict, and a width libyaml would
replace. Tests compare the text with `yaml.dump` on generated data (both paths) and on every
page of a real build.
"""

from __future__ import annotations

import io
import re

import frontmatter
import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_STR, _SEQ, _MAP = (f"tag:yaml.org,2002:{name}" for name in ("str", "seq", "map"))
# Other scalars (numbers, booleans, None) keep PyYAML's own representation, which also
# rejects any type YAML cannot hold.
_SCALARS = yaml.SafeDumper(io.StringIO())  # never emits: its representer and resolver only

_BREAKS = "\n\u2028\u2029"  # libyaml's line breaks that it prints ("\r", "\x85" it does not)
# A character libyaml does not print (IS_PRINTABLE, with unicode allowed) or a line break; one
# character class, not an alternation, for the regex engine to scan fast.
_UNUSUAL = re.compile("[^\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd]")
_HAS_BREAK = re.compile(f"[{_BREAKS}]")
_MULTILINE = re.compile(f"[{_BREAKS}\r\x85]")  # escaped or not, a key with these is not simple
_PLAIN_CANNOT_START = "#,[]{}&*!|>'\"%@` "
_COMMON_ESCAPES = (("\\", "\\\\"), ('"', '\\"'), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"))
_ESCAPES = {"\0": "0", "\a": "a", "\b": "b", "\v": "v", "\f": "f", "\x1b": "e", "\x85": "N",
            "\u2028": "L", "\u2029": "P"}  # fmt: skip
_ASCII_PRINTABLE = bytes(range(0x20, 0x7F))
_SIMPLE_KEY_BYTES = 128  # libyaml writes a longer key as "? key"
_CACHED_LENGTH = 200  # strings up to this long have their texts cached
_CACHE_SIZE = 1 << 16
# No line of a cached key and a cached value is longer (an escape takes up to 10 characters).
_LONGEST_CACHED_LINE = 10 * (_SIMPLE_KEY_BYTES + _CACHED_LENGTH) + 6


class _NotHere(Exception):
    """The data holds something left to libyaml."""


def _unusual(value: str) -> bytes | None:
    """In ASCII, the control characters of `value` (b"" for none); otherwise b"" when libyaml
    surely prints every character as is and finds no line break, None when it may not. Python's
    non-printable characters include all of libyaml's and every line break, which leaves only
    characters beyond the BMP (two UTF-16 units) to rule out."""
    if value.isascii():
        if len(value) < _CACHED_LENGTH and value.isprintable():  # cheaper than translate() here
            return b""
        return value.encode().translate(None, _ASCII_PRINTABLE)
    if value.isprintable() and len(value.encode("utf-16-le")) == 2 * len(value):
        return b""
    return None


def _needs_double_quotes(value: str) -> bool:
    """A character libyaml does not print, or a space beside a line break (searched from the
    start: the BibTeX and RIS in front matter show one in their first line)."""
    for match in _UNUSUAL.finditer(value):
        at = match.start()
        if match.group() not in _BREAKS or " " in (value[at - 1 : at], value[at + 1 : at + 2]):
            return True
    return False


def _escape(match: re.Match) -> str:
    char = match.group()
    if char in _ESCAPES:
        return "\\" + _ESCAPES[char]
    code = ord(char)
    if 0xD800 <= code <= 0xDFFF:  # a lone surrogate: PyYAML cannot encode it, and says so
        raise _NotHere
    if code <= 0xFF:
        return f"\\x{code:02X}"
    return f"\\u{code:04X}" if code <= 0xFFFF else f"\\U{code:08X}"


def _double_quoted(value: str, unusual: bytes | None) -> str:
    for char, escaped in _COMMON_ESCAPES:
        if char in value:  # a fast search; replace() would count one by one
            value = value.replace(char, escaped)
    # Left to escape: in ASCII, the control characters but those; else looked for again.
    left = _unusual(value) if unusual is None else unusual.translate(None, b"\n\r\t")
    if left != b"":
        value = _UNUSUAL.sub(_escape, value)
    return '"' + value + '"'


def _plain_forbidden(value: str) -> bool:
    """libyaml's block indicators, and spaces at either end (no special characters or breaks)."""
    first = value[0]
    return (
        first in _PLAIN_CANNOT_START
        or (first in "-?:" and value[1:2] in ("", " "))
        or value.startswith(("---", "..."))
        or value[-1] in " :"
        or ": " in value
        or " #" in value
    )


def _reads_as(value: str, tag: str) -> bool:
    """Whether PyYAML's resolver gives plain `value` the `tag`. It answers str when no implicit
    resolver is registered for the first character (most strings): then it is not asked."""
    resolvers = _SCALARS.yaml_implicit_resolvers
    if value[0] in resolvers or None in resolvers or _SCALARS.yaml_path_resolvers:
        return _SCALARS.resolve(ScalarNode, value, (True, False)) == tag
    return tag == _STR


def _styled(value: str, tag: str = _STR) -> tuple[str, str]:
    """libyaml's style for `value` in block context ("", "'" or '"') and its text."""
    unusual = _unusual(value)
    if unusual != b"":
        if _needs_double_quotes(value):
            return '"', _double_quoted(value, unusual)
        if _HAS_BREAK.search(value):  # single quotes over several lines
            raise _NotHere
    if value and not _plain_forbidden(value) and _reads_as(value, tag):
        return "", value
    return "'", "'" + (value.replace("'", "''") if "'" in value else value) + "'"


_KEYS: dict[str, str] = {}  # key -> its text and ":"
_TEXTS: dict[str, str] = {}  # short string -> a space and its text
_SCALAR_TEXTS: dict[tuple[type, str], str] = {}  # (type, repr) -> text, for the types below
_REPR_TELLS_APART = (bool, int, float, type(None))  # values their repr() identifies exactly


def _cache(cache: dict, value: object, text: str) -> str:
    if len(cache) >= _CACHE_SIZE:  # bounded, for long builds: start afresh
        cache.clear()
    cache[value] = text
    return text


def _key(key: object) -> str:
    if type(key) is not str or _MULTILINE.search(key) or len(key.encode()) > _SIMPLE_KEY_BYTES:
        raise _NotHere
    return _cache(_KEYS, key, _styled(key)[1] + ":")


def _string(value: str, column: int, width: int) -> str:
    """The text of string `value` starting at `column` (after ":" or "-" and a space)."""
    text = _styled(value)[1]
    if column + len(text) > width:  # libyaml would fold the line
        raise _NotHere
    if len(value) <= _CACHED_LENGTH:
        _cache(_TEXTS, value, " " + text)
    return text


def _represented(value: object) -> str:
    """A number, boolean or None as PyYAML represents it (also a date, as a timestamp)."""
    key = (type(value), repr(value)) if type(value) in _REPR_TELLS_APART else None
    text = _SCALAR_TEXTS.get(key) if key else None
    if text is None:
        node = _SCALARS.represent_data(value)
        if not isinstance(node, ScalarNode) or node.style is not None:
            raise _NotHere
        style, text = _styled(node.value, node.tag)
        if style:  # it would carry an explicit tag
            raise _NotHere
        if key:
            _cache(_SCALAR_TEXTS, key, text)
    return text


def _mapping(parts: list[str], data: dict, indent: int, lead: str, width: int) -> None:
    """Keys at `indent`, the first after `lead`; a sequence inside is not indented."""
    next_lead = "\n" + " " * indent
    roomy = indent + _LONGEST_CACHED_LINE <= width  # no cached text reaches `width`
    for key, value in data.items():
        key_text = _KEYS.get(key) or _key(key)
        kind = type(value)
        if kind is str:  # the common kinds are written here, saving calls
            # (long strings are not looked up: hashing them costs more than a miss)
            text = _TEXTS.get(value) if len(value) <= _CACHED_LENGTH else None
            if text is not None and roomy:
                parts.append(lead + key_text + text)
            else:  # (a long text is not copied into the line)
                column = indent + len(key_text) + 1
                parts += (lead + key_text + " ", _string(value, column, width))
        elif kind is list and value:
            parts.append(lead + key_text)
            _sequence(parts, value, indent, next_lead, width)
        elif kind is dict and value:
            parts.append(lead + key_text)
            _mapping(parts, value, indent + 2, next_lead + "  ", width)
        else:
            parts.append(lead + key_text + _leaf(value, indent + len(key_text), width))
        lead = next_lead


def _sequence(parts: list[str], items: list, indent: int, lead: str, width: int) -> None:
    """Dashes at `indent`, the first after `lead`; a collection inside starts on the dash line."""
    next_lead = "\n" + " " * indent + "-"
    lead += "-"
    roomy = indent + _LONGEST_CACHED_LINE <= width
    for item in items:
        kind = type(item)
        if kind is str:  # as in _mapping
            text = _TEXTS.get(item)
            if text is not None and roomy:
                parts.append(lead + text)
            else:
                parts += (lead + " ", _string(item, indent + 2, width))
        elif kind is list and item:
            parts.append(lead)
            _sequence(parts, item, indent + 2, " ", width)
        elif kind is dict and item:
            parts.append(lead)
            _mapping(parts, item, indent + 2, " ", width)
        else:
            parts.append(lead + _leaf(item, indent + 1, width))
        lead = next_lead


def _leaf(value: object, column: int, width: int) -> str:
    """Anything but a str or a non-empty list or dict, after the ":" or "-" ending at `column`,
    with the space before it."""
    if isinstance(value, str):
        return " " + _string(str.__str__(value), column + 1, width)
    if isinstance(value, (list, tuple, dict)):
        if value:
            raise _NotHere
        return " {}" if isinstance(value, dict) else " []"
    text = _represented(value)
    if column + 1 + len(text) > width:  # a datetime has a space to fold at
        raise _NotHere
    return " " + text


def to_node(value: object) -> Node:
    if isinstance(value, str):
        return ScalarNode(_STR, value)
    if isinstance(value, dict):
        items = [(to_node(key), to_node(item)) for key, item in value.items()]
        return MappingNode(_MAP, items, flow_style=False)
    if isinstance(value, (list, tuple)):
        return SequenceNode(_SEQ, [to_node(item) for item in value], flow_style=False)
    return _SCALARS.represent_data(value)


def _dump_nodes(data: object, width: int) -> str:
    """The fallback: nodes built here, written by PyYAML's C emitter."""
    return yaml.serialize(to_node(data), Dumper=_DUMPER, allow_unicode=True, width=width)


def dump(data: dict, *, width: int = 4096) -> str:
    """`data` as a YAML block mapping, keys in their given order."""
    if not (isinstance(data, dict) and data and isinstance(width, int) and width > 4):
        return _dump_nodes(data, width)
    parts: list[str] = []
    try:
        _mapping(parts, data, 0, "", width)
    except _NotHere:
        return _dump_nodes(data, width)
    parts.append("\n")
    return "".join(parts)


class Handler(frontmatter.YAMLHandler):
    """python-frontmatter's YAML handler, exporting through `dump`."""

    def export(self, metadata: dict[str, object], **kwargs: object) -> str:
        # frontmatter types its keywords as `object`; templating.page passes only `width`, an int.
        return dump(metadata, **kwargs).strip()  # type: ignore[arg-type]
