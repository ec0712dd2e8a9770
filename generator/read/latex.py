"""The LaTeX of bibliographic fields (titles, names, venues, keywords) as plain Unicode text.

pylatexenc does the conversion. It costs about a millisecond a string, and BibTeX libraries
from JabRef or Google Scholar spell every accented name in LaTeX, so the common cases are done
here first: accent commands (`{\\"u}`, `\\'e`, `\\c{c}`, `{\\'\\i}`) and letter commands (`\\o`,
`\\ss`) become Unicode, and what then holds no LaTeX needs only its braces removed. The rest
(math, `\\emph`, `--`, `\\&`, `\\url`) goes to pylatexenc, whose answer the fast path matches
(tests compare both).

Abstracts keep their LaTeX for `markup`; `bibtex_abstract` only takes out what is BibTeX's
syntax rather than the authors' text: accent commands become the letters they stand for and
braces that merely protect case (`{BERT}`, `{\\"u}`) go, outside math and never around a
command's argument. The same abstract then reads, and fingerprints, alike from any source.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from pylatexenc import latexwalker
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

from generator.read.plain import normalize_text

# Combining marks of LaTeX's accent commands. Symbol accents may touch their letter (\"u);
# letter accents need a brace or a space (\c{c}, \c c), or `\cite` would read as \c + ite.
_MARKS = {"`": "\u0300", "'": "\u0301", "^": "\u0302", "~": "\u0303", "=": "\u0304",
          ".": "\u0307", '"': "\u0308", "u": "\u0306", "r": "\u030a", "H": "\u030b",
          "v": "\u030c", "c": "\u0327", "k": "\u0328", "d": "\u0323", "b": "\u0331"}  # fmt: skip
# Spaces, and at most one line break: a blank line is a paragraph break, which ends a command.
_SPACE = r"[ \t]*(?:\n[ \t]*)?"
_BASE = rf"(?:\\[ij](?![A-Za-z]){_SPACE}|[A-Za-z])"  # a control word eats the spaces after it
_ACCENT = re.compile(
    rf"\\([`'^\"~=.]){_SPACE}(?:\{{\s*({_BASE})\s*\}}|({_BASE}))"
    rf"|\\([uvHckdbr])(?:{_SPACE}\{{\s*({_BASE})\s*\}}|(?=[ \t\n]){_SPACE}({_BASE})"
    rf"|(\\[ij](?![A-Za-z]){_SPACE}))"
)
_LETTERS = {"ss": "ß", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
            "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ"}  # fmt: skip
_LETTER = re.compile(
    rf"\\(ss|ae|AE|oe|OE|aa|AA|o|O|l|L|i|j)(?![A-Za-z])(?:\{{\}}|(?=[ \t\n]){_SPACE})?"
)
# After the accents, text without any of these is plain text in braces.
_LATEX = re.compile(r"[\\$~%&^_#`]|--|''|!`|\?`")
_BARE_PERCENT = re.compile(r"(?<!\\)%")
_MATH = re.compile(
    r"(?<!\\)\$\$.*?(?<!\\)\$\$|(?<!\\)\$.*?(?<!\\)\$|\\\(.*?\\\)|\\\[.*?\\\]", re.DOTALL
)
_PLAIN_GROUP = re.compile(r"\{([^{}\\$]*)\}")
_ARGUMENT_BEFORE = re.compile(r"(?:\\[A-Za-z]+\*?|[}\]^_])\s*$")
MAX_NESTING = 20  # brace levels undone; deeper nesting is not an abstract anyone wrote


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


def bibtex_abstract(latex: str) -> str:
    """Accents as letters and case-protecting braces dropped, outside math; all else kept."""
    pieces, last = [], 0
    for math in _MATH.finditer(latex):
        pieces += [_text_part(latex[last : math.start()]), math.group()]
        last = math.end()
    return "".join([*pieces, _text_part(latex[last:])])


def _text_part(text: str) -> str:
    text = _LETTER.sub(lambda found: _LETTERS[found.group(1)], _ACCENT.sub(_accented, text))
    for _ in range(MAX_NESTING):
        unbraced = _PLAIN_GROUP.sub(_unbrace, text)
        if unbraced == text:
            break
        text = unbraced
    return text


def _unbrace(group: re.Match[str]) -> str:
    """`{BERT}` -> `BERT`, but `\\emph{x}`, `\\href{a}{b}` and `x^{2}` keep their braces."""
    before = group.string[max(0, group.start() - 40) : group.start()]
    return group.group(0) if _ARGUMENT_BEFORE.search(before) else group.group(1)
