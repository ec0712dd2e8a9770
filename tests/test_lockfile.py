"""The lock file: what is written reads back the same, and its text stays diff-friendly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.address import lockfile
from generator.errors import BuildFailed, ConfigError
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


@pytest.mark.parametrize("slug", ["../etc", "a/b", "Index", ".hidden", ""])
def test_a_hand_edited_lock_cannot_choose_where_pages_go(tmp_path: Path, slug: str) -> None:
    path = tmp_path / "readinglist.lock.json"
    data = {"version": lockfile.VERSION, "papers": {"abc": {"slug": slug}}}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BuildFailed) as failure:
        lockfile.read_lock(path)
    assert [str(p) for p in failure.value.problems] == [
        f"{path}:1: error: paper abc: 'slug': expected lower-case letters, digits and '-', "
        f"but received: {json.dumps(slug)}"
    ]


@pytest.mark.parametrize("slug", ["index", "tags", "404", "con", "lpt1"])
def test_a_reserved_slug_in_the_lock_is_refused_as_reserved(tmp_path: Path, slug: str) -> None:
    """A well-formed slug that names a section or a file Windows cannot make: the reason is
    that it is reserved, not its letters."""
    path = tmp_path / "readinglist.lock.json"
    data = {"version": lockfile.VERSION, "papers": {"abc": {"slug": slug}}}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BuildFailed) as failure:
        lockfile.read_lock(path)
    assert [str(p) for p in failure.value.problems] == [
        f"{path}:1: error: paper abc: 'slug': '{slug}' is a reserved name (a section of the "
        "site, or a file name Windows cannot use): choose another"
    ]


HAND_EDITED = {
    "first_seen: 20240101": (
        {"aaaaaaaaaaaa": {"slug": "a", "first_seen": 20240101}},
        ["4: error: paper aaaaaaaaaaaa: 'first_seen': expected a date as YYYY-MM-DD, but "
         "received: 20240101"],
    ),
    "first_seen: <script>": (
        {"aaaaaaaaaaaa": {"slug": "a", "first_seen": "<script>"}},
        ["4: error: paper aaaaaaaaaaaa: 'first_seen': expected a date as YYYY-MM-DD, but "
         'received: "<script>"'],
    ),
    "first_seen: 2024-13-40": (
        {"aaaaaaaaaaaa": {"slug": "a", "first_seen": "2024-13-40"}},
        ["4: error: paper aaaaaaaaaaaa: 'first_seen': expected a date as YYYY-MM-DD, but "
         'received: "2024-13-40"'],
    ),
    "sketch: a number": (
        {"aaaaaaaaaaaa": {"slug": "a", "sketch": 7}},
        ["4: error: paper aaaaaaaaaaaa: 'sketch': expected hexadecimal digits, but received: 7"],
    ),
    "one slug, two papers": (
        {"aaaaaaaaaaaa": {"slug": "same"}, "bbbbbbbbbbbb": {"slug": "same"}},
        ["7: error: papers aaaaaaaaaaaa and bbbbbbbbbbbb both have the slug 'same': each "
         "paper needs its own address"],
    ),
    "an entry that is no object": (
        {"aaaaaaaaaaaa": "a"},
        ["4: error: paper aaaaaaaaaaaa: expected an object with 'slug', 'first_seen', "
         "'sketch', but received: str \"a\""],
    ),
}  # fmt: skip


@pytest.mark.parametrize("papers, expected", HAND_EDITED.values(), ids=HAND_EDITED.keys())
def test_hand_edited_lock_values_are_reported_at_their_line(
    tmp_path: Path, papers: dict, expected: list[str]
) -> None:
    path = tmp_path / "readinglist.lock.json"
    path.write_text(json.dumps({"version": lockfile.VERSION, "papers": papers}, indent=1), "utf-8")
    with pytest.raises(BuildFailed) as failure:
        lockfile.read_lock(path)
    assert [str(p) for p in failure.value.problems] == [f"{path}:{e}" for e in expected]


def test_a_key_given_twice_in_the_lock_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "readinglist.lock.json"
    path.write_text('{"version": 2,\n "papers": {},\n "papers": {}}', "utf-8")
    with pytest.raises(ConfigError, match="papers is given twice") as failure:
        lockfile.read_lock(path)
    assert failure.value.line == 2


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


def test_a_lock_with_a_wrong_value_stops_generate_with_its_line(tmp_path: Path) -> None:
    """The real command: exit 1, the lock's line and the paper named, no traceback, and the
    lock left as the curator wrote it."""
    from tests.conftest import copy_project, run_cli

    project = copy_project(tmp_path / "p", lists={"a.txt": "A\n\nWe study locks of lists.\n"})
    run_cli(project, "generate", "-q")
    lock = project / "lists" / "readinglist.lock.json"
    data = json.loads(lock.read_text())
    (pid,) = data["papers"]
    data["papers"][pid]["first_seen"] = 20240101
    lock.write_text(json.dumps(data, indent=1))
    before = lock.read_text()
    result = run_cli(project, "generate", "-q", check=False)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"readinglist.lock.json:4: error: paper {pid}: 'first_seen'" in result.stderr
    assert lock.read_text() == before
