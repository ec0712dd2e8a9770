"""Abstract text (Markdown, LaTeX, bare URLs, stray HTML) -> an inline tree -> safe output.

Owns the one reading of markup: `parse` gives a tree whose renderings are safe Markdown (every
character of input text escaped; only recognised constructs become formatting), plain text
(the one LaTeX-to-text path every other stage reads, bibliographic fields included) and
sanitised MathML; and, for BibTeX fields, their own syntax (accent commands, case-protecting
braces) taken out with the same LaTeX tables (`without_bibtex`). Must not read files, decide
what a paper is about, or produce HTML outside the constructs it recognises.

Modules: `parser` (parse, Parsed) puts together `core` (the parser's position and shared
moves) with the handlers of `latex` and `inline`; `scan` holds its linear look-aheads,
`tree` the nodes, `emit` the renderings, `mathml` the formulas (with `operators`, the upright
names latex2mathml gets wrong) and `bibtex` the pre-pass.
"""

from __future__ import annotations

from generator.markup.bibtex import without_bibtex
from generator.markup.emit import escape_markdown, render_text
from generator.markup.mathml import MathError, math_to_text, to_mathml
from generator.markup.parser import Parsed, parse, problems, problems_in
from generator.markup.tree import Node

__all__ = [
    "MathError",
    "Node",
    "Parsed",
    "escape_markdown",
    "math_to_text",
    "parse",
    "problems",
    "problems_in",
    "render_text",
    "to_mathml",
    "without_bibtex",
]
