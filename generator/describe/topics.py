"""Topics: 1-2 per paper from the curator's taxonomy, each with the evidence that chose it.

A topic's score sums the taxonomy keywords found in a paper. A keyword counts more when it is
longer (more specific), when it sits in the title or tags, and less when several topics share
it. The best topic is kept if it reaches the taxonomy's `min_score`; a second one only if it
comes close to the first (the taxonomy's `relative_score`): fewer, surer topics make topic
pages that hold papers which really belong together. Papers that reach no topic go to the
catch-all. Matching works on word tokens: the `KeywordIndex`, built once per taxonomy and
passed to `assign_topics`, finds the keywords a text's words open. It knows nothing of how
tags are found, nor of pages.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from functools import cache

from generator.models import Taxonomy, TopicMatch

HEADING_BONUS = 1.5  # a keyword in the title or tags says what the paper is about; more, and
# a derived title's or tag's passing word outweighs the abstract's evidence
MAX_COUNT = 4  # a keyword counts at most this often
LONG_TEXT = 120  # words: in an abstract this long, one keyword in one sentence decides no topic
_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True, eq=False)  # one entry of the taxonomy: no two are the same keyword
class _Keyword:
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
    return list(map(_stem, _WORD.findall(text.lower())))


@cache  # the same words recur in every abstract, and a word's stem depends on it alone
def _stem(word: str) -> str:
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
        self._by_first: dict[str, list[_Keyword]] = defaultdict(list)  # all others
        for keyword in self.keywords:
            if keyword not in self._prefixes:
                self._by_first[keyword.tokens[0]].append(keyword)
        self._inside = {phrase: self._words_inside(phrase) for phrase in self.keywords}

    def _words_inside(self, phrase: _Keyword) -> list[_Keyword]:
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

    def hits(self, words: list[str]) -> dict[_Keyword, int]:
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


def _prefix_counts(prefixes: list[_Keyword], counts: Counter[str]) -> dict[_Keyword, int]:
    """How many of the counted words each prefix keyword begins: in sorted order, the words
    a prefix begins follow one another from the first word not before it."""
    ordered = sorted(counts)
    found: dict[_Keyword, int] = {}
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


def _keyword(text: str, index: int, shared_by: int) -> _Keyword:
    prefix = text.endswith("*")
    words = tuple(tokens(text.rstrip("*")))
    if prefix and words:  # keep the prefix as written: "optimi*" is no plural
        words = (*words[:-1], _WORD.findall(text.rstrip("*").lower())[-1])
    weight = (1.0 + 0.5 * (len(words) - 1)) / math.sqrt(shared_by)
    pattern = None
    if len(words) > 1 and prefix:
        pattern = re.compile(rf" {re.escape(' '.join(words))}\w*(?= )")
    needle = f" {' '.join(words)}" + ("" if prefix else " ")
    return _Keyword(text, index, words, prefix, weight, pattern, needle)


def score_topics(
    index: KeywordIndex, *, text: str, title: str, tags: tuple[str, ...]
) -> list[TopicMatch]:
    """Every topic with a positive score, strongest first (ties by name). In a long abstract
    (LONG_TEXT words or more) a topic all of whose evidence is one keyword in one sentence,
    not in the title or tags, scores nothing: a passing "forecasting" makes no ridge-regression
    paper a time-series one."""
    title_words, text_words, tag_words = tokens(title), tokens(text), tokens(" . ".join(tags))
    heading = index.hits(title_words + tag_words)
    evidence: dict[int, list[tuple[float, str]]] = defaultdict(list)  # topic -> points, keyword
    keywords: dict[int, list[_Keyword]] = defaultdict(list)
    for keyword, count in index.hits(title_words + text_words + tag_words).items():
        bonus = HEADING_BONUS if keyword in heading else 1.0
        points = keyword.weight * bonus * math.sqrt(min(count, MAX_COUNT))
        evidence[keyword.topic].append((points, keyword.text))
        keywords[keyword.topic].append(keyword)
    if len(text_words) >= LONG_TEXT:
        passing = [t for t, found in keywords.items() if _in_one_sentence(found, text, heading)]
        for topic in passing:
            del evidence[topic]
    scored = [_match(index.topics[topic].name, found) for topic, found in evidence.items()]
    return sorted(scored, key=lambda match: (-match.score, match.topic))


def _in_one_sentence(found: list[_Keyword], text: str, heading: dict[_Keyword, int]) -> bool:
    """Whether the one keyword in `found` occurs in one sentence of `text` at most, and not in
    the title or tags (`heading`)."""
    if len(found) > 1 or found[0] in heading:
        return False
    (keyword,) = found
    sentences = (f" {' '.join(tokens(part))} " for part in _SENTENCE_END.split(text))
    return sum(1 for joined in sentences if _occurs(keyword, joined)) <= 1


def _occurs(keyword: _Keyword, joined: str) -> bool:
    if len(keyword.tokens) == 1 and keyword.prefix:
        return f" {keyword.tokens[0]}" in joined
    return keyword.count_in(joined) > 0


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _match(topic: str, evidence: list[tuple[float, str]]) -> TopicMatch:
    """Evidence strongest first, ties by keyword; summed in that order, so the score does not
    depend on the order the keywords were found in."""
    evidence.sort(key=lambda found: (-found[0], found[1]))
    score = round(sum(points for points, _ in evidence), 2)
    return TopicMatch(topic, score, tuple(keyword for _, keyword in evidence))


def assign_topics(
    index: KeywordIndex, *, text: str, title: str, tags: tuple[str, ...]
) -> tuple[TopicMatch, ...]:
    """The best 1..max_topics topics, strongest first; the catch-all when none is strong."""
    taxonomy = index.taxonomy
    scored = score_topics(index, text=text, title=title, tags=tags)
    if not scored or scored[0].score < taxonomy.min_score:
        return (TopicMatch(taxonomy.catch_all.name, 0.0, ()),)
    floor = max(taxonomy.min_score, taxonomy.relative_score * scored[0].score)
    return tuple(match for match in scored[: taxonomy.max_topics] if match.score >= floor)
