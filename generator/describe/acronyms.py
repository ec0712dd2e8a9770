"""Acronyms defined in abstracts ("Direct Preference Optimization (DPO)"), each joined with its
long form into one tag, in every paper that uses the acronym or writes the long form.

The collection agrees on one long form per acronym (the most common definition), so papers
that only use "DPO" get the same tag as the paper that defines it.
"""

from __future__ import annotations

import re

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


_TOKEN = r"(?:[A-Za-z][a-z]*[A-Z][\w+-]*|[A-Z][A-Z0-9][\w+-]*|[A-Za-z][a-z]*-?\d[\w.-]*)"
_NAME_BEFORE = re.compile(rf"({_TOKEN})\s*$")
_DEFINITION = re.compile(r"\(([A-Za-z][\w+-]*[A-Z][\w+-]*)\)")
_REVERSE_DEFINITION = re.compile(r"\(([A-Z][^()]{4,120})\)")


def expansions(sentences: tuple[str, ...]) -> dict[str, str]:
    """Acronyms the abstract defines, with their long forms: "Long Form (LF)", "LF (Long Form)"."""
    found: dict[str, str] = {}
    for sentence in sentences:
        if "(" not in sentence:
            continue
        for match in _DEFINITION.finditer(sentence):
            long = long_form(sentence[: match.start()], match.group(1))
            if long:
                found.setdefault(match.group(1), long)
        for match in _REVERSE_DEFINITION.finditer(sentence):
            short = _NAME_BEFORE.search(sentence, max(0, match.start() - 40), match.start())
            long = match.group(1).strip()
            if short and long_form(long, short.group(1)) == long:
                found.setdefault(short.group(1), long)
    return found


def long_form(before: str, short: str) -> str:
    """The words before `(short)` that `short` abbreviates (Schwartz & Hearst, 2003), or ""."""
    letters = _letters(short)
    before = _PUNCTUATION.split(before[-200:])[-1]
    words = before.split()[-min(len(letters) + 5, len(letters) * 2) :]
    if not letters or not any(w[0].lower() == letters[0] for w in words):
        return ""  # the first letter must start a word: most parentheses end here
    original = " ".join(words)
    text = original.lower()
    if len(text) != len(original):
        return ""
    position = len(text)
    for letter in reversed(letters[1:]):  # right to left, each letter anywhere in a word
        position = text.rfind(letter, 0, position)
        if position < 0:
            return ""
    while True:  # the first letter must start a word
        position = text.rfind(letters[0], 0, position)
        if position <= 0 or not text[position - 1].isalnum():
            break
    if position < 0:
        return ""
    start = text.rfind(" ", 0, position + 1) + 1
    return original[start:] if len(text[start:].split()) > 1 or "-" in text[start:] else ""


def _letters(short: str) -> tuple[str, ...]:
    """The letters and digits an acronym abbreviates, lowercase: "LLMs" -> l, l, m."""
    return tuple(c.lower() for c in short.rstrip("s") if c.isalnum())


_PUNCTUATION = re.compile(r"[()\[\],;:]")
