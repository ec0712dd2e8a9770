"""How likely each word of an abstract is to be a word of its title.

Titles reuse the words an abstract repeats, states in its contribution sentences and spells out
as the long forms of its acronyms. `salience` reads those signals for every content word and
weighs them with a logistic model fitted on the training pairs (`model`), with what the
training titles say of the word itself, so a title can be chosen by the words it is expected to
share with the title the authors would write. `content_words` is how words are
compared: lower case, hyphens split, function words dropped, a plural "s" taken off. Pure
functions over one analysed `Abstract`; knows nothing of phrases or titles' shapes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from functools import lru_cache

from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.lexicon import FUNCTION_WORDS
from generator.describe.reading.names import Name
from generator.describe.titles.model import TitleModel

_TOKEN = re.compile(r"[a-z0-9]+")


@lru_cache(maxsize=65536)  # candidate titles share their phrases, and are scored again
def content_words(text: str) -> tuple[str, ...]:
    """The words of `text` that say something, normalised so spellings of one word meet."""
    found = []
    for token in _TOKEN.findall(text.lower().replace("-", " ")):
        if token in FUNCTION_WORDS or len(token) < 2:
            continue
        if len(token) > 4 and token.endswith("s") and not token.endswith("ss"):
            token = token[:-1]
        found.append(token)
    return tuple(found)


def salience(
    parts: Abstract, name: Name | None, model: TitleModel, composed: str = ""
) -> dict[str, float]:
    """Content word -> the probability that the title uses it, knowing the `name` the paper
    coins and the title `composed` from its contribution sentence."""
    found = signals(parts, name, composed, model.words, model.rarity)
    return {word: model.salience.probability(values) for word, values in found.items()}


def signals(
    parts: Abstract,
    name: Name | None,
    composed: str,
    priors: Mapping[str, float],
    rarity: Mapping[str, float],
) -> dict[str, tuple[float, ...]]:
    """Content word -> what the abstract says of it, how rare it is in abstracts and how often
    titles use it."""
    sentences = [content_words(plain) for plain in parts.plain]
    sets = [set(words) for words in sentences]
    counts, first, spread = _tally(sentences, sets)
    context = _Context(parts, name, sets)
    total = len(sets)
    in_composed = set(content_words(composed))
    unseen = max(rarity.values(), default=0.0)  # a word too rare to be counted
    return {
        word: (
            math.log(count),
            rarity.get(word, unseen),
            math.log(count) * rarity.get(word, unseen),
            float(word in in_composed),
            float(word in context.opening),
            float(word in context.best),
            float(word in context.second),
            float(word in context.name),
            first[word] / total,
            spread[word] / total,
            float(word in context.long_forms),
            float(word in context.top),
            priors.get(word, 0.0),
        )
        for word, count in counts.items()
    }


def _tally(
    sentences: list[tuple[str, ...]], sets: list[set[str]]
) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    """Per word: how often it is used, the first sentence using it, how many sentences do."""
    counts: dict[str, int] = {}
    first: dict[str, int] = {}
    spread: dict[str, int] = {}
    for index, words in enumerate(sentences):
        for word in words:
            counts[word] = counts.get(word, 0) + 1
            first.setdefault(word, index)
        for word in sets[index]:
            spread[word] = spread.get(word, 0) + 1
    return counts, first, spread


class _Context:
    """The word sets the signals test membership in."""

    def __init__(self, parts: Abstract, name: Name | None, sentences: list[set[str]]) -> None:
        ranking = parts.ranking
        self.opening = sentences[0]
        self.best = sentences[ranking[0]]
        self.second = sentences[ranking[1]] if len(ranking) > 1 else set()
        self.top = set().union(*(sentences[index] for index in ranking[:3]))
        self.name = set(content_words(f"{name.short} {name.long}")) if name else set()
        self.long_forms = {w for d in parts.definitions for w in content_words(d.long)}
