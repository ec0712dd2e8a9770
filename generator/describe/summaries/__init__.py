"""The summary: one line saying what the paper does or finds, taken from its abstract.

Owns which sentence (or clause) of one abstract becomes the summary (`choice`), the words in a
sentence that point back at one the summary does not carry and how to do without them
(`pointers`), and what makes a sentence a poor summary on its own (`flaws`: a bare "We propose
X.", a source's glued words, a sentence about the manuscript). Must not look at other papers,
add a word the abstract does not hold, nor decide titles, tags or kinds.
"""

from __future__ import annotations

from generator.describe.reading.openings import strip_preamble
from generator.describe.summaries.choice import MAX_CHARS, MAX_WORDS, summarize
from generator.describe.summaries.pointers import points_back, resolved, self_contained

__all__ = [
    "MAX_CHARS",
    "MAX_WORDS",
    "points_back",
    "resolved",
    "self_contained",
    "strip_preamble",
    "summarize",
]
