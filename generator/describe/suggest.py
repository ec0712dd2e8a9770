"""Topic suggestions: new taxonomy entries proposed from papers the taxonomy describes badly.

Two groups of papers are read: those in the catch-all topic, and those of a crowded topic
(one holding more than CROWDED of all papers, which then says little). Within a group, the
noun phrase that is most typical of it (frequent in the group, rare elsewhere) seeds a new
topic; the phrases its papers share become the topic's keywords; those papers leave the group
and the next seed is sought. Every keyword therefore occurs in the papers it claims, so the
suggestion works when the curator pastes it into topics.yml. Pure: no I/O, no logging; the
CLI and the build log decide what to print.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import yaml

from generator.address.slugs import make_slug
from generator.describe.reading.lexicon import GENERIC_WORDS, MODIFIER, word_class
from generator.describe.tags.keyphrases import candidates
from generator.models import Paper, Taxonomy

CROWDED = 0.4  # a topic holding more than this share of the papers is worth splitting
CROWDED_MIN_PAPERS = 12  # a smaller topic is no crowd, whatever its share
MIN_PAPERS = 3  # a suggested topic must gather at least this many papers
MAX_KEYWORDS = 8
TAGGED_SEED = 2  # a seed is in the tags of at least this many of its papers
KEYWORD_PRECISION = 0.75  # of the papers using a keyword, at least this share are members
MAX_SUGGESTIONS = 8
MAX_SEED_SHARE = 0.25  # a seed used by more of the collection's papers names no subject
BOUND_SHARE = 0.75  # of a cluster's papers, this share must be more like one another than
# like the rest of their group: else the seed gathers several subjects under one word
_ACRONYM = re.compile(r"^(.*) \(([^()]+)\)$")


@dataclass(frozen=True)
class Suggestion:
    key: str
    name: str
    description: str
    keywords: tuple[str, ...]
    paper_ids: tuple[str, ...]  # the papers the topic would gather
    paper_titles: tuple[str, ...]
    source: str  # the topic those papers are in now: the catch-all or a crowded topic


def suggest_topics(
    papers: Sequence[Paper], taxonomy: Taxonomy, *, min_papers: int = MIN_PAPERS
) -> list[Suggestion]:
    """Suggestions for the catch-all's papers, then for crowded topics; best first."""
    terms = {paper.id: _terms(paper) for paper in papers}
    everywhere = Counter(term for found in terms.values() for term in found)
    taken_keys = {topic.key for topic in taxonomy.topics}
    taken_names = {topic.name.lower() for topic in taxonomy.topics}
    catch_all = taxonomy.catch_all.name
    suggestions: list[Suggestion] = []
    for source, group in _groups(papers, taxonomy):
        known = _known_keywords(taxonomy, besides=source)
        usable = {p.id: {t for t in terms[p.id] if t not in known} for p in group}
        # Papers no topic describes may be drawn in by a keyword; others are taken from a topic.
        free = Counter(t for p in group for t in usable[p.id]) if source == catch_all else None
        clusters = _clusters(group, usable, everywhere, min_papers, free, total=len(papers))
        for members, keywords in clusters:
            suggestion = _describe(members, keywords, source, taken_keys, taken_names)
            taken_keys.add(suggestion.key)
            taken_names.add(suggestion.name.lower())
            suggestions.append(suggestion)
    return suggestions[:MAX_SUGGESTIONS]


def catch_all_share(papers: Sequence[Paper], taxonomy: Taxonomy) -> float:
    """The share of papers in the catch-all topic: the build log's cue to suggest topics."""
    name = taxonomy.catch_all.name
    return sum(name in paper.topic_names for paper in papers) / len(papers) if papers else 0.0


def _groups(papers: Sequence[Paper], taxonomy: Taxonomy) -> list[tuple[str, list[Paper]]]:
    sizes = Counter(name for paper in papers for name in paper.topic_names)
    names = [taxonomy.catch_all.name]
    crowded = [
        name
        for name, size in sizes.items()
        if size > CROWDED * len(papers) and size >= CROWDED_MIN_PAPERS
    ]
    names += sorted(set(crowded) - set(names), key=lambda name: (-sizes[name], name))
    return [(name, [p for p in papers if name in p.topic_names]) for name in names]


def _terms(paper: Paper) -> set[str]:
    """The paper's noun phrases and tags, lower case; generic words alone are no term."""
    found = {
        part.lower()
        for phrase in candidates(f"{paper.title}. {paper.text}")
        for part in _parts(phrase)
    }
    for tag in paper.tags:
        match = _ACRONYM.match(tag)
        found.update(part.lower() for part in (match.groups() if match else (tag,)))
    return {term for term in found if term not in GENERIC_WORDS and len(term) > 3}


def _parts(phrase: str) -> list[str]:
    """A phrase and its inner phrases: "protein folding pathway" holds "protein folding"."""
    words = phrase.split()
    return [
        " ".join(words[i:j])
        for i in range(len(words))
        for j in range(i + 1, len(words) + 1)
        if word_class(words[j - 1]) != MODIFIER
    ]


def _known_keywords(taxonomy: Taxonomy, *, besides: str) -> set[str]:
    """Keywords of every topic but `besides`: a crowded topic's own words may split it."""
    return {
        keyword.rstrip("*")
        for topic in taxonomy.topics
        if topic.name != besides
        for keyword in topic.keywords
    }


def _clusters(
    group: list[Paper],
    terms: dict[str, set[str]],
    everywhere: Counter[str],
    min_papers: int,
    free: Counter[str] | None,
    *,
    total: int,
) -> list[tuple[list[Paper], list[str]]]:
    """Greedy cover: the most typical phrase whose papers hang together seeds a cluster; a
    phrase more than MAX_SEED_SHARE of all `total` papers use ("language" in a list of NLP
    papers) seeds none."""
    weights = _rarity(everywhere)
    broad = MAX_SEED_SHARE * total
    remaining = list(group)
    clusters = []
    while len(remaining) >= min_papers:
        here = Counter(term for paper in remaining for term in terms[paper.id])
        seeds = [
            term
            for term, n in here.items()
            if n >= min_papers
            and _telling(term)
            and everywhere[term] <= max(broad, n)
            and _tagged(term, remaining) >= TAGGED_SEED
        ]
        # Of equally typical seeds the one gathering more papers leaves fewer behind.
        seeds.sort(key=lambda t: (-_typicality(here[t], everywhere[t], t), -here[t], t))
        found = _first_cohesive(seeds, group, remaining, terms, weights)
        if found is None:
            break
        seed, members = found
        clusters.append((members, _keywords(seed, members, terms, everywhere, free or Counter())))
        remaining = [paper for paper in remaining if seed not in terms[paper.id]]
    return clusters


def _first_cohesive(
    seeds: list[str],
    group: list[Paper],
    remaining: list[Paper],
    terms: dict[str, set[str]],
    weights: dict[str, float],
) -> tuple[str, list[Paper]] | None:
    """The first seed whose papers are bound to one another, and those papers: a seed whose
    papers share little besides it gathers several subjects under one word."""
    for seed in seeds:
        members = [paper for paper in remaining if seed in terms[paper.id]]
        rest = [paper for paper in group if seed not in terms[paper.id]]
        bound = _bound(members, rest, terms, weights, seed)
        if bound >= BOUND_SHARE * len(members):
            return seed, members
    return None


def _rarity(everywhere: Counter[str]) -> dict[str, float]:
    """What sharing a term says of two papers: more, the fewer papers use it. The most used
    term stands in for the collection's size, which is at least that."""
    most = max(everywhere.values(), default=1)
    return {term: math.log(1 + most / n) for term, n in everywhere.items()}


def _bound(
    members: list[Paper],
    rest: list[Paper],
    terms: dict[str, set[str]],
    weights: dict[str, float],
    seed: str,
) -> int:
    """How many members are more like the other members than like the rest of the group,
    by the rarity of the terms they share; the seed aside, which every member has."""
    inside = Counter(term for paper in members for term in terms[paper.id])
    outside = Counter(term for paper in rest for term in terms[paper.id])
    bound = 0
    for paper in members:
        own = terms[paper.id] - {seed}
        near = sum(weights[t] * (inside[t] - 1) for t in own) / max(1, len(members) - 1)
        far = sum(weights[t] * outside[t] for t in own) / max(1, len(rest))
        bound += near > far
    return bound


def _tagged(term: str, papers: list[Paper]) -> int:
    """How many of the papers carry `term` in a tag: the tags name what papers are about, so
    a term no tag holds ("consistent", "literature") is a passing word, no subject."""
    return sum(any(f" {term} " in f" {tag.lower()} " for tag in paper.tags) for paper in papers)


def _telling(term: str) -> bool:
    """A seed names a subject: a phrase, or a noun long enough not to be filler (not an
    adjective: "structural")."""
    return " " in term or (len(term) >= 7 and word_class(term) != MODIFIER)


def _typicality(in_group: int, overall: int, term: str) -> float:
    # Coverage of the group times precision against the collection; phrases read better.
    return in_group * in_group / overall * (1.5 if " " in term else 1.0)


def _keywords(
    seed: str,
    members: list[Paper],
    terms: dict[str, set[str]],
    everywhere: Counter[str],
    free: Counter[str],
) -> list[str]:
    """The seed, then the phrases at least two members (and a third of them) share and that
    are distinctive of them: of the papers using one, most are members or `free` (papers no
    topic describes), else pasting it takes papers from the topics they are in."""
    shared = Counter(term for paper in members for term in terms[paper.id])
    drawn = {term: everywhere[term] - max(free[term], n) + n for term, n in shared.items()}
    floor = max(2, len(members) // 3)
    usable = {
        term
        for term, n in shared.items()
        if n >= floor and term != seed and n >= drawn[term] * KEYWORD_PRECISION
    }
    ranked = sorted(usable, key=lambda t: (-_typicality(shared[t], drawn[t], t), t))
    keywords = [seed]
    for term in ranked:
        if len(keywords) >= MAX_KEYWORDS:
            break
        if not any(f" {term} " in f" {kept} " for kept in keywords):
            keywords.append(term)
    return keywords


def _describe(
    members: list[Paper], keywords: list[str], source: str, keys: set[str], names: set[str]
) -> Suggestion:
    name = _unique(keywords[0].title() if keywords[0].islower() else keywords[0], names)
    key = _unique(make_slug(name, fallback="suggested-topic"), keys)
    others = ", ".join(keywords[1:4])
    description = f"Papers on {keywords[0]}" + (f", {others} and related work." if others else ".")
    ids = tuple(sorted(paper.id for paper in members))
    titles = tuple(paper.title for paper in sorted(members, key=lambda p: p.id))
    return Suggestion(key, name, description, tuple(keywords), ids, titles, source)


def _unique(base: str, taken: set[str]) -> str:
    candidate, number = base, 2
    while candidate.lower() in taken:
        candidate, number = f"{base}-{number}", number + 1
    return candidate


def render_suggestions(suggestions: Sequence[Suggestion]) -> str:
    """YAML the curator can paste under `topics:` in topics.yml, one commented entry each."""
    if not suggestions:
        return "# No topic suggestions: every group of papers has a topic that fits.\n"
    lines = ["# Suggested topics: review, rename, then paste the entries under `topics:`."]
    for suggestion in suggestions:
        lines.append("")
        lines.append(f"# From '{_one_line(suggestion.source)}': {len(suggestion.paper_ids)} papers")
        lines.extend(f"#   - {_one_line(title)}" for title in suggestion.paper_titles[:5])
        entry = {
            "key": suggestion.key,
            "name": suggestion.name,
            "description": suggestion.description,
            "keywords": list(suggestion.keywords),
        }
        dumped = yaml.safe_dump([entry], sort_keys=False, allow_unicode=True, width=96)
        lines.extend(f"  {line}" for line in dumped.splitlines())
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())
