"""The little grammar enrichers need: where a clause ends, and verb forms.

Regular expressions and small lexicons, no part-of-speech tagger: `first_clause` cuts a
fragment where its first clause ends, `is_verb`, `base_form` and `gerund` read and turn verbs.
Pure string functions; nothing here knows what a sentence means.
"""

from __future__ import annotations

import re

from generator.describe.reading.lexicon import DETERMINERS

_CLAUSE_BREAK = re.compile(
    r"[,;:!?—]|\.(?:\s|$)"  # punctuation, or a full stop
    r"|\s(?:[—–]|-\s"  # a dash, or a word that opens another clause
    r"|(?:that|which|where|whereby|whose|who|while|when|whereas|thereby|because|since|"
    r"so that|such that|due to|allowing|enabling|yielding|resulting|leading|making|"
    r"as well as|rather than|instead of|along with|in order to|based on)\b"
    r"|by (?=\w+ing\b)"
    r"|and (?:then )?(?:show|demonstrate|prove|find|evaluate|validate|achieve|apply|use|"
    r"propose|introduce|provide|derive|establish|analy[sz]e|conduct|release)s?\b)"
)
_INFINITIVE = re.compile(r" to ([a-z][\w-]*)")
_VERB_SUFFIX = ("ize", "ise", "ify", "ate", "yse", "yze")
_VERBS = frozenset(
    "address improve enable reduce capture learn support ensure achieve provide predict detect "
    "generate identify understand study measure mitigate find make help train build guide select "
    "control disguise solve handle extract leverage align encode decode perform obtain preserve "
    "prevent remove reflect produce compute fit recover maintain avoid explain model answer "
    "assess test compare bridge close overcome tackle deal cope allow discover infer retrieve "
    "rank map transfer steer edit attack defend protect verify sample search explore adapt scale "
    "serve store cache schedule accelerate speed boost enhance strengthen exploit mimic imitate "
    "simulate synthesize derive design reach match fill yield balance combine".split()
)


def first_clause(text: str, *, infinitive: bool = True) -> str:
    """`text` up to where its first clause ends: punctuation, a relative pronoun, `to` + verb
    (unless `infinitive` is false: "robustness to rotated inputs" may be no infinitive)."""
    match = _CLAUSE_BREAK.search(text, 1)
    end = match.start() if match else len(text)
    for to_verb in _INFINITIVE.finditer(text, 0, end) if infinitive else ():
        if is_verb(to_verb.group(1), text[to_verb.end() : to_verb.end() + 30]):
            return text[: to_verb.start()]
    return text[:end].rstrip()


def is_verb(word: str, rest: str = "") -> bool:
    """Whether `word` (after `to`) reads as a verb, judged by its form and the next word."""
    following = rest.split(maxsplit=1)[0].lower() if rest.strip() else ""
    return word in _VERBS or word.endswith(_VERB_SUFFIX) or following in DETERMINERS
