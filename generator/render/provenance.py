"""Where a paper page's metadata came from, said in one line, and its citation count.

A reader judges a title by its origin: one `readinglist resolve` matched in a scholarly index
("Title and authors: OpenAlex, matched 2026-12-07"), one a list's source gave, the curator's,
or one derived from the abstract, which is marked as such. The theme prints these values
autoescaped. Pure.
"""

from __future__ import annotations

from generator.models import Paper, Published

_OWN = {
    "source": "Title: as the list's source gives it",
    "curator": "Title: the curator's",
    "derived": "Title: derived from the abstract (not the paper's own)",
}
_NAMES = {"title": "title", "authors": "authors", "year": "year", "venue": "venue",
          "doi": "DOI", "url": "web address"}  # fmt: skip


def provenance(paper: Paper) -> str:
    """One line: where the title (and what else) came from."""
    published = paper.published
    if paper.title_source == "resolved" and published is not None:
        return f"{_upper_first(_fields(published.gave))}: {_matched(published)}"
    line = _OWN.get(paper.title_source, "")
    if published is not None and published.gave:
        line += f"; {_fields(published.gave)}: {_matched(published)}"
    return line


def cited(paper: Paper) -> str:
    """ "Cited by 12 (OpenAlex, 2026-12-07)", or "" when no index counted."""
    published = paper.published
    if published is None or published.cited_by < 0:
        return ""
    return f"Cited by {published.cited_by} ({published.service}, {published.cited_on})"


def _matched(published: Published) -> str:
    return f"{published.service}, matched {published.matched}"


def _fields(gave: tuple[str, ...]) -> str:
    """The fields named: the title and authors when the record gave either (what a reader
    judges a paper by), else the others it gave."""
    named = [name for name in gave if name in ("title", "authors")] or list(gave)
    names = [_NAMES[name] for name in named if name in _NAMES]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]
