"""The lock file's text: what `json.dumps(indent=1)` writes, produced without its slow path."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.address import lockfile
from generator.models import Lock, LockedPaper

texts = st.text(max_size=12)  # any Unicode: quotes, backslashes, controls, line separators
tables = st.dictionaries(texts, texts, max_size=3)
papers = st.dictionaries(
    texts,
    st.builds(
        LockedPaper, texts, texts, st.lists(st.integers(0, 2**32 - 1), max_size=4).map(tuple)
    ),
    max_size=4,
)


def reference_dump(lock: Lock) -> str:
    """The lock as `json` writes it: the format curators have committed since the start."""
    data = {
        "version": lockfile.VERSION,
        "papers": {
            pid: {"slug": e.slug, "first_seen": e.first_seen, "sketch": lockfile._hex(e.sketch)}
            for pid, e in sorted(lock.papers.items())
        },
        "lists": dict(sorted(lock.lists.items())),
        "moved": dict(sorted(lock.moved.items())),
        "aliases": dict(sorted(lock.aliases.items())),
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


@settings(max_examples=500, deadline=None)
@given(st.builds(Lock, papers, tables, tables, tables))
def test_the_lock_is_written_as_json_writes_it(lock: Lock) -> None:
    assert lockfile.dump_lock(lock) == reference_dump(lock)


def test_the_shipped_lock_is_rewritten_unchanged() -> None:
    path = Path(__file__).parent.parent / "lists" / "readinglist.lock.json"
    assert lockfile.dump_lock(lockfile.read_lock(path)) == path.read_text(encoding="utf-8")
