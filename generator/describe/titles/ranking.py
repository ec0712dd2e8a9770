"""Which candidate title to keep: each read as a few numbers, scored by the fitted ranker.

A candidate is the title composed from the contribution sentence or one of the abstract's
noun phrases (alone, paired "A: B", or after a coined name). `Reading` holds what every
candidate of one abstract is compared with: the words' chances of being title words
(`salience`), the opening and contribution sentences, the abstract's text. `features` gives a
candidate's numbers, in the order the `ranker` of `model` weighs them; the fit script
(`scripts/fit_title_model.py`) reads the same function. Pure functions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.lexicon import GENERIC_HEADS
from generator.describe.titles.salience import content_words

# The title the authors write has a few words the abstract lacks: the expected size of the
# real title's word set is the sum of the words' chances and this many more.
_UNSEEN_WORDS = 3.0
_TITLE_WORDS = 7.0  # and no fewer than a real title has on average


class Reading:
    """What the candidates of one abstract are compared with."""

    def __init__(
        self, parts: Abstract, chances: Mapping[str, float], priors: Mapping[str, float]
    ) -> None:
        self.chances = chances
        self.priors = priors
        self.expected_size = max(math.fsum(chances.values()) + _UNSEEN_WORDS, _TITLE_WORDS)
        self.opening = set(content_words(parts.plain[0]))
        self.best = set(content_words(parts.plain[parts.ranking[0]]))
        self.lower = parts.lower
        self._text = "\0".join(parts.lower)  # a phrase absent from it stands nowhere
        # Every candidate of the abstract is scored (about 70 of them, sharing their words and
        # phrases): what a word or a phrase gives is looked up once, not for each candidate.
        self._words: dict[str, _Word] = {}
        self._positions: dict[str, tuple[float, float]] = {}

    def word(self, word: str) -> _Word:
        """A content word's chance, prior, and whether the opening and the best sentence use it."""
        found = self._words.get(word)
        if found is None:
            found = self._words[word] = (
                self.chances.get(word, 0.0),
                self.priors.get(word, 0.0),
                word in self.opening,
                word in self.best,
            )
        return found

    def position(self, phrase: str) -> tuple[float, float]:
        found = self._positions.get(phrase)
        if found is None:
            absent = phrase not in self._text  # most are: one search, not one a sentence
            found = _NOWHERE if absent else _position(phrase, self.lower)
            self._positions[phrase] = found
        return found


_Word = tuple[float, float, bool, bool]


def features(candidate: str, reading: Reading, *, composed: bool, prefix: str) -> tuple[float, ...]:
    """`candidate` as numbers: expected overlap with the real title, words' chances and how
    often titles use them, size, shape, where in the abstract its phrase stands."""
    words = content_words(candidate)
    looked_up = [reading.word(word) for word in set(words)] or [_NO_WORD]
    # fsum, max, min and counts do not depend on the order of the words.
    chances = [value[0] for value in looked_up]
    priors = [value[1] for value in looked_up]
    shared = math.fsum(chances)
    size = len(looked_up) if words else 0
    phrase = candidate.split(": ", 1)[-1] if prefix else candidate
    tokens = candidate.split()
    return (
        2 * shared / (size + reading.expected_size) if size else 0.0,
        shared / size if size else 0.0,
        max(chances),
        min(chances),
        float(size),
        (size - 6) ** 2 / 10,
        float(composed),
        float(": " in phrase),
        float(bool(prefix)),
        sum(value[2] for value in looked_up) / size if size else 0.0,
        sum(value[3] for value in looked_up) / size if size else 0.0,
        math.fsum(priors) / len(priors),
        min(priors),
        *reading.position(phrase.lower()),
        float(tokens[0].lower().endswith("ing")) if tokens else 0.0,
        sum(token.isupper() and len(token) > 1 for token in tokens) / max(len(tokens), 1),
        float(bool(tokens) and tokens[-1].lower() in GENERIC_HEADS),
        float(len(tokens) - len(words)),
        reading.chances.get(words[-1], 0.0) if words else 0.0,
        float(len(words) - size),
    )


_NO_WORD: _Word = (0.0, 0.0, False, False)
_NOWHERE = (0.0, 1.0)


def _position(phrase: str, sentences: tuple[str, ...]) -> tuple[float, float]:
    """Whether the phrase stands as written in the abstract, and how early (1: nowhere)."""
    found = [at for at, sentence in enumerate(sentences) if phrase and phrase in sentence]
    first = found[0] / len(sentences) if found else 1.0
    return float(len(found)), first
