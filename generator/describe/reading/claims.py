"""Where the authors say what they do ("we propose", "this paper argues"), and which sentence
says it best.

`claims` finds the authors' own verbs in a sentence; `rank_sentences` orders an abstract's
sentences by how well each states the contribution rather than background or results. Both
read one abstract only; `abstracts.analyse` runs them once per abstract.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from generator.describe.reading.lexicon import ADVERB, INTRO_VERBS, STATE_VERBS, base_form

# Adverbs between subject and verb, in any order: the verb is the word after them.
_SUBJECT = re.compile(rf"we (?:{ADVERB})*([a-z]+)")
_THIS = re.compile(rf"this (?:paper|work|study|article|note|position paper) (?:{ADVERB})*([a-z]+)")
# How sentences open: background, a secondary contribution, the paper itself.
_BACKGROUND = (
    *"""recent however despite although though while existing current traditional prior previous
    conventional standard typically""".split(),
    *("many ", "most ", "as ", "with the"),
)
_SECONDARY = (
    *"""additionally furthermore moreover finally lastly second third besides beyond""".split(),
    *("we also", "we further", "we then", "we finally", "we additionally", "in addition"),
    *("then,", "next,", "to further", "as a side", "as a final"),
)
_HERE = ("in this paper", "in this work", "in this study", "this paper", "this work", "here we",
         "here, we", "in this note", "in this article")  # fmt: skip
_OUTCOME_VERBS = ("show", "demonstrat", "confirm", "indicat", "validat", "verif", "reveal")


class Claim(NamedTuple):
    """ "we propose", "this paper argues": where the authors say what they do."""

    start: int
    end: int  # just after the verb
    verb: str  # base form: "propose"


def claims(lower: str) -> tuple[Claim, ...]:
    """Every "we <verb>" / "this paper <verb>s" in a lowercase sentence, in order."""
    found = [
        Claim(match.start(), match.end(), base_form(match.group(1)))
        for pattern in (_SUBJECT, _THIS)
        for match in pattern.finditer(lower)
        if match.start() == 0 or not lower[match.start() - 1].isalnum()
    ]
    return tuple(sorted(found))


def rank_sentences(lower: Sequence[str], found: Sequence[tuple[Claim, ...]]) -> tuple[int, ...]:
    """Indices of lowercase sentences (with the `claims` of each), best statement of the
    contribution first."""
    scores = [
        _contribution_score(*sentence, index)
        for index, sentence in enumerate(zip(lower, found, strict=True))
    ]
    return tuple(sorted(range(len(scores)), key=lambda i: (-scores[i], i))) or (0,)


def _contribution_score(lower: str, found: tuple[Claim, ...], index: int) -> float:
    verbs = {claim.verb for claim in found}
    if not verbs:  # background or results: only the order among them matters
        return (-3.0 if lower.startswith(_BACKGROUND) else 0.0) - 0.1 * index
    introduces = not verbs.isdisjoint(INTRO_VERBS)
    if introduces:  # "we propose to ..." is usually a step, not the paper's thing
        score = 4.0 if "propose to " in lower or "proposes to " in lower else 5.0
    elif not verbs.isdisjoint(STATE_VERBS):
        score = 3.0
    else:
        score = 1.5
    if "position paper" in lower:
        score += 6
    if lower.startswith(_HERE) or "in this work" in lower or ", in this paper" in lower:
        score += 2
    if lower.startswith(_SECONDARY):
        score -= 2.5
    if not introduces and _reports_outcome(lower):
        score -= 3
    if "github" in lower or ("code" in lower and "available" in lower):
        score -= 5
    return score - 0.1 * index


def _reports_outcome(lower: str) -> bool:
    """ "Experiments show that ...": results, not the contribution."""
    if "experiment" in lower or "result" in lower or "evaluation" in lower or "empiric" in lower:
        return any(verb in lower for verb in _OUTCOME_VERBS)
    return False
