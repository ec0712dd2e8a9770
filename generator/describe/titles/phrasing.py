"""The noun phrases an abstract holds, as candidate titles, and the one to title it with.

A title the authors would write mostly reuses the abstract's own noun phrases: "private
algorithms for graph sparsification", "model collapse: synthetic data". `noun_phrases` finds
them without a tagger: runs of words `words.read_word` lets stand inside a phrase, ending on a
noun or a name, chained by "of", "for", "in", "with", "via" and a few more (not by "and",
which as often joins two clauses), never across punctuation, math or a verb. `retitle` keeps
the candidate the fitted ranker (`ranking`) scores best, among those `check` finds nothing
wrong with, the title composed from the contribution sentence included. Pure functions.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.lexicon import NAME, NOUN, Word, read_word
from generator.describe.reading.names import Name
from generator.describe.titles.check import problems
from generator.describe.titles.model import TitleModel
from generator.describe.titles.phrases import clean, has_preposition, spell_out, title_case
from generator.describe.titles.ranking import Reading, features
from generator.describe.titles.salience import content_words, salience

MAX_WORDS = 12
_CHAIN = 3  # noun phrases chained into one candidate, at most
_CONNECTORS = frozenset("of for in with via on under from across over".split())
# What results are measured in: a phrase that ends on one reports a result, it names no subject.
_OUTCOMES = frozenset(
    "accuracy recall precision performance improvement improvements gain gains speedup "
    "speedups results result".split()
)
_ARTICLES = frozenset("a an the".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:['’-][A-Za-z0-9]+)*")
_PARENTHESES = re.compile(r"\s*\([^()]*\)")  # a break: "Long Form (LF) model" is two phrases
_BREAKS = re.compile(r"[,;:!?()\[\]\"“”]|\.(?=\s|$)")  # each becomes a token no phrase spans
_QUOTES = "'‘’"
# Pairs "A: B" are made of the best candidates alone: quadratic in this many, not in all.
_PAIRED = 20
_SENTENCES = 6  # that state the contribution best, read for phrases beside the opening one
_SUBJECT_WORDS = 4  # at most, before the colon of a pair
_MIN_DESCRIPTION = 2  # words after a name: "Name: Cache" says too little


def noun_phrases(sentences: Iterable[str]) -> set[str]:
    """Every noun phrase, and every chain of them, in plain `sentences`."""
    found: set[str] = set()
    for sentence in sentences:
        marked = _BREAKS.sub(" , ", _PARENTHESES.sub(" , ", sentence))
        tokens = [token.strip(_QUOTES) for token in marked.split()]
        runs = _runs(tokens)
        for at, (start, end) in enumerate(runs):
            found |= _chains(tokens, runs[at:], start, end)
    return {phrase for phrase in map(clean, found) if _names_a_subject(phrase)}


def _names_a_subject(phrase: str) -> bool:
    """At most MAX_WORDS words, not ending on a measure of results ("detection recall")."""
    words = phrase.split()
    return 0 < len(words) <= MAX_WORDS and words[-1].lower() not in _OUTCOMES


def _runs(tokens: Sequence[str]) -> list[tuple[int, int]]:
    """(start, end) of each run of words that make one noun phrase, trimmed to end on a noun.
    A plural ends its run ("reward models | trained"), and a word right after one is taken for
    a verb the lexicons miss ("compilers | tune | loops")."""
    runs: list[tuple[int, int]] = []
    start, verb_at = None, -1
    for at, token in enumerate([*tokens, ""]):
        word = _read(token) if _WORD.fullmatch(token) else None
        inside = word is not None and (word.inside or word.plural)
        if inside and start is None and at != verb_at:
            start = at
        if start is not None and (not inside or (word is not None and word.plural)):
            _close(tokens, start, at + 1 if inside else at, runs)
            start, verb_at = None, at + 1 if inside else -1
    return runs


def _close(tokens: Sequence[str], start: int, end: int, runs: list[tuple[int, int]]) -> None:
    while end > start and not _noun(tokens[end - 1]):
        end -= 1
    if end > start:
        runs.append((start, end))


def _noun(token: str) -> bool:
    word = _read(token) if _WORD.fullmatch(token) else None
    return bool(word and (word.noun_like or word.plural))


def _read(token: str) -> Word:
    """`read_word`, except that the nouns tags leave out end a title's phrase as its head:
    "policy evaluation", "principal component analysis", not "policy", "principal component"."""
    lower = token.lower()
    return (
        Word(NOUN, lower, lower, False, True, True, True) if lower in _NOUNS else read_word(token)
    )


# Words the tags' stop list holds (a tag is never "analysis"), read here as nouns: they end
# compounds in titles, or open one ("principal component analysis").
_NOUNS = frozenset(
    """analysis evaluation tracking testing sketching querying updating switching
    principal""".split()
)


def _chains(
    tokens: Sequence[str], runs: Sequence[tuple[int, int]], start: int, end: int
) -> set[str]:
    """The run at `start:end` alone, and chained to the runs that follow it by a connector."""
    found = {" ".join(tokens[start:end])}
    for next_start, next_end in runs[1:_CHAIN]:
        gap = [token.lower() for token in tokens[end:next_start]]
        if not gap or gap[0] not in _CONNECTORS or len(gap) > 2:
            break
        if len(gap) == 2 and gap[1] not in _ARTICLES:
            break
        end = next_end
        found.add(" ".join(tokens[start:end]))
    return found


class Candidate(NamedTuple):
    """A title to choose among: a noun phrase (or a pair, or after a name), or the composed one.
    A pair is scored as "A: B" (the ranker was fitted on that shape) but titled as one phrase:
    two keywords around a colon are no title a reader accepts."""

    text: str
    composed: bool
    pair: bool = False

    def titled(self) -> str:
        if self.composed:
            return self.text
        return title_case(joined(self.text) if self.pair else self.text)

    def acceptable(self, *, claim: bool, model: TitleModel) -> bool:
        """No problem `check` finds; the composed title may be a clause stating a claim. A pair
        passes as "A: B" and as the phrase it is titled with."""
        allowed = {"clause"} if claim and self.composed else set()
        shapes = (self.titled(), title_case(self.text)) if self.pair else (self.titled(),)
        return all(set(_problems(shape, model)) <= allowed for shape in shapes)

    def problems(self, model: TitleModel) -> tuple[str, ...]:
        return _problems(self.titled(), model)


def _problems(title: str, model: TitleModel) -> tuple[str, ...]:
    return problems(title, model.field_terms, model.common_phrases)


def joined(pair: str) -> str:
    """ "A: B" as one phrase: the other aspect B for the subject A ("random projections for
    probabilistic inference"), or A for B when B is itself a phrase with a preposition ("tree
    backup for off-policy learning with function approximation"), or B with A when B already
    says what it is for ("generative models for dialog systems with hierarchical encoders")."""
    subject, _, aspect = pair.partition(": ")
    if not has_preposition(aspect):
        return f"{aspect} for {subject}"
    if " for " in f" {aspect.lower()} ":
        return f"{aspect} with {subject}"
    return f"{subject} for {aspect}"


def choose(
    candidates: Sequence[Candidate],
    reading: Reading,
    model: TitleModel,
    *,
    prefix: str,
    claim: bool,
    stated: str = "",
) -> str:
    """The candidate the ranker scores best, in title case, among those without problems; the
    composed one when every one has one. `stated` (the title the abstract states itself) is
    kept unless the best scores more than `STATED_MARGIN` above it."""

    def score(candidate: Candidate) -> float:
        values = features(candidate.text, reading, composed=candidate.composed, prefix=prefix)
        return model.ranker.score(values)

    ranked = sorted(candidates, key=lambda c: (-score(c), c.text, c.composed))
    for candidate in ranked:  # best first: most candidates are never cased nor checked
        if candidate.acceptable(claim=claim, model=model):
            if stated and _stated_score(stated, reading, model) >= score(candidate) - STATED_MARGIN:
                return stated
            return candidate.titled()
    for candidate in ranked:  # a position's topic reads better than a broken claim
        if set(candidate.problems(model)) <= _TOPIC_ONLY:
            return candidate.titled()
    return next(c.text for c in candidates if c.composed)


_TOPIC_ONLY = frozenset({"position without a claim"})
# Ranker score points the best candidate must lead a stated title by to replace it. Chosen on
# the training pairs' half B: content-word F1 0.4358 at 1.5, 0.4431 at 1.0, 0.4532 at 0.5, 0.4563
# at 0.25 (as never stating). Below 1.0 the ranker's cut phrases win over stated titles the
# tests hold ("Private Algorithm for Answering"), so 1.0: the smallest margin keeping them.
STATED_MARGIN = 1.0


def _stated_score(stated: str, reading: Reading, model: TitleModel) -> float:
    name, colon, _ = stated.partition(": ")
    values = features(stated, reading, composed=True, prefix=name if colon else "")
    return model.ranker.score(values)


def paired(
    candidates: Iterable[str], chances: dict[str, float], long_forms: dict[str, str]
) -> set[str]:
    """ "A: B" from the best candidates: a subject A of two to four words (or a name), the more
    telling of the two, then a phrase B on another aspect ("model collapse: synthetic data"),
    sharing no word with A, not even through an acronym."""
    ranked = sorted(candidates, key=lambda c: (-_mean_chance(c, chances), c))[:_PAIRED]
    spelled = [_spelled(phrase, long_forms) for phrase in ranked]
    found = set()
    for at, first in enumerate(ranked):
        size = len(first.split())
        if size > _SUBJECT_WORDS or (size == 1 and read_word(first).role != NAME):
            continue
        for second, words in zip(ranked[at + 1 :], spelled[at + 1 :], strict=True):
            if 1 < len(second.split()) <= MAX_WORDS - size and not spelled[at] & words:
                found.add(f"{first}: {second}")
    return found


def _describes(phrase: str, name: str) -> bool:
    return name.lower() not in phrase.lower() and len(phrase.split()) >= _MIN_DESCRIPTION


def _mean_chance(candidate: str, chances: dict[str, float]) -> float:
    words = set(content_words(candidate))
    return math.fsum(chances.get(word, 0.0) for word in words) / (len(words) + 1)


def _spelled(phrase: str, long_forms: dict[str, str]) -> set[str]:
    """The content words of `phrase`, with those of the long forms of its acronyms."""
    expanded = " ".join(long_forms.get(token, token) for token in phrase.split())
    return set(content_words(expanded)) | set(content_words(phrase))


def candidates(
    parts: Abstract, composed: str, chances: dict[str, float], *, prefix: str
) -> list[Candidate]:
    """`composed` (the title the contribution sentence gives) and the abstract's noun phrases,
    each after `prefix` ("Name: ..."), or paired when there is no prefix."""
    telling = {0, *parts.ranking[:_SENTENCES]}  # the opening, and the contribution's
    phrases = noun_phrases(plain for index, plain in enumerate(parts.plain) if index in telling)
    if prefix:
        phrases = {phrase for phrase in phrases if _describes(phrase, prefix)}
    else:
        phrases |= paired(phrases, chances, parts.long_forms)
    spelled = {spell_out(p, parts.long_forms, prefix, MAX_WORDS) for p in phrases}
    found = sorted(f"{prefix}: {phrase}" if prefix else phrase for phrase in spelled)
    # No noun phrase holds a colon: without a name, one in a candidate is a pair's.
    return [Candidate(composed, True),
            *(Candidate(text, False, not prefix and ": " in text) for text in found)]  # fmt: skip


def retitle(
    parts: Abstract,
    composed: str,
    *,
    prefix: str,
    name: Name | None,
    claim: bool,
    model: TitleModel,
    stated: str = "",
) -> str:
    """The best of `composed` (a clause when it states a `claim`: "X Generalise Across Y") and
    the abstract's noun phrases, as the fitted ranker of `model` judges; `stated` (the title
    the abstract states itself) unless the ranker's best is clearly better."""
    chances = salience(parts, name, model, composed)
    found = candidates(parts, composed, chances, prefix=prefix)
    reading = Reading(parts, chances, model.words)
    return choose(found, reading, model, prefix=prefix, claim=claim, stated=stated)
