"""The inline tree of `markup` -> safe Markdown, a safe HTML paragraph, or plain text.

Every character of text is escaped (for Markdown and HTML entities, or for HTML) on the way
out; only the node kinds the parser recognised write syntax of their own (emphasis as
<em>/<strong>, code, http(s) links, sanitised MathML). Templates print names through
`escape_markdown`.

A whole abstract is handed over as an HTML paragraph, which Markdown passes through as one
raw block: Python-Markdown's inline pass rebuilds its text once per escape, entity or tag it
meets, so an abstract of 100,000 escaped characters (`\\_` each) costs minutes, where the
same text as HTML costs one parse. Inline Markdown stays for short fragments (summaries).
Pure string functions.
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


def render_paragraph(nodes: Iterable[Node], formulas: Formulas) -> str:
    """The tree as one HTML paragraph on one line (a raw HTML block to any Markdown engine:
    nothing in it is read as Markdown), or "" for no text; `formulas` is its `typeset`."""
    inner = "".join(_html(node, formulas) for node in nodes).strip()
    return f"<p>{inner}</p>" if inner else ""


def render_inline(nodes: Iterable[Node], formulas: Formulas) -> str:
    """The tree as inline HTML: what a Markdown engine makes of `render_markdown`'s text once
    `protect_line_start` has run, without one (a listing's summary, handed to MkDocs as HTML)."""
    inner = "".join(_html(node, formulas) for node in nodes).strip(" \t")
    if inner.startswith("<math"):  # as `protect_line_start` wraps it
        end = inner.index("</math>") + len("</math>")
        return f'<span class="rl-math">{inner[:end]}</span>{inner[end:]}'
    return inner


def _html(node: Node, formulas: Formulas) -> str:
    kind = node.kind
    if kind == "text":
        return escape_html(html.unescape(node.text))
    if kind == "br":
        return "<br>"
    if kind == "code":
        return f"<code>{escape_html(html.unescape(node.text))}</code>"
    if kind == "math":
        mathml = formulas[node]
        return (
            mathml
            if isinstance(mathml, str)
            else f"<code>{escape_html('$' + node.text + '$')}</code>"
        )
    inner = "".join(_html(child, formulas) for child in node.children)
    if kind == "link":
        return f'<a href="{html.escape(_escape_url(node.text))}">{inner}</a>'
    tag = {"emph": "em", "strong": "strong", "sub": "sub", "sup": "sup"}[kind]
    return f"<{tag}>{inner}</{tag}>"


def escape_html(text: str) -> str:
    """Text as HTML that shows exactly that text, on one line: a line break could end the
    raw block (a blank line does, to CommonMark)."""
    return html.escape(_LINE_BREAKS.sub(" ", text), quote=False)


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
