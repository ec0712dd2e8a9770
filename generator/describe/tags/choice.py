"""Which of its candidate tags a paper shows, chosen across the whole collection.

A tag is a way to other papers: a paper's candidates (`tags`, best first, one spelling per
concept) that other papers of the collection share are preferred over those it holds alone,
the name the paper coins stays even when no other paper uses it, and a paper sharing
nothing still gets a few of its best own tags. Only keyphrases a reader would click are
candidates (`is_keyphrase`): never a lone common word ("estimation") nor a general head after
one word ("downstream task"). Owns the choice, never the candidates' text or weights.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from generator.describe.reading.lexicon import FIELD_WORDS, GENERIC_WORDS, WEAK_HEADS, is_name

MAX_TAGS = 6
MIN_TAGS = 3  # a paper that shares few candidates still shows this many of its own
POOL_SIZE = 30  # a paper's best candidates: deeper ones are mentioned in passing


def is_keyphrase(tag: str) -> bool:
    """A phrase that names a method, problem, setting or dataset: an acronym with its long
    form, a name (longer than "AI" or "SD": two capitals alone say too little), a word the
    field uses as a term on its own, or a phrase whose head, if general, comes after more
    than one word."""
    if tag.endswith(")"):
        return True  # an acronym the authors defined names a key idea
    words = tag.split()
    if len(words) == 1:
        return (is_name(tag) and len(tag) > 2) or tag.lower() in FIELD_WORDS
    if len(words) == 2:
        first, head = words
        if head.lower() in WEAK_HEADS:
            return False
        # "VAE model", "AI system", "large LLM": the acronym's own tag says as much
        if first.isupper() and head in GENERIC_WORDS:
            return False
        return not (first in GENERIC_WORDS and is_name(head))
    return True


def choose_across(pools: Sequence[Sequence[str]], coined: Sequence[str]) -> list[tuple[str, ...]]:
    """Each paper's tags, from its candidates (`pools`, best first) and its coined name's tag
    ("" for none). Twice: first "shared" means in another paper's candidates; then, chosen by
    another paper, so a tag no other paper ended up showing gives way to the paper's next."""
    in_pools = Counter(tag for pool in pools for tag in set(pool))
    first = [
        _choose(pool, name, lambda tag: in_pools[tag] >= 2)
        for pool, name in zip(pools, coined, strict=True)
    ]
    shown = Counter(tag for tags in first for tag in tags)

    def shown_by_another(own: tuple[str, ...]) -> Callable[[str], bool]:
        return lambda tag: shown[tag] - (tag in own) >= 1

    return [
        _choose(pool, name, shown_by_another(own))
        for pool, name, own in zip(pools, coined, first, strict=True)
    ]


def _choose(pool: Sequence[str], coined: str, shared: Callable[[str], bool]) -> tuple[str, ...]:
    """The coined name's tag first, then shared candidates, then the paper's own to reach
    MIN_TAGS; no tag inside another (the coined name's aside: it may hold a shared tag)."""
    chosen = [coined] if coined else []
    held: list[str] = []  # the chosen tags' words, as `bare` spells them
    for wanted, limit in ((True, MAX_TAGS), (False, MIN_TAGS)):
        for tag in pool:
            if len(chosen) >= limit:
                break
            if tag not in chosen and shared(tag) == wanted and _apart(bare(tag), held):
                chosen.append(tag)
                held.append(bare(tag))
    return tuple(chosen)


def _apart(words: str, held: list[str]) -> bool:
    return not any(other in words or words in other for other in held)


def bare(tag: str) -> str:
    """A tag's words in lower case, without an acronym after its long form ("reinforcement
    learning (RL)" is inside "reinforcement learning from human feedback (RLHF)"), between
    spaces."""
    long_form, bracket, _ = tag.partition(" (")
    words = long_form if bracket and tag.endswith(")") else tag
    return f" {words.lower().replace('(', '').replace(')', '')} "
