"""Which address each paper and list gets, given the lock of the previous build. Pure.

A known paper keeps its slug whatever its title becomes. A paper whose abstract was edited (so
its id changed) is recognised by its sketch and keeps the old address and first-seen date. Every
other new paper gets a fresh slug that no paper, present or past, has used: a published address
is never given to another paper. Curated moves (`move`) record the old address in the lock so it
redirects.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from generator.address.sketches import SAME_PAPER, similarity, sketch
from generator.address.slugs import assign
from generator.models import Lock, LockedPaper, Paper, ReadingList


def address(
    papers: Iterable[Paper], lists: Iterable[ReadingList], lock: Lock, *, today: str
) -> tuple[dict[str, str], dict[str, str], Lock]:
    """Slugs for papers (id -> slug) and lists (name -> slug), and the lock that records them."""
    papers, lists = list(papers), list(lists)
    sketches = {p.id: sketch(p.text) for p in papers if p.id not in lock.papers}
    inherited = _successors(sketches, lock, current={p.id for p in papers})
    entries = _entries(lock, inherited, sketches)
    # Every slug ever published stays reserved: retired papers' and moved-away addresses too.
    taken = {pid: entry.slug for pid, entry in entries.items()}
    reserved = {**taken, **{f"moved:{slug}": slug for slug in lock.moved}}
    wanted = ((p.id, p.title) for p in papers if p.id not in taken)
    for pid, slug in assign(wanted, reserved, fallback_prefix="paper").items():
        entries[pid] = LockedPaper(slug, today, sketches[pid])
    list_slugs = assign(((rl.name, rl.name) for rl in lists), lock.lists, fallback_prefix="list")
    aliases = _aliases(lock.aliases, inherited)
    new_lock = replace(lock, papers=entries, lists={**lock.lists, **list_slugs}, aliases=aliases)
    return {p.id: entries[p.id].slug for p in papers}, list_slugs, new_lock


def aliases_now(papers: Iterable[Paper], lock: Lock) -> dict[str, str]:
    """Old id -> current id, as `address` will record them: the lock's aliases, and each
    abstract edited since the lock was written. For what follows a paper by id before it is
    addressed (its resolved record)."""
    papers = list(papers)
    sketches = {p.id: sketch(p.text) for p in papers if p.id not in lock.papers}
    return _aliases(lock.aliases, _successors(sketches, lock, current={p.id for p in papers}))


def _entries(
    lock: Lock, inherited: dict[str, str], sketches: dict[str, tuple[int, ...]]
) -> dict[str, LockedPaper]:
    """The lock's papers, with each edited abstract's entry passed to its new id."""
    entries = {pid: e for pid, e in lock.papers.items() if pid not in inherited.values()}
    for new_id, old_id in inherited.items():
        old = lock.papers[old_id]
        entries[new_id] = LockedPaper(old.slug, old.first_seen, sketches[new_id])
    return entries


def _successors(
    sketches: dict[str, tuple[int, ...]], lock: Lock, *, current: set[str]
) -> dict[str, str]:
    """New id -> the retired id it replaces (an edited abstract), most similar pairs first.
    Only pairs that share a sketch value are compared, so the cost stays near linear."""
    retired_by_value: dict[int, list[str]] = {}
    for pid, entry in lock.papers.items():
        if pid not in current:
            for value in entry.sketch:
                retired_by_value.setdefault(value, []).append(pid)
    scored = []
    for new_id, new_sketch in sketches.items():
        candidates = {old for value in new_sketch for old in retired_by_value.get(value, ())}
        for old_id in candidates:
            score = similarity(new_sketch, lock.papers[old_id].sketch)
            if score >= SAME_PAPER:
                scored.append((-score, new_id, old_id))
    found: dict[str, str] = {}
    for _score, new_id, old_id in sorted(scored):
        if new_id not in found and old_id not in found.values():
            found[new_id] = old_id
    return found


def _aliases(previous: dict[str, str], inherited: dict[str, str]) -> dict[str, str]:
    """Old id -> current id, following chains: a curation entry keyed by any earlier id of a
    paper still finds it."""
    renamed = {old: new for new, old in inherited.items()}
    aliases = {old: renamed.get(new, new) for old, new in previous.items()}
    aliases.update(renamed)
    return aliases


def resolve(lock: Lock, paper_id: str) -> str:
    """The current id of a paper known under `paper_id` (itself if it was never edited)."""
    seen = set()
    while paper_id in lock.aliases and paper_id not in seen:
        seen.add(paper_id)
        paper_id = lock.aliases[paper_id]
    return paper_id


def move(lock: Lock, moves: dict[str, str]) -> tuple[Lock, dict[str, str]]:
    """Give papers (id -> wanted slug) new addresses; every old address is recorded in
    `moved`, so it redirects. Returns the lock and the refused moves (id -> reason)."""
    papers, moved, refused = dict(lock.papers), dict(lock.moved), {}
    owners = {entry.slug: pid for pid, entry in papers.items()}
    for pid, wanted in sorted(moves.items()):
        entry = papers[pid]
        if wanted == entry.slug:
            continue
        if wanted in owners or (wanted in moved and moved[wanted] != entry.slug):
            refused[pid] = f"the address '{wanted}' is already used by another paper"
            continue
        moved = {old: (wanted if new == entry.slug else new) for old, new in moved.items()}
        moved[entry.slug] = wanted
        moved.pop(wanted, None)  # moving back to an old address
        owners[wanted] = pid
        papers[pid] = LockedPaper(wanted, entry.first_seen, entry.sketch)
    return replace(lock, papers=papers, moved=moved), refused
