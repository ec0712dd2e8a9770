"""Derived metadata: each enricher owns one concern; this module only sequences them. Pure.

Per paper: title (unless a source gave one), summary, kind, topics (from the taxonomy). Across
the collection: tags (weighed against all papers), related papers. The work of each paper
runs on any core (`parallel`), in two passes: what a paper gives on its own, then, once the
collection's tags are weighed, its tags and the topics that read them.
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
from generator.describe.titles import candidates as titles
from generator.models import Paper, Taxonomy, TopicMatch


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


def describe(papers: list[Paper], taxonomy: Taxonomy) -> list[Paper]:
    """Every paper with its title, summary, kind, tags and topics."""
    return describe_reusing(papers, taxonomy, {})[0]


def describe_reusing(
    papers: list[Paper], taxonomy: Taxonomy, known: Descriptions
) -> tuple[list[Paper], Descriptions]:
    """`describe`, taking what each known abstract gives on its own from `known`; returns the
    papers and what each of their abstracts gives."""
    keys = [_key(paper) for paper in papers]
    new = list({_key(paper): paper for paper in papers if _key(paper) not in known}.values())
    found = parallel.map_each(_on_its_own, new)
    descriptions = {**known, **{_key(p): f for p, f in zip(new, found, strict=True)}}
    descriptions = {key: descriptions[key] for key in keys}
    alone = [descriptions[key] for key in keys]
    return _with_tags_and_topics(papers, alone, taxonomy), descriptions


def _key(paper: Paper) -> tuple[str, str]:
    return paper.abstract, paper.bib.title


def _with_tags_and_topics(
    papers: list[Paper], alone: list[_OnItsOwn], taxonomy: Taxonomy
) -> list[Paper]:
    reading = tags.read(
        [paper.text for paper in papers],
        [found.acronyms for found in alone],
        [found.coined for found in alone],
    )
    shared = (papers, alone, reading, topics.KeywordIndex(taxonomy))
    chosen = parallel.ordered_map(_tags_and_topics, shared, len(papers))
    return [
        replace(paper, title=found.title, title_source=found.title_source,
                summary=found.summary, kind=found.kind, tags=paper_tags, topics=paper_topics)
        for paper, found, (paper_tags, paper_topics) in zip(papers, alone, chosen, strict=True)
    ]  # fmt: skip


def _on_its_own(paper: Paper) -> _OnItsOwn:
    abstract = analyse(paper.abstract)
    title, source = (paper.bib.title, "source") if paper.bib.title else (
        titles.derive_title(abstract), "derived"
    )  # fmt: skip
    return _OnItsOwn(
        title, source, summarize(abstract), classify(abstract), for_tags(abstract.definitions),
        tags.coined_short(abstract),
    )  # fmt: skip


def _tags_and_topics(
    shared: tuple[list[Paper], list[_OnItsOwn], tags.Reading, topics.KeywordIndex], index: int
) -> tuple[tuple[str, ...], tuple[TopicMatch, ...]]:
    papers, alone, reading, keywords = shared
    paper_tags = tags.choose(reading, index)
    found = alone[index]
    paper_topics = topics.assign_topics(
        keywords, text=papers[index].text, title=found.title, tags=paper_tags,
        summary=found.summary,
    )  # fmt: skip
    return paper_tags, paper_topics


def relate(papers: list[Paper], *, k: int) -> list[Paper]:
    # Imported here, so that numpy and scipy load only when papers are related: a run that
    # finds nothing changed, `check` and `find` never relate any.
    from generator.describe import related

    documents = [f"{p.title} {p.title} {' '.join(p.tags)} {p.text}" for p in papers]
    neighbours = related.related_ids([p.id for p in papers], documents, k=k)
    return [replace(paper, related=ids) for paper, ids in zip(papers, neighbours, strict=True)]
