"""Abstract text (Markdown + LaTeX + bare URLs + stray HTML) to safe Markdown and plain text.

The text is parsed once into a small inline tree (`Node`s); the renderers in `emit` walk it. Every
character of input text reaches the output escaped, so nothing the curator pasted can become
markup: only the constructs recognised here (emphasis, code, links to http(s), math, a few
harmless proceedings tags) produce formatting, and the renderer writes their syntax itself.
The output is one line that Python-Markdown reads as one paragraph, wherever a template puts
it: leading spaces, list and heading markers and a formula at the start (a block tag to
Python-Markdown) are neutralised. Hostile input cannot exhaust the parser: nesting is bounded
and every scan is linear or bounded in length. This module never reads files and never
decides what a paper is about.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from generator.markup.emit import escape_markdown, protect_line_start, render_markdown, render_text
from generator.markup.mathml import MathError, to_mathml

__all__ = ["Node", "Parsed", "escape_markdown", "parse", "problems", "problems_in", "render_text"]

# LaTeX commands that take one argument, by the node they become.
_ONE_ARG = {
    "emph": "emph", "textit": "emph", "textsl": "emph", "underline": "emph", "mathit": "emph",
    "textbf": "strong", "mathbf": "strong", "bm": "strong",
    "texttt": "code", "verb": "code",
    "text": "group", "textrm": "group", "textsf": "group", "textsc": "group", "mbox": "group",
    "textnormal": "group", "textup": "group", "textmd": "group",
}  # fmt: skip
_SYMBOLS = {
    "ldots": "…", "dots": "…", "cdots": "⋯", "textendash": "–", "textemdash": "—",
    "LaTeX": "LaTeX", "TeX": "TeX", "textasciitilde": "~", "textbackslash": "\\",
    "S": "§", "P": "¶", "dag": "†", "ddag": "‡", "copyright": "©", "textregistered": "®",
    "texttrademark": "™", "pounds": "£", "euro": "€", "textdegree": "°",
}  # fmt: skip
_DROPPED = {"cite", "citep", "citet", "ref", "eqref", "label"}  # keys, not words
_ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303",
            "=": "\u0304", ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306",
            "H": "\u030b", "k": "\u0328"}  # fmt: skip
_ESCAPABLE = set("%$&#_{}~^\\ ,;!")
_SAFE_TAGS = {"em": "emph", "i": "emph", "b": "strong", "strong": "strong",
              "sub": "sub", "sup": "sup", "code": "code"}  # fmt: skip
_TAG = re.compile(r"<(/?)([a-zA-Z]+)\s*(/?)>")
_URL = re.compile(r"(?:https?://|www\.)[^\s<>\"'`{}|\\^]+", re.IGNORECASE)
_URL_TRAILING = ".,;:!?'\"”’)]}*"
_MD_LINK = re.compile(r"\[([^\[\]]{1,300})\]\((\S{1,2000}?)\)")
# Characters no handler starts at: `}` closes groups; h/w may start a URL.
# Plain text consumed at once; h/H/w/W only stop it where a URL could start ("https://",
# "www."), so ordinary words are not read one character at a time. Likewise a lone `-`
# ("token-level") or `'` ("model's") is text: only `--` and `''` are typography.
_PLAIN_RUN = re.compile(
    r"(?:[^\\$*`<\[\-~'\"}hHwW]+|-(?!-)|'(?!')|\B[hHwW]|[hHwW](?!(?i:ttps?://|ww\.)))+"
)
_HANDLERS = {
    "\\": "_backslash", "$": "_dollar", "*": "_star", "`": "_backtick", "<": "_angle",
    "[": "_bracket", "-": "_dash", "~": "_tilde", "'": "_apostrophe", '"': "_double_quote",
    **dict.fromkeys("hHwW", "_url"),
}  # fmt: skip
_COMMAND = re.compile(r"\\([A-Za-z]+)\*?")
_MAX_INLINE_MATH = 500  # characters between $ and $
_MAX_MATH = 2_000  # between $$ and $$ (or \[ and \]): no real formula is longer
_MAX_DEPTH = 12  # nested groups and emphasis; deeper shows as text, never RecursionError
_MAX_TAG_CONTENT = 2_000  # characters between <em> and </em>


@dataclass(frozen=True)
class Node:
    kind: str  # text, emph, strong, code, link, math, sub, sup, br
    text: str = ""  # text for "text"/"code", LaTeX for "math", URL for "link"
    children: tuple[Node, ...] = ()
    display: bool = False


@dataclass(frozen=True)
class Parsed:
    nodes: tuple[Node, ...]
    warnings: tuple[str, ...]

    @property
    def markdown(self) -> str:
        # Leading spaces would make a code block (4) or let "1." start a list.
        return protect_line_start(render_markdown(self.nodes).strip(" \t"))

    @property
    def text(self) -> str:
        return " ".join(render_text(self.nodes).split())  # = re.sub(r"\s+", " ", ...).strip()

    @property
    def urls(self) -> tuple[str, ...]:
        return tuple(node.text for node in _walk(self.nodes) if node.kind == "link")


def parse(source: str) -> Parsed:
    """Parse one abstract (or a fragment of one) into an inline tree plus warnings."""
    parser = _Parser(source)
    nodes = parser.parse_until(None)
    return Parsed(tuple(_merge_text(nodes)), tuple(parser.warnings))


def problems(source: str) -> list[str]:
    """Everything in `source` that will not render as the curator meant, in plain words."""
    return problems_in(parse(source))


def problems_in(parsed: Parsed) -> list[str]:
    found = list(parsed.warnings)
    for node in _walk(parsed.nodes):
        if node.kind == "math":
            try:
                to_mathml(node.text, display=node.display)
            except MathError as error:
                found.append(str(error))
    return found


class _Parser:
    """A hand-written recursive-descent parser: the grammar is small and must never fail."""

    def __init__(self, source: str, *, depth: int = 0) -> None:
        self.s = source
        self.i = 0
        self.depth = depth  # nesting of groups and inner parsers: bounded, see _MAX_DEPTH
        self.warnings: list[str] = []
        self.open_quote = False
        self._braces: dict[int, int] | None = None
        self._closers: dict[str, list[int]] = {}

    def _inner(self, source: str) -> list[Node]:
        """Parse a fragment (emphasis, tag or link content) one level deeper."""
        if self.depth >= _MAX_DEPTH:
            return [Node("text", source)]
        inner = _Parser(source, depth=self.depth + 1)
        nodes = inner.parse_until(None)
        self.warnings.extend(inner.warnings)
        return nodes

    def _brace_end(self, start: int) -> int | None:
        if self._braces is None:
            self._braces = _brace_pairs(self.s)
        return self._braces.get(start)

    def _emphasis_end(self, start: int, marker: str) -> int | None:
        if start >= len(self.s) or self.s[start].isspace():
            return None
        if marker not in self._closers:
            self._closers[marker] = _emphasis_closers(self.s, marker)
        closers = self._closers[marker]
        index = bisect.bisect_right(closers, start)
        return closers[index] if index < len(closers) else None

    def parse_until(self, closer: str | None) -> list[Node]:
        out: list[Node] = []
        while self.i < len(self.s):
            if closer is not None and self.s.startswith(closer, self.i):
                self.i += len(closer)
                return out
            out.extend(self._step())
        return out

    def _step(self) -> list[Node]:
        plain = _PLAIN_RUN.match(self.s, self.i)
        if plain:  # a run no handler cares about, taken at once: long abstracts stay fast
            self.i = plain.end()
            return [Node("text", plain.group())]
        ch = self.s[self.i]
        handler = _HANDLERS.get(ch)
        if handler is not None:
            nodes = getattr(self, handler)()
            if nodes is not None:
                return nodes
        self.i += 1
        return [Node("text", ch)]

    # --- LaTeX --------------------------------------------------------------------------
    def _backslash(self) -> list[Node] | None:
        nxt = self.s[self.i + 1 : self.i + 2]
        if nxt == "(":
            return self._delimited_math("\\(", "\\)", display=False)
        if nxt == "[":
            return self._delimited_math("\\[", "\\]", display=True)
        if (nxt in _ACCENTS and not nxt.isalpha()) or (
            nxt in ("c", "v", "u", "H", "k") and (self.s[self.i + 2 : self.i + 3] == "{")
        ):
            accented = self._accent(nxt)
            if accented is not None:
                return accented
        if nxt and nxt in _ESCAPABLE:
            self.i += 2
            return [
                Node("text", {"~": "~", ",": "\u2009", ";": " ", "!": "", " ": " "}.get(nxt, nxt))
            ]
        match = _COMMAND.match(self.s, self.i)
        if not match:
            return None
        return self._command(match.group(1), match.end())

    def _accent(self, mark: str) -> list[Node] | None:
        rest = self.s[self.i + 2 :]
        match = re.match(r"\{?([A-Za-z])\}?", rest)
        if not match:
            return None
        self.i += 2 + match.end()
        return [Node("text", unicodedata.normalize("NFC", match.group(1) + _ACCENTS[mark]))]

    def _command(self, name: str, end: int) -> list[Node]:
        self.i = end
        if name == "href":
            return self._href()
        if name == "url":
            url = self._raw_group()
            return [_link(url, [Node("text", url)])] if url is not None else []
        if name in _ONE_ARG:
            children = self._group()
            kind = _ONE_ARG[name]
            if children is None:
                return []
            if kind == "code":
                return [Node("code", render_text(children))]
            return children if kind == "group" else [_formatted(kind, children)]
        if name in _SYMBOLS:
            self._skip_empty_group()
            return [Node("text", _SYMBOLS[name])]
        if name in _DROPPED:
            self._raw_group()
            return []
        if name == "footnote":  # its words are part of the abstract: keep them, in brackets
            children = self._group()
            return [Node("text", " ("), *children, Node("text", ")")] if children else []
        self.warnings.append(f"unknown LaTeX command \\{name} (shown as its text)")
        children = self._group()
        return children if children is not None else [Node("text", name)]

    def _href(self) -> list[Node]:
        url = self._raw_group()
        text = self._group()
        if url is None:
            self.warnings.append("\\href without a {url}")
            return []
        return [_link(url, text or [Node("text", url)])]

    def _group(self) -> list[Node] | None:
        """A `{...}` argument parsed as inline content; None when no brace follows."""
        while self.s.startswith(" ", self.i):
            self.i += 1
        if not self.s.startswith("{", self.i):
            return None
        close = self._brace_end(self.i)
        if close is None:
            self.warnings.append("unbalanced '{' (shown as text)")
            return None
        if self.depth >= _MAX_DEPTH:
            self.warnings.append(f"braces nested over {_MAX_DEPTH} deep (shown as text)")
            text, self.i = self.s[self.i + 1 : close], close + 1
            return [Node("text", text)]
        self.depth += 1
        self.i += 1
        nodes = self.parse_until("}")
        self.depth -= 1
        return nodes

    def _raw_group(self) -> str | None:
        if not self.s.startswith("{", self.i):
            return None
        close = self._brace_end(self.i)
        if close is None:
            return None
        value = self.s[self.i + 1 : close]
        self.i = close + 1
        return value.strip()

    def _skip_empty_group(self) -> None:
        if self.s.startswith("{}", self.i):
            self.i += 2

    # --- math ---------------------------------------------------------------------------
    def _dollar(self) -> list[Node] | None:
        if self.s.startswith("$$", self.i):
            return self._delimited_math("$$", "$$", display=True)
        close = _inline_math_end(self.s, self.i)
        if close is None:
            if not self.s[self.i + 1 : self.i + 2].isdigit():  # "$5" is money, not a mistake
                self.warnings.append("unbalanced $ (shown as a dollar sign)")
            return None
        latex = self.s[self.i + 1 : close]
        self.i = close + 1
        return [Node("math", latex)]

    def _delimited_math(self, opener: str, closer: str, *, display: bool) -> list[Node] | None:
        start = self.i + len(opener)
        close = self.s.find(closer, start, start + _MAX_MATH + len(closer))
        if close < 0 or close == start:
            self.warnings.append(f"unbalanced {opener} (shown as text)")
            self.i += len(opener)
            return [Node("text", opener)]
        latex = self.s[self.i + len(opener) : close]
        self.i = close + len(closer)
        return [Node("math", latex.strip(), display=display)]

    # --- Markdown and HTML --------------------------------------------------------------
    def _star(self) -> list[Node] | None:
        marker = "**" if self.s.startswith("**", self.i) else "*"
        start = self.i + len(marker)
        close = self._emphasis_end(start, marker)
        if close is None:
            return None
        children = self._inner(self.s[start:close])
        self.i = close + len(marker)
        return [_formatted("strong" if marker == "**" else "emph", children)]

    def _backtick(self) -> list[Node] | None:
        if self.s.startswith("``", self.i):
            self.i += 2
            self.open_quote = True
            return [Node("text", "“")]
        close = self.s.find("`", self.i + 1)
        if close <= self.i + 1:
            return None
        code = self.s[self.i + 1 : close]
        self.i = close + 1
        return [Node("code", code)]

    def _apostrophe(self) -> list[Node] | None:
        if self.s.startswith("''", self.i) and self.open_quote:
            self.i += 2
            self.open_quote = False
            return [Node("text", "”")]
        return None

    def _double_quote(self) -> list[Node] | None:
        if self.open_quote:
            self.i += 1
            self.open_quote = False
            return [Node("text", "”")]
        return None

    def _angle(self) -> list[Node] | None:
        match = _TAG.match(self.s, self.i)
        if not match:
            return None
        closing, name, _self_closing = match.groups()
        name = name.lower()
        if name == "br" and not closing:
            self.i = match.end()
            return [Node("br")]
        kind = _SAFE_TAGS.get(name)
        if kind is None or closing:
            return None
        end_tag = re.compile(rf"</{name}\s*>", re.IGNORECASE).search(
            self.s, match.end(), match.end() + _MAX_TAG_CONTENT
        )
        if end_tag is None:
            return None
        children = self._inner(self.s[match.end() : end_tag.start()])
        self.i = end_tag.end()
        if kind == "code":
            return [Node("code", render_text(children))]
        return [_formatted(kind, children)]

    def _bracket(self) -> list[Node] | None:
        match = _MD_LINK.match(self.s, self.i)
        if not match or not _is_web_url(match.group(2)):
            return None
        children = self._inner(match.group(1))
        self.i = match.end()
        return [_link(match.group(2), children)]

    def _url(self) -> list[Node] | None:
        if self.i > 0 and (self.s[self.i - 1].isalnum() or self.s[self.i - 1] in "/@"):
            return None
        match = _URL.match(self.s, self.i)
        if not match:
            return None
        url = _trim_url(match.group(0))
        if len(url) < 11:
            return None
        self.i += len(url)
        return [_link(url, [Node("text", url)])]

    # --- typography ---------------------------------------------------------------------
    def _dash(self) -> list[Node] | None:
        for run, char in (("---", "—"), ("--", "–")):
            if self.s.startswith(run, self.i):
                self.i += len(run)
                return [Node("text", char)]
        return None

    def _tilde(self) -> list[Node] | None:
        before = self.s[self.i - 1 : self.i]
        after = self.s[self.i + 1 : self.i + 2]
        if before.strip() and after.strip() and not after.isdigit():
            self.i += 1
            return [Node("text", "\u00a0")]  # LaTeX's tie: a non-breaking space
        return None


def _brace_pairs(s: str) -> dict[int, int]:
    """Every balanced `{` -> its `}`, in one pass; braces after a backslash are literal."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for brace in _BRACE.finditer(s):  # only the braces, not every character, in Python
        index = brace.start()
        if s[index - 1 : index] != "\\":
            if brace.group() == "{":
                stack.append(index)
            elif stack:
                pairs[stack.pop()] = index
    return pairs


_BRACE = re.compile(r"[{}]")


def _inline_math_end(s: str, start: int) -> int | None:
    """Pandoc's rule: `$` opens only before a non-space, closes only after a non-space and
    not before a digit; so `$5 and $10` stays text and one stray `$` swallows nothing."""
    if start + 1 >= len(s) or s[start + 1].isspace():
        return None
    index = start + 1
    limit = min(len(s), start + _MAX_INLINE_MATH)
    while index < limit:
        char = s[index]
        if char == "\\":
            index += 2
            continue
        if char == "$":
            if s[index - 1].isspace():
                return None
            return index
        index += 1
    return None


def _emphasis_closers(s: str, marker: str) -> list[int]:
    """Where `marker` can close emphasis: after a non-space; a lone `*` not inside `**`
    (unless `***`). Found once per parser, so a line of stars stays linear."""
    found = []
    index = s.find(marker, 1)
    while index > 0:
        if not s[index - 1].isspace() and (
            marker == "**" or not s.startswith("**", index) or s.startswith("***", index)
        ):
            found.append(index)
        index = s.find(marker, index + 1)
    return found


def _trim_url(url: str) -> str:
    """Drop trailing punctuation that belongs to the sentence, keeping balanced brackets."""
    while url and url[-1] in _URL_TRAILING:
        if url[-1] == ")" and url.count("(") >= url.count(")"):
            break
        url = url[:-1]
    return url


def _is_web_url(url: str) -> bool:
    return bool(re.match(r"https?://[^\s/]+", url, re.IGNORECASE))


def _link(url: str, children: list[Node]) -> Node:
    if url.lower().startswith("www."):
        url = "https://" + url
    if not _is_web_url(url):
        # Only web links become links: `javascript:` and friends stay visible text.
        return _formatted("group", [*children, Node("text", f" ({url})")])
    return Node("link", url, tuple(_merge_text(_unlink(children))))


def _unlink(nodes: list[Node]) -> list[Node]:
    """Links cannot nest: a URL written as a link's own text stays text."""
    return [Node("text", render_text([node])) if node.kind == "link" else node for node in nodes]


def _formatted(kind: str, children: list[Node]) -> Node:
    return Node(kind, children=tuple(_merge_text(children)))


def _merge_text(nodes: list[Node]) -> list[Node]:
    """Flatten groups and join neighbouring text nodes (in one join, not one `+` each)."""
    merged: list[Node] = []
    texts: list[str] = []
    for node in _flatten_groups(nodes):
        if node.kind == "text":
            texts.append(node.text)
            continue
        if texts:
            merged.append(Node("text", "".join(texts)))
            texts = []
        merged.append(node)
    if texts:
        merged.append(Node("text", "".join(texts)))
    return merged


def _flatten_groups(nodes: list[Node] | tuple[Node, ...]) -> Iterator[Node]:
    for node in nodes:
        if node.kind == "group":
            yield from _flatten_groups(node.children)
        else:
            yield node


def _walk(nodes: tuple[Node, ...]) -> Iterator[Node]:
    for node in nodes:
        yield node
        yield from _walk(node.children)
