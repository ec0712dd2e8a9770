"""Abstract text (Markdown, LaTeX, bare URLs, stray HTML) -> an inline tree -> safe output.

Owns the one reading of markup: `parse` gives a tree whose renderings are safe Markdown (every
character of input text escaped; only recognised constructs become formatting), plain text
(the one LaTeX-to-text path every other stage reads) and sanitised MathML. Must not read
files, decide what a paper is about, or produce HTML outside the constructs it recognises.
"""

from __future__ import annotations

from generator.markup.emit import escape_markdown, render_text
from generator.markup.mathml import MathError, math_to_text, to_mathml
from generator.markup.parser import Node, Parsed, parse, problems, problems_in

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
]
