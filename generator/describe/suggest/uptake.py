"""What suggested entries would take, pasted into the taxonomy: found with the real matcher.

The entries are added to the taxonomy (before its catch-all) and the papers that hold one of
their keywords are given topics again, as the build would: a paper is taken by an entry when
the entry is among its topics then. Only those papers are read again, so the cost follows
the papers the keywords reach, not the collection. Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from generator.describe.suggest.drafts import Draft, known_keys
from generator.describe.suggest.terms import Terms
from generator.describe.topics import KeywordIndex, assign_topics
from generator.models import Paper, Taxonomy, Topic


def extended(taxonomy: Taxonomy, entries: Sequence[tuple[str, Draft]]) -> Taxonomy:
    """The taxonomy with the entries (key, draft) before its catch-all."""
    added = [Topic(key, d.name, d.description, d.keywords) for key, d in entries]
    topics = [topic for topic in taxonomy.topics if not topic.catch_all]
    return replace(taxonomy, topics=(*topics, *added, taxonomy.catch_all))


def taken(
    papers: Sequence[Paper], terms: Terms, taxonomy: Taxonomy, entries: Sequence[tuple[str, Draft]]
) -> dict[str, list[str]]:
    """For each entry's name, the ids of the papers that would be in it, in `papers` order."""
    index = KeywordIndex(extended(taxonomy, entries))
    keys = known_keys([keyword for _, d in entries for keyword in d.keywords])
    found: dict[str, list[str]] = {d.name: [] for _, d in entries}
    for paper in papers:
        if keys.isdisjoint(terms.papers[paper.id].counts):
            continue  # no keyword of any entry: its topics stay as they are
        matched = assign_topics(index, text=paper.text, title=paper.title, tags=paper.tags,
                                summary=paper.summary)  # fmt: skip
        for match in matched:
            if match.topic in found:
                found[match.topic].append(paper.id)
    return found
