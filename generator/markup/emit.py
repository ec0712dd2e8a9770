"""The inline tree of `markup` -> safe Markdown, or plain text. Pure string functions.

Every character of text is escaped for Markdown (and HTML entities) on the way out; only the
node kinds the parser recognised write syntax of their own (emphasis as <em>/<strong>, code,
http(s) links, sanitised MathML). Templates print names through `escape_markdown`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from urllib.parse import quote

from generator.markup.mathml import MathError, math_to_text, to_mathml
from generator.markup.tree import Node, walk

Formulas = Mapping[Node, "str | MathError"]  # each formula's MathML, or why it has none

_LINE_BREAKS = re.compile(r"[\r\n\v\f\x85\u2028\u2029]+")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]{}#!])")


def escape_markdown(text: str) -> str:
    """Plain text as Markdown that renders as exactly that text (HTML entities included).
    Line breaks become spaces: a second line could start a list, heading or code block."""
    text = html.escape(_LINE_BREAKS.sub(" ", text), quote=False)
    return protect_line_start(_MD_SPECIAL.sub(r"\\\1", text))


def typeset(nodes: Iterable[Node]) -> dict[Node, str | MathError]:
    """Each formula of the tree as sanitised MathML, or the MathError saying why it cannot be."""
    formulas: dict[Node, str | MathError] = {}
    for node in walk(nodes):
        if node.kind == "math" and node not in formulas:
            try:
                formulas[node] = to_mathml(node.text, display=node.display)
            except MathError as error:
                formulas[node] = error
    return formulas


def render_markdown(nodes: Iterable[Node], formulas: Formulas) -> str:
    """The tree as Markdown; `formulas` is its `typeset`."""
    return "".join(_markdown(node, formulas) for node in nodes)


def _markdown(node: Node, formulas: Formulas) -> str:
    kind = node.kind
    if kind == "text":
        return escape_markdown(html.unescape(node.text))
    if kind == "br":
        return "<br>"
    if kind == "code":
        # Entities are decoded as in text ("&amp;" is how scraped abstracts write "&"), so the
        # page shows what `render_text` gives.
        return f"<code>{escape_markdown(html.unescape(node.text))}</code>"
    if kind == "math":
        mathml = formulas[node]
        if isinstance(mathml, str):
            return mathml
        return f"<code>{escape_markdown('$' + node.text + '$')}</code>"
    inner = render_markdown(node.children, formulas)
    if kind == "link":
        return f"[{inner}]({_escape_url(node.text)})"
    tag = {"emph": "em", "strong": "strong", "sub": "sub", "sup": "sup"}[kind]
    return f"<{tag}>{inner}</{tag}>"


def _escape_url(url: str) -> str:
    return (
        quote(html.unescape(url), safe="/:?#&=%+~@!$,;.-_[]*'")
        .replace("(", "%28")
        .replace(")", "%29")
        .replace("*", "%2A")
        .replace("[", "%5B")
        .replace("]", "%5D")
        .replace("_", "%5F")
    )


def protect_line_start(markdown: str) -> str:
    """A paragraph that starts like a list item or heading must stay a paragraph. So must one
    that starts with a formula: Python-Markdown takes a line opening with `<math` (a block
    tag to it) for a raw HTML block and scrambles the rest; an inline `<span>` first avoids it."""
    if markdown.startswith("<math"):
        end = markdown.index("</math>") + len("</math>")
        return f'<span class="rl-math">{markdown[:end]}</span>{markdown[end:]}'
    # A leading "-" or "+" is always escaped: "- x" is a list item and "---" a rule.
    match = re.match(r"(\d+)([.)])(\s)|[-+]", markdown)
    if not match:
        return markdown
    if match.group(1):
        return f"{match.group(1)}\\{match.group(2)}{markdown[match.end(2) :]}"
    return "\\" + markdown


def render_text(nodes: Iterable[Node]) -> str:
    parts = []
    for node in nodes:
        if node.kind in ("text", "code"):
            parts.append(html.unescape(node.text))
        elif node.kind == "math":
            parts.append(math_to_text(node.text))
        elif node.kind == "br":
            parts.append(" ")
        else:
            parts.append(render_text(node.children))
    return "".join(parts)
