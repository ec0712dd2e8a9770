"""Derived metadata: each enricher owns one concern; this module only sequences them. Pure.

Per paper: title (unless a source gave one), summary, kind, topics (from the taxonomy), each
paper on any core (`parallel`). Across the collection: tags (weighed against all papers;
`tags` reads and tags each paper on any core), related papers.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from . import parallel, related, summaries, tags, titles, topics
from .models import Paper, Taxonomy, TopicMatch


def describe(papers: list[Paper]) -> list[Paper]:
    return parallel.map_each(_describe, papers)


def _describe(paper: Paper) -> Paper:
    title, source = (paper.bib.title, "source") if paper.bib.title else (
        titles.derive_title(paper.abstract), "derived"
    )  # fmt: skip
    return replace(
        paper,
        title=title,
        title_source=source,
        summary=summaries.summarize(paper.abstract),
        kind=summaries.classify(paper.abstract),
    )


def tag_and_classify(papers: list[Paper], taxonomy: Taxonomy) -> list[Paper]:
    """Tags (weighed against the whole collection), then topics, which read the tags."""
    found = tags.assign_tags([paper.text for paper in papers])
    matches = parallel.map_each(partial(_topics, taxonomy), list(zip(papers, found, strict=True)))
    return [
        replace(paper, tags=paper_tags, topics=paper_topics)
        for paper, paper_tags, paper_topics in zip(papers, found, matches, strict=True)
    ]


def _topics(
    taxonomy: Taxonomy, paper_and_tags: tuple[Paper, tuple[str, ...]]
) -> tuple[TopicMatch, ...]:
    paper, paper_tags = paper_and_tags
    return topics.assign_topics(taxonomy, text=paper.text, title=paper.title, tags=paper_tags)


def relate(papers: list[Paper], *, k: int) -> list[Paper]:
    documents = [f"{p.title} {p.title} {' '.join(p.tags)} {p.text}" for p in papers]
    neighbours = related.related_ids([p.id for p in papers], documents, k=k)
    return [replace(paper, related=ids) for paper, ids in zip(papers, neighbours, strict=True)]
