"""BibTeX's own syntax taken out of a field's LaTeX, so `parse` reads what the authors wrote.

What BibTeX adds to the authors' LaTeX is its accent commands (`{\\"u}`, `\\c c`, `{\\'\\i}`)
and the braces that merely protect case (`{BERT}`, `{{Deep}} Learning`, `{Q\\&A}`).
`without_bibtex` turns the accents into the letters they stand for, with the accent and
letter tables of `latex`, and drops those braces: outside math, never around a command's
argument (`\\emph{x}`, `\\href{a}{b}`, `x^{2}`) and never around a declaration's scope
(`{\\bf x}`, which `parse` reads). A brace BibTeX did not pair stays, as text. Everything
else is kept for `parse`, so the same abstract reads, and fingerprints, alike from any source.
"""

from __future__ import annotations

import re

from generator.markup.latex import DECLARATIONS, MAX_MATH, accents_to_unicode
from generator.markup.scan import MAX_INLINE_MATH

# Formulas as the parser bounds them (no longer one is a formula), so each scan is bounded.
_MATH = re.compile(
    rf"(?<!\\)\$\$.{{0,{MAX_MATH}}}?(?<!\\)\$\$|(?<!\\)\$.{{0,{MAX_INLINE_MATH}}}?(?<!\\)\$"
    rf"|\\\(.{{0,{MAX_MATH}}}?\\\)|\\\[.{{0,{MAX_MATH}}}?\\\]",
    re.DOTALL,
)
_BRACE = re.compile(r"(?<!\\)[{}]")
_CONTROL_WORD = re.compile(r"\\([A-Za-z]+)")
_SPACE = " \t\n"


def without_bibtex(latex: str) -> str:
    """Accents as letters and case-protecting braces dropped, outside math; all else kept."""
    pieces: list[str] = []
    math_spans: list[tuple[int, int]] = []  # in the text the pieces make
    last = offset = 0
    for math in _MATH.finditer(latex):
        text = accents_to_unicode(latex[last : math.start()])
        offset += len(text)
        math_spans.append((offset, offset + len(math.group())))
        offset += len(math.group())
        pieces += [text, math.group()]
        last = math.end()
    text = "".join([*pieces, accents_to_unicode(latex[last:])])
    kept, cut = [], 0
    for brace in sorted(_case_braces(text, math_spans)):
        kept.append(text[cut:brace])
        cut = brace + 1
    return "".join([*kept, text[cut:]])


def _case_braces(text: str, math_spans: list[tuple[int, int]]) -> set[int]:
    """Where the braces are that only protect case: paired, outside math, not an argument."""
    dropped: set[int] = set()
    opened: list[int] = []
    spans = iter(math_spans)
    span = next(spans, None)
    for brace in _BRACE.finditer(text):
        index = brace.start()
        while span is not None and span[1] <= index:
            span = next(spans, None)
        if span is not None and span[0] <= index:
            continue  # inside math: a formula's own group
        if brace.group() == "{":
            opened.append(index)
        elif opened:
            start = opened.pop()
            if not _scoped(text, start) and not _argument(text, start, dropped):
                dropped.update((start, index))
    return dropped


def _scoped(text: str, start: int) -> bool:
    """`{\\bf x}`: the group is the scope of a declaration."""
    word = _CONTROL_WORD.match(text, start + 1)
    return word is not None and word.group(1) in DECLARATIONS


def _argument(text: str, start: int, dropped: set[int]) -> bool:
    """`\\emph{x}`, `\\cmd*{x}`, `x^{2}`, `\\href{a}{b}`, `\\item[a]{b}`: the group after a
    command, a sub- or superscript, or another argument (a kept group)."""
    index = start - 1
    while index >= 0 and text[index] in _SPACE:
        index -= 1
    if index < 0:
        return False
    if text[index] in "]^_":
        return True
    if text[index] == "}":
        return index not in dropped
    if text[index] == "*":  # \section*{x}
        index -= 1
    letters = index
    while letters >= 0 and text[letters].isascii() and text[letters].isalpha():
        letters -= 1
    return letters < index and letters >= 0 and text[letters] == "\\"
