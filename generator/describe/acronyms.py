"""Acronyms defined in abstracts ("Direct Preference Optimization (DPO)"), each joined with its
long form into one tag, in every paper that uses the acronym or writes the long form.

The collection agrees on one long form per acronym (the most common definition), so papers
that only use "DPO" get the same tag as the paper that defines it.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from functools import cache
from typing import NamedTuple

from generator.describe.words import BREAK, MODIFIER, STOPWORDS, singular, word_class

_SHORT_FORM = re.compile(r"\(([A-Za-z][A-Za-z0-9-]{1,11})\)")
_CLAUSE_BREAK = re.compile(r"[.;:()\[\]]")
_LINKING = frozenset("a an and for from in of on the to with".split())


def extract_acronyms(text: str) -> dict[str, str]:
    """`Long Form (LF)` definitions in one text: acronym (singular) -> normalised long form."""
    found = {}
    for match in _SHORT_FORM.finditer(text):
        short = singular(match.group(1))
        if sum(ch.isupper() for ch in short) < 2:
            continue
        clause = _CLAUSE_BREAK.split(text[max(0, match.start() - 200) : match.start()])[-1]
        long_form = _long_form(short, clause)
        if long_form:
            found[short] = long_form
    return found


def _long_form(short: str, before: str) -> str | None:
    """The fewest final words of `before` whose letters spell `short`, each word giving its
    initial and maybe more letters ("Sparse AutoEncoders" -> SAE); small words may give none
    ("Mixture of Experts" -> MoE). A stricter cousin of Schwartz & Hearst (2003)."""
    letters = [ch.lower() for ch in short if ch.isalnum()]
    words = before.split()
    parts: list[str] = []  # of words[-size:], in lower case, grown by a word each round
    for size in range(1, min(len(words), len(letters) + 3) + 1):
        parts[:0] = [p.lower() for p in words[-size].split("-") if p]
        if parts and parts[0][0] == letters[0] and _spells(letters, parts):
            return _normalise_long_form(words[-size:])
    return None


def _spells(letters: list[str], parts: list[str]) -> bool:
    if not parts:
        return not letters
    part, rest = parts[0], parts[1:]
    if part in _LINKING and _spells(letters, rest):
        return True
    if not letters or part[0] != letters[0]:
        return False
    # The part gives its initial plus any later letters that appear in it, in order.
    for taken in range(len(letters), 0, -1):
        if _in_order(letters[1:taken], part[1:]) and _spells(letters[taken:], rest):
            return True
    return False


def _in_order(needle: list[str], haystack: str) -> bool:
    position = 0
    for ch in needle:
        position = haystack.find(ch, position) + 1
        if not position:
            return False
    return True


def _normalise_long_form(words: list[str]) -> str | None:
    if words[0].lower() in STOPWORDS or word_class(words[-1]) in (BREAK, MODIFIER):
        return None
    # Definitions are often Title Cased: keep only the capitals of acronym-like words.
    spelled = [w if sum(map(str.isupper, w)) > sum(map(str.islower, w)) else w.lower()
               for w in words]  # fmt: skip
    if not _LINKING.intersection(spelled):  # "mixture of experts" keeps its plural
        spelled[-1] = singular(spelled[-1])
    return " ".join(spelled)


_ByEnds = dict[str, dict[str, list[tuple[str, str]]]]


class CollectionAcronyms(NamedTuple):
    long_forms: dict[str, str]  # acronym -> the collection's long form for it
    by_ends: _ByEnds  # those long forms found by first and last word (`_index_by_ends`)


def collection_acronyms(defined: list[dict[str, str]]) -> CollectionAcronyms:
    """The acronyms the papers define (`extract_acronyms` of each), each with its most common
    long form."""
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
    and last word (intersecting dict key views walks the smaller side, in C), and its text:
    a long form the paper never writes joins nothing (`_counted_as_one`), unless the paper
    defines the acronym as something else."""
    used = words.keys() & known.long_forms.keys()
    for first in words.keys() & known.by_ends.keys():
        ends = known.by_ends[first]
        for last in ends.keys() & words.keys():
            used.update(a for a, long_form in ends[last] if long_form in lowered or a in own)
    return used


def _long_form_for(acronym: str, usual: str, own: str | None) -> str:
    """The collection's long form, unless this paper defines the acronym as something else:
    "with human feedback" is still RLHF's "from human feedback"; "stacked autoencoder" is no
    "sparse autoencoder"."""
    if own is None:
        return usual
    usual_words = set(usual.lower().split())
    return own if len(usual_words & set(own.lower().split())) * 2 < len(usual_words) else usual


def _counted_as_one(
    lowered: str, phrases: dict[str, int], words: dict[str, int], long_forms: dict[str, str]
) -> dict[str, int]:
    """Acronym and long form counted as one tag, replacing the phrases inside the long form."""
    for acronym, long_form in long_forms.items():
        said = lowered.count(long_form.lower())
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


@cache  # a collection's long forms are few, and each paper using one asks again
def _subphrases(phrase: str) -> tuple[str, ...]:
    words = phrase.split()
    return tuple(
        " ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)
    )
