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


def plain_sentence(sentence: str, rules: list, has_url: bool) -> str:
    if rules:
        text = plain_text(sentence, rules)
    elif "  " in sentence or "\n" in sentence or "\t" in sentence:
        text = " ".join(sentence.split())
    else:
        text = sentence  # the common case: nothing to rewrite
    if has_url and ("://" in text or "www." in text):  # _URL has no literal prefix to scan for
        return _URL.sub("", text)
    return text


def lowercase(text: str) -> str:
    """`text` in lower case, as long as `text`: offsets into one are offsets into the other."""
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


def plain_sentences(source: str, sources: tuple[str, ...]) -> tuple[str, ...]:
    present = {trigger for trigger in _TRIGGERS if trigger in source}
    rules = [rule for rule in _PLAIN_RULES if rule[0] in present]
    has_url = "://" in source or "www." in source
    return tuple(plain_sentence(sentence, rules, has_url) for sentence in sources)
