"""Abstract text (Markdown + LaTeX + bare URLs + stray HTML) parsed once into an inline tree.

`parse` gives a `Parsed`: the tree and what did not read as the curator meant. Its
renderings (`emit`) escape every character of input text, so nothing the curator pasted can
become markup: only the constructs recognised here (emphasis, code, links to http(s), math, a
few harmless proceedings tags) produce formatting, and the renderer writes their syntax
itself. A whole abstract is one HTML paragraph (`paragraph`: linear to render, whatever it
holds); a fragment's Markdown (`markdown`, for summaries) is one line that Python-Markdown
reads as one paragraph wherever a template puts it: leading spaces, list and heading markers
and a formula at the start (a block tag to Python-Markdown) are neutralised.
This module never reads files and never decides what a paper is about.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from generator.markup import inline, latex
from generator.markup.core import Grammar, Parser
from generator.markup.emit import (
    protect_line_start,
    render_inline,
    render_markdown,
    render_paragraph,
    render_text,
    typeset,
)
from generator.markup.mathml import MathError
from generator.markup.tree import Node, merge_text, walk

_HANDLERS = {
    "\\": latex.backslash, "$": latex.dollar, "{": latex.declaration_group,
    "*": inline.star, "`": inline.backtick, "<": inline.angle, "[": inline.bracket,
    "-": inline.dash, "~": inline.tilde, "'": inline.apostrophe, '"': inline.double_quote,
    **dict.fromkeys("hHwW", inline.bare_url),
}  # fmt: skip
# Text at which no handler can start is one text node, so the parser steps through the
# markup of an abstract, not through each of its characters: every character but the
# handlers' own and `}` (which closes a group); a letter h or w only where it cannot start a
# URL ("https://", "www."), a lone `-` ("token-level") or `'` ("model's"), since only `--`
# and `''` are typography.
_PLAIN_RUN = re.compile(
    r"(?:[^\\$*`<\[\-~'\"{}hHwW]+|-(?!-)|'(?!')|\B[hHwW]|[hHwW](?!(?i:ttps?://|ww\.)))+"
)
_GRAMMAR = Grammar(_HANDLERS, _PLAIN_RUN)


@dataclass(frozen=True)
class Parsed:
    nodes: tuple[Node, ...]
    warnings: tuple[str, ...]

    @cached_property
    def formulas(self) -> dict[Node, str | MathError]:
        """Each formula typeset once: `markdown` shows it, `problems_in` says why it cannot."""
        return typeset(self.nodes)

    @property
    def markdown(self) -> str:
        # Leading spaces would make a code block (4) or let "1." start a list.
        return protect_line_start(render_markdown(self.nodes, self.formulas).strip(" \t"))

    @property
    def html(self) -> str:
        """A fragment (a summary) as the inline HTML a Markdown engine makes of `markdown`."""
        return render_inline(self.nodes, self.formulas)

    @property
    def paragraph(self) -> str:
        """A whole abstract (or a note's paragraph) as one safe HTML paragraph: what its page
        shows, in time linear in its length whatever it holds (`emit`)."""
        return render_paragraph(self.nodes, self.formulas)

    @property
    def text(self) -> str:
        """Plain text on one line, whitespace collapsed."""
        return " ".join(render_text(self.nodes).split())

    @property
    def urls(self) -> tuple[str, ...]:
        return tuple(node.text for node in walk(self.nodes) if node.kind == "link")


def parse(source: str) -> Parsed:
    """Parse one abstract (or a fragment of one) into an inline tree plus warnings."""
    parser = Parser(source, _GRAMMAR)
    nodes = parser.parse_until(None)
    return Parsed(tuple(merge_text(nodes)), tuple(parser.warnings))


def problems(source: str) -> list[str]:
    """Everything in `source` that will not render as the curator meant, in plain words."""
    return problems_in(parse(source))


def problems_in(parsed: Parsed) -> list[str]:
    """Each distinct problem once, in the order first met, with how often it recurs: an
    abstract is reported at the one line it starts on, so a run of 200,000 stray `{` is one
    line saying so, not 200,000 identical lines (which took longer to print than to parse)."""
    found = Counter(parsed.warnings)
    for node in walk(parsed.nodes):
        formula = parsed.formulas.get(node) if node.kind == "math" else None
        if isinstance(formula, MathError):
            found[str(formula)] += 1
    return [
        message if count == 1 else f"{message}, {count} times" for message, count in found.items()
    ]
