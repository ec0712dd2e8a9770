"""Topics: 1-2 per paper from the curator's taxonomy, each with the evidence that chose it.

A topic's score sums the taxonomy keywords found in a paper. A keyword counts more when it is
longer (more specific), when it sits in the title or tags, and less when several topics share
it. The best topic is kept if it reaches the taxonomy's `min_score`; a second one only if it
comes close to the first (the taxonomy's `relative_score`): fewer, surer topics make topic
pages that hold papers which really belong together. Papers that reach no topic go to the catch-all.
Matching works on word tokens, so each text is read once whatever the taxonomy's size.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from .models import Taxonomy, TopicMatch

HEADING_BONUS = 2.0  # a keyword in the title or tags says what the paper is about
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True, eq=False)  # each keyword is built once: identity is equality, and
class _Keyword:  # hashing it costs nothing (it is a Counter key for every paper)
    text: str  # as the curator wrote it, reported as evidence
    topic: int  # index into the taxonomy's topics
    tokens: tuple[str, ...]
    prefix: bool  # the last token matches any word it begins ("optimi*")
    weight: float
    pattern: re.Pattern[str] | None  # a phrase ending in a prefix, in space-joined tokens
    needle: str  # a phrase's tokens in space-joined tokens: " a b " (" a b" before a prefix)

    def covers(self, token: str) -> bool:
        """Whether this one-word keyword matches `token`."""
        return token.startswith(self.tokens[0]) if self.prefix else token == self.tokens[0]


def tokens(text: str) -> list[str]:
    """Lower-case word tokens with plural endings dropped; hyphens split words."""
    stems = _STEMS
    return [stems.get(word) or _stem(word) for word in _WORD.findall(text.lower())]


_STEMS: dict[str, str] = {}  # every word seen, stemmed once per process


def _stem(word: str) -> str:
    _STEMS[word] = stem = _strip_plural(word)
    return stem


def _strip_plural(word: str) -> str:
    # Just enough to make "models"/"model" and "attacks"/"attack" equal; never shown.
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


class Matcher:
    """A taxonomy's keywords, looked up by word; built once per taxonomy."""

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
        self._first: dict[str, list[_Keyword]] = defaultdict(list)
        self._prefixes: dict[str, list[_Keyword]] = defaultdict(list)  # by first 2 letters
        for keyword in self.keywords:
            if keyword.prefix and len(keyword.tokens) == 1:
                self._prefixes[keyword.tokens[0][:2]].append(keyword)
            else:
                self._first[keyword.tokens[0]].append(keyword)
        self._by_word: dict[str, tuple[_Keyword, ...]] = {}
        self._no_keyword: set[str] = set()  # words seen that start no keyword

    def hits(self, words: list[str]) -> Counter[_Keyword]:
        """How often each keyword occurs in a token list."""
        counts = Counter(words)
        found: Counter[_Keyword] = Counter()
        joined = ""
        by_word = self._by_word
        for word in counts.keys() - self._no_keyword:  # set arithmetic skips most words
            count = counts[word]
            starting = by_word.get(word)
            if starting is None:
                starting = self._starting_with(word)
            for keyword in starting:
                if len(keyword.tokens) == 1:
                    found[keyword] += count
                elif keyword.prefix or keyword.tokens[-1] in counts:  # cheap test first
                    joined = joined or f" {' '.join(words)} "
                    if keyword.needle in joined and (hits := _count(keyword, joined)):
                        found[keyword] = hits
        return _without_overlaps(found)

    def _starting_with(self, word: str) -> tuple[_Keyword, ...]:
        """Keywords whose first token is `word` (or, for a one-word prefix, begins it)."""
        near = (*self._prefixes.get(word[:2], ()), *self._prefixes.get(word[:1], ()))
        prefixed = [kw for kw in near if kw.covers(word)]
        found = (*self._first.get(word, ()), *prefixed)
        self._by_word[word] = found
        if not found:
            self._no_keyword.add(word)
        return found


def _without_overlaps(found: Counter[_Keyword]) -> Counter[_Keyword]:
    """A word inside a longer keyword of the same topic is no second piece of evidence:
    "embedding space" once is not also "embedding*" once."""
    phrases = [keyword for keyword in found if len(keyword.tokens) > 1]
    if not phrases:
        return found  # every count is positive: nothing to take away
    for word in [keyword for keyword in found if len(keyword.tokens) == 1]:
        for phrase in phrases:
            if phrase.topic == word.topic and any(map(word.covers, phrase.tokens)):
                found[word] -= found[phrase]
    return +found  # drops what fell to zero


def _count(keyword: _Keyword, joined: str) -> int:
    if keyword.pattern is not None:
        return len(keyword.pattern.findall(joined))
    return joined.count(keyword.needle)


def _spelling(keyword: str) -> tuple[tuple[str, ...], bool]:
    return tuple(tokens(keyword.rstrip("*"))), keyword.endswith("*")


def _keyword(text: str, index: int, shared_by: int) -> _Keyword:
    prefix = text.endswith("*")
    words = tuple(tokens(text.rstrip("*")))
    if prefix and words:  # keep the prefix as written: "optimi*" is no plural
        words = (*words[:-1], _WORD.findall(text.rstrip("*").lower())[-1])
    weight = (1.0 + 0.5 * (len(words) - 1)) / math.sqrt(shared_by)
    pattern = None
    if len(words) > 1 and prefix:  # a literal start keeps the regex engine fast
        pattern = re.compile(rf" {re.escape(' '.join(words))}\w*(?= )")
    needle = f" {' '.join(words)}" + ("" if prefix else " ")
    return _Keyword(text, index, words, prefix, weight, pattern, needle)


_MATCHERS: dict[int, Matcher] = {}


def matcher_for(taxonomy: Taxonomy) -> Matcher:
    """The taxonomy's matcher, built on first use (a build scores every paper with it)."""
    cached = _MATCHERS.get(id(taxonomy))
    if cached is None or cached.taxonomy is not taxonomy:
        cached = _MATCHERS[id(taxonomy)] = Matcher(taxonomy)
    return cached


def score_topics(
    taxonomy: Taxonomy, *, text: str, title: str, tags: tuple[str, ...]
) -> list[TopicMatch]:
    """Every topic with a positive score, strongest first (ties by name)."""
    matcher = matcher_for(taxonomy)
    # Tokens never span the " . " between parts, so each part is tokenised once for both.
    title_words, tag_words = tokens(title), tokens(" . ".join(tags))
    heading = set(matcher.hits(title_words + tag_words))
    matched: dict[int, list[tuple[float, str]]] = defaultdict(list)
    for keyword, count in matcher.hits(title_words + tokens(text) + tag_words).items():
        bonus = HEADING_BONUS if keyword in heading else 1.0
        matched[keyword.topic].append(
            (keyword.weight * bonus * math.sqrt(min(count, 4)), keyword.text)
        )
    found = [
        TopicMatch(
            matcher.topics[i].name,
            round(sum(points for points, _ in evidence), 2),
            tuple(text for _, text in sorted(evidence, key=lambda item: (-item[0], item[1]))),
        )
        for i, evidence in matched.items()
    ]
    return sorted(found, key=lambda match: (-match.score, match.topic))


def assign_topics(
    taxonomy: Taxonomy, *, text: str, title: str, tags: tuple[str, ...]
) -> tuple[TopicMatch, ...]:
    """The best 1..max_topics topics, strongest first; the catch-all when none is strong."""
    scored = score_topics(taxonomy, text=text, title=title, tags=tags)
    if not scored or scored[0].score < taxonomy.min_score:
        return (TopicMatch(taxonomy.catch_all.name, 0.0, ()),)
    floor = max(taxonomy.min_score, taxonomy.relative_score * scored[0].score)
    return tuple(match for match in scored[: taxonomy.max_topics] if match.score >= floor)
