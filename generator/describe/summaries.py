"""The summary: the sentence that states the contribution, as a source fragment.

The contribution sentence is the one where the authors say what they do ("we propose", "this
paper argues"), not background or results (`claims.rank_sentences`); the summary is that
sentence's source fragment (same LaTeX and Markdown, so listings render its math) without
connectives such as "To address this,". A summary is one sentence of at most MAX_WORDS words
and MAX_CHARS characters: a longer sentence gives its most informative clause ("...; (2) we
introduce X, ..."), and a sentence with no clause short enough gives way to the next best
sentence. A summary stands
alone on a home or topic page: a sentence pointing back at what it does not say ("We address
this gap by introducing X", "a framework that tackles these challenges by ...") is rewritten
without the pointer ("We introduce X", "a framework supporting ..."), else gives way to the
next contribution sentence that does not point back (`self_contained`). A summary says what
the paper's thing is: "We propose AnchorAL." gives way to the next sentence naming it, and a
sentence about the code, data or licence is never one; a connective tying it to the sentence
before ("On the other hand,", "Notably,") is taken off. It reads one abstract only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.claims import claims, rank_sentences
from generator.describe.reading.lexicon import (
    DETERMINERS,
    GENERIC_HEADS,
    INTRO_VERBS,
    SMALL_WORDS,
    STATE_VERBS,
    VERB_FORMS,
    base_form,
    from_gerund,
)
from generator.describe.reading.openings import capitalise, strip_preamble
from generator.describe.reading.sentences import lowercase, plain_sentence, split_clauses

MAX_WORDS = 45
# A listing prints the summary as inline Markdown, which Python-Markdown reads in time growing
# with the square of its escapes and formulas: a "word" of 100,000 `_` must not reach it.
MAX_CHARS = 600
MIN_CLAUSE_WORDS = 6  # a shorter clause says too little to stand for the paper


def summarize(abstract: Abstract) -> str:
    """The contribution sentence, as a source fragment, cleaned of its preamble, or its best
    clause; at most MAX_WORDS words and MAX_CHARS characters; one that stands alone if a
    contribution sentence does."""
    ranking = [index for index in abstract.ranking if not _is_release(abstract.lower[index])]
    ranking = ranking or list(abstract.ranking)
    first: tuple[int, str] | None = None
    for index, summary in _fitting(abstract, ranking):
        first = first or (index, summary)
        alone = self_contained(summary)
        alone = alone and _said(abstract, index, alone)  # a rewrite may leave only the name
        if alone and (index == first[0] or _states_contribution(abstract, index)):
            return alone
    return first[1] if first else _cut(strip_preamble(abstract.sources[ranking[0]]))


def _fitting(abstract: Abstract, ranking: list[int]) -> Iterator[tuple[int, str]]:
    """Each sentence (or clause of a long one), best first, that fits and says what the
    paper's thing is, without its preamble. Lazily: the first that stands alone is mostly
    the first one, and reading a long sentence's clauses costs more than all the rest."""
    for index in ranking:
        for piece in _pieces(abstract.sources[index]):
            stripped = strip_preamble(piece)
            summary = _said(abstract, index, stripped) if _fits(stripped) else ""
            if summary:
                yield index, summary


def _is_release(lower: str) -> bool:
    """A sentence about the code, data or licence ("Code is available at ..."), a link: it
    says where the work is, not what it is."""
    return any(word in lower for word in _RELEASE_WORDS) and bool(_RELEASE.search(lower))


# Each way `_RELEASE` matches holds one of these: most sentences are cleared without the
# pattern, whose searches cost more than the rest of a summary.
_RELEASE_WORDS = ("http", "www.", "github", "gitlab", "huggingface.co", "licen", "open",
                  "availab", "releas", "public", "accessib", "make")  # fmt: skip


_RELEASE = re.compile(
    r"https?://|www\.|github|gitlab|huggingface\.co|\blicen[cs]e|open[- ]sourced?\b|"
    r"\b(?:code|data|models?|datasets?|implementations?|benchmarks?|weights|checkpoints)\b"
    r"[^.]{0,60}\b(?:available|released|public|accessible)\b|"
    r"\b(?:we|will)\s+(?:publicly\s+|also\s+)?(?:release|open-source|make)\b[^.]{0,40}"
    r"\b(?:code|data|public|available)"
)


def _said(abstract: Abstract, index: int, summary: str) -> str:
    """`summary` that says what the paper's thing is or does: "We propose AnchorAL." names it
    only, so the next sentence that names it again stands in (it says what it does), else the
    summary gives way ("")."""
    bare = _bare(markup_free(summary))
    if not bare:
        return summary
    names = _naming(bare.group("object"))
    for later in abstract.sources[index + 1 : index + 4]:
        said = strip_preamble(later)
        named = any(re.search(rf"\b{re.escape(name)}\b", said, re.IGNORECASE) for name in names)
        if named and _fits(said) and not _bare(markup_free(said)) and not points_back(said):
            return said
    return ""


# "We propose X.", "We introduce the predictron architecture.": an intro verb and at most five
# words that say neither what for, how, nor what it does (no preposition, no clause).
_BARE = re.compile(
    r"^(?:We|This (?:paper|work|study))\s+(?:\w+ly\s+)?(?:propose|introduce|present|develop|"
    r"design|describe|offer)s?\s+(?P<object>(?:(?!(?:for|to|that|which|with|by|of|in|on|via|"
    r"using|where|whose|and|as|from)\b)[^\s,;:]+\s*){1,5}?)[.!]?$"
)


def _bare(text: str) -> re.Match[str] | None:
    """`_BARE`'s match; a sentence of more words than it can match is not tried: on a long
    one the pattern backtracks over every way of cutting its words."""
    return _BARE.match(text) if len(text.split()) <= _BARE_WORDS else None


# "This paper" + an adverb + the verb + five words of object + a detached full stop.
_BARE_WORDS = 10


def _naming(phrase: str) -> list[str]:
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


def _fits(summary: str) -> bool:
    return len(summary.split()) <= MAX_WORDS and len(summary) <= MAX_CHARS


def _states_contribution(abstract: Abstract, index: int) -> bool:
    """Whether sentence `index` says what the authors do or find ("we propose", "we show")."""
    return any(c.verb in INTRO_VERBS or c.verb in STATE_VERBS for c in abstract.claims[index])


def self_contained(summary: str) -> str:
    """`summary` if it points back at nothing, else rewritten without the pointer, else ""."""
    if not points_back(summary):
        return summary
    rewritten = _rewritten(summary)
    return rewritten if rewritten and not points_back(rewritten) else ""


def points_back(sentence: str) -> bool:
    """Whether a subject or object of `sentence` points back at an earlier one: "this gap",
    "these issues", "such tasks", "the aforementioned challenge", an opening "It"."""
    return bool(_POINTER.search(sentence)) or bool(_OPENING_PRONOUN.match(sentence))


# "this" or "these" before a noun or alone, unless it names the paper ("this paper") or only
# compares ("such as", "such that").
_POINTER = re.compile(
    r"\b(?:this|these|those|such|aforementioned|above-mentioned)\b(?!\s+(?:paper|work|study|"
    r"article|note|manuscript|position paper|survey|thesis|report|tutorial|as|that)\b)",
    re.IGNORECASE,
)
_OPENING_PRONOUN = re.compile(r"[*_<>a-z/\s]*(?:It|They|Them)\b")
_DEMONSTRATIVE = r"(?:this|these|those|such|the aforementioned|the above)"
# "We address this gap by introducing X": the step the authors take is the contribution.
_ADDRESS_BY = re.compile(
    r"^(?P<who>[*_]*(?:We|This (?:paper|work|study)|Our (?:paper|work)))\s+(?:\w+ly\s+)?"
    r"(?:\w+\s+){1,3}?" + _DEMONSTRATIVE + r"\b[^,;$]{0,60}?\s+(?:by|through|via)\s+"
    r"(?P<verb>\w+ing)\b(?P<rest>.*)$",
    re.DOTALL,
)
# "..., a framework that tackles these challenges by supporting X": "a framework supporting X".
_RELATIVE_BY = re.compile(
    r"\s+(?:that|which)\s+(?:\w+\s+){1,3}?" + _DEMONSTRATIVE + r"\b[^,;$]{0,60}?\s+"
    r"(?:by|through|via)\s+(?=\w+ing\b)"
)
# "..., which addresses this mismatch through X." or "that eliminates these overheads": the
# clause goes, up to its end.
_RELATIVE = re.compile(
    r",?\s+(?:that|which)\s+(?:\w+\s+){0,3}?" + _DEMONSTRATIVE + r"\b[^;$]*?"
    r"(?=[,;]\s(?!(?:yet|and|but|or|while|thus|thereby)\b)|[.!?]?$)"  # ", yet still" goes too
)


# "To address these issues we propose X", "Building on these ideas we propose X" (no comma, so
# `strip_preamble` left it).
_LEADING = re.compile(
    r"^[*_]*(?:(?:to|in order to)\s+\w+|building on|based on|motivated by|inspired by|guided by|"
    r"following|given|with|using|under|in)\s+" + _DEMONSTRATIVE + r"\b[^,;$]{0,60}?,?\s+"
    r"(?=we\b|our\b|this (?:paper|work|study)\b)",
    re.IGNORECASE,
)


_PLURAL_POINTER = re.compile(
    r"\b(of|for|in|on|with|across|to|from|all|by|over|between|among)\s+(?:these|those)\s+"
    r"(?=(?:[\w-]+\s+){0,2}[\w-]+s\b)",
    re.IGNORECASE,
)


_SUCH_A = re.compile(r"\b((?:we|this paper|this work) \w+) such (an?)\b", re.IGNORECASE)


def _rewritten(summary: str) -> str:
    """`summary` without the pointer it holds, if a rule knows how to take it out and what is
    left still reads as the sentence (`_reads_whole`)."""
    text = capitalise(_LEADING.sub("", summary, count=1))
    address = _ADDRESS_BY.match(text)
    if address:
        verb = from_gerund(address.group("verb"))
        if not address.group("who").strip("*_").startswith("We"):
            verb = _third_person(verb)
        rest = _GERUND_AFTER_AND.sub(lambda m: f"{m[1]} {from_gerund(m[2])}", address["rest"])
        text = f"{address.group('who')} {verb}{rest}"
    else:
        text = _RELATIVE_BY.sub(" ", text, count=1)
        relative = _RELATIVE.search(text)
        if relative and not _after_verb(text[: relative.start()]):
            text = _as_sentence((text[: relative.start()] + text[relative.end() :]).rstrip(" ,"))
    if points_back(text):  # "detection of these insights": of insights, in general
        text = _PLURAL_POINTER.sub(r"\1 ", text)
    text = _SUCH_A.sub(r"\1 \2", text)  # "we propose such a definition": a definition
    return text if _reads_whole(text, summary) else ""


# "by proposing X and deriving Y" -> "we propose X and derive Y"
_GERUND_AFTER_AND = re.compile(r"\b(and|or) (\w+ing)\b")


def _after_verb(before: str) -> bool:
    """Whether "that" follows a verb ("we show that ..."): a clause that cannot go."""
    last = before.split()[-1].lower() if before.split() else ""
    verb = base_form(last)
    return last in VERB_FORMS or last.endswith("ly") or verb in INTRO_VERBS or verb in STATE_VERBS


def _reads_whole(text: str, original: str) -> bool:
    """A rewrite keeps most of the sentence, its math paired, and ends on a word that can end
    one ("We show." or "..., and." cannot)."""
    words = text.rstrip(".!?").split()
    return (
        len(words) >= 3
        and 3 * len(words) >= len(original.split())
        and text.count("$") % 2 == 0
        and words[-1].lower().strip("*_") not in _CANNOT_END
    )


_CANNOT_END = SMALL_WORDS | DETERMINERS | VERB_FORMS


def _third_person(verb: str) -> str:
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _pieces(sentence: str) -> list[str]:
    """The sentence itself if short enough, else its clauses, the contribution first."""
    if len(sentence.split()) <= MAX_WORDS:
        return [sentence]
    clauses = [c for c in split_clauses(sentence) if len(c.split()) >= MIN_CLAUSE_WORDS]
    lower = [lowercase(plain_sentence(clause)) for clause in clauses]
    ranking = rank_sentences(lower, [claims(clause) for clause in lower]) if clauses else ()
    return [_as_sentence(clauses[index]) for index in ranking]


def _as_sentence(clause: str) -> str:
    return clause if clause.endswith((".", "!", "?")) else clause.rstrip(",") + "."


def _cut(sentence: str) -> str:
    """A sentence no clause of which is short enough: its first MAX_WORDS words (within
    MAX_CHARS), marked cut. Markup may then be unbalanced, so math and emphasis are left whole
    or left out."""
    words: list[str] = []
    for word in sentence.split()[:MAX_WORDS]:
        if sum(map(len, words)) + len(words) + len(word) > MAX_CHARS:
            break
        words.append(word)
    while words and any(mark in words[-1] for mark in "$*`\\{}<>"):
        words.pop()
    return " ".join(words).rstrip(",;:") + " …"
