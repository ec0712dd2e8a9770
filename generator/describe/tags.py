"""Tags: normalised keyphrases per paper (methods, tasks, benchmarks, settings), 3 to 8 each.

Candidates are noun phrases of one to three words, found without a part-of-speech tagger:
a phrase never spans punctuation, a function word, a verb or an adverb, and it must end on a
noun (`keyphrases`). Candidates are weighed against the whole collection
(TF-IDF), so phrases every paper uses rank below what sets a paper apart. An acronym defined
in an abstract ("Direct Preference Optimization (DPO)") becomes one tag naming both, and
every paper that uses the acronym or its long form gets it (`acronyms`).
This module owns tag text; it never decides topics or page addresses.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from itertools import chain
from typing import NamedTuple

from generator import parallel
from generator.describe.acronym_tags import CollectionAcronyms, collection_acronyms, join_acronyms
from generator.describe.acronyms import find_definitions, for_tags
from generator.describe.keyphrases import read_text
from generator.describe.sentences import split_sentences
from generator.describe.words import GENERIC_WORDS, NAME, read_word

MIN_TAGS, MAX_TAGS = 3, 8
RELATIVE_FLOOR = 0.3  # past the minimum, a tag must score this share of the paper's best
MAX_COUNT = 15  # a phrase or word counts at most this often
_SAFE = re.compile(r"[^\W_](?:[\w '+.()-]*(?:[^\W_]|\)))?")


def assign_tags(texts: list[str]) -> list[tuple[str, ...]]:
    """Tags for each text, best first, weighed against the whole collection. Each text is read,
    and later given its tags, on any core (`parallel`); what takes the whole collection (the
    acronyms, the spellings, the idf) is done in this process."""
    reading = read(texts, parallel.map_each(_acronyms_defined, texts))
    return parallel.ordered_map(choose, reading, len(texts))


def _acronyms_defined(text: str) -> dict[str, str]:
    return for_tags(find_definitions(split_sentences(text)))


class _Key(NamedTuple):
    """What weighs a phrase (as folded by `_fold`) in any paper."""

    tag: str  # its spelling as a tag
    idf: float
    specificity: float
    words: tuple[str, ...]  # the tag's words


class Reading(NamedTuple):
    """What tagging learned from the whole collection, and each text's phrases and words."""

    counts: list[dict[str, int]]  # per text, its phrases by folded key
    words: list[dict[str, int]]  # per text, its words as a phrase's last word spells them
    keys: dict[str, _Key]


def read(texts: list[str], defined: list[dict[str, str]]) -> Reading:
    """Every text read (on any core) and weighed against the others; `defined` holds the
    acronyms each text defines (`acronyms.for_tags`)."""
    known = collection_acronyms(defined)
    read = parallel.ordered_map(_read_at, (texts, defined, known), len(texts))
    counts, display = _fold_variants([phrases for phrases, _ in read])
    frequency = Counter(chain.from_iterable(counts))
    idf = {key: math.log((1 + len(texts)) / (1 + df)) + 1 for key, df in frequency.items()}
    return Reading(counts, [words for _, words in read], _keys(idf, display))


def choose(reading: Reading, index: int) -> tuple[str, ...]:
    """The tags of text number `index`, best first."""
    return _choose(_ranked(reading.counts[index], reading.words[index], reading.keys))


def _read_at(
    shared: tuple[list[str], list[dict[str, str]], CollectionAcronyms], index: int
) -> tuple[dict[str, int], dict[str, int]]:
    """A text's phrase counts, with the acronyms it uses joined to their long forms, and its
    word counts."""
    texts, defined, known = shared
    phrases, words = read_text(texts[index])
    return join_acronyms(texts[index], phrases, words, defined[index], known), words


def _fold_variants(counts: list[dict[str, int]]) -> tuple[list[dict[str, int]], dict[str, str]]:
    """'fine-tuning', 'finetuning' and 'Fine tuning' are one tag, shown as most papers write
    it: per text its counts by folded key, and per key the spelling shown."""
    keys = {phrase: _fold(phrase) for phrase in set().union(*counts)}
    spellings: dict[str, list[str]] = defaultdict(list)
    for phrase, key in keys.items():
        spellings[key].append(phrase)
    # Only a key spelled several ways needs to know how often each spelling is used.
    variants = {phrase for group in spellings.values() if len(group) > 1 for phrase in group}
    totals: Counter[str] = Counter()
    for doc in counts:
        for phrase in doc.keys() & variants:
            totals[phrase] += doc[phrase]
    display = {key: min(group, key=lambda s: (-totals[s], s)) for key, group in spellings.items()}
    return [_by_key(doc, keys) for doc in counts], display


def _by_key(doc: dict[str, int], keys: dict[str, str]) -> dict[str, int]:
    merged: dict[str, int] = {}
    for phrase, count in doc.items():
        merged[keys[phrase]] = merged.get(keys[phrase], 0) + count
    return merged


def _fold(phrase: str) -> str:
    return phrase.lower().replace("-", "").replace(" ", "")


def _keys(idf: dict[str, float], display: dict[str, str]) -> dict[str, _Key]:
    """Longer phrases are more specific; an acronym the authors defined names a key idea."""
    return {
        key: _Key(
            tag,
            idf[key],
            1.5 if tag.endswith(")") else 1 + 0.25 * tag.count(" "),
            tuple(tag.split()),
        )
        for key, tag in display.items()
    }


def _ranked(
    doc: dict[str, int], words: dict[str, int], keys: dict[str, _Key]
) -> list[tuple[float, str, int]]:
    """(-weight, tag, count), heaviest first, ties by tag. A phrase whose words recur in the
    abstract is central to it ("urban region embedding" in an abstract about urban regions)."""
    weighted = []
    for key, count in doc.items():
        tag, idf, specificity, parts = keys[key]
        centrality = 0.0
        for part in parts:
            centrality += math.log(1 + min(words.get(part, 0), MAX_COUNT))
        weight = (1 + math.log(min(count, MAX_COUNT))) * idf * specificity
        weighted.append((-weight * (1 + centrality / len(parts)), tag, count))
    return sorted(weighted)


def _choose(ranked: list[tuple[float, str, int]]) -> tuple[str, ...]:
    """Best first, no tag inside another; a second pass relaxes the rules to reach MIN_TAGS."""
    floor = -ranked[0][0] * RELATIVE_FLOOR if ranked else 0.0
    chosen: dict[str, str] = {}  # tag -> its words, as `_bare` spells them
    for strict in (True, False):
        for negative, tag, count in ranked:
            if len(chosen) >= MAX_TAGS or (len(chosen) >= MIN_TAGS and -negative < floor):
                break
            if tag not in chosen and _fits(tag, count, chosen.values(), strict=strict):
                chosen[tag] = _bare(tag)
        if len(chosen) >= MIN_TAGS:
            break
    return tuple(chosen)


def _fits(tag: str, count: int, chosen: Iterable[str], *, strict: bool) -> bool:
    """A spelling pages can show, inside no chosen tag and holding none (word-wise: "DPO" is
    inside "direct preference optimization (DPO)"), and if one word long, a word that names
    something."""
    if not _SAFE.fullmatch(tag) or len(tag) > 80:
        return False
    words = _bare(tag)
    if any(other in words or words in other for other in chosen):
        return False
    return " " in tag or _good_single(tag, count, strict=strict)


def _bare(tag: str) -> str:
    """A tag's words in lower case, without brackets, between spaces."""
    return f" {tag.lower().replace('(', '').replace(')', '')} "


def _good_single(tag: str, count: int, *, strict: bool) -> bool:
    """A lone word is a tag only if it names something: an acronym, a name, a long term
    the abstract repeats. Relaxed, any word that is no generic noun nor adjective will do."""
    adjective = tag.endswith(("al", "ic", "ar")) and tag.islower()
    if tag.lower() in GENERIC_WORDS or adjective:
        return False
    return not strict or read_word(tag).role == NAME or (len(tag) >= 8 and count >= 2)
