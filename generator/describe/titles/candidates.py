"""A recognisable title for an abstract that has none.

Real titles mostly take one of two shapes: a coined name plus what it is or does ("Name:
Description"), or the main subject or finding as a phrase. `derive_title` takes the coined
name from `names`, the sentence that states the contribution from `summaries`, compresses
what that sentence (or the one introducing the name) says into a phrase of at most
`MAX_WORDS` words cut only between phrases, and writes it in the field's title case. Regex
and small lexicons only, over the analysed `Abstract`.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from generator.describe.kinds import is_position
from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.claims import Claim
from generator.describe.reading.grammar import first_clause
from generator.describe.reading.lexicon import (
    ADVERB,
    FINDING_VERBS,
    GENERIC_HEADS,
    INTRO_VERBS,
    KIND_NOUNS,
    PROBLEM_VERBS,
    PURE_GENERIC,
    STATE_VERBS,
    gerund,
)
from generator.describe.reading.names import Name
from generator.describe.titles.appositive import contribution_title, named_title
from generator.describe.titles.model import TitleModel, shipped
from generator.describe.titles.naming import choose_name
from generator.describe.titles.phrases import (
    DEMONSTRATIVE,
    MAX_WORDS,
    attach,
    clean,
    drop_parentheses,
    first_word,
    fit,
    gerund_purpose,
    has_preposition,
    head_noun,
    informative,
    is_topic,
    noun_phrase,
    spell_out,
    standalone,
    title_case,
    whole_conjunct,
)
from generator.describe.titles.phrasing import retitle
from generator.describe.titles.position import stated_claim

__all__ = ["MAX_WORDS", "derive_title", "describe", "title_case"]
_FINDING = re.compile(
    r"(?:show|prov|demonstrat|find|argu|establish|observ|reveal|discover|uncover)(?:e|es|s|ing)? "
    r"that "
)
# "the problem of X" -> "X"; "the routing problem of X" -> "the routing of X".
_FRAME = re.compile(
    r"^(?:problem|question|challenge|task|issue|topic)s?\s+of\s+|(?<=\w )problem (?=of )"
)


def derive_title(parts: Abstract, model: TitleModel | None = None) -> str:
    """Title for one abstract: "Name: Description" when a coined name exists, else a phrase;
    chosen by `model` (the shipped one unless given)."""
    model = model or shipped()
    draft = compose(parts, model)
    stated = ""  # the title the abstract states itself; a position paper's states its claim
    if not is_position(parts.text):
        stated = named_title(parts, draft.name) or contribution_title(parts, draft.name)
    title = retitle(parts, draft.title, prefix=draft.prefix, name=draft.name, claim=draft.claim,
                    model=model, stated=stated)  # fmt: skip
    title = whole_conjunct(title, parts.text)
    return title if _WORD.search(title) else "Untitled"


class Draft(NamedTuple):
    """The title the contribution sentence gives, and what the candidates must lead with."""

    title: str
    prefix: str  # "Name", "Position" or ""
    name: Name | None
    claim: bool  # the paper states a finding: its title may be a clause


def compose(parts: Abstract, model: TitleModel) -> Draft:
    """The title composed from the sentence that states the contribution."""
    name = choose_name(parts, model)  # "graph neural networks (GNNs)": no brand; DA-KD is one
    if is_position(parts.text):
        return Draft(_position_title(parts), "Position", name, True)
    claim = bool(_FINDING.search(parts.lower[parts.ranking[0]]))  # "we prove that X holds"
    return Draft(_titled(parts, name), name.short if name else "", name, claim)


def _titled(parts: Abstract, name: Name | None) -> str:
    phrase = _describe_name(name, parts) if name else ""
    if name and name.long and phrase == name.long:
        phrase = attach(phrase, _problem(parts, name))
    phrase = phrase or _question(parts)
    for index in () if phrase else parts.ranking[:3]:
        phrase = describe(parts.plain[index], parts.lower[index], parts.claims[index])
        if phrase:
            break
    phrase = phrase or _fallback(parts)
    long_forms = parts.long_forms
    if name:
        return _compose(name.short, spell_out(phrase, long_forms, name.short, MAX_WORDS - 1))
    return title_case(fit(spell_out(phrase, long_forms, "", MAX_WORDS)))


_WORD = re.compile(r"[^\W_]")


def _problem(parts: Abstract, name: Name) -> str:
    """ "In this work, we study the routing of X" -> "for the routing of X": the problem
    a named method addresses, when the paper states it before naming the method."""
    for plain, found in zip(parts.plain, parts.claims, strict=True):
        if name.short in plain or name.long in plain:
            break
        for claim in found:
            if claim.verb in PROBLEM_VERBS:
                rest = _ON_WITH.sub("", _after(plain, claim.end))
                problem = standalone(_FRAME.sub("", noun_phrase(rest)))
                return f"for {problem}" if is_topic(problem) else ""
    return ""


def _fallback(parts: Abstract) -> str:
    """The first clause that reads as a phrase once "We <verb>" is taken off, or "Untitled"."""
    for plain in parts.plain:
        phrase = clean(first_clause(_WE_VERB.sub("", plain)))
        if len(phrase.split()) >= 2 or (phrase and plain is parts.plain[-1]):
            return phrase
    return "Untitled"


_WE_VERB = re.compile(r"^(?:we|this (?:paper|work|study))\s+\w+\s*", re.IGNORECASE)


def _question(parts: Abstract) -> str:
    """The research question, when the abstract asks one: "What is the role of X?" -> "The Role
    of X"; "How do X learn Y?" stays a question (without its question mark)."""
    first_half = max(2, len(parts.plain) // 2)
    for plain, lower in zip(parts.plain[:first_half], parts.lower, strict=False):
        if plain.endswith("?") and len(plain.split()) <= 16 and lower.startswith(_QUESTIONS):
            return _WHAT_IS.sub("", plain[:-1])
    return ""


_QUESTIONS = tuple(f"{words} " for words in ("what is", "what are", "how", "why", "when", "can",
                                              "does", "do", "is", "are"))  # fmt: skip


def _compose(name: str, description: str) -> str:
    description = fit(DEMONSTRATIVE.sub("the ", description), MAX_WORDS - len(name.split()))
    if not description or description.lower() in name.lower():
        return name
    return f"{name}: {title_case(description)}"


def _position_title(parts: Abstract) -> str:
    """ "Position: <the claim>", the shape position papers are titled with."""
    claim = stated_claim(parts)
    if claim:
        return f"Position: {claim}"
    index = next((i for i, s in enumerate(parts.lower) if "position" in s), 0)
    fallback = describe(parts.plain[index], parts.lower[index], parts.claims[index])
    fallback = fallback or parts.plain[0]
    return f"Position: {title_case(fit(clean(first_clause(fallback)), MAX_WORDS - 1))}"


def _describe_name(name: Name, parts: Abstract) -> str:
    """What the sentence that introduces `name` says it is: long form, appositive, purpose."""
    sentence = _intro_sentence(name, parts)
    mention = name.long if name.long and name.long in sentence else name.short
    if not sentence or mention not in sentence:
        return ""
    at = sentence.find(mention)
    before, after = sentence[:at], sentence[at + len(mention) :]
    noun = _KIND_NOUN.match(after)
    after = after[noun.end() :] if noun else after
    appositive = _appositive(after)
    purpose = _purpose(after) or _purpose(_named_phrase(before)) or _purpose(appositive)
    if name.long:
        long = name.long + (noun.group(0) if noun else "")
        return long if first_word(purpose) in long.split() else attach(long, purpose)
    described = noun_phrase(appositive)
    if not informative(described):
        described = _named_phrase(before) or described
    if not has_preposition(described) and not purpose:
        rest = appositive[len(first_clause(appositive)) :] if appositive else after
        purpose = gerund_purpose(rest)  # "a cache that shards prefixes": "for sharding ..."
        if purpose and head_noun(described) in PURE_GENERIC:
            return purpose.removeprefix("for ")  # "a framework that replays X": "Replaying X"
    return attach(described, purpose)


def _intro_sentence(name: Name, parts: Abstract) -> str:
    mentions = [
        (sentence, found)
        for sentence, found in zip(parts.plain, parts.claims, strict=True)
        if name.short in sentence or (name.long and name.long in sentence)
    ]
    for sentence, found in mentions:
        lower = sentence.lower()
        if any(c.verb in INTRO_VERBS for c in found) or any(
            word in lower for word in ("named ", "dubbed ", "called ", "termed ")
        ):
            return drop_parentheses(sentence)
    return drop_parentheses(mentions[0][0]) if mentions else ""


def _appositive(after: str) -> str:
    """ ", a benchmark for X that ..." -> "benchmark for X that ..." (what the name is)."""
    match = _APPOSITIVE.match(after)
    return match.group(1) if match else ""


_APPOSITIVE = re.compile(
    r"\s*(?:[,:]|\s[—–-]\s?|—)\s*(?:which is |that is |i\.e\.,? )?(?:(?:an?|the)\s+)?"
    r"(?!\s*(?:that|which|who|where|whose)\b)(.+)"
)


def _purpose(text: str) -> str:
    """A leading prepositional phrase, or the "for ..." inside a phrase: "for fairness"."""
    match = _LEADING_PP.match(text)
    match = match or _FOR_PP.search(first_clause(text))
    return first_clause(match.group(1)) if match else ""


def _named_phrase(before: str) -> str:
    """ "a learned eviction policy named" or "a proxy for cache reuse:" -> the noun phrase."""
    match = re.search(
        r"\b(?:an?|the)\s+([^,:]*?)\s*(?:,?\s*(?:named|dubbed|called|termed)(?:\s+as)?|:)\s*$",
        before,
    )
    return noun_phrase(match.group(1)) if match else ""


def describe(sentence: str, lower: str, found: tuple[Claim, ...]) -> str:
    """A compact phrase for what the contribution sentence (with its `claims`) says the paper
    does, or "" when the sentence says it only by reference ("we close this gap")."""
    for claim in found:
        if claim.verb in INTRO_VERBS and not lower.startswith("that", claim.end + 1):
            return standalone(_object_phrase(_after(sentence, claim.end)))
    finding = _FINDING.search(lower)
    if finding and any(c.verb in FINDING_VERBS or c.end <= finding.start() for c in found):
        return standalone(clean(first_clause(_after(sentence, finding.end()))))
    for claim in found:
        rest = _after(sentence, claim.end)
        if claim.verb in STATE_VERBS:
            phrase = _FRAME.sub("", noun_phrase(_ON_WITH.sub("", rest)))
            return standalone(phrase)
        if claim.verb not in ("also", "then", "can", "will", "have", "are", "do", "hope"):
            return standalone(f"{gerund(claim.verb)} {noun_phrase(rest)}")
    return ""


def _after(sentence: str, at: int) -> str:
    return drop_parentheses(sentence[at:]).lstrip()


def _object_phrase(rest: str) -> str:
    """What follows "we propose": a noun phrase, or "to <verb> ..." as a gerund phrase."""
    if to_verb := _TO_VERB.match(rest):  # "to (systematically) evaluate X": "evaluating X"
        return f"{gerund(to_verb[1])} {noun_phrase(rest[to_verb.end() :])}"
    phrase = noun_phrase(rest)
    if len(phrase.split()) < 2:  # "robustness", cut before "to rotate images"
        return clean(first_clause(rest, infinitive=False))
    if head_noun(phrase) in GENERIC_HEADS and not has_preposition(phrase):
        return attach(phrase, gerund_purpose(rest[len(first_clause(rest)) :]))
    return phrase


_TO_VERB = re.compile(rf"to (?:{ADVERB})*([a-z]+) ?")
_ON_WITH = re.compile(r"^(?:on|with)\s+")  # "we focus on X", "we deal with X"
_WHAT_IS = re.compile(r"^what (?:is|are) ", re.IGNORECASE)
_KIND_NOUN = re.compile(rf"\s+(?:{'|'.join(KIND_NOUNS)})\b")
_LEADING_PP = re.compile(r"\s*,?\s*((?:for|in|on|with|via|against|across|under|from)\s.+)")
_FOR_PP = re.compile(r"\s(for\s.+)")
