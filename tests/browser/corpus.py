"""What the tests look for, read from a built project at run time rather than hard-coded.

Papers, topics, lists and tags come from the generated pages' front matter (docs/); search
words come from the built search index (site/search/search_index.json), tokenised the way
the site's search does it (lower case, split on whitespace and hyphens, prefix matching).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import frontmatter

_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[a-z]{8,}")
_COINED = re.compile(r"^(?:[A-Z][a-z]+){2,}$")  # FlipAttack, EraseAnything: two capitalised parts


@dataclass(frozen=True)
class PaperPage:
    slug: str
    title: str  # plain text, as a reader sees it
    topics: tuple[str, ...]
    lists: tuple[str, ...]
    tags: tuple[str, ...]
    has_math: bool
    longest_word: int  # characters in the longest unbroken run of the page text (URLs...)
    links: int  # code, data and other links shown as buttons

    @property
    def path(self) -> str:
        return f"papers/{self.slug}/"


@dataclass(frozen=True)
class ListingPage:
    path: str  # "topics/alignment/"
    title: str
    paper_slugs: tuple[str, ...]
    has_math: bool


def tokens(markup: str) -> set[str]:
    """The lower-case words of an index entry, split like the search splits them."""
    text = html.unescape(_TAG.sub(" ", markup)).lower()
    return {word.strip(".,;:!?()[]{}\"'“”‘’") for word in re.split(r"[\s\-]+", text)} - {""}


@dataclass(frozen=True)
class Corpus:
    project: Path

    @cached_property
    def papers(self) -> tuple[PaperPage, ...]:
        return tuple(_paper(path) for path in sorted((self.project / "docs/papers").glob("*.md")))

    def paper(self, slug: str) -> PaperPage:
        return next(paper for paper in self.papers if paper.slug == slug)

    @cached_property
    def topics(self) -> tuple[ListingPage, ...]:
        return self._listings("topics")

    @cached_property
    def lists(self) -> tuple[ListingPage, ...]:
        return self._listings("lists")

    @cached_property
    def tags(self) -> tuple[ListingPage, ...]:
        return self._listings("tags")

    def _listings(self, section: str) -> tuple[ListingPage, ...]:
        """First pages of the section's listings that show at least one paper."""
        folder = self.project / "docs" / section
        pages = (_listing(path, section) for path in sorted(folder.glob("*.md")))
        return tuple(
            page for page in pages if page.paper_slugs and page.path != f"{section}/index/"
        )

    @cached_property
    def search_docs(self) -> list[dict]:
        index = self.project / "site/search/search_index.json"
        return json.loads(index.read_text(encoding="utf-8"))["docs"]

    def unique_abstract_words(self) -> list[tuple[str, PaperPage]]:
        """(word, paper) for words of 8+ letters in one abstract only, absent from its title;
        no other entry of the index has a word starting with it (the search matches prefixes)."""
        owners = [(_slug_of(doc["location"]), tokens(_searchable(doc))) for doc in self.search_docs]
        found = []
        for paper in self.papers:
            found += [(word, paper) for word in self._words_only_in(paper, owners)]
        return sorted(found, key=lambda pair: pair[0])

    def _words_only_in(self, paper: PaperPage, owners: list[tuple[str | None, set[str]]]):
        abstract = next(doc for doc in self.search_docs
                        if doc["location"] == f"{paper.path}#abstract")  # fmt: skip
        title = tokens(paper.title)
        others = [words for slug, words in owners if slug != paper.slug]
        for word in sorted(w for w in tokens(abstract["text"]) if _WORD.fullmatch(w)):
            if word not in title and not any(o.startswith(word) for ws in others for o in ws):
                yield word

    def coined_names(self) -> list[tuple[str, PaperPage]]:
        """(name, paper) for CamelCase names (FlipAttack) that start exactly one paper title."""
        firsts = [(paper.title.split(":")[0].split()[0], paper) for paper in self.papers]
        coined = [(name, paper) for name, paper in firsts if _COINED.fullmatch(name)]
        counts = {name: sum(name in p.title for p in self.papers) for name, _ in coined}
        return sorted((pair for pair in coined if counts[pair[0]] == 1), key=lambda p: p[0])


def _searchable(doc: dict) -> str:
    return " ".join([doc["title"], doc["text"], *doc.get("tags", [])])


def _slug_of(location: str) -> str | None:
    match = re.match(r"papers/([^/#]+)/", location)
    return match.group(1) if match else None


def _paper(path: Path) -> PaperPage:
    page = frontmatter.load(path)
    meta = page.metadata
    return PaperPage(
        slug=path.stem,
        title=meta["title"],
        topics=tuple(meta["topics"]),
        lists=tuple(meta["lists"]),
        tags=tuple(meta["tags"]),
        has_math="<math" in page.content,
        longest_word=_longest_word(page.content),
        links=len(meta.get("links") or []),
    )


def _longest_word(markdown: str) -> int:
    text = re.sub(r"<math.*?</math>|\]\([^)]*\)|<[^>]+>", " ", markdown, flags=re.S)
    return max(map(len, text.split()), default=0)


def _listing(path: Path, section: str) -> ListingPage:
    page = frontmatter.load(path)
    slugs = re.findall(r"\(\.\./papers/([^/)]+)\.md\)", page.content)
    return ListingPage(
        path=f"{section}/{path.stem}/",
        title=page.metadata.get("title", ""),
        paper_slugs=tuple(dict.fromkeys(slugs)),
        has_math="<math" in page.content,
    )
