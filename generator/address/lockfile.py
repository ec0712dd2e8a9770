"""The lock file (`lists/readinglist.lock.json`): its JSON format, read and written.

The curator commits it with the lists: it records every address ever published, each paper's
first-seen date, and the sketches that recognise an edited abstract. It is written one field
per line, sorted, so its diffs stay readable. A hand-edited lock must never choose where a page
is written, so every slug in it is checked as it is read. Deciding the addresses is `assign`'s.
"""

from __future__ import annotations

import json
from pathlib import Path

from generator.address.lockcheck import DuplicateKey, check_lock, line_of, without_duplicate_keys
from generator.address.sections import FOLDERS, is_safe_section
from generator.address.slugs import is_safe_slug
from generator.errors import BuildFailed, ConfigError
from generator.models import Lock, LockedPaper, Problem, Section

VERSION = 2


def read_lock(path: Path) -> Lock:
    """The committed lock file; a missing file is an empty lock (first build). Its values are
    checked first (`lockcheck`): every mistake is reported at its line, with the ids."""
    if not path.exists():
        return Lock()
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text, object_pairs_hook=without_duplicate_keys)
    except DuplicateKey as error:
        raise ConfigError(f"{error} is given twice: each key once", path=path,
                          line=line_of(text, str(error))) from None  # fmt: skip
    except ValueError as error:
        line = getattr(error, "lineno", None)
        raise ConfigError(f"unreadable lock file ({error}); restore it from git", path=path,
                          line=line) from None  # fmt: skip
    if found := check_lock(data):
        raise BuildFailed([Problem(path, line_of(text, key), message, "error")
                           for key, message in found])  # fmt: skip
    try:
        return parse_lock(data)
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        message = f"unreadable lock file ({error}); restore it from git"
        raise ConfigError(message, path=path) from None


def parse_lock(data: dict) -> Lock:
    if data.get("version") != VERSION:
        raise ValueError(f"expected version {VERSION}, but received: {data.get('version')!r}")
    lock = Lock(
        papers={pid: _locked_paper(entry) for pid, entry in data["papers"].items()},
        lists=dict(data.get("lists", {})),
        moved=dict(data.get("moved", {})),
        aliases=dict(data.get("aliases", {})),
        sections={path: _section(entry) for path, entry in data.get("sections", {}).items()},
        forwards=dict(data.get("forwards", {})),
    )
    unsafe = [slug for slug in _slugs(lock) if not is_safe_slug(slug)]
    unsafe += [path for path in _section_paths(lock) if not _is_safe_target(path)]
    if unsafe:
        raise ValueError(f"unsafe address {unsafe[0]!r}")
    return lock


def _section(entry: dict) -> Section:
    return Section(str(entry["kind"]), str(entry["name"]), tuple(entry.get("files", ())))


def _section_paths(lock: Lock) -> list[str]:
    return [*lock.sections, *lock.forwards, *(new for new in lock.forwards.values() if new)]


def _is_safe_target(path: str) -> bool:
    """A listing address, a listings' index (where a topic without papers sends readers), or
    a paper's (where a tag of one paper now sends readers)."""
    folder, _, slug = path.partition("/")
    is_paper = folder == "papers" and is_safe_slug(slug)
    return is_safe_section(path) or path in FOLDERS.values() or is_paper


def _locked_paper(entry: dict) -> LockedPaper:
    return LockedPaper(entry["slug"], entry.get("first_seen", ""), _unhex(entry.get("sketch", "")))


def _slugs(lock: Lock) -> list[object]:
    """Every slug the lock names: papers', lists', and both ends of every move."""
    moves = [slug for pair in lock.moved.items() for slug in pair]
    return [*(entry.slug for entry in lock.papers.values()), *lock.lists.values(), *moves]


def dump_lock(lock: Lock) -> str:
    """The lock as JSON, one field per line, every table sorted."""
    data = {
        "version": VERSION,
        "papers": {
            pid: {"slug": e.slug, "first_seen": e.first_seen, "sketch": _hex(e.sketch)}
            for pid, e in sorted(lock.papers.items())
        },
        "lists": dict(sorted(lock.lists.items())),
        "moved": dict(sorted(lock.moved.items())),
        "aliases": dict(sorted(lock.aliases.items())),
        "sections": {path: _section_data(s) for path, s in sorted(lock.sections.items())},
        "forwards": dict(sorted(lock.forwards.items())),
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def _section_data(section: Section) -> dict:
    data: dict = {"kind": section.kind, "name": section.name}
    if section.files:
        data["files"] = list(section.files)
    return data


def _hex(values: tuple[int, ...]) -> str:
    return "".join(f"{value:08x}" for value in values)


def _unhex(text: str) -> tuple[int, ...]:
    return tuple(int(text[i : i + 8], 16) for i in range(0, len(text), 8))
