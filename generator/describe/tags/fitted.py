"""What the training abstracts say about tag phrases (`data/tag_phrases.json`, written by
`scripts/fit_tag_phrases.py`): how many abstracts use each phrase, which noun-and-gerund pairs
are one term ("entity linking"), which phrases are written in the singular at all, which
head words name a task, and which phrases are mostly written after a word the reader cuts at
("named entity recognition"). Loaded once; never fitted at build time. Owns the look-ups, not what
the tags make of them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import NamedTuple


class TagPhrases(NamedTuple):
    abstracts: int  # how many training abstracts were read
    df: dict[str, int]  # folded phrase key -> abstracts using it (two or more)
    compounds: frozenset[str]  # "entity linking": a noun and a gerund that name one thing
    singular: frozenset[str]  # folded keys of phrases some abstract writes in the singular
    task_heads: frozenset[str]  # heads of phrases written before "task" ("detection")
    openers: dict[str, str]  # folded phrase -> the cut word it is mostly written after


@cache
def tag_phrases() -> TagPhrases:
    data = json.loads(
        resources.files("generator.describe.tags")
        .joinpath("data")
        .joinpath("tag_phrases.json")
        .read_text(encoding="utf-8")
    )
    return TagPhrases(
        data["abstracts"],
        data["df"],
        frozenset(data["compounds"]),
        frozenset(data["singular"]),
        frozenset(data["task_heads"]),
        data["openers"],
    )


def fold(phrase: str) -> str:
    """A phrase's key: case, hyphens and spaces folded ("Fine-tuning" is "finetuning")."""
    return phrase.lower().replace("-", "").replace(" ", "")


def share(phrase: str) -> float:
    """The share of training abstracts that use `phrase` (an acronym tag by its long form)."""
    known = tag_phrases()
    long_form, bracket, _ = phrase.partition(" (")
    key = fold(long_form if bracket and phrase.endswith(")") else phrase)
    return known.df.get(key, 0) / known.abstracts
