"""The lock file: what is written reads back the same, and its text stays diff-friendly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.address import lockfile
from generator.errors import ConfigError
from generator.models import Lock, LockedPaper

texts = st.text(max_size=12)  # any Unicode: quotes, backslashes, controls, line separators
slugs = st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}", fullmatch=True).filter(
    lambda slug: slug not in {"index", "tags", "topics", "lists", "papers", "kinds", "search"}
)
papers = st.dictionaries(
    texts,
    st.builds(
        LockedPaper, slugs, texts, st.lists(st.integers(0, 2**32 - 1), max_size=4).map(tuple)
    ),
    max_size=4,
)


@settings(max_examples=300, deadline=None)
@given(
    st.builds(
        Lock,
        papers,
        lists=st.dictionaries(texts, slugs, max_size=3),
        moved=st.dictionaries(slugs, slugs, max_size=3),
        aliases=st.dictionaries(texts, texts, max_size=3),
    )
)
def test_a_written_lock_reads_back_the_same(lock: Lock) -> None:
    assert lockfile.parse_lock(json.loads(lockfile.dump_lock(lock))) == lock


def test_the_lock_text_has_one_field_per_line_and_sorted_tables() -> None:
    lock = Lock({"b2": LockedPaper("second", "2026-01-02", (1,)), "a1": LockedPaper("first", "")},
                lists={"Zeta": "zeta", "Alpha": "alpha"})  # fmt: skip
    text = lockfile.dump_lock(lock)
    assert text.index('"a1"') < text.index('"b2"') and text.index('"Alpha"') < text.index('"Zeta"')
    assert '   "sketch": "00000001"\n' in text and text.endswith("}\n")


def test_the_shipped_lock_is_rewritten_unchanged() -> None:
    path = Path(__file__).parent.parent / "lists" / "readinglist.lock.json"
    assert lockfile.dump_lock(lockfile.read_lock(path)) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("slug", ["../etc", "a/b", "Index", "index", ".hidden", ""])
def test_a_hand_edited_lock_cannot_choose_where_pages_go(tmp_path: Path, slug: str) -> None:
    path = tmp_path / "readinglist.lock.json"
    data = {"version": lockfile.VERSION, "papers": {"abc": {"slug": slug}}}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigError, match="unreadable lock file"):
        lockfile.read_lock(path)


@pytest.mark.parametrize(
    "table",
    [
        {"sections": {"lists/../../x": {"kind": "list", "name": "x"}}},
        {"sections": {"assets/x": {"kind": "list", "name": "x"}}},
        {"forwards": {"lists/old": "../../etc"}},
        {"forwards": {"lists/old": "https://example.com/x"}},
    ],
)
def test_a_hand_edited_lock_cannot_choose_where_redirects_go(tmp_path: Path, table: dict) -> None:
    path = tmp_path / "readinglist.lock.json"
    path.write_text(json.dumps({"version": lockfile.VERSION, "papers": {}, **table}), "utf-8")
    with pytest.raises(ConfigError, match="unsafe address"):
        lockfile.read_lock(path)
