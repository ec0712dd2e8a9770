"""Tags: normalised keyphrases per paper (methods, problems, settings, datasets, coined names).

Candidates are noun phrases of one to three words, found without a part-of-speech tagger:
a phrase never spans punctuation, a function word, a verb or an adverb, and it must end on a
noun (`keyphrases`). Spellings of one concept are one candidate: case, hyphens and spaces
("fine-tuning", "finetuning"), plurals (a phrase's last word is made singular), and an
acronym with its long form ("Direct Preference Optimization (DPO)"), which every paper that
uses either gets (`tags.acronyms`). Candidates are weighed against the whole collection
(TF-IDF), so phrases every paper uses rank below what sets a paper apart; which of them a
paper shows is chosen across the collection (`tags.choice`).
This module owns tag text; it never decides topics or page addresses.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from itertools import chain
from typing import NamedTuple

from generator import parallel
from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.lexicon import BREAK, singular, word_class
from generator.describe.reading.names import coined_name
from generator.describe.tags import choice as tag_choice
from generator.describe.tags import plurals, reuse
from generator.describe.tags.acronyms import (
    CollectionAcronyms,
    collection_acronyms,
    join_acronyms,
)
from generator.describe.tags.choice import POOL_SIZE, choose_across, is_keyphrase
from generator.describe.tags.fitted import fold, share, tag_phrases
from generator.describe.tags.keyphrases import read_text, without_debris

MAX_TAGS, MIN_TAGS = tag_choice.MAX_TAGS, tag_choice.MIN_TAGS
MAX_COUNT = 15  # a phrase or word counts at most this often
TASK_BOOST = 1.5  # a phrase naming a task weighs this much more
RARE_TERM_COUNT, RARE_TERM_LENGTH = 3, 6  # a rare word said this often, of this many letters
# A phrase used by more than this share of the training abstracts fits too many papers to set
# one apart ("reasoning", "generalization"): it weighs less, the wider the more.
CATCH_ALL_SHARE = 0.008
_SAFE = re.compile(r"[^\W_](?:(?:[^\W_]|[ '+.()-])*(?:[^\W_]|\)))?")


def coined_short(abstract: Abstract) -> str:
    """The name the paper coins, as it writes it ("" for none): it stays a tag."""
    name = coined_name(abstract)
    return name.short if name else ""


class PhraseKey(NamedTuple):
    """What weighs a phrase (as folded by `fold`) in any paper."""

    tag: str  # its spelling as a tag
    idf: float
    specificity: float
    words: tuple[str, ...]  # the tag's words


class Reading(NamedTuple):
    """The tags chosen for each text of the collection, best first, and how many texts were
    read and ranked afresh (the others' as the last run left them)."""

    chosen: list[tuple[str, ...]]
    read: int = 0
    ranked: int = 0


def read(
    texts: list[str],
    defined: list[dict[str, str]],
    coined: list[str],
    lists: list[tuple[str, ...]] | None = None,
) -> Reading:
    """Every text read (on any core), weighed against the others and given its tags;
    `defined` holds the acronyms each text defines (`acronyms.for_tags`), `coined` the name
    each coins ("" for none), `lists` the lists each is in (a tag most of a list carries is
    none of its papers' own)."""
    return read_reusing(texts, defined, coined, reuse.FORGOTTEN, lists)[0]


def read_reusing(
    texts: list[str],
    defined: list[dict[str, str]],
    coined: list[str],
    last: reuse.TagMemory,
    lists: list[tuple[str, ...]] | None = None,
) -> tuple[Reading, reuse.TagMemory]:
    """`read`, taking from the last run's reading what still holds (`reuse`): a text is read
    again only if it is new or a long form it may say changed, and its candidates ranked
    again only if one of its phrases was weighed otherwise. Returns this run's reading too."""
    known = collection_acronyms(defined)
    keys_of = [reuse.text_key(*given) for given in zip(texts, defined, coined, strict=True)]
    remembered = [last.texts.get(key) for key in keys_of]
    read, reread = _read_again(texts, defined, known, remembered, last.long_forms)
    counts, display = _fold_variants([phrases for phrases, _ in read])
    frequency = Counter(chain.from_iterable(counts))
    idf = {key: math.log((1 + len(texts)) / (1 + df)) + 1 for key, df in frequency.items()}
    keys = _keys(idf, display)
    pools, ranked = _pools_again(
        counts, read, keys, coined, remembered, reuse.reweighed(last.keys, keys)
    )
    memory = reuse.TagMemory(known.long_forms, keys, {
        key: reuse.Remembered(words, phrases, pool, name)
        for key, (phrases, words), (pool, name) in zip(keys_of, read, pools, strict=True)
    })  # fmt: skip
    chosen = choose_across([pool for pool, _ in pools], [name for _, name in pools], lists)
    return Reading(plurals.as_written(chosen, texts), reread, ranked), memory


def _read_again(
    texts: list[str],
    defined: list[dict[str, str]],
    known: CollectionAcronyms,
    remembered: list[reuse.Remembered | None],
    long_forms: dict[str, str],
) -> tuple[list[tuple[dict[str, int], dict[str, int]]], int]:
    """Each text's phrase counts and word counts, the last run's where they still hold; and
    how many were read again."""
    moved = reuse.moved_acronyms(long_forms, known.long_forms)
    again = [
        index
        for index, last in enumerate(remembered)
        if last is None or reuse.may_say(last.words, moved)
    ]
    todo = (texts, defined, known, again)
    fresh = dict(zip(again, parallel.ordered_map(_read_at, todo, len(again)), strict=True))
    read = [
        fresh.get(index) or (last.counts, last.words)  # type: ignore[union-attr]
        for index, last in enumerate(remembered)
    ]
    return read, len(again)


def _pools_again(
    counts: list[dict[str, int]],
    read: list[tuple[dict[str, int], dict[str, int]]],
    keys: dict[str, PhraseKey],
    coined: list[str],
    remembered: list[reuse.Remembered | None],
    reweighed: set[str],
) -> tuple[list[tuple[list[str], str]], int]:
    """Each text's candidate pool and coined tag, the last run's where its counts are the
    same and none of its phrases was weighed otherwise; and how many were ranked again."""
    # A text read again may count as before, but its pool is cheap beside its reading.
    again = [
        index
        for index, last in enumerate(remembered)
        if last is None
        or last.counts is not read[index][0]
        or not reweighed.isdisjoint(counts[index])
    ]
    shared = (counts, [words for _, words in read], keys, coined, again)
    fresh = dict(zip(again, parallel.ordered_map(_pool_at, shared, len(again)), strict=True))
    pools = [
        fresh.get(index) or (last.pool, last.coined)  # type: ignore[union-attr]
        for index, last in enumerate(remembered)
    ]
    return pools, len(again)


def choose(reading: Reading, index: int) -> tuple[str, ...]:
    """The tags of text number `index`, best first."""
    return reading.chosen[index]


def _pool_at(
    shared: tuple[
        list[dict[str, int]], list[dict[str, int]], dict[str, PhraseKey], list[str], list[int]
    ],
    number: int,
) -> tuple[list[str], str]:
    """A text's best candidate tags, and the tag of the name it coins ("" for none): the text
    `todo[number]`."""
    counts, words, keys, coined, todo = shared
    index = todo[number]
    said = words[index]
    ranked = [tag for _, tag, _ in _ranked(counts[index], said, keys) if _shown(tag)]
    pool = [t for t in ranked if is_keyphrase(t) or _rare_term(t, said.get(t, 0))][:POOL_SIZE]
    return pool, _coined_tag(ranked, coined[index], words[index])


def _rare_term(tag: str, count: int) -> bool:
    """A lower-case word no two training abstracts use that the paper repeats is its own
    term ("pansharpening"), though no word list knows it."""
    plain = tag.isalpha() and tag.islower() and len(tag) >= RARE_TERM_LENGTH
    return plain and count >= RARE_TERM_COUNT and tag not in tag_phrases().df


def _shown(tag: str) -> bool:
    """A spelling pages can show: no markup left in it, no word cut at a line's hyphen."""
    clean = without_debris(tag) == tag and "- " not in tag
    return bool(_SAFE.fullmatch(tag)) and len(tag) <= 80 and clean


def _coined_tag(ranked: list[str], name: str, said: dict[str, int]) -> str:
    """The candidate naming the coined name ("FlipAttack", "long form (LF)"), else the name
    as written, if pages can show it and the text says it outside an address or a release
    sentence (`keyphrases.tokens`): a repository's name is no tag."""
    if len(name) <= 2 or word_class(name) == BREAK:
        return ""  # none, two capitals ("KE"), or a function word ("First, ..."): no name
    words = _spelled(singular(name))  # "JSAEs" coins "JSAE"
    exact = [tag for tag in ranked if _spelled(tag) == words or _spelled(tag).endswith(words)]
    holding = [tag for tag in ranked if words in _spelled(tag)]
    fallback = name if _shown(name) and (name in said or singular(name) in said) else ""
    return next(iter(exact + holding), fallback)


def _spelled(tag: str) -> str:
    """A tag's words in lower case, its acronym's too, between spaces."""
    return f" {tag.lower().replace('(', '').replace(')', '')} "


def _read_at(
    shared: tuple[list[str], list[dict[str, str]], CollectionAcronyms, list[int]], number: int
) -> tuple[dict[str, int], dict[str, int]]:
    """A text's phrase counts, with the acronyms it uses joined to their long forms, and its
    word counts: the text `todo[number]`."""
    texts, defined, known, todo = shared
    index = todo[number]
    phrases, words = read_text(texts[index])
    return join_acronyms(texts[index], phrases, words, defined[index], known), words


def _fold_variants(counts: list[dict[str, int]]) -> tuple[list[dict[str, int]], dict[str, str]]:
    """'fine-tuning', 'finetuning' and 'Fine tuning' are one tag, shown as most papers write
    it: per text its counts by folded key, and per key the spelling shown."""
    keys = {phrase: fold(phrase) for phrase in set().union(*counts)}
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


def _keys(idf: dict[str, float], display: dict[str, str]) -> dict[str, PhraseKey]:
    """How much a phrase may say of a paper (`_specificity`), and its weight in the collection."""
    return {
        key: PhraseKey(tag, idf[key], _specificity(tag), tuple(tag.split()))
        for key, tag in display.items()
    }


def _specificity(tag: str) -> float:
    """Longer phrases are more specific; an acronym the authors defined names a key idea; a
    phrase naming a task ("sarcasm detection") is what a paper addresses; a phrase the
    training abstracts use widely ("generalization") fits too many papers to set one apart."""
    base = 1.5 if tag.endswith(")") else 1 + 0.25 * tag.count(" ")
    long_form = tag.partition(" (")[0]
    if long_form.rsplit(" ", 1)[-1] in tag_phrases().task_heads:
        base *= TASK_BOOST
    common = share(tag)
    if common > CATCH_ALL_SHARE:
        base *= math.log(common) / math.log(CATCH_ALL_SHARE)
    return base


def _ranked(
    doc: dict[str, int], words: dict[str, int], keys: dict[str, PhraseKey]
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
