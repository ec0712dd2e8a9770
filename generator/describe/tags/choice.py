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
from generator.describe.tags.fitted import fold, tag_phrases

MAX_TAGS = 6
MIN_TAGS = 3  # a paper that shares few candidates still shows this many of its own
POOL_SIZE = 30  # a paper's best candidates: deeper ones are mentioned in passing
# A tag in the candidates of more than this share of a list's papers describes the list, not
# the paper ("large language model (LLM)" on an LLM list): it is no chip on their pages. Lists
# of fewer than BROAD_MIN_PAPERS papers are too small to tell.
BROAD_SHARE = 0.25
BROAD_MIN_PAPERS = 8
# A phrase that opens on a size or degree word or a gerund ("early draft head", "learning
# agent behavior") is a term only if at least this many training abstracts use it ("large
# language model", "sequential monte carlo" need no such test).
ESTABLISHED = 3
# Size and degree words: before one more word they make a fragment ("large pool", "high
# probability", "advanced theorem"), not a concept; before two ("large language model") they
# may name one.
_DEGREE = frozenset(
    """large small high low big huge tiny vast massive little much many few more less most
    least advanced sufficient insufficient restrictive significant substantial considerable
    limited extensive strong weak good better best poor rich broad wide narrow key main major
    minor additional extra certain particular specific typical standard general usual whole
    entire full single multiple several various different similar same original relevant
    important crucial essential significant remarkable first second third last final initial
    previous prior existing recent current new novel early late long short vanilla naive""".split()
)


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
    if len(words) > 2 and words[0] in _COMPARING:
        return False
    if _risky_opening(words) and tag_phrases().df.get(fold(tag), 0) < ESTABLISHED:
        return False
    if len(words) == 2:
        first, head = words
        if first.lower() in _DEGREE:
            return False
        if head.lower() in WEAK_HEADS:
            return False
        # "VAE model", "AI system", "large LLM": the acronym's own tag says as much
        if first.isupper() and head in GENERIC_WORDS:
            return False
        return not (first in GENERIC_WORDS and is_name(head))
    return True


# Words that judge or compare ("useful missing information", "lower sample complexity",
# "tight regret lower-bound"): they open a term ("optimal transport") or a fragment.
_JUDGING = frozenset(
    """useful lower higher larger smaller greater tight tighter universal efficient effective
    powerful simple simpler practical promising challenging reasonable interesting favorable
    superior inferior suitable appropriate accurate fast faster slow slower easy hard difficult
    robust stable optimal suboptimal near-optimal missing unknown true expensive cheap costly
    rich poor desired good bad earlier later former successful unsuccessful meaningful
    helpful non-trivial nontrivial trivial proper""".split()
)


# A comparison before two more words is a claim, not a name ("lower sample complexity").
_COMPARING = frozenset(
    "lower higher larger smaller greater tighter faster slower simpler better worse".split()
)


def _risky_opening(words: list[str]) -> bool:
    """A size, degree or judging word, a lower-case gerund, or a participle before two more
    words ("trained linear classifier"): it opens a term or a fragment."""
    first = words[0]
    judging = first in _JUDGING or first.endswith("less")  # "hopeless search problem"
    if first in _DEGREE or judging or (first.endswith("ing") and first.islower()):
        return True
    return len(words) > 2 and first.endswith("ed") and first.islower()


def choose_across(
    pools: Sequence[Sequence[str]],
    coined: Sequence[str],
    lists: Sequence[Sequence[str]] | None = None,
) -> list[tuple[str, ...]]:
    """Each paper's tags, from its candidates (`pools`, best first) and its coined name's tag
    ("" for none), never one that describes a list the paper is in (`lists`: each paper's list
    names; `broad_tags`). Twice: first "shared" means in another paper's candidates; then,
    chosen by another paper, so a tag no other paper ended up showing gives way to the paper's
    next."""
    broad = broad_tags(pools, lists or [()] * len(pools))
    pools = [[tag for tag in pool if tag not in broad[index]] for index, pool in enumerate(pools)]
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


def broad_tags(
    pools: Sequence[Sequence[str]], lists: Sequence[Sequence[str]]
) -> list[frozenset[str]]:
    """Per paper, the tags that describe a list it is in: in the candidates of more than
    BROAD_SHARE of that list's papers (a list of at least BROAD_MIN_PAPERS)."""
    members: dict[str, list[int]] = {}
    for index, names in enumerate(lists):
        for name in names:
            members.setdefault(name, []).append(index)
    broad_in: dict[str, frozenset[str]] = {}
    for name, papers in members.items():
        counts = Counter(tag for index in papers for tag in set(pools[index]))
        limit = BROAD_SHARE * len(papers)
        wide = len(papers) >= BROAD_MIN_PAPERS
        broad_in[name] = frozenset(t for t, n in counts.items() if wide and n > limit)
    return [frozenset().union(*(broad_in[name] for name in names)) for names in lists]


def _choose(pool: Sequence[str], coined: str, shared: Callable[[str], bool]) -> tuple[str, ...]:
    """The coined name's tag first, then the paper's best candidate (its central concept,
    shared or not), then shared candidates, then the paper's own to reach MIN_TAGS; no tag
    inside another (the coined name's aside: it may hold a shared tag)."""
    chosen = [coined] if coined else []
    held: list[str] = []  # the chosen tags' words, as `bare` spells them
    if pool and pool[0] not in chosen:
        chosen.append(pool[0])
        held.append(bare(pool[0]))
    for wanted, limit in ((True, MAX_TAGS), (False, MIN_TAGS)):
        for tag in pool:
            if len(chosen) >= limit:
                break
            if tag in chosen or not _apart(bare(tag), held):
                continue
            if shared(tag) == wanted:
                chosen.append(tag)
                held.append(bare(tag))
    return tuple(chosen)


def _apart(words: str, held: list[str]) -> bool:
    return not any(other in words or words in other for other in held)


def bare(tag: str) -> str:
    """A tag's words in lower case, without an acronym after its long form ("reinforcement
    learning (RL)" is inside "reinforcement learning from human feedback (RLHF)"), between
    spaces, hyphens as spaces ("best-arm identification" holds "best arm identification")."""
    long_form, bracket, _ = tag.partition(" (")
    words = long_form if bracket and tag.endswith(")") else tag
    return f" {words.lower().replace('(', '').replace(')', '').replace('-', ' ')} "
