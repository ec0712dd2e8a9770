"""What the tests look for, read from a built project at run time rather than hard-coded.

Papers, topics, lists and tags come from the generated pages' front matter (docs/). Search
words come from the same Markdown pages, every front-matter value included: more text than
either search engine indexes (Pagefind's or Material's), so a word found in one abstract only
is found in that paper only, whichever engine the site was built with. Words are tokenised the
way both engines do it (lower case, split on whitespace and hyphens, prefix matching).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import frontmatter

_TAG = re.compile(r"<[^>]+>")
_WORD = re.compile(r"[a-z]{8,}")
# Pagefind stems a query (Snowball) and matches every word extending the stem: a word of 8+
# letters keeps about its first 6 letters, so no other page may have a word that starts so.
_STEM = 6
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
    def page_texts(self) -> dict[str, str]:
        """Page path ("papers/x/") -> its Markdown text, front-matter values included."""
        texts = {}
        for path in sorted((self.project / "docs").rglob("*.md")):
            page = frontmatter.load(path)
            relative = path.relative_to(self.project / "docs").with_suffix("")
            key = relative.parent.as_posix() if relative.name == "index" else relative.as_posix()
            texts[f"{key}/".lstrip("./")] = " ".join([*_values(page.metadata), page.content])
        return texts

    def unique_abstract_words(self) -> list[tuple[str, PaperPage]]:
        """(word, paper) for words of 8+ letters in one abstract only, absent from its title;
        no other page has a word starting with its first letters (prefixes and stems match)."""
        owners = [(path, tokens(text)) for path, text in self.page_texts.items()]
        found = []
        for paper in self.papers:
            found += [(word, paper) for word in self._words_only_in(paper, owners)]
        return sorted(found, key=lambda pair: pair[0])

    def _words_only_in(self, paper: PaperPage, owners: list[tuple[str, set[str]]]):
        text = self.page_texts[paper.path]
        abstract = text.split("\n## Abstract\n", 1)[1].split("\n## Related papers")[0]
        title = tokens(paper.title)
        others = {word[:_STEM] for path, words in owners if path != paper.path for word in words}
        for word in sorted(w for w in tokens(abstract) if _WORD.fullmatch(w)):
            if word not in title and word[:_STEM] not in others:
                yield word

    def coined_names(self) -> list[tuple[str, PaperPage]]:
        """(name, paper) for CamelCase names (FlipAttack) that start exactly one paper title."""
        firsts = [(paper.title.split(":")[0].split()[0], paper) for paper in self.papers]
        coined = [(name, paper) for name, paper in firsts if _COINED.fullmatch(name)]
        counts = {name: sum(name in p.title for p in self.papers) for name, _ in coined}
        return sorted((pair for pair in coined if counts[pair[0]] == 1), key=lambda p: p[0])


def _values(meta: object) -> list[str]:
    """Every text of a front-matter value, nested lists and mappings included."""
    if isinstance(meta, dict):
        return [text for value in meta.values() for text in _values(value)]
    if isinstance(meta, list):
        return [text for value in meta for text in _values(value)]
    return [str(meta)]


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
