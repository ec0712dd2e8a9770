"""Suggestions proposed and settled: the clusters of each group drafted, then pasted together
into the taxonomy until each keeps `min_papers` papers of its group (see the package's face).
Pure: no I/O, no logging."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from generator.address.slugs import make_slug
from generator.describe.suggest.clusters import cluster
from generator.describe.suggest.drafts import Draft, draft, known_keys
from generator.describe.suggest.terms import Terms, read_terms
from generator.describe.suggest.uptake import taken
from generator.models import Paper, Taxonomy

CROWDED = 0.4  # a topic holding more than this share of the papers is worth splitting
CROWDED_MIN_PAPERS = 12  # a smaller topic is no crowd, whatever its share
MIN_PAPERS = 3  # a suggested topic must gather at least this many papers
MAX_SUGGESTIONS = 10
ROUNDS = 3  # drafts dropped, the others pasted again: what each takes settles in a round or two


@dataclass(frozen=True)
class Suggestion:
    key: str
    name: str
    description: str
    keywords: tuple[str, ...]
    paper_ids: tuple[str, ...]  # the papers of `source` the topic would take
    paper_titles: tuple[str, ...]
    source: str  # the topic those papers are in now: the catch-all or a crowded topic
    elsewhere: int = 0  # papers of other topics it would take too (as their second topic)


def suggest_topics(
    papers: Sequence[Paper], taxonomy: Taxonomy, *, min_papers: int = MIN_PAPERS
) -> list[Suggestion]:
    """Suggestions for the catch-all's papers, then for crowded topics; those taking more
    papers first."""
    terms = read_terms(papers)
    taken_names = {topic.name.lower() for topic in taxonomy.topics}
    drafts: list[tuple[str, Draft, str]] = []  # key, draft, source
    for source, group in _groups(papers, taxonomy):
        ids = [paper.id for paper in group]
        drafts += _drafts(ids, source, terms, taxonomy, taken_names, min_papers)
    return _settled(papers, terms, taxonomy, drafts, min_papers)[:MAX_SUGGESTIONS]


def _drafts(
    ids: list[str],
    source: str,
    terms: Terms,
    taxonomy: Taxonomy,
    taken_names: set[str],
    min_papers: int,
) -> list[tuple[str, Draft, str]]:
    """A draft entry for each cluster of `min_papers` or more among `ids`, papers of `source`;
    its name and key unlike any taken."""
    known = known_keys([k for t in taxonomy.topics if t.name != source for k in t.keywords])
    keys = {topic.key for topic in taxonomy.topics}
    documents = terms.documents()
    found = []
    for members in cluster(ids, terms, documents):
        if len(members) < min_papers:
            continue
        entry = draft(members, terms, documents, known, source=source)
        if entry.keywords:
            entry = _unique_name(entry, taken_names)
            found.append((_unique(make_slug(entry.name, fallback="suggested-topic"), keys), entry))
    return [(key, entry, source) for key, entry in found]


def _settled(
    papers: Sequence[Paper],
    terms: Terms,
    taxonomy: Taxonomy,
    drafts: list[tuple[str, Draft, str]],
    min_papers: int,
) -> list[Suggestion]:
    """The drafts that, pasted together, take at least `min_papers` of their group each."""
    by_id = {paper.id: paper for paper in papers}
    kept = drafts
    for _ in range(ROUNDS):
        found = taken(papers, terms, taxonomy, [(key, d) for key, d, _ in kept])
        suggestions = [_suggestion(key, d, source, found[d.name], by_id) for key, d, source in kept]
        enough = [s for s in suggestions if len(s.paper_ids) >= min_papers]
        if len(enough) == len(kept):
            break
        kept = [entry for entry, s in zip(kept, suggestions, strict=True) if s in enough]
    return sorted(enough, key=lambda s: (-len(s.paper_ids), s.name))


def _suggestion(
    key: str, found: Draft, source: str, ids: list[str], by_id: dict[str, Paper]
) -> Suggestion:
    mine = sorted(i for i in ids if source in by_id[i].topic_names)
    titles = tuple(by_id[i].title for i in mine)
    elsewhere = len(ids) - len(mine)
    return Suggestion(key, found.name, found.description, found.keywords, tuple(mine), titles,
                      source, elsewhere)  # fmt: skip


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
    ordered = sorted(papers, key=lambda paper: paper.id)
    return [(name, [p for p in ordered if name in p.topic_names]) for name in names]


def _unique_name(found: Draft, taken_names: set[str]) -> Draft:
    name = _unique(found.name, taken_names)
    return Draft(name, found.keywords, found.description)


def _unique(base: str, taken: set[str]) -> str:
    candidate, number = base, 2
    while candidate.lower() in taken:
        candidate, number = f"{base}-{number}", number + 1
    taken.add(candidate.lower())
    return candidate
