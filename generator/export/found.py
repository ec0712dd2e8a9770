"""A paper as `readinglist find` prints it, and the text its words are looked for in: the
derived fields, and what a bibliographic source gave (authors, venue, year), never more."""

from __future__ import annotations

from generator.models import Paper


def matches(paper: Paper, words: list[str]) -> bool:
    """Whether every word (any case) is in the paper's id, title, abstract, tags, lists,
    authors, venue or year."""
    bib = paper.bib
    fields = (paper.id, paper.title, paper.text, *paper.tags, *paper.lists, *bib.authors,
              bib.year, bib.venue)  # fmt: skip
    text = " ".join(fields).casefold()
    return all(word.casefold() in text for word in words)


def found_lines(paper: Paper) -> list[str]:
    """The lines printed under the paper's id and title."""
    bib = paper.bib
    published = ", ".join(part for part in (bib.venue, bib.year) if part)
    lines = [f"authors: {', '.join(bib.authors)}"] if bib.authors else []
    lines += [f"published: {published}"] if published else []
    lines += [
        f"kind: {paper.kind}",
        f"topics: {', '.join(paper.topic_names)}",
        f"tags: {', '.join(paper.tags)}",
        f"lists: {', '.join(paper.lists)}",
        f"page: papers/{paper.slug}/",
    ]
    if paper.curation.status:
        lines.append(f"curator's status: {paper.curation.status}")
    return lines
