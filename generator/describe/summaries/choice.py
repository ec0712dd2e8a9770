"""Which sentence of an abstract becomes its summary, and in what words.

The candidates are the abstract's sentences in the order they state the contribution
(`claims.rank_sentences`; a sentence saying "The aim of this paper is to ..." first), each as
its source fragment (same LaTeX and Markdown, so listings render its math) without openings
such as "To address this," (`strip_preamble`). A summary is one sentence of at most MAX_WORDS
words and MAX_CHARS characters: a longer sentence gives its most informative clause ("...; (2)
we introduce X, ...") or itself without its opening phrase ("Following the principle that ...,
we propose X"), and a sentence with nothing short enough gives way. A code, data or licence
sentence is never one.

Each candidate is made to stand alone where the abstract allows it: a pointer is rewritten
away or named from an earlier sentence (`pointers`), and a bare "We propose AnchorAL." gives
way to the next sentence naming AnchorAL (it says what it does). What is left is weighed by
its flaws (`FLAWS`: still pointing back, bare, garbled, about the manuscript, leaning on "our
method", only background or a result rather than what the authors do), and the least flawed
wins, the better-ranked among equals. It reads one abstract only.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.claims import claims, rank_sentences
from generator.describe.reading.openings import strip_opening, strip_preamble
from generator.describe.reading.sentences import lowercase, plain_sentence, split_clauses
from generator.describe.summaries.flaws import (
    about_manuscript,
    bare,
    garbled,
    is_release,
    leans,
    mended,
    naming,
)
from generator.describe.summaries.pointers import (
    as_sentence,
    points_back,
    resolved,
    self_contained,
)

MAX_WORDS = 45
# A listing prints the summary as inline Markdown, which Python-Markdown reads in time growing
# with the square of its escapes and formulas: a "word" of 100,000 `_` must not reach it.
MAX_CHARS = 600
MIN_CLAUSE_WORDS = 6  # a shorter clause says too little to stand for the paper
MIN_SUMMARY_WORDS = 9  # a shorter summary rarely says both what and what for

# What each flaw costs a candidate: a reader of the summary alone cannot tell what a pointer
# or a bare name stands for, can still read a garbled or vague sentence, and learns something
# from background or a result, though not what the authors did.
FLAWS = {
    "points back": 4.0,
    "bare": 4.0,
    "garbled": 3.0,
    "background": 3.0,
    "no claim": 2.0,
    "manuscript": 2.0,
    "leans": 1.5,
    "short": 1.5,  # "We focus on two relevant extreme cases.": too few words to say what
    "resolved": 0.5,  # a pointer named from an earlier sentence: a guess, if a good one
}


class _Candidate(NamedTuple):
    cost: float
    position: tuple[int, int]  # sentence in the ranking, piece in the sentence: wins a tie
    text: str


def summarize(abstract: Abstract) -> str:
    """The least flawed candidate sentence or clause, made to stand alone where it can; at most
    MAX_WORDS words and MAX_CHARS characters."""
    ranking = _ranking(abstract)
    best: _Candidate | None = None
    for position, index in enumerate(ranking):
        for order, summary in enumerate(_pieces(abstract.sources[index])):
            if not _fits(summary):
                continue
            found = _judged(abstract, index, summary, (position, order))
            best = found if best is None else min(best, found)
            if not best.cost:  # no later candidate can beat a flawless one
                return best.text
    return best.text if best else _cut(strip_preamble(abstract.sources[ranking[0]]))


def _ranking(abstract: Abstract) -> list[int]:
    """The sentences but the release ones, best statement of the contribution first; "The aim
    of this paper is to ..." states it whatever the ranking says."""
    ranking = [index for index in abstract.ranking if not is_release(abstract.lower[index])]
    ranking = ranking or list(abstract.ranking)
    return sorted(ranking, key=lambda index: not _opens_with_aim(abstract, index))


def _opens_with_aim(abstract: Abstract, index: int) -> bool:
    """The aim, anywhere, or a claim in the passive that opens the abstract."""
    lower = abstract.lower[index]
    return bool(_AIM.match(lower) or (index < 2 and _PASSIVE.search(lower)))


def _states_aim(lower: str) -> bool:
    """ "The aim of this paper is to ...", "A framework X is proposed for ...": the authors'
    claim without a "we" (`claims` finds none)."""
    return bool(_AIM.match(lower) or _PASSIVE.search(lower))


_AIM = re.compile(
    r"^(?:the|our) (?:main |primary )?(?:aim|goal|purpose|objective) of (?:this|the present|our) "
    r"(?:paper|work|study|article|note) is to\b"
)


def _judged(abstract: Abstract, index: int, summary: str, position: tuple[int, int]) -> _Candidate:
    """`summary` (from sentence `index`) made to stand alone where it can, and its cost."""
    summary = mended(summary)
    alone = self_contained(summary)
    named = "" if alone else resolved(summary, abstract.sources[:index])
    summary = alone or named or summary
    said = _said(abstract, index, summary)
    if said and said != summary:  # a later sentence says what the bare name is: kept as is
        return _Candidate(_cost(_flaws(said)), position, said)
    flaws = _flaws(summary, _kind(abstract, index, summary))
    return _Candidate(_cost(flaws + ["resolved"] * bool(named)), position, summary)


def _cost(flaws: list[str]) -> float:
    return sum(FLAWS[flaw] for flaw in flaws)


def _flaws(summary: str, kind: str = "") -> list[str]:
    """What a reader of `summary` alone would miss or trip on; `kind` is "background" or "no
    claim" for a sentence where the authors do not say what they do."""
    tests = {
        "points back": points_back,
        "bare": bare,
        "garbled": garbled,
        "manuscript": about_manuscript,
        "leans": leans,
        "short": lambda text: len(text.split()) < MIN_SUMMARY_WORDS,
    }
    return [flaw for flaw, test in tests.items() if test(summary)] + ([kind] if kind else [])


def _kind(abstract: Abstract, index: int, summary: str) -> str:
    """ "background" for a sentence before any where the authors say what they do (unless it
    reports an outcome), "no claim" for one after, "" for a claim or the paper's aim."""
    lower = abstract.lower[index]
    if summary != strip_preamble(abstract.sources[index]):  # a clause: its own claims count
        lower = lowercase(plain_sentence(summary))
        if claims(lower):
            return ""
    elif abstract.claims[index] or _states_aim(lower):
        return ""
    later = any(abstract.claims[after] for after in range(index + 1, len(abstract.claims)))
    return "background" if later and not _OUTCOME.search(lower) else "no claim"


# "A simple framework PMvGE is proposed for ...": the authors' claim, in the passive.
_PASSIVE = re.compile(r"\b(?:is|are) (?:here |thus )?(?:proposed|introduced|presented|developed)\b")
_OUTCOME = re.compile(r"\b(?:show|demonstrate|reveal|indicate|confirm|prove)s? that\b")


def _said(abstract: Abstract, index: int, summary: str) -> str:
    """`summary`, or if it is bare ("We propose AnchorAL.") the next sentence that names its
    thing again and says what it does, else ""."""
    found = bare(summary)
    if not found:
        return summary
    names = naming(found.group("object"))
    for later in abstract.sources[index + 1 : index + 4]:
        said = strip_preamble(later)
        named = any(re.search(rf"\b{re.escape(name)}\b", said, re.IGNORECASE) for name in names)
        if named and _fits(said) and not bare(said) and not points_back(said):
            return said
    return ""


def _fits(summary: str) -> bool:
    return len(summary.split()) <= MAX_WORDS and len(summary) <= MAX_CHARS


def _pieces(sentence: str) -> list[str]:
    """The sentence without its preamble if short enough, else without its opening phrase,
    else its clauses, the contribution first."""
    whole = strip_preamble(sentence)
    if len(whole.split()) <= MAX_WORDS:
        return [whole]
    opened = strip_opening(whole)
    clauses = [c for c in split_clauses(sentence) if len(c.split()) >= MIN_CLAUSE_WORDS]
    lower = [lowercase(plain_sentence(clause)) for clause in clauses]
    ranking = rank_sentences(lower, [claims(clause) for clause in lower]) if clauses else ()
    pieces = [strip_preamble(as_sentence(clauses[index])) for index in ranking]
    return [opened, *pieces] if opened != whole else pieces


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
