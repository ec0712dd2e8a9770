"""The address stage: where each paper and list is published, and the curator's corrections.

Owns slugs, the lock file (addresses published once stay published: a moved page leaves a
redirect, a retired address is never reused), recognising edited abstracts, and applying
`lists/curation.yml` to the derived papers (its sessions tied to the published papers). Pure
apart from reading the lock file: it returns new papers, lists and lock and never writes;
must not derive metadata or render pages.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.address.assign import address, aliases_now, move, resolve
from generator.address.curation import apply_curation
from generator.address.lockfile import dump_lock, read_lock
from generator.address.sections import Moved, tag_slugs
from generator.address.sections import record as record_sections
from generator.address.sessions import place_sessions, sessions_of
from generator.address.slugs import assign, is_safe_slug, make_slug
from generator.models import Lock, Paper, Problem, ReadingList

__all__ = [
    "Moved",
    "address",
    "aliases_now",
    "apply_curation",
    "assign",
    "dump_lock",
    "is_safe_slug",
    "make_slug",
    "move",
    "move_pages",
    "place",
    "place_sessions",
    "read_lock",
    "record_sections",
    "resolve",
    "sessions_of",
    "tag_slugs",
    "without_hidden",
]


def place(
    papers: list[Paper], lists: list[ReadingList], lock: Lock, *, today: str
) -> tuple[list[Paper], list[ReadingList], Lock]:
    """Papers and lists with their slugs, and the lock that records them."""
    paper_slugs, list_slugs, new_lock = address(papers, lists, lock, today=today)
    return (
        [replace(p, slug=paper_slugs[p.id]) for p in papers],
        [replace(rl, slug=list_slugs[rl.name]) for rl in lists],
        new_lock,
    )


def move_pages(
    papers: list[Paper], lock: Lock, curation_path: Path
) -> tuple[list[Paper], Lock, list[Problem]]:
    """Curated addresses: the lock records each move, so the old address redirects."""
    wanted = {p.id: p.curation.slug for p in papers if p.curation.slug}
    lock, refused = move(lock, wanted)
    problems = [
        Problem(curation_path, 1, f"paper {pid}: slug not changed: {why}")
        for pid, why in refused.items()
    ]
    moved = [replace(p, slug=lock.papers[p.id].slug) for p in papers]
    return moved, lock, problems


def without_hidden(
    papers: list[Paper], lists: list[ReadingList]
) -> tuple[list[Paper], list[ReadingList]]:
    """Hidden papers leave the site (their address stays reserved in the lock)."""
    visible = [paper for paper in papers if not paper.curation.hidden]
    ids = {paper.id for paper in visible}
    return visible, [
        replace(rl, paper_ids=tuple(pid for pid in rl.paper_ids if pid in ids)) for rl in lists
    ]
