"""slugs: whatever a title or list name says, the slug is one safe path component."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.address.slugs import assign, fallback_slug, is_safe_slug, make_slug


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("../../../../tmp/pwned", "tmp-pwned"),
        ("<script>alert(1)</script>", "script-alert-1-script"),
        ("{{ 7*7 }}", "7-7"),
        ("ICML 2025 论文列表", "icml-2025-lun-wen-lie-biao"),
        ("C:\\Windows\\system32", "c-windows-system32"),
        ("!!!", "fallback"),
        ("../..", "fallback"),
        ("", "fallback"),
        ("index", "fallback"),
        ("CON", "fallback"),
        ("Search", "fallback"),
    ],
)
def test_make_slug(text: str, slug: str) -> None:
    assert make_slug(text, fallback="fallback") == slug


@pytest.mark.parametrize(
    ("slug", "safe"),
    [
        ("tmp-pwned", True),
        ("a1-b2", True),
        ("../x", False),
        ("x/y", False),
        (".hidden", False),
        ("Upper", False),
        ("a--b", False),
        ("-a", False),
        ("", False),
        ("index", False),
        ("nul", False),
        (None, False),
        (42, False),
    ],
)
def test_is_safe_slug(slug: object, safe: bool) -> None:
    assert is_safe_slug(slug) is safe


def test_fallback_keeps_hex_ids_and_digests_other_keys() -> None:
    assert fallback_slug("paper", "0a1b2c3d4e5f") == "paper-0a1b2c3d4e5f"
    assert fallback_slug("list", "!!!") == fallback_slug("list", "!!!")
    assert fallback_slug("list", "!!!") != fallback_slug("list", "???")
    assert is_safe_slug(fallback_slug("list", "/"))


def test_colliding_titles_all_get_pages_in_a_stable_order() -> None:
    wanted = [("b", "Same Title"), ("a", "Same Title"), ("c", "same title!")]
    first = assign(wanted, {}, fallback_prefix="paper")
    again = assign(list(reversed(wanted)), {}, fallback_prefix="paper")
    assert first == again == {"a": "same-title", "b": "same-title-2", "c": "same-title-3"}


def test_locked_keys_keep_their_slug_and_retired_slugs_stay_taken() -> None:
    locked = {"a": "kept-slug", "gone": "retired"}
    slugs = assign([("a", "New Title"), ("b", "Retired")], locked, fallback_prefix="paper")
    assert slugs == {"a": "kept-slug", "b": "retired-2"}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.text(max_size=12), st.text(max_size=80)), max_size=8))
def test_any_keys_and_titles_give_distinct_safe_slugs(wanted: list[tuple[str, str]]) -> None:
    unique = dict(wanted)
    slugs = assign(unique.items(), {}, fallback_prefix="list")
    assert set(slugs) == set(unique)
    assert all(is_safe_slug(slug) for slug in slugs.values()), slugs
    assert len(set(slugs.values())) == len(slugs)
