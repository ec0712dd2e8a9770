"""Words that point back at a sentence the summary does not carry ("this gap", "such tasks",
"the aforementioned challenge", an opening "It"), and how a summary does without them.

`points_back` finds a pointer; `self_contained` rewrites it away where a rule knows how ("We
address this gap by introducing X" -> "We introduce X"; a relative clause about "these
challenges" goes); `resolved` names what a demonstrative stands for when an earlier sentence of
the abstract gives it ("learning such features" after "domain-invariant features" -> "learning
domain-invariant features"), never adding a word the abstract does not hold. Pure functions
over one abstract's sentences; which sentence becomes the summary is `choice`'s concern.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from generator.describe.reading.lexicon import (
    DETERMINERS,
    FUNCTION_WORDS,
    INTRO_VERBS,
    SMALL_WORDS,
    STATE_VERBS,
    VERB_FORMS,
    base_form,
    from_gerund,
)
from generator.describe.reading.openings import capitalise


def self_contained(summary: str) -> str:
    """`summary` if it points back at nothing, else rewritten without the pointer, else ""."""
    if not points_back(summary):
        return summary
    rewritten = _rewritten(summary)
    return rewritten if rewritten and not points_back(rewritten) else ""


def points_back(sentence: str) -> bool:
    """Whether a subject or object of `sentence` points back at an earlier one: "this gap",
    "these issues", "such tasks", "the aforementioned challenge", "their respective abilities",
    "the problem" (which?), an opening "It"."""
    return any(pattern.search(sentence) for pattern in (_POINTER, _DEFINITE, _OTHER_POINTER)) or (
        bool(_OPENING_PRONOUN.match(sentence))
    )


# "this" or "these" before a noun or alone, unless it names the paper ("this paper") or only
# compares ("such as", "such that").
_POINTER = re.compile(
    r"\b(?:this|these|those|such|aforementioned|above-mentioned)\b(?!\s+(?:paper|work|study|"
    r"article|note|manuscript|position paper|survey|thesis|report|tutorial|as|that)\b)"
    r"(?<!those)|\bthose\b(?!\s+(?:who|whom|which|that|of|in|with|from|for|on|at|by|under|"
    r"\w+ed|\w+ing)\b)",
    re.IGNORECASE,
)
# "the problem", "the dilemma" with nothing after them saying which: the one named before.
_DEFINITE = re.compile(
    r"\bthe (?:problem|issue|challenge|dilemma|gap|limitation|question|phenomenon|bottleneck|"
    r"difficulty|shortcoming|drawback|trade-?off|connection|relationship|link)s?\b(?!\s+(?:of|in|"
    r"on|for|that|which|where|to|with|from|known|called|posed|faced|whether|how|at|between|among)"
    r"\b|-)",
    re.IGNORECASE,
)
_OTHER_POINTER = re.compile(
    r"^[*_]*we instead\b|\b(?:respective|aforesaid|said (?=[a-z]+s?\b))|\bthe (?:latter|former)\b|"
    r"\bhere[.!]?$|"
    r"\bboth (?:aims|goals|issues|problems|challenges|limitations|objectives)\b|"
    r"\b(?:both|all) (?:two|three|four)\b|\ball (?:two|three|four) \w+|"
    r"\bthe (?:proposed|presented|introduced|above|obtained|considered)\b",
    re.IGNORECASE,
)
_OPENING_PRONOUN = re.compile(r"[*_<>a-z/\s]*(?:It|They|Them)\b")
_DEMONSTRATIVE = r"(?:this|these|those|such|the aforementioned|the above)"
# "We address this gap by introducing X": the step the authors take is the contribution.
_ADDRESS_BY = re.compile(
    r"^(?P<who>[*_]*(?:We|This (?:paper|work|study)|Our (?:paper|work)))\s+(?:\w+ly\s+)?"
    r"(?:\w+\s+){1,3}?" + _DEMONSTRATIVE + r"\b[^,;$]{0,60}?\s+(?:by|through|via)\s+"
    r"(?P<verb>\w+ing)\b(?P<rest>.*)$",
    re.DOTALL,
)
# "..., a framework that tackles these challenges by supporting X": "a framework supporting X".
_RELATIVE_BY = re.compile(
    r"\s+(?:that|which)\s+(?:\w+\s+){1,3}?" + _DEMONSTRATIVE + r"\b[^,;$]{0,60}?\s+"
    r"(?:by|through|via)\s+(?=\w+ing\b)"
)
# "..., which addresses this mismatch through X." or "that eliminates these overheads": the
# clause goes, up to its end.
_RELATIVE = re.compile(
    r",?\s+(?:that|which)\s+(?:\w+\s+){0,3}?" + _DEMONSTRATIVE + r"\b[^;$]*?"
    r"(?=[,;]\s(?!(?:yet|and|but|or|while|thus|thereby)\b)|[.!?]?$)"  # ", yet still" goes too
)


# "To address these issues we propose X", "Building on these ideas we propose X" (no comma, so
# `strip_preamble` left it).
_LEADING = re.compile(
    r"^[*_]*(?:(?:to|in order to)\s+\w+|building on|based on|motivated by|inspired by|guided by|"
    r"following|given|with|using|under|in|through|from|by)\s+"
    + _DEMONSTRATIVE
    + r"\b[^,;$]{0,60}?,?\s+"
    r"(?=we\b|our\b|this (?:paper|work|study)\b)",
    re.IGNORECASE,
)

# "We leverage this insight to establish X": the step is "We establish X".
_USE_TO = re.compile(
    r"^(?P<who>[*_]*We)\s+(?:then\s+|further\s+)?(?:use|leverage|exploit|apply|employ|harness)\s+"
    + _DEMONSTRATIVE
    + r"\b[^,;$]{0,50}?\s+to\s+(?=[a-z]+\b)"
)

# "We close this gap and present X": the step is "We present X".
_CLOSE_AND = re.compile(
    r"^(?P<who>[*_]*We)\s+(?:close|fill|bridge|address|tackle|overcome|resolve|answer)\s+"
    + _DEMONSTRATIVE
    + r"\b[^,;$]{0,40}?,?\s+and\s+(?=[a-z]+\b)"
)


_PLURAL_POINTER = re.compile(
    r"\b(of|for|in|on|with|across|to|from|all|by|over|between|among)\s+(?:these|those)\s+"
    r"(?=(?:[\w-]+\s+){0,2}[\w-]+s\b)",
    re.IGNORECASE,
)


_SUCH_A = re.compile(r"\b((?:we|this paper|this work) \w+) such (an?)\b", re.IGNORECASE)


def _rewritten(summary: str) -> str:
    """`summary` without the pointer it holds, if a rule knows how to take it out and what is
    left still reads as the sentence (`_reads_whole`)."""
    text = capitalise(_LEADING.sub("", summary, count=1))
    text = _CLOSE_AND.sub(r"\g<who> ", _USE_TO.sub(r"\g<who> ", text, count=1), count=1)
    address = _ADDRESS_BY.match(text)
    if address:
        verb = from_gerund(address.group("verb"))
        if not address.group("who").strip("*_").startswith("We"):
            verb = _third_person(verb)
        rest = _GERUND_AFTER_AND.sub(lambda m: f"{m[1]} {from_gerund(m[2])}", address["rest"])
        text = f"{address.group('who')} {verb}{rest}"
    else:
        text = _RELATIVE_BY.sub(" ", text, count=1)
        relative = _RELATIVE.search(text)
        if relative and not _after_verb(text[: relative.start()]):
            text = as_sentence((text[: relative.start()] + text[relative.end() :]).rstrip(" ,"))
    if points_back(text):  # "detection of these insights": of insights, in general
        text = _PLURAL_POINTER.sub(r"\1 ", text)
    text = _SUCH_A.sub(r"\1 \2", text)  # "we propose such a definition": a definition
    return text if _reads_whole(text, summary) else ""


# "by proposing X and deriving Y" -> "we propose X and derive Y"
_GERUND_AFTER_AND = re.compile(r"\b(and|or) (\w+ing)\b")


def _after_verb(before: str) -> bool:
    """Whether "that" follows a verb ("we show that ..."): a clause that cannot go."""
    last = before.split()[-1].lower() if before.split() else ""
    verb = base_form(last)
    return last in VERB_FORMS or last.endswith("ly") or verb in INTRO_VERBS or verb in STATE_VERBS


def _reads_whole(text: str, original: str) -> bool:
    """A rewrite keeps most of the sentence, its math paired, and ends on a word that can end
    one ("We show." or "..., and." cannot)."""
    words = text.rstrip(".!?").split()
    return (
        len(words) >= 3
        and 3 * len(words) >= len(original.split())
        and text.count("$") % 2 == 0
        and words[-1].lower().strip("*_") not in _CANNOT_END
    )


_CANNOT_END = SMALL_WORDS | DETERMINERS | VERB_FORMS


def _third_person(verb: str) -> str:
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def as_sentence(clause: str) -> str:
    return clause if clause.endswith((".", "!", "?")) else clause.rstrip(",") + "."


def resolved(summary: str, before: Sequence[str]) -> str:
    """`summary` with each "this X", "these X", "such X" naming the X an earlier sentence
    describes ("such features" after "domain-invariant features": "domain-invariant
    features"), if it then points back at nothing, else ""."""
    text = _DEMONSTRATIVE_NOUN.sub(
        lambda match: _antecedent(match, [*before, summary[: match.start()]]), summary
    )
    return text if text != summary and not points_back(text) else ""


# "this dataset", "such features", "these limitations": a demonstrative and the noun after it.
_DEMONSTRATIVE_NOUN = re.compile(
    r"\b(?P<det>this|these|those|such(?: an?)?)\s+(?P<head>[a-z][a-z-]{2,}[a-z])\b", re.IGNORECASE
)
_NOT_HEADS = frozenset("paper work study article note end way regard sense case time point".split())


def _antecedent(match: re.Match[str], before: Sequence[str]) -> str:
    """The words naming `match`'s noun in the nearest earlier sentence that modifies it
    ("a Japanese emotion analysis dataset"), after "the" (or "a" for "such a"), else `match`."""
    head = match["head"]
    if head.lower() in _NOT_HEADS or head.lower() in _NOT_MODIFIERS or head.endswith("ly"):
        return match[0]
    pattern = re.compile(rf"((?:[\w-]+\s+){{1,3}}){re.escape(head)}\b")
    for sentence in reversed(before):
        for found in reversed(list(pattern.finditer(sentence))):
            modifiers = _modifiers(found[1].split(), at_start=not sentence[: found.start()].strip())
            if modifiers:
                return _determiner(match["det"]) + " ".join([*modifiers, head])
    return match[0]


def _modifiers(words: list[str], *, at_start: bool) -> list[str]:
    """The words just before a noun that only modify it ("Japanese emotion analysis"): no
    function word, verb, adverb or number, nor a gerund opening the sentence ("Learning")."""
    kept: list[str] = []
    for at, word in reversed(list(enumerate(words))):
        lower = word.lower()
        if not _MODIFIER.fullmatch(word) or lower in _NOT_MODIFIERS or lower.endswith("ly"):
            break
        if at == 0 and at_start and word.istitle():
            if lower.endswith("ing"):
                break
            word = lower
        kept.insert(0, word)
    return kept


_MODIFIER = re.compile(r"[A-Za-z][A-Za-z-]*")
_NOT_MODIFIERS = FUNCTION_WORDS | DETERMINERS | SMALL_WORDS | VERB_FORMS


def _determiner(demonstrative: str) -> str:
    lower = demonstrative.lower()
    if lower.startswith("such"):
        return lower.removeprefix("such").strip() + " " if " " in lower else ""
    return "the " if demonstrative[0].islower() else "The "
