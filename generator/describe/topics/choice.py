"""Topics: 1-2 per paper from the curator's taxonomy, each with the evidence that chose it.

A paper is read in places: its title and tags (the heading), then each sentence of its
abstract. A keyword counts once per place that holds it (repeats within one sentence add
nothing), more in the heading, and a topic's score sums its keywords. Where a topic is said
matters as much as how strongly:
- in a long abstract, a topic said in one sentence only, and neither in the heading nor in
  the summary (the contribution sentence), is a passing clause and decides nothing: a ridge
  regression paper that mentions forecasting once is no time-series paper;
- the best topic is kept if it reaches the taxonomy's `min_score`; a second one only if it
  scores at least `relative_score` times the best one's and the paper speaks of it in at
  least half as many places (and two at least): the paper is as much about it.
Papers that reach no topic go to the catch-all. Knows nothing of how tags or summaries are
found, nor of pages.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from typing import NamedTuple

from generator.describe.topics.keywords import Keyword, KeywordIndex, tokens
from generator.models import TopicMatch

HEADING_BONUS = 1.5  # a keyword in the title or tags says what the paper is about; more, and
# a derived title's or tag's passing word outweighs the abstract's evidence
MAX_PLACES = 4  # a keyword counts in at most this many places
LONG_TEXT = 120  # words: in an abstract this long, one sentence alone decides no topic
SECOND_SHARE = 0.5  # a second topic is said in at least this share of the first one's places
SECOND_PLACES = 2  # ... and in this many places at least
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


class _Reading(NamedTuple):
    """Where a paper's keywords are: the heading, the summary, each sentence."""

    heading: dict[Keyword, int]
    summary: dict[Keyword, int]
    sentences: list[dict[Keyword, int]]
    long: bool


class _Scored(NamedTuple):
    match: TopicMatch
    places: int  # the heading, the summary and the sentences that speak of the topic


def score_topics(
    index: KeywordIndex, *, text: str, title: str, tags: tuple[str, ...], summary: str = ""
) -> list[TopicMatch]:
    """Every topic with a positive score, strongest first (ties by name), passing clauses of a
    long abstract left out."""
    reading = _read(index, text=text, title=title, tags=tags, summary=summary)
    return [scored.match for scored in _score(index, reading)]


def assign_topics(
    index: KeywordIndex, *, text: str, title: str, tags: tuple[str, ...], summary: str = ""
) -> tuple[TopicMatch, ...]:
    """The best 1..max_topics topics, strongest first; the catch-all when none is strong."""
    taxonomy = index.taxonomy
    reading = _read(index, text=text, title=title, tags=tags, summary=summary)
    scored = _score(index, reading)
    if not scored or scored[0].match.score < taxonomy.min_score:
        return (TopicMatch(taxonomy.catch_all.name, 0.0, ()),)
    best = scored[0]
    floor = max(taxonomy.min_score, taxonomy.relative_score * best.match.score)
    places = max(SECOND_PLACES, SECOND_SHARE * best.places)
    others = [s.match for s in scored[1:] if s.match.score >= floor and s.places >= places]
    return (best.match, *others[: taxonomy.max_topics - 1])


def _read(
    index: KeywordIndex, *, text: str, title: str, tags: tuple[str, ...], summary: str
) -> _Reading:
    heading = index.hits(tokens(title) + tokens(" . ".join(tags)))
    sentences = [index.hits(tokens(part)) for part in _SENTENCE_END.split(text)]
    long = len(tokens(text)) >= LONG_TEXT
    return _Reading(heading, index.hits(tokens(summary)), sentences, long)


def _score(index: KeywordIndex, reading: _Reading) -> list[_Scored]:
    """Each topic's evidence and places, strongest first, ties by name."""
    said_in = _sentences_saying(reading.sentences)
    evidence: dict[int, list[tuple[float, str]]] = defaultdict(list)
    for keyword in said_in.keys() | reading.heading.keys():
        places = len(said_in.get(keyword, ())) + (keyword in reading.heading)
        bonus = HEADING_BONUS if keyword in reading.heading else 1.0
        points = keyword.weight * bonus * math.sqrt(min(places, MAX_PLACES))
        evidence[keyword.topic].append((points, keyword.text))
    scored = []
    for topic, found in evidence.items():
        sentences = {n for keyword in said_in if keyword.topic == topic for n in said_in[keyword]}
        central = _topic_in(topic, reading.heading) + _topic_in(topic, reading.summary)
        if reading.long and len(sentences) <= 1 and not central:
            continue  # a passing clause
        scored.append(_Scored(_match(index.topics[topic].name, found), len(sentences) + central))
    return sorted(scored, key=lambda s: (-s.match.score, s.match.topic))


def _sentences_saying(sentences: list[dict[Keyword, int]]) -> dict[Keyword, set[int]]:
    """Each keyword found, with the numbers of the sentences holding it."""
    said_in: dict[Keyword, set[int]] = defaultdict(set)
    for number, found in enumerate(sentences):
        for keyword in found:
            said_in[keyword].add(number)
    return said_in


def _topic_in(topic: int, found: dict[Keyword, int]) -> int:
    return int(any(keyword.topic == topic for keyword in found))


def _match(topic: str, evidence: list[tuple[float, str]]) -> TopicMatch:
    """Evidence strongest first, ties by keyword; summed in that order, so the score does not
    depend on the order the keywords were found in."""
    evidence.sort(key=lambda found: (-found[0], found[1]))
    score = round(sum(points for points, _ in evidence), 2)
    return TopicMatch(topic, score, tuple(keyword for _, keyword in evidence))
