"""The summary: the sentence that states the contribution, as a source fragment.

The contribution sentence is the one where the authors say what they do ("we propose", "this
paper argues"), not background or results (`claims.rank_sentences`); the summary is that
sentence's source fragment (same LaTeX and Markdown, so listings render its math) without
connectives such as "To address this,". A summary is one sentence of at most MAX_WORDS words
and MAX_CHARS characters: a longer sentence gives its most informative clause ("...; (2) we
introduce X, ..."), and a sentence with no clause short enough gives way to the next best
sentence. It reads one abstract only.
"""

from __future__ import annotations

import re

from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.claims import claims, rank_sentences
from generator.describe.reading.sentences import lowercase, plain_sentence, split_clauses

MAX_WORDS = 45
# A listing prints the summary as inline Markdown, which Python-Markdown reads in time growing
# with the square of its escapes and formulas: a "word" of 100,000 `_` must not reach it.
MAX_CHARS = 600
MIN_CLAUSE_WORDS = 6  # a shorter clause says too little to stand for the paper


def summarize(abstract: Abstract) -> str:
    """The contribution sentence, as a source fragment, cleaned of its preamble, or its best
    clause; at most MAX_WORDS words and MAX_CHARS characters."""
    for index in abstract.ranking:
        for piece in _pieces(abstract.sources[index]):
            summary = strip_preamble(piece)
            if len(summary.split()) <= MAX_WORDS and len(summary) <= MAX_CHARS:
                return summary
    return _cut(strip_preamble(abstract.sources[abstract.ranking[0]]))


def _pieces(sentence: str) -> list[str]:
    """The sentence itself if short enough, else its clauses, the contribution first."""
    if len(sentence.split()) <= MAX_WORDS:
        return [sentence]
    clauses = [c for c in split_clauses(sentence) if len(c.split()) >= MIN_CLAUSE_WORDS]
    lower = [lowercase(plain_sentence(clause)) for clause in clauses]
    ranking = rank_sentences(lower, [claims(clause) for clause in lower]) if clauses else ()
    return [_as_sentence(clauses[index]) for index in ranking]


def _as_sentence(clause: str) -> str:
    return clause if clause.endswith((".", "!", "?")) else clause.rstrip(",") + "."


def _cut(sentence: str) -> str:
    """A sentence no clause of which is short enough: its first MAX_WORDS words (within
    MAX_CHARS), marked cut. Markup may then be unbalanced, so math and emphasis are left whole
    or left out."""
    words: list[str] = []
    for word in sentence.split()[:MAX_WORDS]:
        if sum(map(len, words)) + len(words) + len(word) > MAX_CHARS:
            break
        words.append(word)
    while words and any(mark in words[-1] for mark in "$*`\\{}<>"):
        words.pop()
    return " ".join(words).rstrip(",;:") + " …"


# Opening phrases that only connect a sentence to the ones before it, or frame it.
_CONNECTIVE = re.compile(
    r"(?:to (?:this end|that end|address|tackle|solve|bridge|fill|overcome|remedy|mitigate|"
    r"alleviate|close|fix|handle|resolve|answer|fully|further|better)|motivated|inspired|based|"
    r"building|guided|driven|given|towards?|against|in (?:light|response|contrast|particular|"
    r"practice|summary|short|addition|an effort)|as (?:such|a result)|therefore|thus|hence|"
    r"consequently|accordingly|however|moreover|furthermore|additionally|specifically|instead|"
    r"conversely|first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|lastly|overall|then|next|"
    r"notably|importantly|concretely|here|with this|in this (?:paper|work|study|note|article)|"
    r"while|although|though|whereas|despite|unlike|rather than|instead of|as|to \w+)\b",
    re.IGNORECASE,
)
# Up to the first comma that the authors' own subject follows: "..., we propose".
_OPENING = re.compile(
    r"([^;:()$]{2,240}?),\s+(?=[*_]*(?:we|this (?:paper|work|study|position paper)|our|here|"
    r"in this)\b)",
    re.IGNORECASE,
)
_BACK_REFERENCE = re.compile(r"\b(?:this|these|those|such|above|aforementioned)\b", re.I)
_RESTART = re.compile(r"[^.!?\s] In this (?:paper|work|study), ")
_HERE_WE = re.compile(r"^(?:here|in this (?:paper|work|study)),?\s+(?=we\b)", re.IGNORECASE)


def strip_preamble(sentence: str) -> str:
    """Drop "In this paper,", "To address this," and the like; capitalise what is left."""
    restart = _RESTART.search(sentence)  # "... (Smith, 2024) In this work, we": a lost full stop
    sentence = sentence[restart.start() + 1 :] if restart else sentence
    for _ in range(3):  # "However, in this paper, we ..." has two
        stripped = _HERE_WE.sub("", sentence)
        opening = _OPENING.match(stripped)
        if opening and _is_preamble(opening.group(1)):
            stripped = stripped[opening.end() :]
        if stripped == sentence:
            break
        sentence = stripped
    return _capitalise(sentence)


def _is_preamble(phrase: str) -> bool:
    """A connective or framing phrase, not a clause of its own ("we find that ...")."""
    if len(phrase.split()) > 25 or claims(phrase.lower()):
        return False
    return bool(_CONNECTIVE.match(phrase) or _BACK_REFERENCE.search(phrase))


def _capitalise(sentence: str) -> str:
    match = _LETTER.search(sentence)
    if not match:
        return sentence
    at = match.start()
    return sentence[:at] + sentence[at].upper() + sentence[at + 1 :]


_LETTER = re.compile(r"[A-Za-z]")
