"""The claim a position paper states, as the statement its title gives after "Position:".

A position paper is titled by what it argues ("Position: Benchmarks Overstate Progress"), not by
its topic. `stated_claim` finds the sentence that states the position ("this position paper
argues that X", "we take the position that X", "our position is that X") and compresses X:
its first clause, frames such as "the study of" dropped, at most `MAX_WORDS` - 1 words, never
cut inside its last phrase. Pure functions over one analysed `Abstract`; the fallback when no
sentence states a claim belongs to `candidates`.
"""

from __future__ import annotations

import re

from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.grammar import first_clause
from generator.describe.titles.phrases import (
    MAX_WORDS,
    clean,
    fit,
    spell_out,
    title_case,
    whole_claim,
)

_VERBS = ("argue", "propose", "contend", "claim", "posit", "advocate", "call")


def stated_claim(parts: Abstract) -> str:
    """The claim, title-cased, or "" when no sentence states one."""
    for plain, lower, found in zip(parts.plain, parts.lower, parts.claims, strict=True):
        stance = _STANCE.search(plain)
        if stance:
            statement = _statement(plain[stance.end() :], parts)
            if statement:
                return statement
        if "position" not in lower and "we argue" not in lower:
            continue
        for claim in found:
            if claim.verb in _VERBS:
                statement = _statement(_THAT_FOR.sub("", plain[claim.end :]).lstrip(), parts)
                if statement:
                    return statement
    return ""


def _statement(rest: str, parts: Abstract) -> str:
    article = _ARTICLE.match(rest)  # "proposes a right to X": "A Right to X"
    statement = _FRAMES.sub("", clean(first_clause(rest)))
    if article and statement and not statement.lower().startswith(article[1].lower()):
        statement = f"{article[1]} {statement}"
    statement = spell_out(statement, parts.long_forms, "", MAX_WORDS - 1)
    statement = whole_claim(fit(statement, MAX_WORDS - 1))
    return title_case(statement) if statement else ""


# "we take the position that X", "our position is that X", "we hold the view that X"
_STANCE = re.compile(
    r"\b(?:(?:take|hold|adopt)s?\s+the\s+(?:position|view|stance)|"
    r"(?:our|this paper's)\s+(?:position|stance|view)\s+is)\s+that\s+",
    re.IGNORECASE,
)
# "distracts from the study of X": "distracts from X"; a frame a claim does without
_FRAMES = re.compile(r"\b(?:the\s+)?(?:study|use|role|importance|question|notion)\s+of\s+")
_THAT_FOR = re.compile(r"^\s*(?:that|for)\s+")
_ARTICLE = re.compile(r"(a|an|the) ", re.IGNORECASE)
