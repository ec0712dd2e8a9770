"""PyYAML's syntax errors in a curator's words, at the line the mistake is on.

Owns the translation only: PyYAML says `expected <block end>, but found '<block mapping
start>'`; a curator needs "the indentation does not match the lines above" and a line. Each
rule matches PyYAML's own wording (its messages have been stable for a decade) and says which
of its two positions is the curator's: the problem's, or the context's (an unclosed quote is
reported at the end of the file, but was opened where the context says).
"""

from __future__ import annotations

import yaml

# (words in PyYAML's message, the curator's message, report at the context's line)
# fmt: off
_RULES: tuple[tuple[str, str, bool], ...] = (
    ("<block end>, but found '<scalar>'", "text after a closing quote, or a line indented out "
     "of step with the lines above", False),
    ("expected <block end>", "the indentation does not match the lines above", False),
    ("expected <block mapping start>", "the indentation does not match the lines above", False),
    ("'\\t' that cannot start", "a tab: indent with spaces only", False),
    ("cannot start any token", "{char} cannot start a value: put the value in quotes", False),
    ("unknown escape character", "an unknown \\ escape inside double quotes: use single "
     "quotes, or write \\\\ for a backslash", False),
    ("quoted scalar", "a quote opened on this line is never closed", True),
    ("expected ',' or ']'", "a list opened with '[' on this line is not closed with ']' (or "
     "its items are not separated by commas)", True),
    ("expected ',' or '}'", "a group opened with '{' on this line is not closed with '}' (or "
     "its entries are not separated by commas)", True),
    ("found '<stream end>'", "the file ends before a '[' or '{' above is closed", False),
    ("expected the node content", "a value is missing, or starts with a character YAML "
     "reserves: put it in quotes", False),
    ("undefined alias", "'*' starts a reference to an '&' anchor that is not defined: put the "
     "value in quotes", False),
    ("scanning an anchor", "'&' starts an anchor: put the value in quotes", False),
    ("scanning an alias", "'*' starts a reference: put the value in quotes", False),
    ("constructor for the tag", "'!' starts a YAML tag, which this file does not allow: put the "
     "value in quotes", False),
    ("unhashable key", "a key that is a list or a group: keys are plain words", False),
    ("single document", "a second document ('---'): this file holds one", False),
    ("mapping keys are not allowed", "'?' starts a complex key: put the value in quotes", False),
    ("block scalar", "after '|' or '>' only '-', '+' or a digit may follow", False),
    ("could not find expected ':'", "a line without ':' (each setting is 'key: value')", True),
)
# fmt: on
_UNKNOWN = "this line is not valid YAML (check its quotes, colons and indentation)"


def syntax_message(error: yaml.YAMLError, text: str) -> tuple[int, str]:
    """(line, message) for a YAML error raised while reading `text`."""
    if isinstance(error, yaml.reader.ReaderError):
        line = text.count("\n", 0, error.position) + 1
        return line, f"a control character (U+{error.character:04X}) YAML does not allow: remove it"
    said = f"{getattr(error, 'context', '') or ''} {getattr(error, 'problem', '') or ''}"
    problem_line = _line(getattr(error, "problem_mark", None))
    if "mapping values are not allowed" in said:
        return problem_line, _stray_colon(text, problem_line)
    for words, message, at_context in _RULES:
        if words in said:
            context_line = _line(getattr(error, "context_mark", None))
            line = context_line if at_context and context_line else problem_line
            return line, message.replace("{char}", _character(said))
    return problem_line, _UNKNOWN


def _stray_colon(text: str, line: int) -> str:
    """PyYAML's "mapping values are not allowed here" has two causes a curator tells apart:
    a second ': ' inside one value, or a `key: value` line indented under a plain value."""
    lines = text.split("\n")
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    if source.count(": ") + source.endswith(":") > 1:
        return "a ': ' inside a value: put the value in quotes"
    return "this line is indented deeper than the key above it (or the line above lacks a ':')"


def _character(said: str) -> str:
    """The character PyYAML quotes in "found character '@' that cannot start any token"."""
    start = said.find("character '")
    return f"'{said[start + 11]}'" if start >= 0 else "this character"


def _line(mark: yaml.Mark | None) -> int:
    return mark.line + 1 if mark is not None else 0
