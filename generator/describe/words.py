"""Words as tags see them: the part each may play in a tag, and its singular.

No part-of-speech tagger: the lexicons (`data/tags_*.txt`) and suffix rules decide whether a
word ends a phrase (BREAK: function words, verbs, adverbs), may only modify (MODIFIER), is a
noun too general to be a tag alone (GENERIC), a noun (NOUN), or a name that keeps its case
(NAME: acronyms and coined names).
"""

from __future__ import annotations

import re
from importlib import resources

BREAK, MODIFIER, GENERIC, NOUN, NAME = range(5)


def _lexicon(name: str) -> frozenset[str]:
    text = resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return frozenset(w for line in text.splitlines() for w in line.split("#", 1)[0].split())


def _verb_forms(lemmas: frozenset[str]) -> frozenset[str]:
    """Lemma, -s and -ing forms; over-generating is harmless, missing forms are not. The -ed
    forms stay out: as participles they modify nouns ("constrained optimization")."""
    forms = set()
    for verb in lemmas:
        stem = verb[:-1] if verb.endswith("e") else verb
        forms |= {verb, verb + "s", verb + "es", stem + "ing", verb + verb[-1] + "ing"}
        if verb.endswith("y"):
            forms.add(verb[:-1] + "ies")
    return frozenset(forms)


STOPWORDS = _lexicon("tags_stopwords.txt")
GENERIC_WORDS = _lexicon("tags_generic.txt")
KEEP_NOUNS = _lexicon("tags_keep.txt")
ADJECTIVES = _lexicon("tags_adjectives.txt")
VERB_FORMS = _verb_forms(_lexicon("tags_verbs.txt")) - KEEP_NOUNS
_VERB_SUFFIX = re.compile(r"(?<!w)(?:i[sz]e|i[sz]es|i[sz]ing|ify|ifies|ifying)$")
_ADJECTIVE_SUFFIX = re.compile(r"(?:ous|ive|ful|less|able|ible|ical|ional|istic)$")
_ADJECTIVE_PART = re.compile(
    r"-(?:level|based|wise|free|aware|specific|agnostic|dependent|independent|like|style|"
    r"driven|guided|oriented|centric|efficient|intensive|friendly|scale|grained|dimensional|"
    r"order|time|shot|step|stage|round|layer|resolution|quality|consistent|invariant)$"
)


def word_class(token: str) -> int:
    """Which part a word may play in a tag: BREAK ends a phrase, MODIFIER never ends one."""
    low = token.lower()
    if len(low) < 2 or low in STOPWORDS or not low[0].isalpha() or low.endswith(("'s", "s'")):
        return BREAK  # function words, and possessives: "the model's" never opens a tag
    if is_name(token):
        return NAME
    if low in KEEP_NOUNS:
        return GENERIC if low in GENERIC_WORDS else NOUN
    if low in VERB_FORMS or (_VERB_SUFFIX.search(low) and len(low) > 6):
        return BREAK
    if low.endswith("ly") and len(low) > 4:
        return BREAK  # adverbs
    if low in GENERIC_WORDS:
        return GENERIC
    if (
        low in ADJECTIVES
        or _ADJECTIVE_PART.search(low)
        or (_ADJECTIVE_SUFFIX.search(low) and len(low) > 5)
    ):
        return MODIFIER
    if low.endswith("ed") and len(low) > 4:
        return MODIFIER  # participles: "supervised learning", never "learning supervised"
    return NOUN


def is_name(token: str) -> bool:
    """Acronyms and coined names keep their case: LLM, GPT-4, AlpacaEval, SAE-V, MT-Bench.
    Title Case alone ("Retrieval-Augmented") is no name: headings and definitions use it."""
    # A capital past the first letter of a part: two capitals in a part imply one.
    if token.isascii():  # tokens of tags are: one search in C
        return _INNER_CAPITAL.search(token) is not None
    return any(ch.isupper() for part in token.split("-") for ch in part[1:])


_INNER_CAPITAL = re.compile(r"(?<=[^-])[A-Z]")  # a capital after a character other than "-"


def singular(word: str) -> str:
    """Plural head nouns made singular: 'networks' -> 'network', 'LLMs' -> 'LLM'."""
    return singular_name(word) if is_name(word) else singular_common(word)


def singular_name(name: str) -> str:
    """`singular` of a word `is_name` holds true of: only a capital before the "s" marks a
    plural ("LLMs"; not "AlphaFolds" or "MoS")."""
    return name[:-1] if name.endswith("s") and name[-2:-1].isupper() else name


def singular_common(word: str) -> str:
    """`singular` of a lower-case word."""
    if len(word) <= 3 or word in _IRREGULAR or word.endswith(("ss", "us", "is", "as", "ics")):
        return _IRREGULAR.get(word, word)
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


_IRREGULAR = {
    "matrices": "matrix", "vertices": "vertex", "indices": "index", "simplices": "simplex",
    "criteria": "criterion", "phenomena": "phenomenon", "hypotheses": "hypothesis",
    "analyses": "analysis", "series": "series", "species": "species",
}  # fmt: skip


class _Codes(dict[str, bytes]):
    """Token -> one byte for its class (`_CODE_OF`; upper case for a plural noun): `tags`
    finds a text's phrases in its bytes. A token is classified once per process, when first
    looked up, which also files its `SPELLINGS` and `HEADS`."""

    def __missing__(self, token: str) -> bytes:
        kind = word_class(token) if token[0].isalpha() else BREAK
        # The spelling and singular without asking `is_name` again: `word_class` answered it.
        if kind == BREAK:
            text = head = ""
        elif kind == NAME:
            text, head = token, singular_name(token)
        else:
            text = token.lower()
            head = singular_common(text)
        code = _CODE_OF[kind]
        if kind in (GENERIC, NOUN) and head != text:
            code = code.upper()
        SPELLINGS[token], HEADS[token] = text, head
        self[token] = code.encode()
        return self[token]


_CODE_OF = {BREAK: "0", MODIFIER: "m", GENERIC: "g", NOUN: "n", NAME: "a"}
CODES = _Codes()
SPELLINGS: dict[str, str] = {}  # token -> as a tag spells it: lower case unless a name
HEADS: dict[str, str] = {}  # token -> as a tag's last word spells it: singular ("" for a break)
