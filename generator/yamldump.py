"""Front matter as YAML: the text PyYAML's C emitter (libyaml) writes, written here directly.

The text is what `yaml.dump(data, Dumper=CSafeDumper, default_flow_style=False,
allow_unicode=True, sort_keys=False, width=width)` writes, except that a list or dict appearing
twice is written out twice rather than as an anchor and alias. Building PyYAML nodes and
running its emitter cost ~0.5 ms a page (a tenth of a 5,000-paper build), almost all of it
per-event work in PyYAML, so plain data (dicts, lists, strings, numbers, booleans, None) is
written here in block style, following libyaml's emitter (`src/emitter.c`) step by step:

* the style of a string follows `yaml_emitter_analyze_scalar` and `select_scalar_style`:
  plain unless an indicator, a space at either end, a line break or a plain reading as another
  type (`'2025-11-30'`, `'yes'`) forbids it; then single quotes unless a character libyaml does
  not print (controls, `\\r`, `\\x85`, BOM, anything beyond the BMP) or a space beside a line
  break forbids them; then double quotes with libyaml's escapes. Styles of short strings are
  cached: keys, tags and topic names repeat on every page;
* a scalar whose line would pass `width` is folded at spaces as libyaml's writers do, character
  by character (rare at width 4096), as is a single-quoted string spanning lines;
* numbers, booleans and None keep PyYAML's own representation (its representer also rejects
  types YAML cannot hold).

What libyaml writes differently is left to it: the whole document falls back to nodes and the
C emitter (`_dump_nodes`) for a key that is not a simple key (multi-line, over 128 bytes), a
scalar the representer does not give as a plain scalar (bytes, sets), lone surrogates (which
PyYAML refuses), a root that is not a non-empty dict, and a width libyaml would replace.
Tests compare both paths with `yaml.dump` on generated data and on every page of real builds.
"""

from __future__ import annotations

import re
from functools import lru_cache

import frontmatter
import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
_STR, _SEQ, _MAP = (f"tag:yaml.org,2002:{name}" for name in ("str", "seq", "map"))
# Other scalars (numbers, booleans, None) keep PyYAML's own representation, which also
# rejects any type YAML cannot hold.
_SCALARS = yaml.SafeDumper(None)

# What libyaml prints as is when allowing unicode (IS_PRINTABLE); no character beyond the BMP.
_PRINTABLE = "\n\x20-\x7e\xa0-\ud7ff\ue000-\ufefe\uff00-\ufffd"
_BREAKS = "\n\u2028\u2029"  # the printable line breaks (\r and \x85 are not printable)
_HAS_BREAK = re.compile(f"[{_BREAKS}]")
_UNPRINTABLE_OR_BREAK = re.compile(f"[^{_PRINTABLE}]|[{_BREAKS}]")
_MULTILINE = re.compile(f"[{_BREAKS}\r\x85]")  # escaped or not, a key with these is not simple
_PLAIN_CANNOT_START = "#,[]{}&*!|>'\"%@` "
_ESCAPED = re.compile(f"[^{_PRINTABLE}]|[\u2028\u2029]")  # once backslash, quote, \n, \r, \t are
_COMMON_ESCAPES = (("\\", "\\\\"), ('"', '\\"'), ("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t"))
_ESCAPES = {"\0": "0", "\a": "a", "\b": "b", "\v": "v", "\f": "f", "\x1b": "e", "\x85": "N",
            "\u2028": "L", "\u2029": "P"}  # fmt: skip
_ASCII_PRINTABLE = bytes(range(0x20, 0x7F))
_SIMPLE_KEY_BYTES = 128  # libyaml writes a longer key as "? key"
# Texts of strings up to this length are cached: keys, tags, topics repeat on every page.
_CACHED_LENGTH = 200
_CACHE_SIZE = 1 << 16
# No line of a cached key and a cached value (an escape takes up to 10 characters) is longer.
_LONGEST_CACHED_LINE = 10 * (_SIMPLE_KEY_BYTES + _CACHED_LENGTH) + 6


class _NotHere(Exception):
    """The data holds something this writer leaves to libyaml."""


def _unusual(value: str) -> bytes | None:
    """The characters libyaml might not print as is, found by C loops (long strings are most of
    the text): in ASCII, exactly the control characters (b"" for none); otherwise b"" when
    there surely are none, None when there may be. Python's non-printable characters include
    all of libyaml's and every line break, so only characters beyond the BMP (two UTF-16
    units) remain to rule out."""
    if value.isascii():
        if len(value) < _CACHED_LENGTH and value.isprintable():  # cheaper than translate() here
            return b""
        return value.encode().translate(None, _ASCII_PRINTABLE)
    if value.isprintable() and len(value.encode("utf-16-le")) == 2 * len(value):
        return b""
    return None


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
        if char in value:  # a fast search; replace() counts one by one
            value = value.replace(char, escaped)
    # Left to escape: in ASCII, control characters but the common ones; else found anew.
    left = _unusual(value) if unusual is None else unusual.translate(None, b"\n\r\t")
    if left != b"":
        value = _ESCAPED.sub(_escape, value)
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


def _reads_as(value: str) -> str:
    """The tag PyYAML's resolver gives `value` as a plain scalar. Its answer is the default (str)
    when no implicit resolver is registered for the first character, as for most strings; the
    call is saved then."""
    resolvers = _SCALARS.yaml_implicit_resolvers
    if value[0] in resolvers or None in resolvers or _SCALARS.yaml_path_resolvers:
        return _SCALARS.resolve(ScalarNode, value, (True, False))
    return _SCALARS.DEFAULT_SCALAR_TAG


def _needs_double_quotes(value: str) -> bool:
    """A character libyaml does not print, or a space beside a line break (searched from the
    start: front matter's BibTeX and RIS show one in their first line)."""
    for match in _UNPRINTABLE_OR_BREAK.finditer(value):
        at = match.start()
        if match.group() not in _BREAKS or " " in (value[at - 1 : at], value[at + 1 : at + 2]):
            return True
    return False


def _styled(value: str, tag: str = _STR) -> tuple[str, str | None]:
    """libyaml's style for `value` in block context ("", "'" or '"'), and its text when that
    fits on one line (None for a single-quoted string with line breaks)."""
    unusual = _unusual(value)
    if unusual != b"":
        if _needs_double_quotes(value):
            return '"', _double_quoted(value, unusual)
        if _HAS_BREAK.search(value):
            return "'", None
    if value and not _plain_forbidden(value) and _reads_as(value) == tag:
        return "", value
    return "'", "'" + (value.replace("'", "''") if "'" in value else value) + "'"


_KEYS: dict[str, str] = {}  # key -> its text and ":"
_TEXTS: dict[str, str] = {}  # short string -> its one-line text after a space
_SCALAR_TEXTS: dict[tuple[type, str], str] = {}  # (type, repr) -> text, for the types below
_REPR_TELLS_APART = (bool, int, float, type(None))  # values their repr() identifies exactly


def _represented(value: object) -> str:
    """A number, boolean or None as PyYAML represents it (the representer also rejects types
    YAML cannot hold, and gives dates as timestamps): a plain scalar, or left to libyaml."""
    key = (type(value), repr(value)) if type(value) in _REPR_TELLS_APART else None
    text = _SCALAR_TEXTS.get(key)
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


def _cache(cache: dict, value: object, text: str) -> str:
    if len(cache) >= _CACHE_SIZE:  # bounded, for long builds: start afresh
        cache.clear()
    cache[value] = text
    return text


def _key(key: object) -> str:
    if type(key) is not str or _MULTILINE.search(key) or len(key.encode()) > _SIMPLE_KEY_BYTES:
        raise _NotHere
    return _cache(_KEYS, key, _styled(key)[1] + ":")


def _string(value: str, column: int, indent: int, width: int) -> str:
    """String `value` after the ":" or "-" ending at `column`, as a scalar at `indent`, with
    the space before it; PyYAML folds its line only where it would run past `width`."""
    style, text = _styled(value)
    if text is None or column + 1 + len(text) > width:
        return " " + _FOLDERS[style](value, column + 1, indent, width)
    if len(value) <= _CACHED_LENGTH:
        return _cache(_TEXTS, value, " " + text)
    return " " + text


def _fold_plain(value: str, column: int, indent: int, width: int) -> str:
    """write_plain_scalar: past `width`, a single space becomes a line break."""
    out, spaces = [], False
    for i, char in enumerate(value):
        if char == " " and not spaces and column > width and value[i + 1 : i + 2] != " ":
            out.append("\n" + " " * indent)
            column = indent
        else:
            out.append(char)
            column += 1
        spaces = char == " "
    return "".join(out)


def _fold_single(value: str, column: int, indent: int, width: int) -> str:
    """write_single_quoted_scalar: folds like plain (not at either end), line breaks doubled
    before the first "\\n" of a run, lines after breaks indented."""
    out, spaces, breaks, last = ["'"], False, False, len(value) - 1
    column += 1
    for i, char in enumerate(value):
        if char == " ":
            if not spaces and column > width and 0 < i < last and value[i + 1] != " ":
                out.append("\n" + " " * indent)
                column = indent
            else:
                out.append(char)
                column += 1
            spaces = True
        elif char in _BREAKS:
            out.append("\n" + char if not breaks and char == "\n" else char)
            column, breaks = 0, True
        else:
            if breaks:
                out.append(" " * indent)
                column = indent
            out.append("''" if char == "'" else char)
            column += 2 if char == "'" else 1
            spaces = breaks = False
    return "".join(out) + (" " * indent if breaks else "") + "'"


def _fold_double(value: str, column: int, indent: int, width: int) -> str:
    """write_double_quoted_scalar: folds at any first space (not at either end), escaping a
    space that would start the next line."""
    out, spaces, last = ['"'], False, len(value) - 1
    column += 1
    for i, char in enumerate(value):
        if char == " " and not spaces and column > width and 0 < i < last:
            out.append("\n" + " " * indent + ("\\" if value[i + 1] == " " else ""))
            column = indent + (value[i + 1] == " ")
            spaces = True
        else:
            text = _double_quoted(char, None)[1:-1]
            out.append(text)
            column += len(text)
            spaces = char == " "
    return "".join(out) + '"'


_FOLDERS = {"": _fold_plain, "'": _fold_single, '"': _fold_double}


def _mapping(parts: list[str], data: dict, indent: int, lead: str, width: int) -> None:
    """Keys at `indent`, the first after `lead`; a sequence inside is not indented."""
    next_lead = "\n" + " " * indent
    roomy = indent + _LONGEST_CACHED_LINE <= width  # no cached text needs folding
    for key, value in data.items():
        key_text = _KEYS.get(key) or _key(key)
        kind = type(value)
        if kind is str:  # the common kinds are written here, saving calls
            # (long strings are not looked up: hashing them costs more than a miss)
            text = _TEXTS.get(value) if len(value) <= _CACHED_LENGTH else None
            if text is None or not roomy:
                text = _string(value, indent + len(key_text), indent + 2, width)
            parts.append(lead + key_text + text)
        elif kind is list and value:
            parts.append(lead + key_text)
            _sequence(parts, value, indent, next_lead, width)
        elif kind is dict and value:
            parts.append(lead + key_text)
            _mapping(parts, value, indent + 2, next_lead + "  ", width)
        else:
            parts.append(lead + key_text + _leaf(value, indent + len(key_text), indent + 2, width))
        lead = next_lead


def _sequence(parts: list[str], items: list, indent: int, lead: str, width: int) -> None:
    """Dashes at `indent`, the first after `lead`; a collection inside starts on the dash line
    ("- - a", "- key: a")."""
    next_lead = "\n" + " " * indent + "-"
    lead += "-"
    roomy = indent + _LONGEST_CACHED_LINE <= width
    for item in items:
        kind = type(item)
        if kind is str:  # as in _mapping
            text = _TEXTS.get(item)
            if text is None or not roomy:
                text = _string(item, indent + 1, indent + 2, width)
            parts.append(lead + text)
        elif kind is list and item:
            parts.append(lead)
            _sequence(parts, item, indent + 2, " ", width)
        elif kind is dict and item:
            parts.append(lead)
            _mapping(parts, item, indent + 2, " ", width)
        else:
            parts.append(lead + _leaf(item, indent + 1, indent + 2, width))
        lead = next_lead


def _leaf(value: object, column: int, indent: int, width: int) -> str:
    """Anything but a str, a non-empty list or dict, after the ":" or "-" ending at `column`,
    with the space before it. Tuples and subclasses of list and dict are left to libyaml."""
    if isinstance(value, str):
        return _string(str.__str__(value), column, indent, width)
    if isinstance(value, (list, tuple, dict)):
        if value:
            raise _NotHere
        return " {}" if isinstance(value, dict) else " []"
    text = _represented(value)
    if column + 1 + len(text) > width:  # a datetime has a space to fold at
        text = _fold_plain(text, column + 1, indent, width)
    return " " + text


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


def _dump_nodes(data: object, width: int) -> str:
    """The slow path: nodes built here, written by PyYAML's C emitter."""
    return yaml.serialize(to_node(data), Dumper=_Dumper, allow_unicode=True, width=width)


def dump(data: dict, *, width: int = 4096) -> str:
    """`data` as a YAML block mapping, keys in their given order."""
    if not (isinstance(data, dict) and data and isinstance(width, int) and width > 4):
        return _dump_nodes(data, width)
    parts: list[str] = []
    try:
        _mapping(parts, data, 0, "", width)
    except _NotHere:
        return _dump_nodes(data, width)
    return "".join(parts) + "\n"


class Handler(frontmatter.YAMLHandler):
    """python-frontmatter's YAML handler, exporting through `dump`."""

    def export(self, metadata: dict[str, object], **kwargs: object) -> str:
        return dump(metadata, **kwargs).strip()
