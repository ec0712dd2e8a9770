"""Upright names in formulas: the commands latex2mathml renders wrongly, made into MathML here.

`\\operatorname*{arg\\,min}` came out as a literal `*` and italic letters, `\\arg\\max` and
`\\textsc{...}` as unknown commands (so the formula fell back to its source), `\\mathrm{d}` as
an italic d and `\\mathrm{KL divergence}` without its space. Before conversion `protect`
swaps each such command whose argument is plain text (letters, digits, spaces, LaTeX's
spacing commands) for a placeholder command, which latex2mathml keeps as one token with its
sub- and superscripts; after it, `restore` turns each placeholder into the upright token
LaTeX means: `<mo movablelimits="true">` for an operator with limits (`\\operatorname*`,
`\\arg\\max`), `<mi mathvariant="normal">` for a name or roman text, `<mtext>` for `\\textsc`.
An argument that is not plain text is left to latex2mathml, so its unknown commands are
still reported. Pure; the token's text is encoded by the caller's serialiser, like all text.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import NamedTuple

NS = "{http://www.w3.org/1998/Math/MathML}"  # MathML elements' namespace, as ElementTree names it
_PLAIN = r"(?:[A-Za-z0-9 .'\-~]|\\[,:;! ])*"
_NAMED = re.compile(
    rf"\\(operatorname\*?|mathrm|textsc)\s*\{{({_PLAIN})\}}"
    r"|\\arg\s*\\(max|min)(?![A-Za-z])|\\arg(?![A-Za-z])"
)
_SPACES = {"\\,": "\u2009", "\\:": "\u2005", "\\;": "\u2005", "\\!": "", "\\ ": "\u00a0",
           "~": "\u00a0"}  # fmt: skip
_SPACE = re.compile(r"\\[,:;! ]|~|\s+")
_PLACEHOLDER = "\\readinglistname"
_PLACED = re.compile(re.escape(_PLACEHOLDER) + "([a-z]+)")
# A script on an operator with limits goes under and over it in display math, as in LaTeX.
_LIMITS = {"msub": "munder", "msup": "mover", "msubsup": "munderover"}


class Token(NamedTuple):
    """The MathML token a placeholder becomes."""

    tag: str
    attributes: dict[str, str]
    text: str


def protect(latex: str) -> tuple[str, list[Token]]:
    """`latex` with each upright name swapped for a placeholder, and the tokens they stand for."""
    tokens: list[Token] = []

    def place(match: re.Match[str]) -> str:
        tokens.append(_token(match))
        return f"{_PLACEHOLDER}{_letters(len(tokens) - 1)} "

    return _NAMED.sub(place, latex), tokens


def _token(match: re.Match[str]) -> Token:
    command, body, arg = match.group(1), match.group(2), match.group(3)
    if arg:  # \arg\max: one operator with limits, as latex2mathml writes \argmax
        return Token("mo", {"movablelimits": "true"}, f"arg\u2009{arg}")
    if command is None:  # \arg alone
        return Token("mi", {"mathvariant": "normal"}, "arg")
    text = _SPACE.sub(lambda space: _SPACES.get(space.group(), "\u00a0"), body.strip())
    if command == "operatorname*":
        return Token("mo", {"movablelimits": "true"}, text)
    if command == "textsc":
        return Token("mtext", {}, text)
    return Token("mi", {"mathvariant": "normal"}, text)


def _letters(number: int) -> str:
    """0 -> "a", 25 -> "z", 26 -> "ba": a command name may hold letters only."""
    letters = ""
    while True:
        number, digit = divmod(number, 26)
        letters = chr(ord("a") + digit) + letters
        if not number:
            return letters


def _number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 26 + ord(letter) - ord("a")
    return number


def restore(root: ET.Element, tokens: list[Token], *, display: bool) -> None:
    """Each placeholder latex2mathml left in `root` made into its token, in place."""
    if not tokens:
        return
    parents = {child: parent for parent in root.iter() for child in parent}
    for element in list(root.iter()):
        placed = _PLACED.fullmatch((element.text or "").strip())
        if placed is None or _number(placed.group(1)) >= len(tokens):
            continue  # a formula's own \readinglistname... stays an unknown command
        token = tokens[_number(placed.group(1))]
        element.tag, element.text = NS + token.tag, token.text
        element.attrib.clear()
        element.attrib.update(token.attributes)
        parent = parents.get(element)
        if display and token.tag == "mo" and parent is not None and parent[0] is element:
            parent.tag = NS + _LIMITS.get(parent.tag.removeprefix(NS), parent.tag)
