"""What of the last run's tag reading still holds after an edit, so that one edited abstract
costs its own reading and the re-weighing of the phrases whose document counts moved.

A text's phrase counts depend on the text, the acronyms it defines and, through
`acronyms.join_acronyms`, on the collection's long form of each acronym it may say: that is
only an acronym among its words, or one whose long form's first and last words are among
them (the very look-up `join_acronyms` makes). A text's candidate pool depends on its counts,
its words, its coined name and the weight (`PhraseKey`) of each of its phrases. So a text keeps
its last counts unless a long form it may say changed, and its last pool unless one of its
phrases was weighed otherwise: exactly what a cold reading would give. Owns that test; never
reads a text nor weighs a phrase itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from generator.describe.reading.lexicon import singular

TextKey = tuple[str, tuple[tuple[str, str], ...], str]  # text, its acronyms, its coined name


class Remembered(NamedTuple):
    """One text's reading, as the last run left it."""

    words: dict[str, int]  # its words as phrase heads spell them
    counts: dict[str, int]  # its phrase counts, acronyms joined
    pool: list[str]  # its best candidate tags
    coined: str  # the tag of the name it coins ("" for none)


class TagMemory(NamedTuple):
    """The last run's reading: the collection's long forms, each phrase's weight (by folded
    key), and each text's reading."""

    long_forms: dict[str, str]
    keys: Mapping[str, object]
    texts: dict[TextKey, Remembered]


FORGOTTEN = TagMemory({}, {}, {})


def text_key(text: str, defined: dict[str, str], coined: str) -> TextKey:
    return text, tuple(sorted(defined.items())), coined


def moved_acronyms(last: Mapping[str, str], now: Mapping[str, str]) -> list[tuple[str, str]]:
    """(acronym, long form) of every acronym added, dropped or given another long form: the
    old and the new long form both, as a text may have said either."""
    moved = []
    for acronym in sorted(last.keys() | now.keys()):
        if last.get(acronym) != now.get(acronym):
            moved += [(acronym, lf) for lf in (last.get(acronym), now.get(acronym)) if lf]
    return moved


def may_say(words: Mapping[str, int], moved: list[tuple[str, str]]) -> bool:
    """Whether a text with these words looks up any of the `moved` acronyms."""
    for acronym, long_form in moved:
        parts = long_form.split()
        if acronym in words or (parts[0] in words and singular(parts[-1]) in words):
            return True
    return False


def reweighed(last: Mapping[str, object], now: Mapping[str, object]) -> set[str]:
    """The folded keys whose weight (or shown spelling) is not what it was."""
    return {key for key in last.keys() | now.keys() if last.get(key) != now.get(key)}
