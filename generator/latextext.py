"""The LaTeX of bibliographic fields (titles, names, venues, keywords) as plain Unicode text.

pylatexenc does the conversion. It costs about a millisecond a string, and BibTeX libraries
from JabRef or Google Scholar spell every accented name in LaTeX, so the common cases are done
here first: accent commands (`{\\"u}`, `\\'e`, `\\c{c}`, `{\\'\\i}`) and letter commands (`\\o`,
`\\ss`) become Unicode, and what then holds no LaTeX needs only its braces removed. The rest
(math, `\\emph`, `--`, `\\&`, `\\url`) goes to pylatexenc, whose answer the fast path matches
(tests compare both). Abstracts are not converted here: `markup` renders their LaTeX.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from pylatexenc import latexwalker
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

from .reader import normalize_text

# Combining marks of LaTeX's accent commands. Symbol accents may touch their letter (\"u);
# letter accents need a brace or a space (\c{c}, \c c), or `\cite` would read as \c + ite.
_MARKS = {"`": "\u0300", "'": "\u0301", "^": "\u0302", "~": "\u0303", "=": "\u0304",
          ".": "\u0307", '"': "\u0308", "u": "\u0306", "r": "\u030a", "H": "\u030b",
          "v": "\u030c", "c": "\u0327", "k": "\u0328", "d": "\u0323", "b": "\u0331"}  # fmt: skip
_BASE = r"(?:\\[ij](?![A-Za-z])\s*|[A-Za-z])"  # a control word eats the spaces after it
_ACCENT = re.compile(
    rf"\\([`'^\"~=.])\s*(?:\{{\s*({_BASE})\s*\}}|({_BASE}))"
    rf"|\\([uvHckdbr])(?:\s*\{{\s*({_BASE})\s*\}}|\s+({_BASE})|(\\[ij](?![A-Za-z])\s*))"
)
_LETTERS = {"ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
            "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}  # fmt: skip
_LETTER = re.compile(r"\\(ss|ae|AE|oe|OE|aa|AA|o|O|l|L|i|j)(?![A-Za-z])(?:\{\}|\s+)?")
# After the accents, text without any of these is plain text in braces.
_LATEX = re.compile(r"[\\$~%&^_#`]|--|''|!`|\?`")
_BARE_PERCENT = re.compile(r"(?<!\\)%")


def _decoder() -> LatexNodes2Text:
    context = get_default_latex_context_db()
    # \url{x} is the address itself, not "<x>" as pylatexenc writes it by default.
    context.add_context_category("readinglist", prepend=True, macros=[MacroTextSpec("url", "%s")])
    return LatexNodes2Text(latex_context=context, math_mode="text")


_DECODER = _decoder()
# Built once: pylatexenc would otherwise rebuild its parser's macro table for every string.
_WALKER_CONTEXT = latexwalker.get_default_latex_context_db()


@functools.lru_cache(maxsize=4096)  # names and venues repeat across a library's entries
def latex_to_text(latex: str) -> str:
    """`{D}eep f{\\"u}r \\c{c}a {{BERT}}` -> `Deep für ça BERT`: Unicode, no braces."""
    text = _LETTER.sub(lambda found: _LETTERS[found.group(1)], _ACCENT.sub(_accented, latex))
    if not _LATEX.search(text):
        return normalize_text(text.replace("{", "").replace("}", ""))
    return normalize_text(pylatexenc_text(latex))  # the original: no half-converted macros


def _accented(found: re.Match[str]) -> str:
    accent, *bases = found.group(1, 2, 3) if found.group(1) else found.group(4, 5, 6, 7)
    base = next(group for group in bases if group).strip()
    return unicodedata.normalize("NFC", base[-1] + _MARKS[accent])  # \i, \j: accented i, j


def pylatexenc_text(latex: str) -> str:
    """pylatexenc's conversion, keeping a bare `%` as text rather than a comment."""
    protected = _BARE_PERCENT.sub(r"\\%", latex)
    try:
        return _DECODER.latex_to_text(protected, latex_context=_WALKER_CONTEXT)
    except Exception:  # pylatexenc on untrusted text: a decoding bug must not stop the build
        return latex.replace("{", "").replace("}", "")
