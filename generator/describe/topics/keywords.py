"""The taxonomy's keywords, found in a text's words: what matches, not what it means.

Matching works on word tokens (`tokens`: lower case, plural endings dropped, hyphens split):
the `KeywordIndex`, built once per taxonomy, finds the keywords a token list opens and how
often. A keyword's `weight` says how much one occurrence tells: more when it is longer (more
specific), less when several topics share it. Where a keyword occurs, and what that makes of
a topic, is `choice`'s concern.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cache

from generator.models import Taxonomy

_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True, eq=False)  # one entry of the taxonomy: no two are the same keyword
class Keyword:
    text: str  # as the curator wrote it, reported as evidence
    topic: int  # index into the index's topics
    tokens: tuple[str, ...]
    prefix: bool  # the last token matches any word it begins ("optimi*")
    weight: float
    pattern: re.Pattern[str] | None  # a phrase ending in a prefix, in space-joined tokens
    needle: str  # the tokens in space-joined tokens: " a b " (" a b" before a prefix)

    def covers(self, token: str) -> bool:
        """Whether this one-word keyword matches `token`."""
        return token.startswith(self.tokens[0]) if self.prefix else token == self.tokens[0]

    def count_in(self, joined: str) -> int:
        """How often this keyword occurs in space-joined tokens (" a b c ")."""
        if self.pattern is not None:
            return len(self.pattern.findall(joined))
        return joined.count(self.needle)


def tokens(text: str) -> list[str]:
    """Lower-case word tokens with plural endings dropped; hyphens split words."""
    return list(map(stem, _WORD.findall(text.lower())))


@cache  # the same words recur in every abstract, and a word's stem depends on it alone
def stem(word: str) -> str:
    # Just enough to make "models"/"model" and "attacks"/"attack" equal; never shown.
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


class KeywordIndex:
    """A taxonomy's keywords, found by the words of a text: built once per taxonomy."""

    def __init__(self, taxonomy: Taxonomy) -> None:
        self.taxonomy = taxonomy
        self.topics = [topic for topic in taxonomy.topics if not topic.catch_all]
        # Spellings that read alike ("long-context", "long context") are one keyword.
        spelled = [{_spelling(kw): kw for kw in topic.keywords} for topic in self.topics]
        shared = Counter(spelling for keywords in spelled for spelling in keywords)
        self.keywords = [
            _keyword(text, index, shared[spelling])
            for index, keywords in enumerate(spelled)
            for spelling, text in keywords.items()
            if spelling[0]
        ]
        self._prefixes = [kw for kw in self.keywords if kw.prefix and len(kw.tokens) == 1]
        self._by_first: dict[str, list[Keyword]] = defaultdict(list)  # all others
        for keyword in self.keywords:
            if keyword not in self._prefixes:
                self._by_first[keyword.tokens[0]].append(keyword)
        self._inside = {phrase: self._words_inside(phrase) for phrase in self.keywords}

    def _words_inside(self, phrase: Keyword) -> list[Keyword]:
        """A word inside a longer keyword of the same topic is no second piece of evidence:
        "embedding space" once is not also "embedding*" once."""
        if len(phrase.tokens) == 1:
            return []
        return [
            word
            for word in self.keywords
            if len(word.tokens) == 1
            and word.topic == phrase.topic
            and any(map(word.covers, phrase.tokens))
        ]

    def hits(self, words: list[str]) -> dict[Keyword, int]:
        """How often each keyword occurs in a token list."""
        counts = Counter(words)
        found = _prefix_counts(self._prefixes, counts)
        opened = [
            kw for word in counts.keys() & self._by_first.keys() for kw in self._by_first[word]
        ]
        found.update((kw, counts[kw.tokens[0]]) for kw in opened if len(kw.tokens) == 1)
        phrases = [keyword for keyword in opened if len(keyword.tokens) > 1]
        joined = f" {' '.join(words)} "
        for phrase in phrases:
            found[phrase] = phrase.count_in(joined)
        for phrase in phrases:
            for word in self._inside[phrase]:
                if word in found:
                    found[word] -= found[phrase]
        return {keyword: count for keyword, count in found.items() if count > 0}


def _prefix_counts(prefixes: list[Keyword], counts: Counter[str]) -> dict[Keyword, int]:
    """How many of the counted words each prefix keyword begins: in sorted order, the words
    a prefix begins follow one another from the first word not before it."""
    ordered = sorted(counts)
    found: dict[Keyword, int] = {}
    for keyword in prefixes:
        prefix = keyword.tokens[0]
        at = bisect.bisect_left(ordered, prefix)
        total = 0
        while at < len(ordered) and ordered[at].startswith(prefix):
            total += counts[ordered[at]]
            at += 1
        found[keyword] = total
    return found


def _spelling(keyword: str) -> tuple[tuple[str, ...], bool]:
    return tuple(tokens(keyword.rstrip("*"))), keyword.endswith("*")


def _keyword(text: str, index: int, shared_by: int) -> Keyword:
    prefix = text.endswith("*")
    words = tuple(tokens(text.rstrip("*")))
    if prefix and words:  # keep the prefix as written: "optimi*" is no plural
        words = (*words[:-1], _WORD.findall(text.rstrip("*").lower())[-1])
    weight = (1.0 + 0.5 * (len(words) - 1)) / math.sqrt(shared_by)
    pattern = None
    if len(words) > 1 and prefix:
        pattern = re.compile(rf" {re.escape(' '.join(words))}\w*(?= )")
    needle = f" {' '.join(words)}" + ("" if prefix else " ")
    return Keyword(text, index, words, prefix, weight, pattern, needle)
