"""Tags: normalised keyphrases per paper (methods, tasks, benchmarks, settings), 3 to 8 each.

Candidates are noun phrases of one to three words, found without a part-of-speech tagger:
a phrase never spans punctuation, a function word, a verb or an adverb, and it must end on a
noun (`wordclass` tells them apart). Candidates are weighed against the whole collection
(TF-IDF), so phrases every paper uses rank below what sets a paper apart. An acronym defined
in an abstract ("Direct Preference Optimization (DPO)") becomes one tag naming both, and
every paper that uses the acronym or its long form gets it (`acronyms`).
This module owns tag text; it never decides topics or page addresses.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from itertools import chain, compress, repeat
from typing import NamedTuple

from generator import parallel
from generator.describe.acronyms import (
    CollectionAcronyms,
    collection_acronyms,
    extract_acronyms,
    join_acronyms,
)
from generator.describe.words import CODES, GENERIC_WORDS, HEADS, NAME, SPELLINGS, word_class

MIN_TAGS, MAX_TAGS = 3, 8
MAX_WORDS = 3
RELATIVE_FLOOR = 0.3  # past the minimum, a tag must score this share of the paper's best

_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:['-][A-Za-z0-9]+)*|[^\sA-Za-z]+")
_CITATION = re.compile(
    r"\b[A-Z][\w'-]+(?:\s+(?:and|&)\s+[A-Z][\w'-]+)?\s+et\s+al\.?(?:,?\s*\(?\d{4}[a-z]?\)?)?"
    r"|\([^()]*\b(?:19|20)\d\d[a-z]?\)|\[[\d,;\s-]+\]"
)
_YEAR = re.compile(r"(?:19|20)\d\d")
_SAFE = re.compile(r"[^\W_](?:[\w '+.()-]*(?:[^\W_]|\)))?")


def candidates(text: str) -> Counter[str]:
    """Noun phrases of 1..MAX_WORDS words with their counts in `text`."""
    return _scan(text)[0]


# A paper's words as one code byte each (`wordclass.CODES`) and then as flags one byte apart
# in a Python int (word j at bit 8j): a few big-int operations, run in C, find where all its
# phrases end, shifting by 8 bits to put each word next to its neighbour.


def _flag_table(codes: str) -> bytes:
    """A `bytes.translate` table: 1 for the codes given, 0 for any other byte."""
    return bytes(int(chr(byte) in codes) for byte in range(256))


_NOUN_LIKE, _MODIFIER, _PLURAL, _CONTENT = map(_flag_table, ("gna", "m", "GN", "naN"))


def _flags(codes: bytes, table: bytes) -> int:
    return int.from_bytes(codes.translate(table), "little")


def _phrase_ends(codes: bytes) -> list[int]:
    """Per phrase size (1..MAX_WORDS), flags of the words where a phrase of that size ends.

    Runs are the words between breaks, and a plural ends its run. A phrase ends on a run's
    last word, never a modifier; its other words come before it in the run, and one of its
    words is a noun or name."""
    noun_like, plural, content = (_flags(codes, t) for t in (_NOUN_LIKE, _PLURAL, _CONTENT))
    # A "plural" between a noun-like word and another is a verb: "the system | ranks | items",
    # a break. Before a modifier or a break it stays a plural noun: "reward models trained".
    verb = plural & (noun_like << 8) & ((noun_like | plural) >> 8)
    plural &= ~verb
    content &= ~verb
    inside = noun_like | _flags(codes, _MODIFIER)  # a run goes on past these
    run_end = plural | (noun_like & ~((inside | plural) >> 8))
    ends, before, has_content = [], -1, 0
    for size in range(MAX_WORDS):
        has_content |= content << 8 * size
        ends.append(run_end & before & has_content)
        before &= inside << 8 * (size + 1)
    return ends


def _scan(text: str) -> tuple[Counter[str], Counter[str]]:
    """Phrase counts, and counts of every word as the head of a phrase would spell it."""
    if "et al" in text or "[" in text or _has_year(text):  # the full pattern is slow
        text = _CITATION.sub(",", text)
    tokens = _tokens(text)
    found = []  # per phrase size, an iterator over the phrases: all counted at once, in C
    for size, flags in enumerate(_phrase_ends(_codes(tokens)), 1):
        if not flags:
            continue
        ends = flags.to_bytes(len(tokens), "little")  # 1 where a phrase ends, else 0
        heads = map(HEADS.__getitem__, compress(tokens, ends))
        if size == 1:
            found.append(heads)
            continue
        # The word `back` places before a phrase's end: `ends` shifted by `back`.
        before = [
            map(SPELLINGS.__getitem__, compress(tokens, ends[back:]))
            for back in range(size - 1, 0, -1)
        ]
        found.append(map(" ".join, zip(*before, heads, strict=True)))
    return Counter(chain.from_iterable(found)), Counter(map(HEADS.__getitem__, tokens))


def _has_year(text: str) -> bool:
    # A substring search first: faster, and it rules out the many texts with no "19" or "20".
    return ("19" in text or "20" in text) and _YEAR.search(text) is not None


def _tokens(text: str) -> list[str]:
    """`_TOKEN.findall(text)`, read a chunk between spaces at a time: no token spans a space,
    and abstracts share most chunks ("models,"), so each is read by the regex once per process
    and the rest is done in C."""
    return list(chain.from_iterable(map(_CHUNK_TOKENS.__getitem__, text.split())))


class _ChunkTokens(dict[str, tuple[str, ...]]):
    def __missing__(self, chunk: str) -> tuple[str, ...]:
        self[chunk] = found = tuple(_TOKEN.findall(chunk))
        return found


_CHUNK_TOKENS = _ChunkTokens()


def _codes(tokens: list[str]) -> bytes:
    """Each token's code, looked up in C (map); new words are classified on first look-up."""
    return b"".join(map(CODES.__getitem__, tokens))


_LOG = [math.log(1 + n) for n in range(16)]


def assign_tags(texts: list[str]) -> list[tuple[str, ...]]:
    """Tags for each text, best first, weighed against the whole collection. Each text is read,
    and later given its tags, on any core (`parallel`); what takes the whole collection (the
    acronyms, the spellings, the idf) is done in this process."""
    reading = read(texts, parallel.map_each(extract_acronyms, texts))
    return parallel.ordered_map(choose, reading, len(texts))


_Weighing = dict[str, tuple[str, float, float, list[str], int]]  # see `_weighing`


class Reading(NamedTuple):
    """What tagging learned from the whole collection, and each text's phrases and words."""

    counts: list[dict[str, int]]
    words: list[dict[str, int]]
    weighing: _Weighing


def read(texts: list[str], defined: list[dict[str, str]]) -> Reading:
    """Every text read (on any core) and weighed against the others; `defined` holds the
    acronyms each text defines (`acronyms.extract_acronyms`)."""
    known = collection_acronyms(defined)
    read = parallel.ordered_map(_read_at, (texts, defined, known), len(texts))
    counts, display = _fold_variants([phrases for phrases, _ in read])
    frequency = Counter(chain.from_iterable(counts))
    idf = {key: math.log((1 + len(texts)) / (1 + df)) + 1 for key, df in frequency.items()}
    return Reading(counts, [words for _, words in read], _weighing(idf, display))


def choose(reading: Reading, index: int) -> tuple[str, ...]:
    """The tags of text number `index`, best first."""
    return _choose(_ranked(reading.counts[index], reading.words[index], reading.weighing))


def _read_at(
    shared: tuple[list[str], list[dict[str, str]], CollectionAcronyms], index: int
) -> tuple[dict[str, int], dict[str, int]]:
    """A text's phrase counts, with the acronyms it uses joined to their long forms, and its
    word counts; plain dicts, which come back from a worker faster than Counters (pickled
    by reduce, in Python)."""
    texts, defined, known = shared
    phrases, words = _scan(texts[index])
    return join_acronyms(texts[index], dict(phrases), words, defined[index], known), dict(words)


def _fold_variants(counts: list[dict[str, int]]) -> tuple[list[dict[str, int]], dict[str, str]]:
    """'fine-tuning', 'finetuning' and 'Fine tuning' are one tag, shown as most papers write it."""
    keys = {phrase: _FOLDED.get(phrase) or _fold(phrase) for phrase in set().union(*counts)}
    spellings: dict[str, list[str]] = defaultdict(list)
    for phrase, key in keys.items():
        spellings[key].append(phrase)
    # Only a key spelled several ways needs the count of each spelling: set operations in C
    # find the few phrases concerned in each paper.
    variants = {phrase for group in spellings.values() if len(group) > 1 for phrase in group}
    totals: Counter[str] = Counter()
    folded = []
    for doc in counts:
        for phrase in doc.keys() & variants:
            totals[phrase] += doc[phrase]
        folded.append(_merged(doc, keys))
    display = {
        key: min(group, key=lambda s: (-totals[s], s)) if len(group) > 1 else group[0]
        for key, group in spellings.items()
    }
    return folded, display


def _merged(doc: dict[str, int], keys: dict[str, str]) -> dict[str, int]:
    """`doc` counted by folded key; when no two of its phrases fold alike, a plain copy."""
    folded = list(map(keys.__getitem__, doc))
    copy = dict(zip(folded, doc.values(), strict=True))
    if len(copy) == len(folded):
        return copy
    merged: dict[str, int] = {}
    for key, n in zip(folded, doc.values(), strict=True):
        merged[key] = merged.get(key, 0) + n
    return merged


def _fold(phrase: str) -> str:
    _FOLDED[phrase] = key = phrase.lower().replace("-", "").replace(" ", "")
    return key


_FOLDED: dict[str, str] = {}


def _weighing(idf: dict[str, float], display: dict[str, str]) -> _Weighing:
    """Per key, what weighs it in any paper: its tag, idf and specificity, and the tag's words
    and their number. Longer phrases are more specific; an acronym the authors defined names a
    key idea."""
    weighing = {}
    for key, tag in display.items():
        specificity = 1.5 if tag.endswith(")") else 1 + 0.25 * tag.count(" ")
        parts = tag.split()
        weighing[key] = (tag, idf[key], specificity, parts, len(parts))
    return weighing


def _ranked(
    doc: dict[str, int], words: dict[str, int], weighing: _Weighing
) -> list[tuple[float, str, int]]:
    """(-weight, tag, count), heaviest first. A phrase whose words recur in the abstract is
    central to it ("urban region embedding" in an abstract about urban regions)."""
    weighted: list[tuple[float, str, int]] = []
    append, seen_of = weighted.append, words.get
    for key, count in doc.items():
        tag, idf, specificity, parts, size = weighing[key]
        # Counts past 15 weigh as 15 (a conditional: min() made ranking a quarter slower).
        if size == 1:  # most tags: no loop
            seen = seen_of(parts[0], 0)
            centrality = _LOG[seen if seen < 16 else 15]
        else:
            centrality = 0.0
            for part in parts:
                seen = seen_of(part, 0)
                centrality += _LOG[seen if seen < 16 else 15]
        weight = (
            _LOG_COUNT[count if count < 16 else 15] * idf * specificity * (1 + centrality / size)
        )
        append((-weight, tag, count))
    weighted.sort()  # plain tuples sort fastest: heaviest first, ties by tag
    return weighted


_LOG_COUNT = [1 + math.log(max(n, 1)) for n in range(16)]


def _choose(ranked: list[tuple[float, str, int]]) -> tuple[str, ...]:
    """Best first, no tag inside another; a second pass relaxes the rules to reach MIN_TAGS."""
    floor = -ranked[0][0] * RELATIVE_FLOOR if ranked else 0.0
    chosen: list[str] = []
    chosen_words: list[str] = []  # `bare` of each chosen tag, for `_overlaps`
    for strict in (True, False):
        for negative, tag, count in ranked:
            if len(chosen) >= MAX_TAGS or (len(chosen) >= MIN_TAGS and -negative < floor):
                break
            if tag in chosen:
                continue
            flags = _VETTING[tag]
            if not flags & _SHOWN or _overlaps(words := _BARE[tag], chosen_words):
                continue
            if flags & _ONE_WORD and not _good_single(flags, count, strict):
                continue
            chosen.append(tag)
            chosen_words.append(words)
        if len(chosen) >= MIN_TAGS:
            break
    return tuple(chosen)


def _overlaps(words: str, chosen_words: list[str]) -> bool:
    """Word-wise containment either way (of `bare` forms); "DPO" is inside "direct preference
    optimization (DPO)"."""
    # `map` over bound methods runs the tests in C: `other in words`, then `words in other`.
    return any(map(words.__contains__, chosen_words)) or any(
        map(str.__contains__, chosen_words, repeat(words))
    )


# What `_choose` asks of a tag whatever the paper, as bits of an int (which, unlike a tuple
# per tag, the garbage collector never walks).
_SHOWN = 1  # a spelling pages can show (`_SAFE`), not too long
_ONE_WORD = 2
_NAMES_NOTHING = 4  # a generic noun, or an adjective ("adversarial", "linear")
_NAME = 8  # an acronym or coined name
_LONG = 16  # eight letters or more


def _good_single(flags: int, count: int, strict: bool) -> bool:
    """A lone word is a tag only if it names something: an acronym, a name, a long term
    the abstract repeats. Relaxed, any word that is no generic noun will do."""
    if flags & _NAMES_NOTHING:
        return False
    return not strict or bool(flags & _NAME) or (bool(flags & _LONG) and count >= 2)


class _Vetting(dict[str, int]):
    """Tag -> its flags above, worked out on first look-up (papers share most candidates);
    files the tag's `bare` form (lower case, no brackets, between spaces) in `_BARE`."""

    def __missing__(self, tag: str) -> int:
        flags = _SHOWN if _SAFE.fullmatch(tag) and len(tag) <= 80 else 0
        if " " not in tag:
            adjective = tag.endswith(("al", "ic", "ar")) and tag.islower()
            flags |= _ONE_WORD
            flags |= _NAMES_NOTHING if tag.lower() in GENERIC_WORDS or adjective else 0
            flags |= _NAME if word_class(tag) == NAME else 0
            flags |= _LONG if len(tag) >= 8 else 0
        _BARE[tag] = f" {tag.lower().replace('(', '').replace(')', '')} "
        self[tag] = flags
        return flags


_VETTING = _Vetting()
_BARE: dict[str, str] = {}
