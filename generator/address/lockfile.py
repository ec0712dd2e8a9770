"""The lock file (`lists/readinglist.lock.json`): published addresses and first-seen dates.

It is committed with the lists. Reading and the JSON format live here; `address` (pure) decides
the slugs of a build from the previous lock: a known paper keeps its slug whatever its title
becomes; a paper whose abstract was edited (so its id changed) is recognised by a sketch of its
word pairs and keeps the old address; every other new paper gets a fresh slug that no paper,
present or past, has used.
"""

from __future__ import annotations

import itertools
import json
import re
import zlib
from collections.abc import Iterable
from pathlib import Path

from generator import parallel
from generator.address.slugs import assign, is_safe_slug
from generator.errors import ConfigError
from generator.models import Lock, LockedPaper, Paper, ReadingList

VERSION = 2
SKETCH_SIZE = 16
SAME_PAPER = 0.5  # estimated Jaccard similarity of word pairs above which an edit is assumed
_WORD = re.compile(r"\w+")
_ASCII_WORD = re.compile(rb"\w+")  # [A-Za-z0-9_]+: what \w+ matches in ASCII text


def read_lock(path: Path) -> Lock:
    """The committed lock file; a missing file is an empty lock (first build)."""
    if not path.exists():
        return Lock()
    try:
        return parse_lock(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        message = f"unreadable lock file ({error}); restore it from git"
        raise ConfigError(message, path=path) from None


def parse_lock(data: dict) -> Lock:
    if data.get("version") != VERSION:
        raise ValueError(f"expected version {VERSION}, but received: {data.get('version')!r}")
    papers = {
        pid: LockedPaper(e["slug"], e.get("first_seen", ""), tuple(_unhex(e.get("sketch", ""))))
        for pid, e in data["papers"].items()
    }
    unsafe = [e["slug"] for e in data["papers"].values() if not is_safe_slug(e["slug"])]
    unsafe += [slug for slug in data.get("lists", {}).values() if not is_safe_slug(slug)]
    unsafe += [s for pair in data.get("moved", {}).items() for s in pair if not is_safe_slug(s)]
    if unsafe:  # a hand-edited lock must not choose where pages are written
        raise ValueError(f"unsafe slug {unsafe[0]!r}")
    return Lock(
        papers, dict(data.get("lists", {})), dict(data.get("moved", {})),
        dict(data.get("aliases", {})),
    )  # fmt: skip


def dump_lock(lock: Lock) -> str:
    """The lock as JSON, one field per line (the curator commits it: diffs stay readable).
    Exactly `json.dumps(data, indent=1, ensure_ascii=False)`, written here because indented
    dumps run in Python, not C: 0.1 s for 5,000 papers, on every first build."""
    papers = ",\n".join(
        f'  {_json(pid)}: {{\n   "slug": {_json(e.slug)},\n   "first_seen": '
        f'{_json(e.first_seen)},\n   "sketch": {_json(_hex(e.sketch))}\n  }}'
        for pid, e in sorted(lock.papers.items())
    )
    sections = [
        f' "version": {VERSION}',
        f' "papers": {{\n{papers}\n }}' if papers else ' "papers": {}',
        *(_json_section(name, dict(sorted(table.items())))
          for name, table in (("lists", lock.lists), ("moved", lock.moved),
                              ("aliases", lock.aliases))),
    ]  # fmt: skip
    return "{\n" + ",\n".join(sections) + "\n}\n"


def _json_section(name: str, table: dict[str, str]) -> str:
    if not table:
        return f" {_json(name)}: {{}}"
    rows = ",\n".join(f"  {_json(key)}: {_json(value)}" for key, value in table.items())
    return f" {_json(name)}: {{\n{rows}\n }}"


_json = json.encoder.encode_basestring  # a JSON string, non-ASCII kept (ensure_ascii=False)


def sketch(text: str) -> tuple[int, ...]:
    """Bottom-k sketch of the text's word pairs (crc32: stable across runs and machines)."""
    folded = text.casefold()
    # crc32 of "a b" for each pair, the loops run by map in C rather than per pair in Python.
    if folded.isascii():  # most abstracts: as bytes \w means the same, and nothing to encode
        pair_bytes = map(b" ".join, itertools.pairwise(_ASCII_WORD.findall(folded.encode())))
    else:
        pair_bytes = map(str.encode, map(" ".join, itertools.pairwise(_WORD.findall(folded))))
    return tuple(sorted(set(map(zlib.crc32, pair_bytes)))[:SKETCH_SIZE])


def similarity(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    if not a or not b:
        return 0.0
    union_bottom = set(sorted(set(a) | set(b))[:SKETCH_SIZE])
    return len(union_bottom & set(a) & set(b)) / len(union_bottom)


def address(
    papers: Iterable[Paper], lists: Iterable[ReadingList], lock: Lock, *, today: str
) -> tuple[dict[str, str], dict[str, str], Lock]:
    """Slugs for papers (id -> slug) and lists (name -> slug), and the lock that records them."""
    papers, lists = list(papers), list(lists)
    new = [p for p in papers if p.id not in lock.papers]
    found = parallel.map_each(sketch, [p.text for p in new])  # about half of addressing
    sketches = {paper.id: value for paper, value in zip(new, found, strict=True)}
    inherited = _successors(sketches, lock, current={p.id for p in papers})
    entries = {pid: e for pid, e in lock.papers.items() if pid not in inherited.values()}
    for new_id, old_id in inherited.items():
        entries[new_id] = LockedPaper(lock.papers[old_id].slug, lock.papers[old_id].first_seen,
                                      sketches[new_id])  # fmt: skip
    taken = {pid: e.slug for pid, e in entries.items()}
    # Every slug ever published stays reserved: retired papers' and moved-away addresses too.
    reserved = {**taken, **{f"moved:{slug}": slug for slug in lock.moved}}
    wanted = ((p.id, p.title) for p in papers if p.id not in taken)
    fresh = assign(wanted, reserved, fallback_prefix="paper")
    for pid, slug in fresh.items():
        entries[pid] = LockedPaper(slug, today, sketches[pid])
    list_slugs = assign(((rl.name, rl.name) for rl in lists), lock.lists, fallback_prefix="list")
    new_lock = Lock(entries, {**lock.lists, **list_slugs}, dict(lock.moved),
                    _aliases(lock.aliases, inherited))  # fmt: skip
    return {p.id: entries[p.id].slug for p in papers}, list_slugs, new_lock


def _successors(sketches: dict[str, tuple[int, ...]], lock: Lock, *, current: set[str]) -> dict:
    """New id -> retired id it replaces (an edited abstract), most similar pairs first.
    Only pairs that share a sketch value are compared, so the cost stays near linear."""
    by_value: dict[int, list[str]] = {}
    for pid, entry in lock.papers.items():
        if pid not in current:
            for value in entry.sketch:
                by_value.setdefault(value, []).append(pid)
    scored = []
    for new_id, new_sketch in sketches.items():
        candidates = {old for value in new_sketch for old in by_value.get(value, ())}
        for old_id in candidates:
            score = similarity(new_sketch, lock.papers[old_id].sketch)
            if score >= SAME_PAPER:
                scored.append((-score, new_id, old_id))
    found: dict[str, str] = {}
    for _score, new_id, old_id in sorted(scored):
        if new_id not in found and old_id not in found.values():
            found[new_id] = old_id
    return found


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
    return Lock(papers, lock.lists, moved, lock.aliases), refused


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


def _hex(values: tuple[int, ...]) -> str:
    return "".join(f"{value:08x}" for value in values)


def _unhex(text: str) -> list[int]:
    return [int(text[i : i + 8], 16) for i in range(0, len(text), 8)]
