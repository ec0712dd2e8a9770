"""Plain data that flows through the pipeline: no behaviour beyond trivial accessors, no I/O.

A `Paper` is created by the reader with its source fields filled, then each enrichment stage
returns a copy (`dataclasses.replace`) with its own fields set. Nothing here is mutated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from generator.errors import where


@dataclass(frozen=True)
class Source:
    """Where a paper's abstract was read: a list file and the line its paragraph starts on."""

    path: Path
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass(frozen=True)
class Link:
    url: str
    label: str  # "code", "data", "project" or "link"


@dataclass(frozen=True)
class TopicMatch:
    """Why a topic was chosen for a paper: its score and the taxonomy keywords that matched."""

    topic: str
    score: float
    matched: tuple[str, ...]


@dataclass(frozen=True)
class Name:
    """An author's name in BibTeX's four parts, as the source gave them. An organisation is
    all surname ("Google DeepMind"): the export braces it, so it stays one name."""

    first: str = ""
    von: str = ""  # particles: "van", "de la"
    last: str = ""
    jr: str = ""  # "Jr.", "III"


@dataclass(frozen=True)
class Bibliographic:
    """What a bibliographic source (BibTeX, CSL-JSON, CSV) says about a paper.
    Empty for abstracts from plain-text lists; a source's title beats a derived one."""

    title: str = ""
    authors: tuple[str, ...] = ()  # "Given Family", as the source spells them
    year: str = ""
    venue: str = ""
    doi: str = ""
    url: str = ""
    keywords: tuple[str, ...] = ()
    # The authors' names in parts, one per author, from the same source as `authors`.
    names: tuple[Name, ...] = ()

    def merged(self, other: Bibliographic) -> Bibliographic:
        """Fields of `self`, with the gaps filled from `other` (the same paper, another source).
        The names' parts come from the source the authors come from."""
        filled = {name: getattr(self, name) or getattr(other, name) for name in _BIB_FIELDS}
        return Bibliographic(**filled, names=self.names if self.authors else other.names)


_BIB_FIELDS = ("title", "authors", "year", "venue", "doi", "url", "keywords")


@dataclass(frozen=True)
class Published:
    """What `readinglist resolve` found of the paper in a scholarly index (lists/resolved.json),
    beyond the `Bibliographic` fields it filled: where from, and when it was read."""

    service: str  # "OpenAlex" or "arXiv": where the title and authors come from
    matched: str  # ISO date of the match
    openalex: str = ""  # "W2741809807"
    arxiv: str = ""  # "2401.01234"
    pdf: str = ""  # an open-access PDF, http(s)
    cited_by: int = -1  # citations the index counts, -1 when it gave none
    cited_on: str = ""  # ISO date the count was read
    gave: tuple[str, ...] = ()  # the `Bibliographic` fields it filled (a source's own won)


STATUSES = ("to-read", "reading", "read")


@dataclass(frozen=True)
class Curation:
    """The curator's corrections and notes for one paper (lists/curation.yml)."""

    title: str = ""
    add_tags: tuple[str, ...] = ()
    remove_tags: tuple[str, ...] = ()
    add_topics: tuple[str, ...] = ()
    remove_topics: tuple[str, ...] = ()
    note: str = ""  # Markdown + LaTeX, escaped like an abstract
    status: str = ""  # one of STATUSES, or ""
    rating: int = 0  # 1-5, 0 for none
    featured: bool = False
    hidden: bool = False
    slug: str = ""  # a new address for the page; the old one redirects


@dataclass(frozen=True)
class Session:
    """A reading-group meeting (lists/curation.yml `sessions:`): when, which papers, who."""

    date: str  # ISO date, the curator's
    papers: tuple[str, ...]  # paper ids, in the curator's order
    presenters: tuple[str, ...] = ()
    slides: str = ""  # http(s) links, or ""
    recording: str = ""
    notes_url: str = ""
    notes: str = ""  # Markdown + LaTeX, escaped like an abstract
    line: int = 0  # where the session starts in curation.yml
    number: int = 1  # 1 for the first session of its date, 2 for a second that day...


@dataclass(frozen=True)
class Paper:
    id: str
    abstract: str  # the curator's text, whitespace-normalised, LaTeX and Markdown as written
    text: str  # the abstract as plain text (markup resolved): what enrichers read
    markdown: str  # the abstract as one safe HTML paragraph (`markup`): what its page shows
    lists: tuple[str, ...]  # list names, in the order the lists were read
    sources: tuple[Source, ...]
    title: str = ""
    summary: str = ""  # source fragment (same markup as `abstract`) of the contribution sentence
    kind: str = ""
    tags: tuple[str, ...] = ()
    topics: tuple[TopicMatch, ...] = ()
    links: tuple[Link, ...] = ()
    related: tuple[str, ...] = ()  # ids, most related first
    slug: str = ""
    bib: Bibliographic = Bibliographic()
    curation: Curation = Curation()
    # "derived", "source" (bibliographic), "resolved" (`readinglist resolve`) or "curator"
    title_source: str = "derived"
    published: Published | None = None

    @property
    def topic_names(self) -> tuple[str, ...]:
        return tuple(match.topic for match in self.topics)


@dataclass(frozen=True)
class ReadingList:
    """One list as the reader sees it. Files that share a header name form one list."""

    name: str
    files: tuple[Path, ...]
    paper_ids: tuple[str, ...]  # curator's order: file order, then order inside each file
    slug: str = ""


@dataclass(frozen=True)
class Topic:
    key: str  # stable identifier from the taxonomy file; also the page slug
    name: str
    description: str
    keywords: tuple[str, ...]
    catch_all: bool = False


@dataclass(frozen=True)
class Taxonomy:
    topics: tuple[Topic, ...]
    max_topics: int = 3
    min_score: float = 2.0
    relative_score: float = 0.75  # a further topic needs this share of the best one's score

    @property
    def catch_all(self) -> Topic:
        return next(topic for topic in self.topics if topic.catch_all)

    def by_name(self, name: str) -> Topic:
        return next(topic for topic in self.topics if topic.name == name)


@dataclass(frozen=True)
class Collection:
    """Everything the site is built from, gathered before anything is written."""

    papers: tuple[Paper, ...]
    lists: tuple[ReadingList, ...]
    taxonomy: Taxonomy
    lock: Lock
    problems: tuple[Problem, ...] = ()
    sessions: tuple[Session, ...] = ()  # in date order, their papers all published
    today: str = ""  # the build date (ISO): which sessions are past and which is next
    points: tuple[tuple[str, int, int], ...] = ()  # (id, x, y): each paper's place on the map

    def paper(self, paper_id: str) -> Paper:
        return self._index[paper_id]

    @property
    def files(self) -> int:
        """How many files the lists come from: more than lists when files share a name."""
        return len({path for reading_list in self.lists for path in reading_list.files})

    @property
    def _index(self) -> dict[str, Paper]:
        cached = self.__dict__.get("_paper_index")
        if cached is None:
            cached = {paper.id: paper for paper in self.papers}
            object.__setattr__(self, "_paper_index", cached)
        return cached


@dataclass(frozen=True)
class Problem:
    """Something wrong with the input. Errors stop a build; warnings are reported."""

    path: Path
    line: int
    message: str
    severity: str = "warning"  # "warning" or "error"

    def __str__(self) -> str:
        return f"{where(self.path, self.line)}{self.severity}: {self.message}"


@dataclass(frozen=True)
class LockedPaper:
    slug: str
    first_seen: str  # ISO date the paper first appeared in any list
    sketch: tuple[int, ...] = ()  # bottom-k word-pair hashes: finds the paper again after edits


@dataclass(frozen=True)
class Section:
    """A listing page once published (a list's, topic's, tag's or kind's) and what it showed:
    enough to find what replaces it when its address goes away."""

    kind: str  # "list", "topic", "tag" or "kind"
    name: str  # the list's, topic's or kind's name, or the tag
    files: tuple[str, ...] = ()  # a list's files (names in lists/): a renamed list keeps them


@dataclass(frozen=True)
class Lock:
    """Addresses already published (committed in lists/): they never move once chosen.

    Entries of papers no longer in any list stay, so their slugs are never reused for another
    paper, and an edited abstract (new id) can inherit its old address."""

    papers: dict[str, LockedPaper] = field(default_factory=dict)
    lists: dict[str, str] = field(default_factory=dict)  # list name -> slug
    moved: dict[str, str] = field(default_factory=dict)  # old paper slug -> current slug
    aliases: dict[str, str] = field(default_factory=dict)  # id of an edited abstract -> new id
    # Every listing page ever published ("lists/<slug>", "topics/<key>", ...), and where each
    # one that is gone now sends its readers ("" when nothing replaces it).
    sections: dict[str, Section] = field(default_factory=dict)
    forwards: dict[str, str] = field(default_factory=dict)

    def first_seen(self, paper_id: str) -> str:
        entry = self.papers.get(paper_id)
        return entry.first_seen if entry else ""


# Every record above: what the build cache may hold of them (`buildcache.codec`).
RECORDS = (Source, Link, TopicMatch, Name, Bibliographic, Published, Session, Curation, Paper,
           ReadingList, Topic, Taxonomy, Collection, Problem, LockedPaper, Section,
           Lock)  # fmt: skip
