"""Markdown, HTML and typography in abstracts: the parser's handlers for them.

Emphasis (`*x*`, `**x**`), code spans, `[text](https://...)` links and bare URLs, a few
harmless proceedings tags (`<i>`, `<sub>`, `<br>`: any other tag stays visible text), TeX's
dashes and quotes and its `~` tie. Each handler returns None when what follows is not its
construct after all, and the character then stays text.
"""

from __future__ import annotations

import re

from generator.markup.core import Parser, is_web_url, link
from generator.markup.emit import render_text
from generator.markup.scan import trim_url
from generator.markup.tree import Node, formatted, text_node

SAFE_TAGS = {"em": "emph", "i": "emph", "b": "strong", "strong": "strong",
             "sub": "sub", "sup": "sup", "code": "code"}  # fmt: skip
MAX_TAG_CONTENT = 2_000  # characters between <em> and </em>
MIN_URL = 11  # characters: shorter "www.x" words are not addresses
_TAG = re.compile(r"<(/?)([a-zA-Z]+)\s*(/?)>")
_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"'`{}|\\^]+", re.IGNORECASE)
_MD_LINK_TEXT = re.compile(r"\[([^\[\]]{1,300})\]\(")
_DASHES = (("---", "—"), ("--", "–"))


def star(parser: Parser) -> list[Node] | None:
    marker = "**" if parser.at("**") else "*"
    start = parser.pos + len(marker)
    close = parser.emphasis_end(start, marker)
    if close is None:
        return None
    children = parser.inner(parser.source[start:close])
    parser.pos = close + len(marker)
    return [formatted("strong" if marker == "**" else "emph", children)]


def backtick(parser: Parser) -> list[Node] | None:
    """A code span, or TeX's opening quote ``."""
    if parser.at("``"):
        parser.pos += 2
        parser.open_quote = True
        return [text_node("“")]
    close = parser.source.find("`", parser.pos + 1)
    if close <= parser.pos + 1:
        return None
    code = parser.source[parser.pos + 1 : close]
    parser.pos = close + 1
    return [Node("code", code)]


def apostrophe(parser: Parser) -> list[Node] | None:
    """TeX's closing quote '' after an opening ``; any other ' is text."""
    if parser.at("''") and parser.open_quote:
        parser.pos += 2
        parser.open_quote = False
        return [text_node("”")]
    return None


def double_quote(parser: Parser) -> list[Node] | None:
    if parser.open_quote:
        parser.pos += 1
        parser.open_quote = False
        return [text_node("”")]
    return None


def angle(parser: Parser) -> list[Node] | None:
    """One of SAFE_TAGS with its closing tag, or `<br>`."""
    match = _TAG.match(parser.source, parser.pos)
    if not match:
        return None
    closing, name, _self_closing = match.groups()
    name = name.lower()
    if name == "br" and not closing:
        parser.pos = match.end()
        return [Node("br")]
    kind = SAFE_TAGS.get(name)
    if kind is None or closing:
        return None
    end_tag = parser.end_tag(match.end(), name, MAX_TAG_CONTENT)
    if end_tag is None:
        return None
    children = parser.inner(parser.source[match.end() : end_tag[0]])
    parser.pos = end_tag[1]
    if kind == "code":
        return [Node("code", render_text(children))]
    return [formatted(kind, children)]


def bracket(parser: Parser) -> list[Node] | None:
    """A Markdown link to a web address."""
    match = _MD_LINK_TEXT.match(parser.source, parser.pos)
    close = parser.link_end(match.end()) if match else None
    if match is None or close is None:
        return None
    url = parser.source[match.end() : close]
    if not is_web_url(url):
        return None
    children = parser.inner(match.group(1))
    parser.pos = close + 1
    return [link(url, children)]


def bare_url(parser: Parser) -> list[Node] | None:
    """`https://...` or `www....` starting a word, without the sentence's punctuation."""
    before = parser.source[parser.pos - 1] if parser.pos > 0 else " "
    if before.isalnum() or before in "/@":
        return None
    match = _URL.match(parser.source, parser.pos)
    url = trim_url(match.group(0)) if match else ""
    if len(url) < MIN_URL:
        return None
    parser.pos += len(url)
    return [link(url, [text_node(url)])]


def dash(parser: Parser) -> list[Node] | None:
    for run, char in _DASHES:
        if parser.at(run):
            parser.pos += len(run)
            return [text_node(char)]
    return None


def tilde(parser: Parser) -> list[Node] | None:
    """TeX's tie between two words: a non-breaking space."""
    before = parser.source[parser.pos - 1 : parser.pos]
    after = parser.ahead(1)
    if before.strip() and after.strip() and not after.isdigit():
        parser.pos += 1
        return [text_node("\u00a0")]
    return None
