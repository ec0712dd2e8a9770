"""The addresses of listing pages (lists, topics, tags, kinds), and where a gone one sends readers.

A listing's address comes from what it lists: a list's slug (locked by its name), a topic's key,
a tag's slug, a kind. Renaming a list, re-keying a topic or leaving it without papers, or a tag
falling to one paper makes its address go away; published addresses never break, so the lock
records every listing page ever published (`Lock.sections`) and, for each that is gone, what
replaces it (`Lock.forwards`): the renamed list (the one read from the same files), the topic
of the same name (or the topics' index, for a topic left without papers), the tag's one paper,
or nothing ("", a page then says where to look). Forwards are worked out afresh each build from
every page ever published, so a chain of renames always ends at a current page. Pure.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from generator.address.slugs import assign, is_safe_slug
from generator.models import Lock, Paper, ReadingList, Section, Taxonomy

FOLDERS = {"list": "lists", "topic": "topics", "tag": "tags", "kind": "kinds"}
MIN_TAG_PAPERS = 2  # a tag of one paper gets no page: it would show only that paper


@dataclass(frozen=True)
class Moved:
    """A listing address that went away this build, and where it now sends readers."""

    old: str
    new: str  # "" when nothing replaces it

    def __str__(self) -> str:
        return f"{self.old}/ -> {self.new}/" if self.new else f"{self.old}/ is gone"


def record(
    papers: Sequence[Paper],
    lists: Sequence[ReadingList],
    taxonomy: Taxonomy,
    lock: Lock,
    *,
    kinds: Iterable[str],
) -> tuple[Lock, list[Moved]]:
    """The lock with this build's listing pages recorded and the forwards of the gone ones,
    and what moved since the last build."""
    current = {
        **_list_sections(lists),
        **_topic_sections(taxonomy, papers),
        **_tag_sections(papers, lock),
        **{f"kinds/{kind}": Section("kind", kind) for kind in kinds},
    }
    sections = {**lock.sections, **current}
    kept_topics = {topic.name for topic in taxonomy.topics}
    forwards = {
        path: _replacement(section, current, papers, kept_topics)
        for path, section in sorted(sections.items())
        if path not in current
    }
    moved = [Moved(old, new) for old, new in forwards.items() if lock.forwards.get(old) != new]
    return replace(lock, sections=dict(sorted(sections.items())), forwards=forwards), moved


def is_safe_section(path: object) -> bool:
    """A listing address a lock may name: a known folder and one safe slug."""
    if not isinstance(path, str) or path.count("/") != 1:
        return False
    folder, slug = path.split("/")
    return folder in FOLDERS.values() and is_safe_slug(slug)


def tag_slugs(lock: Lock) -> dict[str, str]:
    """Tag -> slug of its page, for the tags that have one now."""
    return {
        section.name: path.removeprefix("tags/")
        for path, section in lock.sections.items()
        if section.kind == "tag" and path not in lock.forwards
    }


def _list_sections(lists: Sequence[ReadingList]) -> dict[str, Section]:
    return {
        f"lists/{rl.slug}": Section("list", rl.name, tuple(sorted(f.name for f in rl.files)))
        for rl in lists
    }


def _topic_sections(taxonomy: Taxonomy, papers: Sequence[Paper]) -> dict[str, Section]:
    """A page for every topic with papers: an empty one would only say "0 papers"."""
    held = {name for paper in papers for name in paper.topic_names}
    return {
        f"topics/{topic.key}": Section("topic", topic.name)
        for topic in taxonomy.topics
        if topic.name in held
    }


def _tag_sections(papers: Sequence[Paper], lock: Lock) -> dict[str, Section]:
    """A page for every tag several papers share; a tag keeps the slug it was first given."""
    counts = Counter(tag for paper in papers for tag in paper.tags)
    shared = sorted(tag for tag, count in counts.items() if count >= MIN_TAG_PAPERS)
    known = {s.name: p.removeprefix("tags/") for p, s in lock.sections.items() if s.kind == "tag"}
    # Slugs of tags ever published stay theirs, so an address never changes its tag.
    slugs = assign(((tag, tag) for tag in shared), known, fallback_prefix="tag")
    return {f"tags/{slugs[tag]}": Section("tag", tag) for tag in shared}


def _replacement(
    section: Section, current: dict[str, Section], papers: Sequence[Paper], topics: set[str]
) -> str:
    """The current page that replaces a gone one, or "". A topic of the taxonomy left without
    papers sends readers to the topics' index, which names it."""
    if section.kind == "list":
        return _same_files(section, current)
    if section.kind == "tag":
        holders = [paper for paper in papers if section.name in paper.tags]
        if len(holders) == 1:
            return f"papers/{holders[0].slug}"
    same = [
        p for p, s in sorted(current.items()) if (s.kind, s.name) == (section.kind, section.name)
    ]
    if same:
        return same[0]
    return FOLDERS["topic"] if section.kind == "topic" and section.name in topics else ""


def _same_files(section: Section, current: dict[str, Section]) -> str:
    """The current list read from most of the gone list's files (a renamed list)."""
    overlaps = sorted(
        (-len(set(section.files) & set(other.files)), path)
        for path, other in current.items()
        if other.kind == "list"
    )
    return overlaps[0][1] if overlaps and overlaps[0][0] < 0 else ""
