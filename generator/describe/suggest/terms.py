"""The terms of a paper that may signal or name a new topic: its noun phrases and tags.

A term is keyed as the topic matcher reads text (`topics.tokens`: lower case, plural endings
dropped, hyphens as spaces), so that a keyword suggested from it matches the papers it came
from; two spellings of one word ("dialogue", "dialog") share a key. Each key keeps the
spellings it was seen in, for the names and keywords a curator reads. Reads papers only.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from generator.describe.reading.lexicon import (
    FIELD_WORDS,
    GENERIC_WORDS,
    MODIFIER,
    NOUN,
    RUN_BREAKS,
    STOPWORDS,
    VERB_FORMS,
    american,
    is_name,
    word_class,
)
from generator.describe.topics import tokens
from generator.models import Paper

MIN_LENGTH = 4  # characters: a shorter key ("data", "bert") is an acronym or a filler word
MAX_WORDS = 4  # "task oriented dialog system"
_ACRONYM = re.compile(r"^(.*) \(([^()]+)\)$")  # "natural language inference (NLI)"
# Runs of words between punctuation (hyphens join), function words cut them apart.
_STOP = "|".join(map(re.escape, sorted(RUN_BREAKS, key=len, reverse=True)))
_RUN = re.compile(rf"(?:(?<![\w-])(?!(?:{_STOP})(?![\w-]))[^\W\d_][\w-]*\s*)+", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")


@dataclass(frozen=True)
class PaperTerms:
    """One paper's terms: how often each is said, and which its title or tags hold."""

    counts: Counter[str]
    heading: frozenset[str]


@dataclass(frozen=True)
class Terms:
    """Every paper's terms, and the spellings each key was seen in across the collection."""

    papers: dict[str, PaperTerms]  # paper id -> its terms
    spellings: dict[str, Counter[str]]  # key -> spelling -> how often

    def documents(self) -> Counter[str]:
        """How many papers hold each key."""
        return Counter(key for found in self.papers.values() for key in found.counts)

    def headings(self) -> Counter[str]:
        """How many papers hold each key in their title or tags."""
        return Counter(key for found in self.papers.values() for key in found.heading)

    def shown(self, key: str) -> str:
        """The key's most common spelling seen on its own (not inside a compound: "-art
        performance" in "state-of-the-art performance"), ties by the spelling."""
        seen = self.spellings[key].items()
        return min(seen, key=lambda item: (item[0].startswith("-"), -item[1], item[0]))[0]


def read_terms(papers: Sequence[Paper]) -> Terms:
    """The terms of every paper."""
    spellings: dict[str, Counter[str]] = {}
    found = {paper.id: _paper_terms(paper, spellings) for paper in papers}
    return Terms(found, spellings)


def term_key(text: str) -> str:
    """`text` as the topic matcher reads it, each word in American spelling."""
    return " ".join(american(word) for word in tokens(text))


def _paper_terms(paper: Paper, spellings: dict[str, Counter[str]]) -> PaperTerms:
    counts = Counter(_ngrams(f"{paper.title}. {paper.text}", spellings))
    heading = set(_ngrams(paper.title, spellings))
    for tag in paper.tags:
        match = _ACRONYM.match(tag)
        for part in match.groups() if match else (tag,):
            heading.update(_ngrams(part, spellings))
    counts.update(key for key in heading if key not in counts)
    return PaperTerms(counts, frozenset(heading))


def _ngrams(text: str, spellings: dict[str, Counter[str]]) -> list[str]:
    """The keys of the runs of 1..MAX_WORDS words `text` holds between punctuation and function
    words (a hyphen joins two words: "task-oriented dialog" holds "task"), each noted among its
    key's spellings; runs open on no verb or participle and end on no adjective ("proposed
    method", "models robust" are no terms)."""
    found = []
    for run in _RUN.findall(text):
        words, joints = _words(run)
        for start in range(len(words)):
            if _opens_badly(words[start]):
                continue
            for end in range(start + 1, min(start + MAX_WORDS, len(words)) + 1):
                if word_class(words[end - 1]) == MODIFIER or words[end - 1] in RUN_BREAKS:
                    continue
                key = term_key(" ".join(words[start:end]))
                if len(key) >= MIN_LENGTH and key not in GENERIC_WORDS:
                    # "-art performance": a term seen only inside a compound names nothing
                    spelled = "".join(joints[at] + words[at] for at in range(start, end))
                    spelled = spelled if joints[start] == "-" else spelled[1:]
                    spellings.setdefault(key, Counter())[spelled] += 1
                    found.append(key)
    return found


def _words(run: str) -> tuple[list[str], list[str]]:
    """A run's words, hyphenated ones split, each lower case unless a name, and what joins
    each to the one before."""
    words, joints = [], []
    for word in _WORD.findall(run):
        for at, part in enumerate(word.split("-")):
            words.append(part if is_name(part) else part.lower())
            joints.append("-" if at else " ")
    return words, joints


def _opens_badly(word: str) -> bool:
    """A verb, participle, adverb or function word opens no term ("to end" in "end-to-end")."""
    if word in RUN_BREAKS or word.endswith(("ed", "ly")):
        return True
    return word.endswith("ing") and word in VERB_FORMS


def telling(key: str, shown: str, *, headed: int) -> bool:
    """Whether a term names a subject: a phrase holding a word that says something alone, a
    name or acronym, a word that names a field ("summarization"); any other single word only
    if the titles or tags of two papers hold it (`headed`) and it is a noun long enough not to
    be filler: "consistency", "missing" and "surface" are said in passing."""
    if shown.startswith("-"):  # only ever seen inside a compound: "-art performance"
        return False
    if " " in key:  # a phrase of words that say nothing alone says nothing: "prior work"
        return not all(word in GENERIC_WORDS or word in STOPWORDS for word in key.split())
    if shown != shown.lower() or key in FIELD_WORDS:
        return True
    return headed >= 2 and len(key) >= 6 and word_class(key) == NOUN
