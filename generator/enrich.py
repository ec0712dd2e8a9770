"""Derived metadata: each enricher owns one concern; this module only sequences them. Pure.

Per paper: title (unless a source gave one), summary, kind. Across the collection:
tags (weighed against all papers), topics (from the taxonomy), related papers.
"""

from __future__ import annotations

from dataclasses import replace

from . import related, summaries, tags, titles, topics
from .models import Paper, Taxonomy, TopicMatch


def describe(papers: list[Paper]) -> list[Paper]:
    return [_describe(paper) for paper in papers]


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


def tag(papers: list[Paper]) -> list[Paper]:
    found = tags.assign_tags([paper.text for paper in papers])
    return [replace(paper, tags=t) for paper, t in zip(papers, found, strict=True)]


def classify_topics(papers: list[Paper], taxonomy: Taxonomy) -> list[Paper]:
    return [replace(paper, topics=_topics(paper, taxonomy)) for paper in papers]


def _topics(paper: Paper, taxonomy: Taxonomy) -> tuple[TopicMatch, ...]:
    return topics.assign_topics(taxonomy, text=paper.text, title=paper.title, tags=paper.tags)


def relate(papers: list[Paper], *, k: int) -> list[Paper]:
    documents = [f"{p.title} {p.title} {' '.join(p.tags)} {p.text}" for p in papers]
    neighbours = related.related_ids([p.id for p in papers], documents, k=k)
    return [replace(paper, related=ids) for paper, ids in zip(papers, neighbours, strict=True)]
