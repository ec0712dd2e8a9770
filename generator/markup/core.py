"""The parser's core: a position in one abstract and the moves every construct's handler shares.

A hand-written recursive-descent parser, because the grammar is small and must never fail:
`parse_until` hands the character at the position to the handler of the construct it may
start (`Grammar.handlers`, filled by `parser` from `latex` and `inline`); a handler that
declines leaves the character as text. The shared moves are reading a `{...}` argument,
parsing a fragment one level deeper and making a link. Hostile input cannot exhaust it:
nesting is bounded (MAX_DEPTH, deeper shows as text, never RecursionError), and brace pairs,
emphasis closers, closing tags and link ends come from one scan of the abstract each
(`scan`), never a rescan.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping
from typing import NamedTuple

from generator.markup.emit import render_text
from generator.markup.scan import brace_pairs, emphasis_closers, end_tags, link_stops
from generator.markup.tree import Node, formatted, merge_text, text_node

MAX_DEPTH = 12  # nested groups, emphasis and tags
MAX_URL = 2_000  # characters of a `[text](url)` address
_WEB_URL = re.compile(r"https?://[^\s/]+", re.IGNORECASE)

Handler = Callable[["Parser"], "list[Node] | None"]  # None: not this construct after all


class Grammar(NamedTuple):
    handlers: Mapping[str, Handler]  # by the character the construct starts with
    plain_run: re.Pattern[str]  # text no handler could start in: one node, see `parser`


class Parser:
    def __init__(self, source: str, grammar: Grammar, *, depth: int = 0) -> None:
        self.source = source
        self.pos = 0
        self.grammar = grammar
        self.depth = depth  # nesting of groups and inner parsers, bounded by MAX_DEPTH
        self.warnings: list[str] = []
        self.open_quote = False  # a `` opened a quotation that '' or " closes
        self._braces: dict[int, int] | None = None
        self._closers: dict[str, list[int]] = {}
        self._end_tags: dict[str, list[tuple[int, int]]] = {}
        self._link_stops: list[int] | None = None

    def at(self, prefix: str, offset: int = 0) -> bool:
        return self.source.startswith(prefix, self.pos + offset)

    def ahead(self, offset: int) -> str:
        """The character `offset` places after the position ("" past the end)."""
        return self.source[self.pos + offset : self.pos + offset + 1]

    def parse_until(self, closer: str | None) -> list[Node]:
        """Nodes up to `closer` (consumed), or to the end of the source."""
        out: list[Node] = []
        while self.pos < len(self.source):
            if closer is not None and self.at(closer):
                self.pos += len(closer)
                return out
            out.extend(self._step())
        return out

    def _step(self) -> list[Node]:
        plain = self.grammar.plain_run.match(self.source, self.pos)
        if plain:
            self.pos = plain.end()
            return [text_node(plain.group())]
        char = self.source[self.pos]
        handler = self.grammar.handlers.get(char)
        nodes = handler(self) if handler is not None else None
        if nodes is not None:
            return nodes
        self.pos += 1
        return [text_node(char)]

    def inner(self, fragment: str) -> list[Node]:
        """A fragment (emphasis, tag or link content) parsed one level deeper."""
        if self.depth >= MAX_DEPTH:
            return [text_node(fragment)]
        inner = Parser(fragment, self.grammar, depth=self.depth + 1)
        nodes = inner.parse_until(None)
        self.warnings.extend(inner.warnings)
        return nodes

    def group(self) -> list[Node] | None:
        """A `{...}` argument parsed as inline content; None (and the position kept) when no
        brace follows, so `\\foo bar` keeps its space."""
        start = self.pos
        while self.at(" "):
            self.pos += 1
        if not self.at("{"):
            self.pos = start
            return None
        close = self.brace_end(self.pos)
        if close is None:
            self.warnings.append("unbalanced '{' (shown as text)")
            return None
        if self.depth >= MAX_DEPTH:
            self.warnings.append(f"braces nested over {MAX_DEPTH} deep (shown as text)")
            text, self.pos = self.source[self.pos + 1 : close], close + 1
            return [text_node(text)]
        self.depth += 1
        self.pos += 1
        nodes = self.parse_until("}")
        self.depth -= 1
        return nodes

    def raw_group(self) -> str | None:
        """A `{...}` argument as its source text (a URL, a citation key), stripped."""
        close = self.brace_end(self.pos) if self.at("{") else None
        if close is None:
            return None
        value = self.source[self.pos + 1 : close]
        self.pos = close + 1
        return value.strip()

    def brace_end(self, start: int) -> int | None:
        if self._braces is None:
            self._braces = brace_pairs(self.source)
        return self._braces.get(start)

    def emphasis_end(self, start: int, marker: str) -> int | None:
        """Where emphasis opened by `marker` just before `start` closes, if anywhere."""
        if start >= len(self.source) or self.source[start].isspace():
            return None
        if marker not in self._closers:
            self._closers[marker] = emphasis_closers(self.source, marker)
        closers = self._closers[marker]
        index = bisect.bisect_right(closers, start)
        return closers[index] if index < len(closers) else None

    def end_tag(self, start: int, name: str, within: int) -> tuple[int, int] | None:
        """The first `</name>` at or after `start` (where it starts and ends), if it ends
        within `within` characters of `start`: one scan of the abstract for every tag."""
        if name not in self._end_tags:
            self._end_tags[name] = end_tags(self.source, name)
        tags = self._end_tags[name]
        index = bisect.bisect_left(tags, (start, start))
        found = tags[index] if index < len(tags) else None
        return found if found is not None and found[1] <= start + within else None

    def link_end(self, start: int) -> int | None:
        """The `)` closing a link address that starts at `start`: the first `)` after its
        first character, with no space before it; one scan of the abstract for every link."""
        if start >= len(self.source) or self.source[start].isspace():
            return None
        if self._link_stops is None:
            self._link_stops = link_stops(self.source)
        index = bisect.bisect_right(self._link_stops, start)
        stop = self._link_stops[index] if index < len(self._link_stops) else None
        if stop is None or self.source[stop] != ")" or stop - start > MAX_URL:
            return None
        return stop


def is_web_url(url: str) -> bool:
    return bool(_WEB_URL.match(url))


def link(url: str, children: list[Node]) -> Node:
    """A link to a web address; any other scheme (`javascript:`) stays visible text."""
    if url.lower().startswith("www."):
        url = "https://" + url
    if not is_web_url(url):
        return formatted("group", [*children, text_node(f" ({url})")])
    return Node("link", url, tuple(merge_text(_unlink(children))))


def _unlink(nodes: list[Node]) -> list[Node]:
    """Links cannot nest: a URL written as a link's own text stays text."""
    return [text_node(render_text([node])) if node.kind == "link" else node for node in nodes]
