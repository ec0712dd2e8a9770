"""LaTeX in abstracts and bibliographic fields: its tables, and the parser's handlers for it.

Owns the package's one table of accents (`ACCENTS`) and of letters written as commands
(`LETTERS`), the commands that become formatting, symbols or nothing, and math delimiters.
`accents_to_unicode` gives `bibtex` the same letters the parser makes, so a name spelt
`M{\\"u}ller` in a `.bib` file and `Müller` in a text list read alike. Unknown
commands show as their argument (or name) with a warning; nothing is ever executed or read.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from generator.markup.core import Parser, link
from generator.markup.emit import render_text
from generator.markup.scan import inline_math_end
from generator.markup.tree import Node, formatted, text_node

# Commands that take one argument, by the node they become.
ONE_ARG = {
    "emph": "emph", "textit": "emph", "textsl": "emph", "underline": "emph", "mathit": "emph",
    "textbf": "strong", "mathbf": "strong", "bm": "strong",
    "texttt": "code", "verb": "code",
    "text": "group", "textrm": "group", "textsf": "group", "textsc": "group", "mbox": "group",
    "textnormal": "group", "textup": "group", "textmd": "group",
}  # fmt: skip
# Declarations that style the rest of their group, `{\em word}`, by the node the group becomes.
DECLARATIONS = {
    "em": "emph", "it": "emph", "itshape": "emph", "sl": "emph", "slshape": "emph",
    "bf": "strong", "bfseries": "strong", "tt": "code", "ttfamily": "code",
    "rm": "group", "sf": "group", "sc": "group", "scshape": "group", "normalfont": "group",
}  # fmt: skip
# Combining marks of the accent commands. Symbol accents may touch their letter (\"u); letter
# accents need a brace or a space (\c{c}, \c c), or `\cite` would read as \c + ite.
ACCENTS = {"`": "\u0300", "'": "\u0301", "^": "\u0302", "~": "\u0303", "=": "\u0304",
           ".": "\u0307", '"': "\u0308", "u": "\u0306", "r": "\u030a", "H": "\u030b",
           "v": "\u030c", "c": "\u0327", "k": "\u0328", "d": "\u0323", "b": "\u0331"}  # fmt: skip
LETTERS = {"ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
           "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}  # fmt: skip
SYMBOLS = {
    "ldots": "…", "dots": "…", "cdots": "⋯", "textendash": "–", "textemdash": "—",
    "LaTeX": "LaTeX", "TeX": "TeX", "textasciitilde": "~", "textbackslash": "\\",
    "S": "§", "P": "¶", "dag": "†", "ddag": "‡", "copyright": "©", "textregistered": "®",
    "texttrademark": "™", "pounds": "£", "euro": "€", "textdegree": "°", **LETTERS,
}  # fmt: skip
DROPPED = {"cite", "citep", "citet", "ref", "eqref", "label", "input", "include"}  # not words
# A backslash before one of these is the character itself, or a LaTeX space.
ESCAPES = {**{char: char for char in "%$&#_{}~^\\"}, ",": "\u2009", ";": " ", "!": "", " ": " "}
MAX_MATH = 2_000  # characters between $$ and $$ (or \[ and \]): no real formula is longer


def _accent_pattern(space: str) -> str:
    """An accent command and its letter; `space` is what may stand between the parts."""
    symbols = re.escape("".join(mark for mark in ACCENTS if not mark.isalpha()))
    words = "".join(mark for mark in ACCENTS if mark.isalpha())
    inside = r"\s*" if space else ""
    base = rf"(?:\\[ij](?![A-Za-z]){space}|[A-Za-z])"  # \i, \j: the dotless letters
    return (
        rf"\\([{symbols}]){space}(?:\{{{inside}({base}){inside}\}}|({base}))"
        rf"|\\([{words}])(?:{space}\{{{inside}({base}){inside}\}}|(?=[ \t\n]){space}({base})"
        rf"|(\\[ij](?![A-Za-z]){space}))"
    )


# The parser reads accents written without spaces; BibTeX files use TeX's own rule: spaces,
# and at most one line break (a blank line ends a paragraph, and so the command). There,
# accents and letters are read in one pass, left to right, as TeX reads them: `\i\b{a}`.
_ACCENT = re.compile(_accent_pattern(""))
_TEX_SPACE = r"[ \t]*(?:\n[ \t]*)?"
_SPACED_LETTERS = re.compile(
    _accent_pattern(_TEX_SPACE)
    + rf"|\\({'|'.join(LETTERS)})(?![A-Za-z])(?:\{{\}}|(?=[ \t\n]){_TEX_SPACE})?"
)
_COMMAND = re.compile(r"\\([A-Za-z]+)\*?")
_DECLARATION = re.compile(r"\{\\([A-Za-z]+)(?![A-Za-z]) ?")


def accents_to_unicode(text: str) -> str:
    """`{\\"u}`, `\\c c`, `{\\'\\i}`, `\\ss{}` as ü, ç, í, ß (TeX's spacing); the rest kept."""
    return _SPACED_LETTERS.sub(_letter, text)


def _letter(found: re.Match[str]) -> str:
    return LETTERS[found.group(8)] if found.group(8) else _accented(found)


def _accented(found: re.Match[str]) -> str:
    """Groups 1-3 match a symbol accent, 4-7 a letter accent: the mark, then its letter."""
    mark, *bases = found.group(1, 2, 3) if found.group(1) else found.group(4, 5, 6, 7)
    base = next(group for group in bases if group).strip()
    return unicodedata.normalize("NFC", base[-1] + ACCENTS[mark])  # \i, \j: accented i, j


def backslash(parser: Parser) -> list[Node] | None:
    """`\\(`, `\\[`, an accent, an escaped character or a command; None for a lone `\\`."""
    following = parser.ahead(1)
    if following == "(":
        return delimited_math(parser, "\\(", "\\)", display=False)
    if following == "[":
        return delimited_math(parser, "\\[", "\\]", display=True)
    accent = _ACCENT.match(parser.source, parser.pos)
    if accent:
        parser.pos = accent.end()
        return [text_node(_accented(accent))]
    if following in ESCAPES:
        parser.pos += 2
        return [text_node(ESCAPES[following])]
    command = _COMMAND.match(parser.source, parser.pos)
    if not command:
        return None
    parser.pos = command.end()
    return _command(parser, command.group(1))


def _command(parser: Parser, name: str) -> list[Node]:
    if name in SYMBOLS:
        if parser.at("{}"):
            parser.pos += 2
        return [text_node(SYMBOLS[name])]
    if name in ONE_ARG:
        return _styled(ONE_ARG[name], parser.group())
    if name in DROPPED:
        parser.raw_group()
        return []
    special = _SPECIAL.get(name)
    if special is not None:
        return special(parser)
    parser.warnings.append(f"unknown LaTeX command \\{name} (shown as its text)")
    children = parser.group()
    return children if children is not None else [text_node(name)]


def _styled(kind: str, children: list[Node] | None) -> list[Node]:
    if children is None:
        return []
    if kind == "code":
        return [Node("code", render_text(children))]
    return children if kind == "group" else [formatted(kind, children)]


def _url(parser: Parser) -> list[Node]:
    url = parser.raw_group()
    return [link(url, [text_node(url)])] if url is not None else []


def _href(parser: Parser) -> list[Node]:
    url = parser.raw_group()
    text = parser.group()
    if url is None:
        parser.warnings.append("\\href without a {url}")
        return []
    return [link(url, text or [text_node(url)])]


def _footnote(parser: Parser) -> list[Node]:
    """Its words are part of the abstract: kept, in brackets."""
    children = parser.group()
    return [text_node(" ("), *children, text_node(")")] if children else []


_SPECIAL: dict[str, Callable[[Parser], list[Node]]] = {
    "url": _url,
    "href": _href,
    "footnote": _footnote,
}


def declaration_group(parser: Parser) -> list[Node] | None:
    """`{\\em word}`, `{\\bf word}`: the group styled; None for any other `{`."""
    found = _DECLARATION.match(parser.source, parser.pos)
    kind = DECLARATIONS.get(found.group(1)) if found else None
    close = parser.brace_end(parser.pos) if kind else None
    if found is None or kind is None or close is None:
        return None
    children = parser.inner(parser.source[found.end() : close])
    parser.pos = close + 1
    return _styled(kind, children)


def dollar(parser: Parser) -> list[Node] | None:
    """`$x$` or `$$x$$`; None for a dollar sign that opens no formula."""
    if parser.at("$$"):
        return delimited_math(parser, "$$", "$$", display=True)
    close = inline_math_end(parser.source, parser.pos)
    if close is None:
        if not parser.ahead(1).isdigit():  # "$5" is money, not a mistake
            parser.warnings.append("unbalanced $ (shown as a dollar sign)")
        return None
    latex = parser.source[parser.pos + 1 : close]
    parser.pos = close + 1
    return [Node("math", latex)]


def delimited_math(parser: Parser, opener: str, closer: str, *, display: bool) -> list[Node]:
    start = parser.pos + len(opener)
    close = parser.source.find(closer, start, start + MAX_MATH + len(closer))
    if close < 0 or close == start:
        parser.warnings.append(f"unbalanced {opener} (shown as text)")
        parser.pos = start
        return [text_node(opener)]
    parser.pos = close + len(closer)
    return [Node("math", parser.source[start:close].strip(), display=display)]
