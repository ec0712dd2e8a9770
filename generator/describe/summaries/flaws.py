"""What makes a sentence a poor summary on its own, whatever it says.

A bare contribution says only a name ("We propose AnchorAL.", "We propose X, a novel
quantization technique."); a release sentence says where the work is, not what it is; a garbled
one holds a source's glued words ("thedesign") or a line break's hyphen ("anal- ysis"); a
sentence about the manuscript ("In this manuscript we will describe ...") says what the text
does, not the work; one leaning on "our method" or "the proposed model" leaves the reader asking
which. Pure tests over one sentence; which sentence wins is `choice`'s concern.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from generator.describe.reading.lexicon import DETERMINERS, GENERIC_HEADS, KIND_NOUNS


def is_release(lower: str) -> bool:
    """A sentence about the code, data or licence ("Code is available at ..."), a link: it
    says where the work is, not what it is."""
    return bool(_RELEASE.search(lower))


_RELEASE = re.compile(
    r"https?://|www\.|github|gitlab|huggingface\.co|\blicen[cs]e|open[- ]sourced?\b|"
    r"\b(?:code|data|models?|datasets?|implementations?|benchmarks?|weights|checkpoints)\b"
    r"[^.]{0,60}\b(?:available|released|public|accessible)\b|"
    r"\b(?:we|will)\s+(?:publicly\s+|also\s+)?(?:release|open-source|make)\b[^.]{0,40}"
    r"\b(?:code|data|public|available)"
)


def bare(summary: str) -> re.Match[str] | None:
    """ "We propose X.", "We introduce the predictron architecture.", "We propose X, a novel
    multi-scale quantization technique.": an intro verb, a name, and at most an apposition of a
    general head, saying neither what for, how, nor what it does; the match's `object` is the
    name."""
    if len(summary.split()) > _BARE_WORDS:  # the pattern's longest match: no need to try it
        return None
    return _BARE.match(markup_free(summary))


_BARE_WORDS = 16


_NO_PURPOSE = r"(?!(?:for|to|that|which|with|by|of|in|on|via|using|where|whose|and|as|from)\b)"
_HEADS = "|".join(sorted(GENERIC_HEADS | set(KIND_NOUNS) | {"technique", "tool", "paradigm"}))
_BARE = re.compile(
    r"^(?:We|This (?:paper|work|study))\s+(?:\w+ly\s+)?(?:propose|introduce|present|develop|"
    rf"design|describe|offer|give|provide)s?\s+(?P<object>(?:{_NO_PURPOSE}[^\s,;:]+\s*){{1,5}}?)"
    rf"(?:,\s+(?:a|an|the)\s+(?:{_NO_PURPOSE}[^\s,;:]+\s+){{0,4}}?(?:{_HEADS})s?,?)?\s*[.!]?$"
)


def naming(phrase: str) -> list[str]:
    """The words naming the thing in "the predictron architecture", "topic models(STM)": its
    names (a capital inside), else its words but articles and general heads."""
    words = [word for word in re.split(r"[\s()]+", phrase.strip(" .")) if word]
    shaped = [word for word in words if any(ch.isupper() for ch in word[1:])]
    plain = [w for w in words if w.lower() not in DETERMINERS and w.lower() not in GENERIC_HEADS]
    return shaped or plain


def markup_free(summary: str) -> str:
    """`summary` without emphasis marks and LaTeX commands' names, for matching its words."""
    return _MARKS.sub("", summary)


_MARKS = re.compile(r"\\[A-Za-z]+\{|[*_{}]")


def mended(summary: str) -> str:
    """`summary` with a line break's hyphen taken out where the two halves make a word many
    abstracts use ("anal- ysis" -> "analysis"); the others are left to `garbled`."""
    return _SPLIT.sub(_join, _BROKEN.sub(_mend, summary))


# "embed ding": a word the source split, whose second half is no word and whole is one.
_SPLIT = re.compile(r"\b([a-z]{3,}) ([a-z]{2,})\b")


def _join(match: re.Match[str]) -> str:
    words = _known_words()
    joined = match[1] + match[2]
    return joined if match[2] not in words and joined in words else match[0]


def _mend(match: re.Match[str]) -> str:
    joined = match[0].replace("- ", "")
    return joined if joined.lower() in _known_words() else match[0]


def garbled(summary: str) -> bool:
    """Whether `summary` holds a line break's hyphen ("anal- ysis") or two words the source
    glued ("thedesign", "Humansand"): a word no abstract uses that splits into a function word
    and a word many do."""
    if _BROKEN.search(summary) or _TWO_SENTENCES.search(summary):
        return True
    return any(_glued(word.lower()) for word in _WORD.findall(summary))


# "anal- ysis": a hyphen before a space, unless a word pair shares it ("first- and second-").
_BROKEN = re.compile(r"\b[a-z]{2,}- (?!(?:and|or|to|nor|as|than|vs|versus|but)\b)[a-z]{2,}\b")
# "...the given MEC?} We explore": a sentence end the split missed inside markup.
_TWO_SENTENCES = re.compile(r"[A-Za-z0-9)][.?!][}*_\"”’)]+\s+(?:We|Our|This|In|The)\b")
_WORD = re.compile(r"(?<![\w$\\-])[A-Z]?[a-z]{5,}(?![\w-])")
_GLUE = ("the", "of", "and", "to", "in", "for", "with", "on", "we", "our", "is", "are", "that",
         "this", "from", "by", "its")  # fmt: skip


def _glued(word: str) -> bool:
    words = _known_words()
    if word in words:
        return False
    for glue in _GLUE:
        rest = word.removeprefix(glue) if word.startswith(glue) else ""
        if len(rest) >= 4 and rest in words:
            return True
        rest = word.removesuffix(glue) if word.endswith(glue) else ""
        if len(rest) >= 4 and rest in words:
            return True
    return False


@cache
def _known_words() -> frozenset[str]:
    text = resources.files("generator.describe").joinpath("data", "summary_words.txt")
    lines = text.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def about_manuscript(summary: str) -> bool:
    """ "In this manuscript we will describe the design of X", "This note is organised as
    follows": what the text does, not what the work does or finds."""
    return bool(_MANUSCRIPT.search(summary))


_MANUSCRIPT = re.compile(
    r"\b(?:manuscript|we will (?:describe|present|discuss|outline|review)|(?:paper|article|"
    r"note|chapter) (?:will|is organi[sz]ed)|(?:describe|present|outline)s? the design of|"
    r"the rest of (?:this|the) (?:paper|article))\b",
    re.IGNORECASE,
)


def leans(summary: str) -> bool:
    """Whether `summary` speaks of "our method", "the new model" without naming it ("which we
    call MCTSnet" does): which one is left to the sentences it no longer has."""
    return bool(_LEANS.search(summary)) and not _NAMED.search(summary)


_NAMED = re.compile(r"\b(?:which we call|we call|called|named|dubbed|termed)\b", re.IGNORECASE)


_LEANS = re.compile(
    r"\b(?:our|the new|the resulting)\s+(?:\w+\s+)?(?:method|approach|model|algorithm|framework|"
    r"technique|system|estimator|procedure|scheme|architecture|solution)s?\b|"
    r"^[*_]*(?:our|the)\s+(?:\w+\s+)?(?:results|findings|experiments|analysis)\b",
    re.IGNORECASE,
)
