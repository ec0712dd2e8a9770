"""Candidate tags of one text: the noun phrases of one to three words it holds, counted.

No part-of-speech tagger: each token's role comes from `words.read_word`. A phrase never spans
punctuation, a function word, a verb or an adverb; it ends on a noun or a name and holds at
least one word that is no generic noun. Citations ("Smith et al. (2023)", "[3, 4]") are taken
out first: author names are no topic. Owns nothing collection-wide (see `tags`).
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterator
from functools import cache

from generator.describe.reading.lexicon import (
    BREAK,
    DETERMINERS,
    GENERIC,
    MODIFIER,
    NOUN,
    Word,
    read_word,
    singular,
)
from generator.describe.tags.fitted import TagPhrases, fold, tag_phrases

MAX_WORDS = 3
# A pair of words used as one in at least this many training abstracts ("natural language"):
# a phrase that starts inside it is cut from a term ("language processing task").
BOUND_PAIR = 5

# Words of any script ("Māori"), with inner hyphens and apostrophes; else runs of other marks.
# A "+" inside or closing a name is part of it: "KTRL+F", "C++", not "KTRL" and "F"; so is a
# dot before capitals or digits ("GeoMa.X", "GPT-3.5"), never before a lower-case word (two
# sentences glued: "LLMs.Our").
_NAME = r"[^\W\d_][^\W_]*(?:['+-][^\W_]+|\.[A-Z\d][A-Z\d]*(?![^\W\d_]))*\+*(?!\w)"
_PLAIN = r"[^\W\d_][^\W_]*(?:['-][^\W_]+)*|[^\w\s]+|[\d_]+"
_TOKEN = re.compile(rf"(?=\S*[A-Z]){_NAME}|{_PLAIN}")  # a name where a capital follows in its word
# The look-ahead reads to the end of the word at each token, so a word of thousands of
# tokens ("<sub><sub>...") is read by `_long_word_tokens` instead: the same tokens, in time
# linear in its length.
_LONG_WORD = re.compile(r"(?<!\S)(\S{100,})")
_NAME_TOKEN = re.compile(rf"{_NAME}|{_PLAIN}")  # `_TOKEN` where a capital follows
_PLAIN_TOKEN = re.compile(_PLAIN)  # `_TOKEN` where none does
# What plain text keeps of LaTeX or code: a chunk holding ^ _ { } or a backslash ("R^d_A",
# "PS_Loss"), a command name glued to its argument ("mathbbR", "frac2"). No tag word.
_DEBRIS = re.compile(  # a word holding a LaTeX mark, from its start: once over a long word
    r"(?<!\S)\S*[\\^_{}]\S*"
    r"|\b(?:frac|dfrac|tfrac|mathbb|mathcal|mathrm|mathbf|mathsf|mathit|mathfrak|boldsymbol|"
    r"mathds|mathscr|mathtt|texttt|textsc|"
    r"operatorname|textbf|textit|textrm|sqrt|cdots?|ldots|leq|geq|infty)(?=[A-Z0-9])\w*"
    r"|\bemph(?!as|at)[a-z]\w*"  # "\\emph{de facto}" as "emphde", never "emphasis"
)
# Hyphens other than "-" join words as "-" does: "entity\u2010level" is one word.
_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-", "\u00ad": ""})
# A word cut at a line's end ("Determinis- tic"), not a shared half ("pre- and post-training").
_LINE_BREAK = re.compile(r"(?<=[a-z])- (?!(?:and|or|nor|to|as)\b)(?=[a-z])")
# A sentence holding an address or saying what is released ("Code is available at ..."): a
# repository's name or a URL's path is no topic.
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_RELEASE = re.compile(
    r"https?://|www\.|\b(?:github|gitlab|huggingface|bitbucket)\b|\.(?:com|org|io)\b"
    r"|\b(?:code|codes|implementation|software|checkpoints|weights|models?|data(?:sets?)?)\b"
    r"[^.!?]{0,60}\b(?:is|are|will\s+be|has\s+been|have\s+been)\s+(?:made\s+)?"
    r"(?:publicly\s+|freely\s+|openly\s+)?(?:available|released|open[- ]sourced?)\b"
    r"|\b(?:we|will)\s+(?:publicly\s+)?(?:release|open[- ]source)\b",
    re.IGNORECASE,
)
# Words that never open a tag, though they may stand inside one: they say whose, how much
# or which one ("own", "further", "alternative"), or join clauses ("whilst").
_NO_OPENING = frozenset(
    """own further alternative alternatives input output standardized standardised underlying
    given proposed resulting corresponding respective various overall potential possible
    available necessary desired desirable whilst whereas thereby hence thus other another
    certain such same whole entire so-called understanding building""".split()
)
_CITATION = re.compile(
    r"\b[A-Z][\w'-]+(?:\s+(?:and|&)\s+[A-Z][\w'-]+)?\s+et\s+al\.?(?:,?\s*\(?\d{4}[a-z]?\)?)?"
    r"|\([^()]*\b(?:19|20)\d\d[a-z]?\)|\[[\d,;\s-]+\]"
)


def candidates(text: str) -> Counter[str]:
    """Noun phrases of 1..MAX_WORDS words with their counts in `text`."""
    return read_text(text)[0]


def read_text(text: str, known: TagPhrases | None = None) -> tuple[Counter[str], Counter[str]]:
    """Phrase counts, and counts of every word as the last word of a phrase spells it."""
    known = known or tag_phrases()
    found = tokens(text)
    words = _read_words(found, known.compounds)
    phrases = Counter(_opened(_phrases(words, known.df), found, known.openers))
    phrases.update(_addressed(found, words, phrases))
    return phrases, Counter(word.head for word in words)


# The task a paper addresses or what it contributes, named after these words ("the problem of
# X", "we tackle X", "we focus on X", "we introduce X") or
# before them ("X, the task of ...", "X is the problem of ..."): counted once more.
_NAMED_AFTER = frozenset(
    [("problem", "of"), ("task", "of"), ("focus", "on"), ("focuses", "on")]
    + [("we", verb) for verb in "address tackle study consider investigate propose introduce "
       "present develop".split()]
)  # fmt: skip
_NAMED_BEFORE = ((",", "the", "task", "of"), ("is", "the", "task", "of"),
                 ("is", "the", "problem", "of"), (",", "the", "problem", "of"))  # fmt: skip


_CUE_LAST = frozenset(cue[-1] for cue in _NAMED_AFTER)
_CUE_FIRST = frozenset(cue[0] for cue in _NAMED_BEFORE)


def _addressed(found: list[str], words: list[Word], phrases: Counter[str]) -> list[str]:
    """The longest phrase right after or right before a sentence's words naming a task."""
    low = [token.lower() for token in found]
    named = []
    after = [at + 1 for at, token in enumerate(low) if token in _CUE_LAST]
    before = [at - 1 for at, token in enumerate(low) if token in _CUE_FIRST]
    for at in sorted({at for at in after + before if 0 <= at < len(low)}):
        if tuple(low[at - 2 : at]) in _NAMED_AFTER:
            start = at + (low[at] in ("the", "a", "an"))
            spans = [(start, end) for end in range(start + MAX_WORDS - 1, start - 1, -1)]
        elif tuple(low[at + 1 : at + 5]) in _NAMED_BEFORE:
            spans = [(start, at) for start in range(at - MAX_WORDS + 1, at + 1)]
        else:
            continue
        said = [_spelled(words, *span) for span in spans if 0 <= span[0] <= span[1] < len(words)]
        named += [phrase for phrase in said if phrase in phrases][:1]
    return named


def _spelled(words: list[Word], start: int, end: int) -> str:
    return " ".join([w.spelling for w in words[start:end]] + [words[end].head])


def tokens(text: str) -> list[str]:
    """The tokens of `text` that may make tags: no citation, address, release sentence or
    markup debris."""
    plain = _LINE_BREAK.sub("", _CITATION.sub(",", text.translate(_HYPHENS)))
    kept = " ".join(s for s in _SENTENCE_END.split(plain) if not _RELEASE.search(s))
    return _tokens(without_debris(kept))


def _tokens(text: str) -> list[str]:
    """`_TOKEN.findall(text)`; a long word read by `_long_word_tokens` (no token spans a
    space, so the text's tokens are its pieces' between spaces, in order)."""
    if _LONG_WORD.search(text) is None:
        return _TOKEN.findall(text)
    found: list[str] = []
    for index, piece in enumerate(_LONG_WORD.split(text)):
        found += _long_word_tokens(piece) if index % 2 else _TOKEN.findall(piece)
    return found


def _long_word_tokens(word: str) -> list[str]:
    """`_TOKEN.findall(word)` for a word without spaces, in linear time: `_TOKEN`'s look-ahead
    holds up to the word's last capital letter and nowhere after it."""
    last_capital = max(word.rfind(capital) for capital in string.ascii_uppercase)
    found: list[str] = []
    at = 0
    while at < len(word):
        token = (_NAME_TOKEN if at <= last_capital else _PLAIN_TOKEN).match(word, at)
        if token is None:  # a character no alternative takes: findall steps over it
            at += 1
            continue
        found.append(token.group())
        at = token.end()
    return found


def _read_words(found: list[str], compounds: frozenset[str]) -> list[Word]:
    """Each token's `Word`; a gerund after the noun it makes one term with ("entity linking")
    is a noun; a lower-case word after "to", a modal or a subject pronoun is a verb ("to model
    dependencies", "we design"), even one that may be a noun."""
    words: list[Word] = []
    last = len(found) - 1
    for at, token in enumerate(found):
        word = _tag_word(token)
        if word.role == BREAK and not token.endswith("ing"):
            words.append(word)  # most tokens: nothing below could change them
            continue
        if at and token.endswith("ing") and f"{words[-1].spelling} {token}" in compounds:
            word = Word(NOUN, token, token, False, True, True, True)
        elif at and token.islower() and _verb_comes(found, at):
            word = _BREAK_WORD
        elif word.plural and at < last and found[at + 1] in _DETERMINERS:
            word = _BREAK_WORD  # "tuning | plays | a central role", "the platform | faces | the"
        words.append(word)
    return words


@cache
def _tag_word(token: str) -> Word:
    """`read_word`, but for the words the tags read otherwise (`_NOUNS`)."""
    return _NOUNS.get(token.lower() if token.istitle() else token) or read_word(token)


def _verb_comes(found: list[str], at: int) -> bool:
    """Whether "to", a modal or a subject pronoun stands before `found[at]`, past one adverb
    ("to explicitly | model")."""
    before = found[at - 1]
    if before.endswith("ly") and before.islower() and at > 1:
        before = found[at - 2]
    return before.lower() in _VERB_COMES


# Nouns the shared lexicon cuts at, read as general nouns inside a tag: "clarification question
# generation", "policy evaluation", "sentiment analysis", though "question" alone is no tag.
_NOUNS = {word: Word(GENERIC, word, singular(word), word.endswith("s"), not word.endswith("s"),
                     not word.endswith("s"), False)
          for word in ("question", "questions", "evaluation", "evaluations")}  # fmt: skip
_NOUNS["analysis"] = Word(GENERIC, "analysis", "analysis", False, True, True, False)
_NOUNS["fact"] = Word(NOUN, "fact", "fact", False, True, True, True)  # "fact verification"
_NOUNS["principal"] = Word(MODIFIER, "principal", "", False, False, True, False)
# Words the shared lexicon takes for nouns that end a phrase here: clause words ("setting
# wherein", "family further"), numbers ("fifteen years").
_NOUNS.update(
    (word, Word(BREAK, "", "", False, False, False, False))
    for word in """wherein whereof therein thereof herein hereby thirteen fourteen fifteen
    sixteen seventeen eighteen nineteen myriad further""".split()
)
_NOUNS["analyses"] = Word(GENERIC, "analyses", "analysis", True, False, False, False)
_VERB_COMES = frozenset("to can could may might will would should must cannot we they also".split())
# A plural before one of these is a verb ("plays a role"). Not "that", "all", "any" or "such":
# they follow a plural noun as often ("methods that", "models all").
_DETERMINERS = DETERMINERS - {"that", "all", "any", "such"}
_BREAK_WORD = Word(BREAK, "", "", False, False, False, False)


def without_debris(text: str) -> str:
    """`text` with what LaTeX or code left in it made a break."""
    return _DEBRIS.sub(",", text)


def _opened(
    phrases: Iterator[tuple[int, str]], found: list[str], openers: dict[str, str]
) -> Iterator[str]:
    """Each phrase, with the word before it where the training abstracts mostly write it so
    and the reader cut there ("named" | "entity recognition", "support" | "vector machine")."""
    for start, phrase in phrases:
        opener = openers.get(fold(phrase)) if start else None
        yield f"{opener} {phrase}" if opener and found[start - 1].lower() == opener else phrase


def _phrases(words: list[Word], df: dict[str, int]) -> Iterator[tuple[int, str]]:
    """Every phrase: its last word ends a run of words, the words before it stand inside it;
    it opens on a word that may open a tag, and not inside a pair of words used as one."""
    for end, last in enumerate(words):
        if not _ends_run(words, end):
            continue
        has_content = last.content
        if has_content and _opens(words, end, end, df):
            yield end, last.head
        for start in range(end - 1, max(end - MAX_WORDS, -1), -1):
            if not words[start].inside:
                break
            has_content = has_content or words[start].content
            if has_content and _opens(words, start, end, df):
                yield start, " ".join([w.spelling for w in words[start:end]] + [last.head])


def _opens(words: list[Word], start: int, end: int, df: dict[str, int]) -> bool:
    """Whether a phrase may open on `words[start]`: not a word that never opens one, not the
    second word of a pair the training abstracts use as one ("natural language"), and not
    MAX_WORDS words cut after a noun or a name ("Rayleigh | quotient iteration algorithm")."""
    if words[start].spelling.lower() in _NO_OPENING:
        return False
    before = words[start - 1] if start else None
    if before is None or not before.inside:
        return True
    if end - start + 1 == MAX_WORDS and before.content:
        return False
    return df.get(fold(f"{before.spelling}{words[start].head}"), 0) < BOUND_PAIR


def _ends_run(words: list[Word], at: int) -> bool:
    """Runs are the words between breaks; a plural ends its run."""
    if words[at].plural:
        return not _is_verb(words, at)
    if not words[at].noun_like:
        return False
    if at + 1 == len(words):
        return True
    after = words[at + 1]
    return not (after.inside or (after.plural and not _is_verb(words, at + 1)))


def _is_verb(words: list[Word], at: int) -> bool:
    """A "plural" between a noun-like word and another is a verb: "the system | ranks | items";
    before a modifier or a break it stays a plural noun: "reward models trained"."""
    if not words[at].plural or not 0 < at < len(words) - 1 or not words[at - 1].noun_like:
        return False
    return words[at + 1].noun_like or words[at + 1].plural
