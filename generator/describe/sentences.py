"""Sentences and plain text of an abstract's source, plus the little grammar enrichers need.

`analyse` splits an abstract once into source sentences (the summary keeps a source fragment,
so it renders with the same markup), their plain text (`plain_text`: a quick regex
approximation of `markup.parse(source).text`, good enough to read words from, never used to
render) and its lowercase. The grammar helpers say where a clause ends and how to turn a verb
into a gerund. Pure functions, no knowledge of what a sentence means. Every regex that scans
whole text starts with a literal or is guarded by a substring test: this runs on every paper.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from html import unescape

from generator.markup.mathml import math_to_text

# Spans that never hold a sentence end, each with a trigger that must occur for it to apply
# (separate patterns: one alternation of all four is several times slower).
_PROTECTED = (
    ("$", re.compile(r"\$[^$]{1,500}\$")),  # inline math (see _mask for "... n.$ Next")
    ("://", re.compile(r"https?://\S+?(?=[.,;:!?)\]]*(?:\s|$))")),  # URLs, without the full stop
    ("www.", re.compile(r"www\.\S+?(?=[.,;:!?)\]]*(?:\s|$))")),
    ("\\", re.compile(r"\\[A-Za-z]+\{[^{}]*\}(?:\{[^{}]*\})?")),  # LaTeX commands with arguments
    ("(", re.compile(r"\([^()]{0,200}\)")),  # parentheses: "(e.g. this)" is never a sentence end
)
_ABBREVIATIONS = re.compile(
    r"\b(?:e\.g|i\.e|et al|etc|vs|cf|Fig|Figs|Eq|Eqs|Sec|Tab|approx|resp|viz|No|Dr|Prof|"
    r"St|Inc|Ltd|Jr|Sr|[A-Z])\.$"
)
_BOUNDARY = re.compile(r"[.!?][\"”’)\]]*\s+(?=[\"“(\[*\\$]?[A-Z0-9])")

# Plain text: each rule replaces one construct; order matters (math and links first). A rule
# runs only when its trigger occurs in the text: most abstracts have no markup at all.
_PLAIN_RULES = (
    ("$", re.compile(r"\$\$?([^$]{1,500})\$\$?"), lambda m: math_to_text(m.group(1))),
    ("\\", re.compile(r"\\href\{[^{}]*\}\{([^{}]*)\}"), r"\1"),
    ("\\", re.compile(r"\\(?:cite[tp]?|ref|eqref|label|footnote)\*?\{[^{}]*\}"), ""),
    ("\\", re.compile(r"\\[A-Za-z]+\*?\{([^{}]*)\}"), r"\1"),
    ("\\", re.compile(r"\\([%&_#$])"), r"\1"),
    ("\\", re.compile(r"\\[A-Za-z]+\*?\s?"), ""),
    ("**", re.compile(r"\*\*([^*]+)\*\*"), r"\1"),
    ("__", re.compile(r"__([^_]+)__"), r"\1"),
    ("*", re.compile(r"\*([^*\s](?:[^*]*[^*\s])?)\*(?![\w*])"), r"\1"),
    ("``", re.compile(r"``"), "“"),  # LaTeX quotes, before code spans
    ("''", re.compile(r"''"), "”"),
    ("`", re.compile(r"`+([^`]+)`+"), r"\1"),
    ("<", re.compile(r"</?[A-Za-z]+\s*/?>"), ""),
    ("--", re.compile(r"---"), "—"),
    ("--", re.compile(r" -- "), " – "),
    ("{", re.compile(r"[{}]"), ""),
    ("}", re.compile(r"[{}]"), ""),
    ("~", re.compile(r"~(?=\S)"), ""),
    ("&", re.compile(r"&(?:[a-z]+|#\d+);"), lambda m: unescape(m.group(0))),
)
_URL = re.compile(r" ?(?:https?://|www\.)\S+")
_TRIGGERS = tuple(dict.fromkeys(trigger for trigger, _, _ in _PLAIN_RULES))  # each tested once


@dataclass(frozen=True)
class Abstract:
    """One abstract, split once: source sentences, their plain text, and its lowercase."""

    sources: tuple[str, ...]
    plain: tuple[str, ...]  # without URLs: a link is never part of what a sentence says
    lower: tuple[str, ...]  # same length as `plain`, so offsets carry over
    text: str  # all of `lower`, for quick "is this word anywhere" tests


@lru_cache(maxsize=64)
def analyse(source: str) -> Abstract:
    """Split `source` (title, summary and kind of one paper all read the same split)."""
    sources = tuple(split_sentences(source)) or (source,)
    present = {trigger for trigger in _TRIGGERS if trigger in source}  # short literal scans
    rules = [rule for rule in _PLAIN_RULES if rule[0] in present]
    has_url = "://" in source or "www." in source
    plain = tuple(_plain_sentence(sentence, rules, has_url) for sentence in sources)
    lower = tuple(_lower(sentence) for sentence in plain)
    return Abstract(sources, plain, lower, " ".join(lower))


def _plain_sentence(sentence: str, rules: list, has_url: bool) -> str:
    if rules:
        text = plain_text(sentence, rules)
    elif "  " in sentence or "\n" in sentence or "\t" in sentence:
        text = " ".join(sentence.split())
    else:
        text = sentence  # the common case: nothing to rewrite
    if has_url and ("://" in text or "www." in text):  # _URL has no literal prefix to scan for
        return _URL.sub("", text)
    return text


def _lower(text: str) -> str:
    lower = text.lower()
    return lower if len(lower) == len(text) else "".join(c if len(c.lower()) > 1 else c.lower()
                                                        for c in text)  # fmt: skip


def split_sentences(source: str) -> list[str]:
    """Return the sentences of `source`, each a substring with outer spaces stripped."""
    masked = source
    for trigger, pattern in _PROTECTED:
        if trigger in masked:
            masked = pattern.sub(_mask, masked)
    sentences, start = [], 0
    for match in _BOUNDARY.finditer(masked):
        end = match.start() + 1  # only the last few characters can hold an abbreviation
        if _ABBREVIATIONS.search(masked, max(start, end - 8), end):
            continue
        sentences.append(source[start : match.end()].strip())
        start = match.end()
    tail = source[start:].strip()
    if tail:
        sentences.append(tail)
    return sentences


def _mask(match: re.Match[str]) -> str:
    span = match.group(0)
    if span.endswith(".$") and span.startswith("$"):  # "is $n.$ Then": a sentence end
        return "x" * (len(span) - 2) + ".)"
    return "x" * len(span)


def plain_text(source: str, rules: list | tuple = _PLAIN_RULES) -> str:
    """Readable text of a source fragment: markup, LaTeX commands and math reduced to words."""
    text = source
    for trigger, pattern, replacement in rules:
        if trigger in text:
            text = pattern.sub(replacement, text)
    return " ".join(text.split())


# --- Light grammar of one sentence: where a clause ends, verb forms. ---

# Words titles keep in lowercase, and after which a phrase cannot end.
SMALL_WORDS = frozenset(
    """a an and as at but by for from in into nor of on onto or over per the
    to via vs with within without upon versus than""".split()
)
DETERMINERS = frozenset("a an the this these that those its their our his her each every all any "
                        "such".split())  # fmt: skip
_CLAUSE_BREAK = re.compile(
    r"[,;:!?—]|\.(?:\s|$)"  # each branch starts with a definite character; one \s for all
    r"|\s(?:[—–]|-\s"  # the branches after a space, so a space is tried once, not five times
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
_DOUBLED = frozenset("embed transfer refer control compel omit submit permit admit forget begin "
                     "occur prefer program".split())  # fmt: skip


@lru_cache(maxsize=512)  # titles cut the same fragment several ways
def first_clause(text: str, *, infinitive: bool = True) -> str:
    """`text` up to where its first clause ends: punctuation, a relative pronoun, `to` + verb
    (unless `infinitive` is false: "robustness to rotated inputs" may be no infinitive)."""
    match = _CLAUSE_BREAK.search(text, 1)
    end = match.start() if match else len(text)
    if infinitive and " to " in text[:end]:
        for to_verb in _INFINITIVE.finditer(text, 0, end):
            if is_verb(to_verb.group(1), text[to_verb.end() : to_verb.end() + 30]):
                return text[: to_verb.start()]
    return text[:end].rstrip()


def is_verb(word: str, rest: str = "") -> bool:
    """Whether `word` (after `to`) reads as a verb, judged by its form and the next word."""
    following = rest.split(maxsplit=1)[0].lower() if rest.strip() else ""
    return word in _VERBS or word.endswith(_VERB_SUFFIX) or following in DETERMINERS


def base_form(verb: str) -> str:
    """`optimizes` -> `optimize`, `applies` -> `apply`, `matches` -> `match`."""
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith(("ss", "us", "is")):  # "focus", "this"
        return verb[:-1]
    return verb


def gerund(verb: str) -> str:
    """`optimize` -> `optimizing`, `map` -> `mapping`, `learn` -> `learning`."""
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    short_cvc = _SHORT_CVC.fullmatch(verb) is not None
    if short_cvc or verb in _DOUBLED:
        return verb + verb[-1] + "ing"
    return verb + "ing"


_SHORT_CVC = re.compile(r"[^aeiou]*[aeiou][^aeiouwxy]")  # "map", "fit": double the consonant
