"""A stage's memory between runs is a `buildcache.Memo` it is handed (get and put by key):
the read stage parses an abstract's markup once, and takes an unchanged abstract's parse from
the memo the last run left, with no `_reusing` twin. The edits built against cold builds
(`test_incremental`) hold that what is remembered is what would be derived again."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.buildcache import Memo
from generator.config import Settings
from generator.read import papers, read_lists

FORMULA = "We bound the error by $O(n^{-1/2})$ and propose a method that learns faster."
PLAIN = "We study graph attention and propose a benchmark of thirty tasks for it."


def test_a_memo_gives_what_this_run_or_the_last_put_and_keeps_this_runs() -> None:
    memo = Memo({"old": 1, "stale": 2})
    memo.put("new", 3)
    assert (memo.get("old"), memo.get("new"), memo.get("none")) == (1, 3, None)
    memo.put("old", memo.get("old") or 0)
    assert memo.kept() == {"new": 3, "old": 1}  # "stale" asked for by nobody: dropped


def _raw_lists(tmp_path: Path, *abstracts: str) -> list:
    lists = tmp_path / "lists"
    lists.mkdir(exist_ok=True)
    (lists / "a.txt").write_text("A List\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8")
    return read_lists(Settings.from_root(tmp_path))[0]


def test_an_unchanged_abstract_is_parsed_once_across_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Memo[papers.Marked]()
    found = papers.merge(_raw_lists(tmp_path, FORMULA, PLAIN), first)
    assert first.kept().keys() == {FORMULA, PLAIN}

    parsed: list[str] = []
    parse = papers._marked
    monkeypatch.setattr(papers, "_marked", lambda text: parsed.append(text) or parse(text))
    edited = PLAIN.replace("thirty", "forty")
    second = Memo(first.kept())
    again = papers.merge(_raw_lists(tmp_path, FORMULA, edited), second)
    assert parsed == [edited]  # the formula's parse remembered, the edited one parsed
    assert again[0][0] == found[0][0]
    assert second.kept().keys() == {FORMULA, edited}  # the old text's parse dropped
