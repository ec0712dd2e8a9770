"""The parser's look-aheads: where a brace, a formula, an emphasis, a tag or a bare URL ends.

Each scan reads the abstract once (or a bounded stretch of it) and answers many questions,
so hostile input (thousands of `{` or `*`) cannot make the parser quadratic. Pure functions
on strings; they know nothing of nodes.
"""

from __future__ import annotations

import re

MAX_INLINE_MATH = 500  # characters between $ and $: no inline formula is longer
URL_TRAILING = ".,;:!?'\"”’)]}*"  # what ends a sentence rather than an address
_BRACE = re.compile(r"[{}]")
_LINK_STOP = re.compile(r"[)\s]")


def brace_pairs(source: str) -> dict[int, int]:
    """Every balanced `{` -> its `}`; braces after a backslash are literal."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for brace in _BRACE.finditer(source):
        index = brace.start()
        if source[index - 1 : index] != "\\":
            if brace.group() == "{":
                stack.append(index)
            elif stack:
                pairs[stack.pop()] = index
    return pairs


def inline_math_end(source: str, start: int) -> int | None:
    """The `$` closing the one at `start`, by Pandoc's rule: `$` opens only before a non-space
    and closes only after one; so `$5 and $10` stays text and one stray `$` swallows nothing."""
    if start + 1 >= len(source) or source[start + 1].isspace():
        return None
    index = start + 1
    limit = min(len(source), start + MAX_INLINE_MATH)
    while index < limit:
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if char == "$":
            return None if source[index - 1].isspace() else index
        index += 1
    return None


def emphasis_closers(source: str, marker: str) -> list[int]:
    """Where `marker` (`*` or `**`) can close emphasis: after a non-space; a lone `*` not
    inside `**` (unless `***`)."""
    found = []
    index = source.find(marker, 1)
    while index > 0:
        if not source[index - 1].isspace() and (
            marker == "**" or not source.startswith("**", index) or source.startswith("***", index)
        ):
            found.append(index)
        index = source.find(marker, index + 1)
    return found


def end_tags(source: str, name: str) -> list[tuple[int, int]]:
    """Where each `</name>` closing tag (any case, spaces before its `>`) starts and ends."""
    tag = re.compile(rf"</{name}\s*>", re.IGNORECASE)
    return [found.span() for found in tag.finditer(source)]


def link_stops(source: str) -> list[int]:
    """Where a `[text](url)` address may end: at each `)`, and (no link) at each space."""
    return [stop.start() for stop in _LINK_STOP.finditer(source)]


def trim_url(url: str) -> str:
    """Drop trailing punctuation that belongs to the sentence, keeping balanced brackets."""
    while url and url[-1] in URL_TRAILING:
        if url[-1] == ")" and url.count("(") >= url.count(")"):
            break
        url = url[:-1]
    return url
