"""What makes a phrase no title: the checks a derived title must pass, and real titles mostly do.

A title is a noun phrase a reader accepts. `problems` names what is wrong with one: it ends on
a function word ("Testing This", "Position: That"), a part opens on a pronoun or a deictic
("Our Approach"), a finite verb makes it a clause ("Models Are Used in ..."), math or markup is
left in it ("Y = Σ + Ε"), a coordination mixes verb forms ("Growing and Prunes"), nothing in
it names a thing ("Elegant Solution"), it is one word that is no name ("Matters"), one side of
its colon is only a term the whole field uses ("Proxy Reward: Large Language Models"; the terms
are the noun phrases common across the training abstracts, `model.field_terms`), the whole
title or one side of it beside a bare name is only a phrase at least 0.1% of the training
abstracts use ("Graph Neural Networks", "SAEBench: Sparse Autoencoders"; `model.common_phrases`,
so no real title of the data files is refused by it), a word is
repeated or an acronym stands beside its own expansion ("Linear RNNs Recurrent Neural
Networks"), a "Position:" title states no claim (no verb: "Position: Neutrality in AI"), or
the wording is broken (`wording`: a cut phrase, glued words, a noun pile-up). Word
lists and the tag lexicons only, no tagger: it also flags some real titles (questions,
claims), which is why the tests compare the share of derived and of real titles it flags.
"""

from __future__ import annotations

import itertools
import re
import unicodedata

from generator.describe.reading.lexicon import (
    DETERMINERS,
    FUNCTION_WORDS,
    GENERIC_WORDS,
    NAME,
    PRONOUNS,
    SMALL_WORDS,
    VERB_FORMS,
    read_word,
)
from generator.describe.titles.model import shipped
from generator.describe.titles.salience import content_words
from generator.describe.titles.wording import cut_after_modifier, glued, piled_up

_PRONOUNS = PRONOUNS | {"that", "such"}
_AUXILIARIES = frozenset(
    "is are was were be been has have had can could may might must shall should will would "
    "does do did".split()
)
_VAGUE = GENERIC_WORDS | frozenset(
    """alternative alternatives answer answers finding findings result results question
    questions work works paper papers way ways thing things aspect aspects issue issues
    elegant modern surprising practical simple novel general broad key main""".split()
)
# Participles that leave a phrase hanging ("Methods Used"): the lexicon's verbs, and these.
_DANGLING = frozenset("used given based proposed obtained considered shown known".split())
_PREPOSITIONS = frozenset("towards across versus".split())
_MARKUP = re.compile(r"[\\$^_{}=<>|~*#`]")
_BROKEN_WORD = re.compile(r"(?:^|\s)-\w|\w-(?:\s|$)")  # "Pring -Train": a word cut at a hyphen
_COORDINATION = re.compile(r"\b(\w+)\s+(?:and|or)\s+(\w+)\b")
_TOKEN = re.compile(r"[A-Za-z][\w'’-]*")


def problems(
    title: str,
    field_terms: frozenset[str] | None = None,
    common: frozenset[str] | None = None,
) -> tuple[str, ...]:
    """What is wrong with `title` as a title, in the order the checks run; () when nothing.
    `field_terms` and `common` (phrases): the shipped model's unless given."""
    terms = shipped().field_terms if field_terms is None else field_terms
    common = shipped().common_phrases if common is None else common
    parts = [part.split() for part in title.split(": ") if part.strip()]
    found = [
        name
        for name, failed in (
            ("function-word ending", any(_ends_badly(part) for part in parts)),
            ("pronoun or deictic", any(_pronoun_head(part) for part in parts)),
            ("clause", any(_has_finite_verb(part) for part in _not_a_claim(parts))),
            ("math or markup", _has_debris(title)),
            ("agreement", _mixed_coordination(title)),
            ("names nothing", not _names_something(title)),
            ("one word", len(title.split()) == 1 and read_word(title).role != NAME),
            ("bare field term", len(parts) > 1 and any(_field_term(part, terms) for part in parts)),
            ("bare field phrase", names_only_the_field(title, common)),
            ("repetition", _repeats(title.split())),
            ("verb or preposition after the colon", _clause_after_colon(title)),
            ("position without a claim", _position_without_claim(title)),
            ("cut phrase", any(cut_after_modifier(part) for part in parts)),
            ("glued words", bool(glued(title))),
            ("noun pile-up", any(piled_up(part) for part in _not_a_claim(parts))),
        )
        if failed
    ]
    return tuple(found)


def _not_a_claim(parts: list[list[str]]) -> list[list[str]]:
    """The parts that must not be clauses: all but the statement of a "Position:" title,
    which must be one ("Position: Benchmarks Overstate Progress")."""
    if len(parts) > 1 and [_bare(word) for word in parts[0]] == ["position"]:
        return []
    return parts


def _bare(word: str) -> str:
    return word.strip("\"'“”‘’.,;:!?()[]").lower()


def _ends_badly(words: list[str]) -> bool:
    last = _bare(words[-1]) if words else ""
    participle = last in _DANGLING or (
        last.endswith("ed")
        and last != "revisited"
        and (last[:-1] in VERB_FORMS or last[:-2] in VERB_FORMS)
    )
    verb = last in VERB_FORMS and not last.endswith(("ing", "s"))  # "... Network and Adjust"
    return (
        not last
        or last in SMALL_WORDS
        or last in DETERMINERS
        or last in _PRONOUNS
        or last in _AUXILIARIES  # "... to AI Agents Is"
        or participle
        or (verb and len(words) > 1)
    )


def _pronoun_head(words: list[str]) -> bool:
    bare = [_bare(word) for word in words]
    return bool(bare) and (bare[0] in _PRONOUNS or any(w in ("we", "our", "us") for w in bare))


def _has_finite_verb(words: list[str]) -> bool:
    """An auxiliary, or a verb's -s form inside, after the opening word ("X Provides Y", "X Is
    Y"); a last word is more often a plural noun ("Support-Preserving Sets")."""
    bare = [_bare(word) for word in words]
    for at, word in enumerate(bare[1:], start=1):
        if word in _AUXILIARIES:
            return True
        verb = word.endswith("s") and not word.endswith("ss") and word in VERB_FORMS
        if verb and at < len(bare) - 1 and word not in _PREPOSITIONS:
            return True
        if _after_plural(words, at) and word in VERB_FORMS and not word.endswith(("s", "ing")):
            return True  # "Models Provide"
    return False


def _has_debris(title: str) -> bool:
    """LaTeX or Markdown syntax, or math set as letters: symbols, Greek, math alphabets."""
    if _MARKUP.search(title) or _BROKEN_WORD.search(title):
        return True
    return any(
        unicodedata.category(ch) == "Sm" or "\u0370" <= ch <= "\u03ff" or ch >= "\U0001d400"
        for ch in title
    )


def _mixed_coordination(title: str) -> bool:
    """ "Growing and Prunes": a gerund joined to a verb's -s form (or the other way round)."""
    for first, second in _COORDINATION.findall(title.lower()):
        if first.endswith("ing") and _third_person(second):
            return True
        if second.endswith("ing") and _third_person(first):
            return True
    return False


def _third_person(word: str) -> bool:
    """A verb's -s form, as far as the form tells: "prunes", not "class", "focus", "physics"."""
    return word.endswith("s") and not word.endswith(("ss", "us", "is", "ics")) and len(word) > 3


def _names_something(title: str) -> bool:
    """Some word is a noun or a name that is not vague ("solution", "finding")."""
    for token in _TOKEN.findall(title):
        word = read_word(token)
        if word.content and token.lower() not in _VAGUE and word.head not in _VAGUE:
            return True
    return False


def _field_term(words: list[str], terms: frozenset[str]) -> bool:
    """One side of a colon that is only a term common across abstracts, not a coined name."""
    if any(read_word(word).role == NAME for word in words if word[:1].isalpha()):
        return False
    return " ".join(content_words(" ".join(words))) in terms


def names_only_the_field(title: str, common: frozenset[str]) -> bool:
    """After a leading "Position:", the whole title is a phrase common across abstracts ("Graph
    Neural Networks", "Position: AI Agents"), or one side of its colon is one, of at most four
    words, beside a bare name ("SAEBench: Sparse Autoencoders")."""
    head, colon, rest = title.partition(": ")
    title = rest if colon and head.strip().lower() == "position" else title
    sides = title.split(": ")
    if len(sides) == 1:
        return _common_phrase(title, common)
    if len(sides) != 2:
        return False
    return any(
        len(side.split()) <= 4 and _common_phrase(side, common) and _bare_name(other)
        for side, other in (sides, sides[::-1])
    )


def _common_phrase(phrase: str, common: frozenset[str]) -> bool:
    """Only content words ("Learning What and Where to Transfer" is no phrase), which together
    are a common phrase."""
    words = phrase.split()
    if not words or any(_bare(word) in FUNCTION_WORDS for word in words):
        return False
    return " ".join(content_words(phrase)) in common


def _bare_name(side: str) -> bool:
    """One word, or two of which one is shaped like a name ("Deep SAEBench")."""
    words = side.split()
    return len(words) == 1 or (
        len(words) == 2 and any(read_word(w).role == NAME for w in words if w[:1].isalpha())
    )


def _repeats(words: list[str]) -> bool:
    """A word said twice in a row ("Estimator Estimator"), or an acronym beside the words it
    abbreviates ("RNNs Recurrent Neural Networks", "Recurrent Neural Networks RNNs")."""
    bare = [_bare(word) for word in words]
    if any(first == second and first for first, second in itertools.pairwise(bare)):
        return True
    for at, word in enumerate(words):
        colon = word.endswith(":")  # "CAVs: Concept Activation Vectors" says the name twice
        letters = word.rstrip(":").removesuffix("s")
        if len(letters) < 2 or not letters.isupper() or not letters.isalpha():
            continue
        after = words[at + 1 : at + 1 + len(letters)]
        before = words[max(at - len(letters), 0) : at]
        if colon and len(after) < len(words) - at - 1:
            continue  # "CFT: Condensed Filter Tree for X" says what more
        if any(_initials(side) == letters for side in (after, before)):
            return True
    return False


def _initials(words: list[str]) -> str:
    """The capitals an acronym of `words` would have; "" when one is no word an acronym keeps
    a letter of ("Agents Is" spells no "AI")."""
    bare = [_bare(word) for word in words]
    if any(len(word) < 3 or word in SMALL_WORDS or word in _AUXILIARIES for word in bare):
        return ""
    return "".join(word[:1] for word in words).upper()


def _position_without_claim(title: str) -> bool:
    """ "Position: <statement>" whose statement has no verb: a topic, not a position."""
    head, colon, statement = title.partition(": ")
    if not colon or head.strip().lower() != "position":
        return False
    words = statement.split()
    bare = [_bare(word) for word in words]
    return not any(
        word in _AUXILIARIES
        or (word in VERB_FORMS and not word.endswith("ing"))
        or (_after_plural(words, at) and word not in SMALL_WORDS and not word.endswith("s"))
        for at, word in enumerate(bare[1:], start=1)
    )  # "Benchmarks Overstate X": a word after a plural that is no plural is taken for a verb


def _after_plural(words: list[str], at: int) -> bool:
    """Whether the word before `at` is a plural noun, or one before "(LLMs)": "Models (LLMs)
    Provide"."""
    before = at - 1
    if before > 0 and words[before].startswith("(") and words[before].endswith(")"):
        before -= 1  # an acronym in parentheses stands for the noun before it
    previous = words[before]
    return previous[:1].isalpha() and read_word(previous).plural


def _clause_after_colon(title: str) -> bool:
    """What follows a colon opens on a verb ("X: Improves Y", "Position: Demonstrate the
    Pitfalls") or a word that only continues a phrase ("SentSpace: For Streamlined X",
    "Position: And Y"): the rest of a clause, not the phrase a title puts there. Titles do open
    a part on "From X to Y", "On the X", "A X" or a question ("Does X Help?")."""
    for part in title.split(": ")[1:]:
        words = [_bare(word) for word in part.split()]
        if not words:
            continue
        first, second = words[0], words[1] if len(words) > 1 else ""
        third_person = first.endswith("s") and not first.endswith("ss")
        gerund = first.endswith("ing")  # "Optimizing the Gini Index" is a phrase
        verb = first in VERB_FORMS and not gerund and (third_person or second in DETERMINERS)
        if verb or first in _CONTINUING:
            return True
    return False


_CONTINUING = frozenset("and as at but by for in into nor of onto or per than to via vs".split())
