"""Acronyms joined with their long forms into one tag, in every paper that uses the acronym or
writes the long form.

The collection agrees on one long form per acronym (the most common definition), so papers
that only use "DPO" get the same tag as the paper that defines it.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from typing import NamedTuple

from generator.describe.reading.lexicon import singular

_ByEnds = dict[str, dict[str, list[tuple[str, str]]]]


class CollectionAcronyms(NamedTuple):
    long_forms: dict[str, str]  # acronym -> the collection's long form for it
    by_ends: _ByEnds  # those long forms found by first and last word (`_index_by_ends`)


def collection_acronyms(defined: list[dict[str, str]]) -> CollectionAcronyms:
    """The acronyms the papers define (acronym -> long form, per paper), each with its most
    common long form."""
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for definitions in defined:
        for acronym, long_form in definitions.items():
            votes[acronym][long_form] += 1
    long_forms = {acronym: min(c, key=lambda lf: (-c[lf], lf)) for acronym, c in votes.items()}
    return CollectionAcronyms(long_forms, _index_by_ends(long_forms))


def _index_by_ends(long_forms: dict[str, str]) -> _ByEnds:
    """first word -> last word (singular) -> (acronym, long form in lower case): a paper lacking
    either word never says the long form. Nested, so a paper's look-ups do not grow with the
    collection: common first words ("deep", "large") start hundreds of long forms in a big one."""
    index: _ByEnds = {}
    for acronym, long_form in sorted(long_forms.items()):
        words = long_form.split()
        ends = index.setdefault(words[0], {})
        ends.setdefault(singular(words[-1]), []).append((acronym, long_form.lower()))
    return index


def join_acronyms(
    text: str,
    phrases: dict[str, int],
    words: dict[str, int],
    own: dict[str, str],
    known: CollectionAcronyms,
) -> dict[str, int]:
    """A paper's phrase counts (changed in place) with each acronym it uses and the acronym's
    long form counted as one tag. `words` counts the paper's words as phrase heads spell them,
    `own` holds the acronyms the paper defines."""
    lowered = text.lower()
    used = _acronyms_used(lowered, words, own, known)
    long_forms = {a: _long_form_for(a, known.long_forms[a], own.get(a)) for a in sorted(used)}
    return _counted_as_one(lowered, phrases, words, long_forms)


def _acronyms_used(
    lowered: str, words: dict[str, int], own: dict[str, str], known: CollectionAcronyms
) -> set[str]:
    """Acronyms a paper may say: as such, or as the long form. That needs the long form's first
    and last word (looked up by both, so the work does not grow with the collection), and its
    text: a long form the paper never writes joins nothing (`_counted_as_one`), unless the
    paper defines the acronym as something else. A long form of one word joins only a paper
    that writes the acronym (`_says_long`)."""
    used = words.keys() & known.long_forms.keys()
    for first in words.keys() & known.by_ends.keys():
        ends = known.by_ends[first]
        for last in ends.keys() & words.keys():
            used.update(
                a for a, long_form in ends[last] if a in own or _says_long(long_form, lowered)
            )
    return used


def _says_long(long_form: str, lowered: str) -> bool:
    """Whether a paper that does not write the acronym says its long form: of two words or
    more ("best-of-n" counts), as one word ("marginal") says nothing of "MAR"."""
    return (" " in long_form or "-" in long_form) and _said(long_form, lowered) > 0


def _said(long_form: str, lowered: str) -> int:
    """How often lower-case `lowered` says `long_form` as words of their own, plurals too: not
    "language model" inside "language modeling"."""
    return len(re.findall(rf"(?<![\w-]){re.escape(long_form.lower())}(?:s|es)?(?![\w-])", lowered))


def _long_form_for(acronym: str, usual: str, own: str | None) -> str:
    """The long form this paper defines for the acronym, if it defines one (a reader checks a
    tag against the paper in front of them: "pretrained masked language model (PLM)" stays
    so); else the collection's. One that differs from the collection's only in case, hyphens,
    plurals or small words ("with human feedback" for RLHF's "from human feedback") takes the
    collection's spelling, so the papers share the tag."""
    if own is None or _content(own) == _content(usual):
        return usual
    return own


def _content(phrase: str) -> tuple[str, ...]:
    words = phrase.lower().replace("-", " ").split()
    return tuple(singular(word) for word in words if word not in _SMALL)


_SMALL = frozenset("a an and for from in of on the to with via by".split())


def _counted_as_one(
    lowered: str, phrases: dict[str, int], words: dict[str, int], long_forms: dict[str, str]
) -> dict[str, int]:
    """Acronym and long form counted as one tag, replacing the phrases inside the long form."""
    for acronym, long_form in long_forms.items():
        said = _said(long_form, lowered)
        if not said and len(acronym) < 3:
            continue  # "SD" alone may be another paper's acronym; long ones rarely clash
        hits = words.get(acronym, 0) + said
        if hits:
            phrases.pop(acronym, None)
            for part in _subphrases(long_form):
                phrases.pop(part, None)
            joined = f"{long_form} ({acronym})"
            phrases[joined] = phrases.get(joined, 0) + hits
    return phrases


def _subphrases(phrase: str) -> tuple[str, ...]:
    words = phrase.split()
    return tuple(
        " ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)
    )
