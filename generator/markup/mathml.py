"""LaTeX math to MathML at build time, sanitised to an allowlist; and math as plain text.

Rendering on the server means the site ships no math renderer, loads nothing from a CDN, and
math survives Material's instant navigation (no script has to run again on a page switch).
latex2mathml does the conversion; this module owns making its output safe to embed: only
MathML elements and presentational attributes survive, and all text is entity-encoded so the
Markdown processor that later sees the page cannot read any of it as syntax. Formulas longer
or deeper than any real one raise MathError instead of exhausting time or the stack.
`math_to_text` is the plain-text approximation titles, summaries and search use.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator

from latex2mathml.converter import convert

from generator.markup import operators

_NS = operators.NS
ELEMENTS = frozenset(
    "math mrow mi mn mo ms mtext mspace msub msup msubsup munder mover munderover mfrac "
    "msqrt mroot mstyle mpadded mphantom menclose mtable mtr mtd mlabeledtr semantics "
    "annotation merror mmultiscripts mprescripts none".split()
)
ATTRIBUTES = frozenset(
    "display mathvariant stretchy fence separator lspace rspace accent accentunder "
    "columnalign rowspacing columnspacing movablelimits form minsize maxsize symmetric "
    "width height depth linethickness scriptlevel displaystyle notation".split()
)
_SAFE_TEXT = re.compile(r"[A-Za-z0-9 ]")
# latex2mathml renders a few common symbols as their ASCII look-alikes; fix them first.
_SYMBOL_FIXES = {r"\sim": r"\thicksim ", r"\ast": "*"}
_UNKNOWN = re.compile(r"\\[A-Za-z]+")
MAX_LENGTH = 2_000  # characters of LaTeX
MAX_DEPTH = 60  # MathML elements nested in each other; real formulas stay under 20


class MathError(ValueError):
    """The formula cannot be rendered; the message says why."""


def _literally(text: str) -> Callable[[re.Match[str]], str]:
    """A replacement for re.sub that inserts `text` as it is (its backslashes are no escapes)."""
    return lambda _match: text


def to_mathml(latex: str, *, display: bool = False) -> str:
    """Return sanitised MathML for `latex`, or raise MathError."""
    if len(latex) > MAX_LENGTH:
        raise MathError(f"formula of {len(latex):,} characters is too long to typeset")
    # A formula is one line of an abstract: a bare % ($88.7%$) is a percent sign, never the
    # comment LaTeX would take it for (which would drop the rest of the formula).
    source = re.sub(r"(?<!\\)%", _literally(r"\%"), latex)
    for symbol, replacement in _SYMBOL_FIXES.items():
        source = re.sub(re.escape(symbol) + r"(?![A-Za-z])", _literally(replacement), source)
    source, names = operators.protect(source)
    try:
        raw = convert(source, display="block" if display else "inline")
        root = ET.fromstring(raw)
    except Exception as error:  # latex2mathml raises many exception types on bad input
        raise MathError(f"cannot typeset {_quote(latex)} ({type(error).__name__})") from None
    operators.restore(root, names, display=display)
    _no_space_before_a_leading_operator(root)
    if _depth(root) > MAX_DEPTH:  # the serialiser recurses; so does the browser's layout
        raise MathError(f"formula nested over {MAX_DEPTH} levels deep: {_quote(latex)}")
    unknown = sorted({text for text in _texts(root) if _UNKNOWN.fullmatch(text)})
    if unknown:
        raise MathError(f"unknown LaTeX command {', '.join(unknown)} in {_quote(latex)}")
    return _serialize(root, alttext=latex)


def _no_space_before_a_leading_operator(root: ET.Element) -> None:
    """`$\\sim$10`, `$\\sim 10$`, `$<5$`: an operator with nothing on its left takes no space
    there (as in TeX), and one standing alone none at all; a browser gives it both sides."""
    row = root
    while len(row) and row[0].tag == _NS + "mrow":
        row = row[0]
    if len(row) and row[0].tag == _NS + "mo":
        row[0].set("lspace", "0")
        if len(row) == 1:
            row[0].set("rspace", "0")


def _quote(latex: str) -> str:
    """The formula as the curator wrote it, shortened for a one-line message."""
    return f"${latex}$" if len(latex) <= 80 else f"${latex[:77]}…$"


def _depth(element: ET.Element) -> int:
    """Nesting depth, without recursion (the tree may be deeper than Python's stack)."""
    deepest, level = 0, [(element, 1)]
    while level:
        node, depth = level.pop()
        deepest = max(deepest, depth)
        level.extend((child, depth + 1) for child in node)
    return deepest


def _texts(element: ET.Element) -> Iterator[str]:
    for node in element.iter():
        if node.text and node.text.strip():
            yield node.text.strip()


def _serialize(element: ET.Element, *, alttext: str | None = None) -> str:
    name = element.tag.removeprefix(_NS)
    if name not in ELEMENTS:
        return "".join(_serialize(child) for child in element)
    attributes = {k: v for k, v in element.attrib.items() if k in ATTRIBUTES}
    if alttext is not None:
        attributes["alttext"] = alttext  # screen readers and copy-paste get the source
    attrs = "".join(f' {key}="{_encode(value)}"' for key, value in sorted(attributes.items()))
    inner = _encode(element.text or "") + "".join(
        _serialize(child) + _encode(child.tail or "") for child in element
    )
    return f"<{name}{attrs}>{inner}</{name}>"


def _encode(text: str) -> str:
    """Every character but letters, digits and spaces as a numeric entity."""
    return "".join(ch if _SAFE_TEXT.match(ch) else f"&#x{ord(ch):x};" for ch in text)


_TEXT_SYMBOLS = {"sim": "∼", "approx": "≈", "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥",
               "times": "×", "in": "∈", "infty": "∞", "epsilon": "ε", "varepsilon": "ε",
               "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "lambda": "λ",
               "mu": "μ", "sigma": "σ", "theta": "θ", "pi": "π", "ell": "ℓ", "cdot": "·",
               "rightarrow": "→", "to": "→", "pm": "±", "neq": "≠", "ne": "≠",
               "sqrt": "√", "langle": "⟨", "rangle": "⟩", "%": "%"}  # fmt: skip


def math_to_text(latex: str) -> str:
    """A readable plain-text approximation of a formula (for titles, summaries, search)."""
    text = re.sub(r"\\[,:;! ]", " ", latex)  # LaTeX's spaces: `arg\,min`
    text = re.sub(r"\\([A-Za-z]+|%)", lambda m: _TEXT_SYMBOLS.get(m.group(1), m.group(1)), text)
    text = re.sub(r"arg(max|min)", r"arg \1", text)
    text = re.sub(r"(mathcal|mathbf|mathrm|widetilde|tilde|textsc|text|hat|bar|operatorname\*?)",
                  "", text)  # fmt: skip
    return re.sub(r"[{}]", "", text).strip()
