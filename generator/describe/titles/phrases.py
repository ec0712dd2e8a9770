"""Sentence fragments turned into title phrases, and the field's title case.

`titles` decides which fragment of an abstract describes the paper; this module makes it
read as a title: no leading articles or praise ("a novel"), no back-references ("for this
setting"), acronyms the abstract defines spelled out, at most a budget of words cut only
between phrases, and capitalised the way ML titles are. Pure string functions.
"""

from __future__ import annotations

import re

from generator.describe.reading.grammar import first_clause
from generator.describe.reading.lexicon import (
    ADVERB,
    CUT_BEFORE,
    DETERMINERS,
    GENERIC_HEADS,
    PRONOUNS,
    SMALL_WORDS,
    base_form,
    gerund,
)
from generator.describe.titles.check import problems

MAX_WORDS = 12
_FILLER = re.compile(
    r"\b(?:novel|new|simple(?:\s+(?:yet|but|and)\s+(?:effective|efficient|powerful))?|"
    r"effective|proposed|straightforward|powerful|first|key|various|several|"
    r"(?:an?\s+)?(?:wide\s+|broad\s+|large\s+|small\s+|growing\s+)?"
    r"(?:variety|range|number|host|set)\s+of)\s+",
    re.IGNORECASE,
)
_LEADING = re.compile(r"^(?:(?:a|an|the|our|this|these|two|its|their)\s+)+", re.IGNORECASE)
_BACK_REFERENCE = re.compile(r"\s(?:for|in|of|to|on|with|under)\s+(?:this|these|such|those)\s.*")


def first_word(phrase: str) -> str:
    return phrase.split(maxsplit=1)[0] if phrase else ""


def has_preposition(phrase: str) -> bool:
    return bool(_PREPOSITION.search(phrase))


def gerund_purpose(rest: str) -> str:
    """ "that adjusts step sizes" or "to adjust step sizes" -> "for adjusting step sizes"."""
    match = _RELATIVE.match(rest)
    if not match or match.group(1) in _NOT_ACTIONS:
        return ""
    clause = first_clause(match.group(2))
    second = _SECOND_VERB.search(clause) if match.group(1).endswith("s") else None
    if second:  # "estimates X and deconvolves the image": the purpose ends before the second
        clause = clause[: second.start()]  # verb (a noun, "items and users the", may look alike)
    return f"for {gerund(base_form(match.group(1)))} {clause}"


_RELATIVE = re.compile(
    rf"\s*,?\s*(?:that|which|to)\s+(?:(?:can|always|often|still|even)\s+|{ADVERB})*([a-z]+)\s+(.+)"
)
# A second verb of the same form as the first, before its object: "and deconvolves the".
_SECOND_VERB = re.compile(
    r"\s+and\s+([a-z]{3,}[^s\W]s)\s+(?=(?:the|a|an|its|their|each|every|all|any)\s)"
)
_NOT_ACTIONS = frozenset("is are has have was were be been can may might will would should does do "
                         "did not".split())  # fmt: skip


def standalone(phrase: str) -> str:
    """ "" for phrases that mean nothing alone: "gap", "although caches help ..."."""
    words = phrase.split()
    if len(words) < 2 or words[0].lower() in _SUBORDINATORS or words[0].lower() in DETERMINERS:
        return ""
    return DEMONSTRATIVE.sub("the ", phrase)  # "removing this limit": "the limit"


DEMONSTRATIVE = re.compile(r"\b(?:this|these|such) (?=\w)")
_SUBORDINATORS = frozenset("it they he she there although though while whereas if when since "
                           "because unless as once even".split())  # fmt: skip


def noun_phrase(text: str) -> str:
    return clean(first_clause(text))


def clean(phrase: str) -> str:
    """No leading articles, no praise ("novel"), no back-references ("for this setting")."""
    phrase = _LEADING.sub("", phrase.strip())
    phrase = _BACK_REFERENCE.sub("", _FILLER.sub("", phrase))
    return phrase.strip(" ,;:.\"'“”")


def informative(phrase: str) -> bool:
    return any(w not in SMALL_WORDS and w not in GENERIC_HEADS for w in phrase.lower().split())


def head_noun(phrase: str) -> str:
    words = _PREPOSITION.split(phrase, maxsplit=1)
    return words[0].split()[-1].lower() if words[0].split() else ""


def attach(phrase: str, purpose: str) -> str:
    return f"{phrase} {purpose}".strip() if purpose and purpose not in phrase else phrase


def drop_parentheses(text: str) -> str:
    return _PARENTHESES.sub("", text)


def spell_out(phrase: str, long_forms: dict[str, str], keep: str, budget: int) -> str:
    """Spell out acronyms the abstract defines, while the title stays within `budget` words:
    titles rarely use a paper's own abbreviations."""
    words = phrase.split()
    for index, word in enumerate(words):
        long = long_forms.get(word.strip(",.;:"))
        if long and word != keep and len(words) + len(long.split()) - 1 <= budget:
            words[index : index + 1] = [long]
    return " ".join(words)


def fit(phrase: str, budget: int = MAX_WORDS) -> str:
    """At most `budget` words: drop adverbs first, then cut before a preposition or a
    conjunction, so that the title never ends inside a phrase."""
    words = phrase.split()
    if len(words) > budget:
        words = [w for i, w in enumerate(words) if not _droppable_adverb(words, i)]
    if len(words) > budget:
        cuts = [i for i in range(2, budget + 1) if _cuttable(words, i)]
        words = words[: cuts[-1]] if cuts else words[:budget]
    while words and (
        words[-1].lower() in CUT_BEFORE
        or not _WORD.search(words[-1])
        or _droppable_adverb(words, len(words) - 1)  # "... schedules jointly"
        or (len(words) > 3 and _PARTICIPLE.fullmatch(words[-1]))  # "... a cache supported"
    ):
        words.pop()
    return " ".join(words).strip(" ,;:.")


def _droppable_adverb(words: list[str], at: int) -> bool:
    """ "provably fast": the adverb can go; "fully and partially observed" keep theirs."""
    word = words[at]
    if not _is_adverb(word) or word in ("only", "early", "family", "supply", "apply"):
        return False
    neighbours = {words[i].lower() for i in (at - 1, at + 1) if 0 <= i < len(words)}
    return not neighbours & {"and", "or", "nor", "but"}


def _is_adverb(word: str) -> bool:
    """Whether `word` is lower-case ASCII letters ending in "ly" ("provably")."""
    stem = word[:-2]
    return word.endswith("ly") and stem.isascii() and stem.isalpha() and stem.islower()


_WORD = re.compile(r"[^\W_]")
_PARTICIPLE = re.compile(r"[a-z]{3,}ed")


def _cuttable(words: list[str], at: int) -> bool:
    """Whether a phrase may end before `words[at]`: a preposition, a conjunction or a
    participle ("conditioned on ...") starts there, after a word that can end a phrase."""
    word, previous = words[at].lower(), words[at - 1].lower()
    following = words[at + 1].lower() if at + 1 < len(words) else ""
    participle = word == words[at] and word.endswith("ed") and following in CUT_BEFORE
    starts = word in CUT_BEFORE or participle
    return starts and previous not in CUT_BEFORE and previous not in DETERMINERS


def title_case(text: str) -> str:
    """Capitalise as ML titles do: small words lower (unless first), acronyms as written."""
    out: list[str] = []
    opening = True
    for word in text.split():
        out.append(_case_word(word, opening=opening))
        opening = word.endswith(":")
    return " ".join(out)


def _case_word(word: str, *, opening: bool) -> str:
    if "-" in word:  # each part on its own: "robot-AI" -> "Robot-AI", "Text-to-Image"
        parts = word.split("-")
        return "-".join(
            part.lower() if index and part.lower() in SMALL_WORDS else _case_part(part)
            for index, part in enumerate(parts)
        )
    if not opening and word.lower() in SMALL_WORDS:
        return word.lower()
    return _case_part(word)


def _case_part(word: str) -> str:
    rest = word[1:]
    if rest != rest.lower() or _DIGIT.search(word):
        return word  # KVShard, GPT4o, NeRF: as the authors write them
    return word[:1].upper() + rest


_DIGIT = re.compile(r"\d")


_PREPOSITION = re.compile(r"\s+(?:for|of|in|on|with|via|from|under|across|to)\s")
_PARENTHESES = re.compile(r"\s*\([^()]*\)")


def whole_claim(statement: str) -> str:
    """A claim cut inside its last phrase ("X Is Too Limited for the Open") ends before that
    phrase: "X Is Too Limited"."""
    words = statement.split()
    while "function-word ending" in problems(f"Position: {title_case(' '.join(words))}"):
        cuts = [at for at, word in enumerate(words) if at > 1 and word.lower() in CUT_BEFORE]
        if not cuts:
            break
        words = words[: cuts[-1]]
    return " ".join(words)


def whole_conjunct(title: str, source: str) -> str:
    """A title ending in "and/or a/an/the <words>" that the source continues ("... Module and
    a Novel Way" of "... and a novel way to merge them") ends before the coordination: the
    last conjunct was cut from what it is, and alone says nothing."""
    match = _LAST_CONJUNCT.search(title)
    if not match:
        return title
    # the conjunct's words in order, with what cleaning dropped ("novel") allowed between
    words = r"\s+(?:[\w-]+\s+){0,2}?".join(map(re.escape, match["conjunct"].lower().split()))
    if re.search(rf"\b(?:and|or)\s+{words}\s+[a-z\d(]", source.lower()):
        return title[: match.start()].rstrip(" ,;:")
    return title


# The last conjunct of a title: an article, then words with no preposition among them (each
# word whole, so that the search stays linear).
_NOT_PREPOSITION = r"(?!(?:for|of|in|on|with|via|from|under|across|to|and|or)\b)[\w-]+"
_LAST_CONJUNCT = re.compile(
    rf",?\s+(?:and|or)\s+(?P<conjunct>(?:an?|the)(?:\s+{_NOT_PREPOSITION})+)$", re.IGNORECASE
)


def is_topic(phrase: str) -> bool:
    """A noun phrase naming a problem: not "using them", not "applying it to X"."""
    words = phrase.lower().split()
    if len(words) < 2:
        return False
    verbal = words[0].endswith("ing") and words[1] != "of"  # "using them", not "scheduling of"
    return not verbal and not PRONOUNS & set(words)
