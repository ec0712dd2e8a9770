"""Derived metadata: each enricher owns one concern; this module only sequences them. Pure.

Per paper: title (unless a source gave one), summary, kind, topics (from the taxonomy). Across
the collection: tags (weighed against all papers), related papers and each paper's place on
the map (from the same vectors). The work of each paper
runs on any core (`parallel`), in two passes: what a paper gives on its own, then, once the
collection's tags are weighed, its tags and the topics that read them. What the last run found
(`DescribeMemory`, kept in the build cache) is reused wherever its inputs are unchanged, so an edit
costs the papers it touches, and the result is always what a cold run gives.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from generator import parallel
from generator.describe import topics
from generator.describe.kinds import classify
from generator.describe.reading.abstracts import analyse
from generator.describe.reading.acronyms import for_tags
from generator.describe.summaries import summarize
from generator.describe.tags import collection as tags
from generator.describe.tags import reuse as tags_reuse
from generator.describe.titles import candidates as titles
from generator.models import Paper, Taxonomy, TopicMatch
from generator.resolve import credited


class _OnItsOwn(NamedTuple):
    """What a paper's abstract gives without looking at any other paper."""

    title: str
    title_source: str
    summary: str
    kind: str
    acronyms: dict[str, str]  # defined in the abstract, for tagging
    coined: str  # the name it coins ("" for none): it stays a tag


# What each abstract gives on its own, by (abstract, a source's title): a run that has the last
# run's (the build cache keeps them) describes again only the abstracts that are new.
Descriptions = dict[tuple[str, str], "_OnItsOwn"]
# A paper's topics by what they read (text, title, tags, summary), for one taxonomy.
_TopicsRead = dict[tuple[str, str, tuple[str, ...], str], tuple[TopicMatch, ...]]


class DescribeMemory(NamedTuple):
    """What the last run found, for this one to reuse where it still holds: each abstract on
    its own, the collection's tag reading, and each paper's topics under `taxonomy`."""

    alone: Descriptions
    tags: tags_reuse.TagMemory
    topics: _TopicsRead
    taxonomy: Taxonomy | None


FORGOTTEN = DescribeMemory({}, tags_reuse.FORGOTTEN, {}, None)
# The records a `DescribeMemory` holds, for the build cache to read back (`buildcache.codec`).
CACHED = (DescribeMemory, _OnItsOwn, tags_reuse.TagMemory, tags_reuse.Remembered, tags.PhraseKey)


def describe(papers: list[Paper], taxonomy: Taxonomy) -> list[Paper]:
    """Every paper with its title, summary, kind, tags and topics."""
    return describe_reusing(papers, taxonomy, FORGOTTEN)[0]


def describe_reusing(
    papers: list[Paper], taxonomy: Taxonomy, last: DescribeMemory
) -> tuple[list[Paper], DescribeMemory, dict[str, int]]:
    """`describe`, taking from `last` what still holds: only new abstracts are described on
    their own, and only the tags and topics whose inputs moved are chosen again, so a run
    gives what a cold one would. Returns the papers, this run's memory and how many of each
    were done afresh."""
    keys = [_key(paper) for paper in papers]
    new = list({_key(paper): paper for paper in papers if _key(paper) not in last.alone}.values())
    found = parallel.map_each(_on_its_own, new)
    descriptions = {**last.alone, **{_key(p): f for p, f in zip(new, found, strict=True)}}
    descriptions = {key: descriptions[key] for key in keys}
    alone = [descriptions[key] for key in keys]
    reading, tag_memory = tags.read_reusing(
        [paper.text for paper in papers],
        [found.acronyms for found in alone],
        [found.coined for found in alone],
        last.tags,
        [paper.lists for paper in papers],
    )
    known = last.topics if last.taxonomy == taxonomy else {}
    described, topics_read = _with_tags_and_topics(papers, alone, reading, taxonomy, known)
    afresh = {"described": len(new), "read for tags": reading.read, "ranked": reading.ranked,
              "topics assigned": len(topics_read.keys() - known.keys())}  # fmt: skip
    return described, DescribeMemory(descriptions, tag_memory, topics_read, taxonomy), afresh


def _key(paper: Paper) -> tuple[str, str]:
    return paper.abstract, paper.bib.title


def _with_tags_and_topics(
    papers: list[Paper],
    alone: list[_OnItsOwn],
    reading: tags.Reading,
    taxonomy: Taxonomy,
    known: _TopicsRead,
) -> tuple[list[Paper], _TopicsRead]:
    """The papers described, and their topics by what they read: only topics whose inputs
    are not in `known` are assigned again."""
    read = [
        (paper.text, found.title, tags.choose(reading, index), found.summary)
        for index, (paper, found) in enumerate(zip(papers, alone, strict=True))
    ]
    again = [index for index, inputs in enumerate(read) if inputs not in known]
    shared = (read, again, topics.KeywordIndex(taxonomy))
    fresh = dict(zip(again, parallel.ordered_map(_topics_at, shared, len(again)), strict=True))
    chosen = [
        fresh[index] if index in fresh else known[inputs] for index, inputs in enumerate(read)
    ]
    described = [
        replace(paper, title=found.title, title_source=credited(paper, found.title_source),
                summary=found.summary, kind=found.kind, tags=inputs[2], topics=paper_topics)
        for paper, found, inputs, paper_topics in zip(papers, alone, read, chosen, strict=True)
    ]  # fmt: skip
    return described, dict(zip(read, chosen, strict=True))


def _on_its_own(paper: Paper) -> _OnItsOwn:
    abstract = analyse(paper.abstract)
    title, source = (paper.bib.title, "source") if paper.bib.title else (
        titles.derive_title(abstract), "derived"
    )  # fmt: skip
    return _OnItsOwn(
        title, source, summarize(abstract), classify(abstract), for_tags(abstract.definitions),
        tags.coined_short(abstract),
    )  # fmt: skip


def _topics_at(
    shared: tuple[list[tuple[str, str, tuple[str, ...], str]], list[int], topics.KeywordIndex],
    number: int,
) -> tuple[TopicMatch, ...]:
    """The topics of paper `again[number]`, from what they read."""
    read, again, keywords = shared
    text, title, paper_tags, summary = read[again[number]]
    return topics.assign_topics(keywords, text=text, title=title, tags=paper_tags, summary=summary)


def relate(papers: list[Paper], *, k: int, taxonomy: Taxonomy | None = None) -> Related:
    """Each paper with its k related papers, and (given the taxonomy, whose topics anchor the
    map) each paper's place on the map as (id, x, y), in the papers' order."""
    # Imported here, so that numpy and scipy load only when papers are related: a run that
    # finds nothing changed, `check` and `find` never relate any.
    from generator.describe import positions, related

    ids = [p.id for p in papers]
    documents = [f"{p.title} {p.title} {' '.join(p.tags)} {p.text}" for p in papers]
    vectors = related.vectorise(ids, documents)
    neighbours = related.related_ids(ids, documents, k=k, vectors=vectors)
    placed = [replace(paper, related=ids) for paper, ids in zip(papers, neighbours, strict=True)]
    if taxonomy is None:
        return Related(placed, ())
    index = {topic.name: n for n, topic in enumerate(taxonomy.topics)}
    points = positions.place(vectors, [[index[name] for name in p.topic_names] for p in papers])
    return Related(placed, tuple((pid, x, y) for pid, (x, y) in zip(ids, points, strict=True)))


class Related(NamedTuple):
    papers: list[Paper]
    points: tuple[tuple[str, int, int], ...]  # (id, x, y) on the map, in the papers' order
