"""The acronyms an abstract defines: "Long Form (LF)" and "LF (Long Form)".

One finder (`find_definitions`) reads an abstract's plain sentences: a long form is the fewest
words before the parenthesis whose initials spell the acronym, else the fewest that hold its
letters in order (Schwartz & Hearst, 2003). Each consumer takes the view it needs: titles
spell an acronym out as the authors wrote it (`as_written`); tags join an acronym and its long
form into one tag, spelled as tags are (`for_tags`). What the collection agrees a long form
is belongs to `tags.acronyms`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from generator.describe.reading.lexicon import (
    BREAK,
    GENERIC_WORDS,
    MODIFIER,
    STOPWORDS,
    singular,
    word_class,
)

# A short form holds a capital past its first letter: "DPO", "LLMs", "MoE", "t-SNE".
_SHORT_FORM = re.compile(r"\(([A-Za-z][\w+-]*[A-Z][\w+-]*)\)")
# "SEP (Speculative Eviction Planning)": a name token just before a capitalised parenthesis.
_NAME_TOKEN = r"(?:[A-Za-z][a-z]*[A-Z][\w+-]*|[A-Z][A-Z0-9][\w+-]*|[A-Za-z][a-z]*-?\d[\w.-]*)"
_NAME_BEFORE = re.compile(rf"({_NAME_TOKEN})\s*$")
_REVERSE_FORM = re.compile(r"\(([A-Z][^()]{4,120})\)")
_CLAUSE_BREAK = re.compile(r"[()\[\],;:]")
_LINKING = frozenset("a an and for from in of on the to with".split())


class Definition(NamedTuple):
    """An acronym and what it stands for, both as the abstract writes them."""

    short: str
    long: str


def find_definitions(sentences: Iterable[str]) -> tuple[Definition, ...]:
    """Every definition in plain `sentences`, in order: "Long Form (LF)", "LF (Long Form)"."""
    found = []
    for sentence in sentences:
        for match in _SHORT_FORM.finditer(sentence):
            long = long_form(sentence[: match.start()], match.group(1))
            if long:
                found.append(Definition(match.group(1), long))
        for match in _REVERSE_FORM.finditer(sentence):
            short = _NAME_BEFORE.search(sentence, max(0, match.start() - 40), match.start())
            long = match.group(1).strip()
            if short and long_form(long, short.group(1)) == long:
                found.append(Definition(short.group(1), long))
    return tuple(found)


def as_written(definitions: Iterable[Definition]) -> dict[str, str]:
    """Acronym -> long form, as the abstract writes both; the first definition of each."""
    found: dict[str, str] = {}
    for short, long in definitions:
        found.setdefault(short, long)
    return found


def for_tags(definitions: Iterable[Definition]) -> dict[str, str]:
    """Acronym (singular) -> long form as a tag spells it, for acronyms of two capitals or
    more whose long form can end a tag; the first definition of each."""
    found: dict[str, str] = {}
    for short, long in definitions:
        acronym = singular(short)
        spelled = _tag_spelling(long.split())
        if spelled and sum(ch.isupper() for ch in acronym) >= 2:
            found.setdefault(acronym, spelled)
    return found


def _tag_spelling(words: list[str]) -> str:
    """The long form as a tag spells it, or "" when it cannot be a tag (it opens on a function
    word, ends on a verb or a modifier)."""
    if words[0].lower() in STOPWORDS or word_class(words[-1]) in (BREAK, MODIFIER):
        return ""
    # Definitions are often Title Cased: keep only the capitals of acronym-like words.
    spelled = [w if sum(map(str.isupper, w)) > sum(map(str.islower, w)) else w.lower()
               for w in words]  # fmt: skip
    if not _LINKING.intersection(spelled):  # "mixture of experts" keeps its plural
        spelled[-1] = singular(spelled[-1])
    return " ".join(spelled)


def long_form(before: str, short: str) -> str:
    """The final words of `before` that `short` abbreviates, as written, or "": the fewest
    whose initials spell it, each capital of `short` a part's initial ("Mixture of Experts" for
    MoE, not "models"), else the fewest whose parts give their initials and maybe more letters
    ("Sparse Autoencoders" for SAE; `_by_initials`), else the fewest that hold its letters in
    order (`_by_letters`)."""
    words = _CLAUSE_BREAK.split(before[-200:])[-1].split()
    cased = [c for c in short.rstrip("s") if c.isalnum()]  # "LLMs": L, L, M
    letters = [c.lower() for c in cased]
    if not letters:
        return ""
    capitals = frozenset(i for i, c in enumerate(cased) if c.isupper() and i)
    strict = _by_initials(words, letters, capitals)
    if not strict and len(words) > 1 and words[-1].lower() in GENERIC_WORDS:
        # "Mixture-of-Expert models (MoEs)": the acronym abbreviates the words before the noun
        strict = _by_initials(words[:-1], letters, capitals)
    return strict or _by_initials(words, letters, frozenset()) or _by_letters(words, letters)


def _by_initials(words: list[str], letters: list[str], capitals: frozenset[int]) -> str:
    """The fewest final words whose parts each give their initial and maybe more letters, in
    order, but never a letter at an index in `capitals` from inside a part; small words may
    give none ("Mixture of Experts" for MoE). Stricter than `_by_letters`: "proximal policy
    optimization", not "policy optimization", for PPO. A lone generic word ("models" for MoE)
    abbreviates nothing."""
    parts: list[str] = []  # of words[-size:], in lower case, grown by a word each round
    for size in range(1, min(len(words), len(letters) + 3) + 1):
        parts[:0] = [p.lower() for p in words[-size].split("-") if p]
        lone_generic = len(parts) == 1 and parts[0] in GENERIC_WORDS
        if (
            parts
            and parts[0][0] == letters[0]
            and not lone_generic
            and _spells(letters, parts, capitals)
        ):
            return " ".join(words[-size:])
    return ""


def _by_letters(words: list[str], letters: list[str]) -> str:
    """Schwartz & Hearst (2003): the fewest final words (a few more than the letters at most)
    whose text holds the letters in order, each anywhere in a word, the first at a word's
    start: "Vector Jittered Zero-Shot" for VJZ. One word only if hyphenated."""
    words = words[-min(len(letters) + 5, len(letters) * 2) :]
    if not any(word[0].lower() == letters[0] for word in words):
        return ""  # the first letter must start a word
    original = " ".join(words)
    text = original.lower()
    if len(text) != len(original):
        return ""  # offsets into the lower case must be offsets into the original
    position = len(text)
    for letter in reversed(letters[1:]):
        position = text.rfind(letter, 0, position)
        if position < 0:
            return ""
    while True:  # back to the first letter at the start of a word
        position = text.rfind(letters[0], 0, position)
        if position <= 0 or not text[position - 1].isalnum():
            break
    if position < 0:
        return ""
    start = text.rfind(" ", 0, position + 1) + 1
    return original[start:] if len(text[start:].split()) > 1 or "-" in text[start:] else ""


def _spells(letters: list[str], parts: list[str], capitals: frozenset[int], at: int = 0) -> bool:
    """Whether `parts`, in order, give exactly `letters[at:]` as `_by_initials` reads them."""
    if not parts:
        return at == len(letters)
    part, rest = parts[0], parts[1:]
    if part in _LINKING and _spells(letters, rest, capitals, at):
        return True
    if at == len(letters) or part[0] != letters[at]:
        return False
    # The part gives its initial plus any later letters that appear in it, in order.
    for taken in range(len(letters), at, -1):
        inside = range(at + 1, taken)
        if capitals.intersection(inside):
            continue
        if _in_order(letters[at + 1 : taken], part[1:]) and _spells(letters, rest, capitals, taken):
            return True
    return False


def _in_order(needle: list[str], haystack: str) -> bool:
    position = 0
    for ch in needle:
        position = haystack.find(ch, position) + 1
        if not position:
            return False
    return True
