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
import string
from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import compress

from generator.models import Taxonomy, TopicMatch

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
    return list(map(_STEMS.__getitem__, _words(text)))


def _words(text: str) -> list[str]:
    """The runs of [a-z0-9] in `text` in lower case: what `_WORD.findall` finds, in less time
    (in ASCII, every other character is a space)."""
    ascii_text = text.lower().encode("ascii", "replace")  # a "?" for each other character
    return ascii_text.translate(_SPACE_UNLESS_WORD).decode("ascii").split()


_SPACE_UNLESS_WORD = bytes(
    b if chr(b) in string.digits + string.ascii_lowercase else 32 for b in range(256)
)


class _Stems(dict[str, str]):
    """Word -> stem, each word stemmed once per process, when first looked up (in C, by map)."""

    def __missing__(self, word: str) -> str:
        self[word] = stem = _strip_plural(word)
        return stem


_STEMS = _Stems()


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
        self._by_word = _KeywordsByWord(self.keywords)
        # A word inside a longer keyword of the same topic is no second piece of evidence:
        # "embedding space" once is not also "embedding*" once. Per phrase, those words.
        words = [keyword for keyword in self.keywords if len(keyword.tokens) == 1]
        self._inside = {
            phrase: [
                w for w in words if w.topic == phrase.topic and any(map(w.covers, phrase.tokens))
            ]
            for phrase in self.keywords
            if len(phrase.tokens) > 1
        }

    def hits(self, words: list[str]) -> dict[_Keyword, int]:
        """How often each keyword occurs in a token list."""
        by_word = self._by_word
        # The words that open or close a keyword, picked and counted in C: most do neither.
        counts = Counter(compress(words, map(by_word.__getitem__, words)))
        found: dict[_Keyword, int] = {}
        joined = ""
        found_phrases = []
        for word, count in counts.items():
            singles, phrases = by_word[word]
            for keyword in singles:
                found[keyword] = found.get(keyword, 0) + count
            for keyword in phrases:
                if keyword.prefix or keyword.tokens[-1] in counts:  # cheap test first
                    joined = joined or f" {' '.join(words)} "
                    if keyword.needle in joined and (hits := _count(keyword, joined)):
                        found[keyword] = hits
                        found_phrases.append(keyword)
        if not found_phrases:
            return found
        for phrase in found_phrases:
            for single in self._inside[phrase]:
                if single in found:
                    found[single] -= found[phrase]
        return {keyword: count for keyword, count in found.items() if count > 0}


class _KeywordsByWord(dict[str, tuple]):
    """Word -> the one-word keywords it matches and the phrases it starts, or () for a word
    that neither opens a keyword nor closes a phrase (whose last word `hits` looks for among
    the words it counts); found on first look-up, once per word."""

    def __init__(self, keywords: list[_Keyword]) -> None:
        super().__init__()
        self._closing = {kw.tokens[-1] for kw in keywords if len(kw.tokens) > 1 and not kw.prefix}
        self._first: dict[str, list[_Keyword]] = defaultdict(list)
        self._prefixes: dict[str, list[_Keyword]] = defaultdict(list)  # by first 2 letters
        for keyword in keywords:
            if keyword.prefix and len(keyword.tokens) == 1:
                self._prefixes[keyword.tokens[0][:2]].append(keyword)
            else:
                self._first[keyword.tokens[0]].append(keyword)

    def __missing__(self, word: str) -> tuple:
        near = (*self._prefixes.get(word[:2], ()), *self._prefixes.get(word[:1], ()))
        starting = (*self._first.get(word, ()), *(kw for kw in near if kw.covers(word)))
        singles = tuple(kw for kw in starting if len(kw.tokens) == 1)
        phrases = tuple(kw for kw in starting if len(kw.tokens) > 1)
        self[word] = found = (singles, phrases) if starting or word in self._closing else ()
        return found


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
    return [TopicMatch(*scored) for scored in _scored(taxonomy, text, title, tags)]


def assign_topics(
    taxonomy: Taxonomy, *, text: str, title: str, tags: tuple[str, ...]
) -> tuple[TopicMatch, ...]:
    """The best 1..max_topics topics, strongest first; the catch-all when none is strong."""
    scored = _scored(taxonomy, text, title, tags)
    if not scored or scored[0][1] < taxonomy.min_score:
        return (TopicMatch(taxonomy.catch_all.name, 0.0, ()),)
    floor = max(taxonomy.min_score, taxonomy.relative_score * scored[0][1])
    return tuple(TopicMatch(*match) for match in scored[: taxonomy.max_topics] if match[1] >= floor)


def _scored(
    taxonomy: Taxonomy, text: str, title: str, tags: tuple[str, ...]
) -> list[tuple[str, float, tuple[str, ...]]]:
    """`score_topics` as plain tuples (topic, score, matched): a build keeps only the best
    few of a paper's topics, and only those become `TopicMatch`es."""
    matcher = matcher_for(taxonomy)
    # Tokens never span the " . " between parts, so each part is tokenised once for both.
    title_words, tag_words = tokens(title), tokens(" . ".join(tags))
    heading = matcher.hits(title_words + tag_words)
    matched: dict[int, list[tuple[float, str]]] = defaultdict(list)
    for keyword, count in matcher.hits(title_words + tokens(text) + tag_words).items():
        bonus = HEADING_BONUS if keyword in heading else 1.0
        # Points negated: evidence sorts strongest first, ties by text, without a key.
        matched[keyword.topic].append(
            (-keyword.weight * bonus * _ROOTS[min(count, 4)], keyword.text)
        )
    scored = []
    for index, evidence in matched.items():
        evidence.sort()
        # Summed strongest first: the same score whatever order the keywords were found in.
        score = round(-sum(points for points, _ in evidence), 2)
        scored.append((matcher.topics[index].name, score, tuple(text for _, text in evidence)))
    scored.sort(key=_strongest_first)
    return scored


_ROOTS = [math.sqrt(count) for count in range(5)]  # a keyword counts at most 4 times


def _strongest_first(scored: tuple[str, float, tuple[str, ...]]) -> tuple[float, str]:
    return -scored[1], scored[0]
