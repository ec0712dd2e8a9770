"""The curator's corrections (`lists/curation.yml`, read by `read.curation`), applied purely.

An entry whose id is no longer a paper (its abstract was edited) follows the lock's aliases to
the edited paper, and is reported either way, with the closest current paper when the alias is
unknown: an edit is never dropped silently.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.address.assign import resolve
from generator.address.sketches import similarity, sketch
from generator.models import Curation, Lock, Paper, Problem, Taxonomy, TopicMatch


def apply_curation(
    papers: list[Paper],
    curations: dict[str, tuple[Curation, int]],
    *,
    taxonomy: Taxonomy,
    lock: Lock,
    path: Path,
) -> tuple[list[Paper], list[Problem]]:
    """Papers with the curator's changes; problems for entries that need the curator's eye."""
    by_id = {paper.id: paper for paper in papers}
    problems: list[Problem] = []
    resolved: dict[str, Curation] = {}
    for pid, (curation, line) in curations.items():
        current = resolve(lock, pid)
        if current not in by_id:
            problems.append(Problem(path, line, _orphan_message(pid, papers, lock)))
            continue
        if current != pid:
            problems.append(Problem(path, line, f"paper {pid} was edited and is now {current}: "
                                    "the entry applies to it; update the id"))  # fmt: skip
        resolved[current] = curation
    curated = []
    for paper in papers:
        own = resolved.get(paper.id)
        if own is None:
            curated.append(paper)
            continue
        paper, found = _apply(paper, own, taxonomy)
        curated.append(paper)
        problems.extend(Problem(path, curations.get(paper.id, (None, 1))[1], message)
                        for message in found)  # fmt: skip
    return curated, problems


def _apply(paper: Paper, curation: Curation, taxonomy: Taxonomy) -> tuple[Paper, list[str]]:
    problems: list[str] = []
    tags = [t for t in paper.tags if t not in curation.remove_tags]
    tags += [t for t in curation.add_tags if t not in tags]
    topics = [
        m for m in paper.topics if not _names_topic(curation.remove_topics, m.topic, taxonomy)
    ]
    for wanted in curation.add_topics:
        topic = next((t for t in taxonomy.topics if wanted in (t.key, t.name)), None)
        if topic is None:
            problems.append(f"paper {paper.id}: unknown topic '{wanted}' (not in the taxonomy)")
        elif topic.name not in [m.topic for m in topics]:
            topics.insert(0, _curator_match(topic.name))
    if len(topics) > 1:
        topics = [m for m in topics if m.topic != taxonomy.catch_all.name]
    title, title_source = (
        (curation.title, "curator") if curation.title else (paper.title, paper.title_source)
    )
    changed = replace(
        paper,
        tags=tuple(tags),
        topics=tuple(topics) or paper.topics,
        curation=curation,
        title=title,
        title_source=title_source,
    )
    return changed, problems


def _names_topic(names: tuple[str, ...], topic: str, taxonomy: Taxonomy) -> bool:
    return any(name in (topic, taxonomy.by_name(topic).key) for name in names)


def _curator_match(topic: str) -> TopicMatch:
    return TopicMatch(topic, 0.0, ("chosen by the curator",))


def _orphan_message(pid: str, papers: list[Paper], lock: Lock) -> str:
    entry = lock.papers.get(pid)
    if entry is None or not entry.sketch:
        return f"curation entry for unknown paper id {pid}: no such paper in any list"
    scored = [(similarity(entry.sketch, sketch(p.text)), p) for p in papers]
    score, closest = max(scored, key=lambda item: (item[0], item[1].id), default=(0.0, None))
    hint = f"; closest current paper: {closest.id} \"{closest.title}\" ({score:.0%} similar)" \
        if closest is not None else ""  # fmt: skip
    return f"curation entry for paper {pid}, which is no longer in any list{hint}"
