"""PyYAML's syntax errors in a curator's words, at the line the mistake is on.

Owns the translation: PyYAML says `expected <block end>, but found '<block mapping
start>'`; a curator needs "the indentation does not match the lines above" and a line. Each
rule matches PyYAML's own wording (its messages have been stable for a decade) and says which
of its two positions is the curator's: the problem's, or the context's (an unclosed quote is
reported at the end of the file, but was opened where the context says).

And reading on: PyYAML stops at its first error. A mistake confined to its line (an
indentation out of step, a tab, a second ': ') is set aside (the line read as blank) and the
file parsed again, so every such mistake is said at once (`syntax_messages`). A mistake that
spans lines (an unclosed quote or bracket) leaves nothing after it to trust: it is said as the
first error, and later ones show once it is fixed.
"""

from __future__ import annotations

from collections.abc import Callable

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
# Rules whose mistake reaches the end of the file, though reported where it starts.
_TO_THE_END = ("found '<stream end>'",)
_FIRST = (
    " (the first syntax error: YAML cannot read past it, so later mistakes show once it is fixed)"
)
_MOST = 50  # mistakes said of one file: more means the file is not YAML at all


def syntax_messages(
    error: yaml.YAMLError, text: str, parse: Callable[[str], object]
) -> list[tuple[int, str]]:
    """(line, message) for `error`, raised by `parse(text)`, and for every later syntax error
    `parse` finds once each one-line mistake is read as a blank line."""
    found: list[tuple[int, str]] = []
    lines = text.split("\n")
    while True:
        line, message, reads_on = _said(error, text)
        if not reads_on or not 0 < line <= len(lines) or len(found) == _MOST - 1:
            return [*found, (line, message + _FIRST)]
        found.append((line, message))
        lines[line - 1] = ""
        try:
            parse(text := "\n".join(lines))
        except yaml.YAMLError as later:
            error = later
        else:
            return found


def _said(error: yaml.YAMLError, text: str) -> tuple[int, str, bool]:
    """`syntax_message`, and whether YAML can read past the mistake."""
    line, message = syntax_message(error, text)
    said = f"{getattr(error, 'context', '') or ''} {getattr(error, 'problem', '') or ''}"
    rule = next((rule for rule in _RULES if rule[0] in said), None)
    if isinstance(error, yaml.reader.ReaderError) or "mapping values are not allowed" in said:
        return line, message, True
    reads_on = rule is not None and not rule[2] and rule[0] not in _TO_THE_END
    return line, message, reads_on


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
