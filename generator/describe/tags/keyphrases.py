"""Candidate tags of one text: the noun phrases of one to three words it holds, counted.

No part-of-speech tagger: each token's role comes from `words.read_word`. A phrase never spans
punctuation, a function word, a verb or an adverb; it ends on a noun or a name and holds at
least one word that is no generic noun. Citations ("Smith et al. (2023)", "[3, 4]") are taken
out first: author names are no topic. Owns nothing collection-wide (see `tags`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from generator.describe.reading.lexicon import Word, read_word

MAX_WORDS = 3

# Words of any script ("Māori"), with inner hyphens and apostrophes; else runs of other marks.
# A "+" inside or closing a name is part of it: "KTRL+F", "C++", not "KTRL" and "F".
_TOKEN = re.compile(
    r"(?=\S*[A-Z])[^\W\d_][^\W_]*(?:['+-][^\W_]+)*\+*(?!\w)"  # a name, "+" and all
    r"|[^\W\d_][^\W_]*(?:['-][^\W_]+)*|[^\w\s]+|[\d_]+"
)
# What plain text keeps of LaTeX or code: a chunk holding ^ _ { } or a backslash ("R^d_A",
# "PS_Loss"), a command name glued to its argument ("mathbbR", "frac2"). No tag word.
_DEBRIS = re.compile(  # a word holding a LaTeX mark, from its start: once over a long word
    r"(?<!\S)\S*[\\^_{}]\S*"
    r"|\b(?:frac|dfrac|tfrac|mathbb|mathcal|mathrm|mathbf|mathsf|mathit|mathfrak|boldsymbol|"
    r"operatorname|textbf|textit|textrm|sqrt|cdots?|ldots|leq|geq|infty)(?=[A-Z0-9])\w*"
)
_CITATION = re.compile(
    r"\b[A-Z][\w'-]+(?:\s+(?:and|&)\s+[A-Z][\w'-]+)?\s+et\s+al\.?(?:,?\s*\(?\d{4}[a-z]?\)?)?"
    r"|\([^()]*\b(?:19|20)\d\d[a-z]?\)|\[[\d,;\s-]+\]"
)


def candidates(text: str) -> Counter[str]:
    """Noun phrases of 1..MAX_WORDS words with their counts in `text`."""
    return read_text(text)[0]


def read_text(text: str) -> tuple[Counter[str], Counter[str]]:
    """Phrase counts, and counts of every word as the last word of a phrase spells it."""
    words = list(map(read_word, _TOKEN.findall(without_debris(_CITATION.sub(",", text)))))
    return Counter(_phrases(words)), Counter(word.head for word in words)


def without_debris(text: str) -> str:
    """`text` with what LaTeX or code left in it made a break."""
    return _DEBRIS.sub(",", text)


def _phrases(words: list[Word]) -> Iterator[str]:
    """Every phrase: its last word ends a run of words, the words before it stand inside it."""
    for end, last in enumerate(words):
        if not _ends_run(words, end):
            continue
        has_content = last.content
        if has_content:
            yield last.head
        for start in range(end - 1, max(end - MAX_WORDS, -1), -1):
            if not words[start].inside:
                break
            has_content = has_content or words[start].content
            if has_content:
                yield " ".join([w.spelling for w in words[start:end]] + [last.head])


def _ends_run(words: list[Word], at: int) -> bool:
    """Runs are the words between breaks; a plural ends its run."""
    if words[at].plural:
        return not _is_verb(words, at)
    if not words[at].noun_like:
        return False
    if at + 1 == len(words):
        return True
    after = words[at + 1]
    return not (after.inside or (after.plural and not _is_verb(words, at + 1)))


def _is_verb(words: list[Word], at: int) -> bool:
    """A "plural" between a noun-like word and another is a verb: "the system | ranks | items";
    before a modifier or a break it stays a plural noun: "reward models trained"."""
    if not words[at].plural or not 0 < at < len(words) - 1 or not words[at - 1].noun_like:
        return False
    return words[at + 1].noun_like or words[at + 1].plural
