"""Broken wording a derived title must not have, which real titles almost never show.

A phrase cut before its noun ("... for Learning from Heterogeneous"), words run together where
the source lacked a space or kept a LaTeX command's letters ("calledRelation", "bfGNFactor"),
and noun phrases stacked with nothing relating them ("Sparse Autoencoders Large Language Model
Activation Probing"). Each refuses well under 1% of the training pairs' real titles
(`tests/test_titles.py`). Word lists only; `check.problems` names what these find.
"""

from __future__ import annotations

import re

from generator.describe.reading.lexicon import (
    FUNCTION_WORDS,
    MODIFIER,
    NAME,
    SMALL_WORDS,
    STOPWORDS,
    VERB_FORMS,
    is_name,
    read_word,
)


def _bare(word: str) -> str:
    return word.strip("\"'“”‘’.,;:!?()[]").lower()


def cut_after_modifier(words: list[str]) -> bool:
    """The last word is a modifier waiting for its noun: "... in a Missing Not-at-Random",
    "... from Heterogeneous". A hyphenated word is read by its last part ("Not-at-Random")."""
    last = words[-1].strip("\"'“”‘’.,;:!?()[]") if words else ""
    if not last[:1].isalpha() or last.endswith("ed"):  # participles: "_ends_badly" reads them
        return False
    if last.lower() in _NEVER_LAST or (last.lower() in STOPWORDS and _ADJECTIVE.search(last)):
        return True  # "arbitrary", "previous": adjectives the tags' stop list holds
    if read_word(last).role == NAME:
        return False
    tail = last.rsplit("-", 1)[-1] if "-" in last and not is_name(last) else last
    modifier = read_word(last.lower()).role == MODIFIER  # "Object-Centric"
    return modifier or (tail[:1].isalpha() and read_word(tail).role == MODIFIER)


def glued(title: str) -> list[str]:
    """Words run together where the source lacked a space: "calledRelation", "bfGNFactor" (a
    LaTeX command's letters before a name), told from names such as "mBERT" or "iHMM" by the
    word that comes first; and a plural run into a small word, "Humansand"."""
    run_on = [word for word in _RUN_ON.findall(title) if word.lower() not in _RUN_ON_WORDS]
    return run_on + [
        "".join(token)
        for token in _GLUE.findall(title)
        if token[0].lower() in _GLUE_FIRST
        or token[0].lower() in FUNCTION_WORDS
        or token[0].lower() in VERB_FORMS
    ]


# Modifiers the tags' stop list holds, and relative words: none ends a title.
_NEVER_LAST = frozenset(
    "novel new proposed simple general unique possible different specific certain wherein "
    "whereby which whose".split()
)
_ADJECTIVE = re.compile(r"(?:ary|ous|ive|ful|able|ible|ical|ial|ent|ant)$")
# "Architecturesare", "Humansand": a plural run into the word after it
_RUN_ON = re.compile(r"\b[A-Za-z]{4,}s(?:are|and|the|for|with)\b")
_RUN_ON_WORDS = frozenset("thousand thousands".split())
_GLUE = re.compile(r"(?<![\w-])([a-z]{2,})([A-Z][A-Za-z]*)")
_GLUE_FIRST = frozenset(
    """bf it em tt rm sf nabla mathrm mathbf mathcal mathit textbf textit textsc texttt emph
    text cal called named dubbed termed and the of for with""".split()
)
_PILE = 6  # words, at least, that a part runs without a function word before it is a pile


def piled_up(words: list[str]) -> bool:
    """Noun phrases stacked with no word relating them: "Sparse Autoencoders Large Language
    Model Activation Probing" (a plural noun followed by a new phrase, in a long run)."""
    run: list[str] = []
    for word in [*words, "of"]:
        bare = _bare(word)
        if bare in FUNCTION_WORDS or bare in SMALL_WORDS or not bare[:1].isalnum():
            if len(run) >= _PILE and _plural_inside(run):
                return True
            run = []
        else:
            run.append(word)
    return False


def _plural_inside(run: list[str]) -> bool:
    """A plural noun followed by a phrase of its own (at least `_PILED` words, the first no
    verb): "Autoencoders | Large Language Model Activation Probing", not "Benchmarks Overstate
    Generalization"."""
    for at, word in enumerate(run[:-_PILED]):
        following = _bare(run[at + 1])
        if read_word(word.strip("\"'“”‘’.,;:!?()[]")).plural and following not in VERB_FORMS:
            return True
    return False


_PILED = 3
