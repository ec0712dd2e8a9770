"""Split an abstract's source text into sentences without breaking math, URLs or LaTeX groups.

Enrichers reason about sentences; the summary keeps the source fragment so that it renders
with the same markup as the abstract. Pure functions, no knowledge of what a sentence means.
"""

from __future__ import annotations

import re

_PROTECTED = re.compile(
    r"\$[^$]{1,500}\$"  # inline math
    r"|(?:https?://|www\.)\S+?(?=[.,;:!?)\]]*(?:\s|$))"  # URLs, without the full stop
    r"|\\[A-Za-z]+\{[^{}]*\}(?:\{[^{}]*\})?"  # LaTeX commands with arguments
    r"|\([^()]{0,200}\)"  # parentheses: "(e.g. this)" is never a sentence end
)
_ABBREVIATIONS = re.compile(
    r"\b(?:e\.g|i\.e|et al|etc|vs|cf|Fig|Figs|Eq|Eqs|Sec|Tab|approx|resp|viz|No|Dr|Prof|"
    r"St|Inc|Ltd|Jr|Sr|[A-Z])\.$"
)
_BOUNDARY = re.compile(r"[.!?][\"”’)\]]*\s+(?=[\"“(\[*\\$]?[A-Z0-9])")


def split_sentences(source: str) -> list[str]:
    """Return the sentences of `source`, each a substring with outer spaces stripped."""
    masked = _PROTECTED.sub(lambda m: "x" * len(m.group(0)), source)
    sentences, start = [], 0
    for match in _BOUNDARY.finditer(masked):
        if _ABBREVIATIONS.search(masked[start : match.start() + 1]):
            continue
        sentences.append(source[start : match.end()].strip())
        start = match.end()
    tail = source[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences
