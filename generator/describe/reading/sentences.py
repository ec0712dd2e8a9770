"""An abstract's source split into sentences, and the plain text of each.

The sentences are split on the source, so each is a source fragment (the summary keeps one,
and renders it with the same markup); their plain text, what enrichers read words from, is
the markup package's (`markup.parse(fragment).text`), without URLs. Pure functions, no
knowledge of what a sentence means.
"""

from __future__ import annotations

import re

from generator import markup

# Spans that never hold a sentence end, masked one after the other.
_PROTECTED = (
    re.compile(r"\$[^$]{1,500}\$"),  # inline math (see _mask for "... n.$ Next")
    re.compile(r"https?://\S+?(?=[.,;:!?)\]]*(?:\s|$))"),  # URLs, without the full stop
    re.compile(r"www\.\S+?(?=[.,;:!?)\]]*(?:\s|$))"),
    re.compile(r"\\[A-Za-z]+\{[^{}]*\}(?:\{[^{}]*\})?"),  # LaTeX commands with arguments
    re.compile(r"\([^()]{0,200}\)"),  # parentheses: "(e.g. this)" is never a sentence end
)
# Not "etc.": before a capital it ends its sentence ("..., tokens, etc. In this paper, we").
_ABBREVIATIONS = re.compile(
    r"\b(?:e\.g|i\.e|et al|vs|cf|Fig|Figs|Eq|Eqs|Sec|Tab|approx|resp|viz|No|Dr|Prof|"
    r"St|Inc|Ltd|Jr|Sr|[A-Z])\.$"
)
# A sentence starts on a capital or a digit, after an HTML tag (<em>Firstly</em>) or an
# opening mark if any, or on a lower-case name holding a digit or a capital ("any4", "scGPT").
_BOUNDARY = re.compile(
    r"[.!?][\"”’)\]]*\s+(?=(?:<[a-z]+>)?[\"“(\[*\\$]?(?:[A-Z0-9]|[a-z]+[A-Z0-9]))"
)
# A full stop the source glued to the next sentence: "...(PRP).Our results", "learners.We".
# A lower-case letter, digit, bracket or acronym ("LM.Precisely") before it and a capitalised
# word after it, so "U.S.",
# "e.g.", "Node.js" and "Fig.2" are not sentence ends (URLs and math are masked first).
_GLUED = re.compile(r"(?:(?<=[a-z0-9)\]])|(?<=[A-Z]{2}))\.(?=(?:[A-Z][a-z]+|We|In|A)\b)")
# Where a long sentence divides into clauses: a semicolon, or a colon before a clause.
_CLAUSE_END = re.compile(r"[;:]\s+")
_ENUMERATOR = re.compile(r"^(?:\((?:\d+|[ivx]+|[a-h])\)|(?:\d+|[ivx]+|[a-h])\))\s+")
_URL = re.compile(r" ?(?:https?://|www\.)\S+")


def split_sentences(source: str) -> list[str]:
    """Return the sentences of `source`, each a substring with outer spaces stripped."""
    masked = _masked(source)
    sentences, start = [], 0
    for end, after in _ends(masked):
        if _ABBREVIATIONS.search(masked, max(start, end - 8), end):
            continue  # an abbreviation ends at the full stop: "e.g." ... "Fig."
        sentences.append(source[start:after].strip())
        start = after
    tail = source[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences


def _ends(masked: str) -> list[tuple[int, int]]:
    """(just after the full stop, where the next sentence starts) of each sentence end, the
    glued ones ("learners.We") included: the split puts the missing space back."""
    found = [(match.start() + 1, match.end()) for match in _BOUNDARY.finditer(masked)]
    found += [(match.end(), match.end()) for match in _GLUED.finditer(masked)]
    return sorted(found)


def split_clauses(sentence: str) -> list[str]:
    """The clauses of one source sentence, split at semicolons and colons outside math,
    brackets and URLs, without their final mark and their "(1)" or "(ii)" enumerators."""
    clauses, start = [], 0
    for match in _CLAUSE_END.finditer(_masked(sentence)):
        clauses.append(sentence[start : match.start()])
        start = match.end()
    clauses.append(sentence[start:])
    return [_ENUMERATOR.sub("", clause.strip()) for clause in clauses if clause.strip()]


def _masked(source: str) -> str:
    """`source` with the spans that never hold a sentence end overwritten, as long."""
    for pattern in _PROTECTED:
        source = pattern.sub(_mask, source)
    return source


def _mask(match: re.Match[str]) -> str:
    span = match.group(0)
    if span.endswith(".$") and span.startswith("$"):  # "is $n.$ Then": a sentence end
        return "x" * (len(span) - 2) + ".)"
    return "x" * len(span)


def plain_sentence(sentence: str) -> str:
    """The plain text of one source sentence, without URLs: a link says nothing a title or a
    tag could use."""
    return _URL.sub("", markup.parse(sentence).text)


def lowercase(text: str) -> str:
    """`text` in lower case, as long as `text`: offsets into one are offsets into the other."""
    lower = text.lower()
    if len(lower) == len(text):
        return lower
    return "".join(c if len(c.lower()) > 1 else c.lower() for c in text)
