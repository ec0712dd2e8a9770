"""Front matter written by `yamldump` reads back as the same data and is the text PyYAML's
own CSafeDumper writes, for any plain data (text of any characters, numbers, nesting), whether
`yamldump` writes it itself or leaves it to libyaml, and for every page of a real build."""

from __future__ import annotations

import math
from pathlib import Path
from unittest import mock

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from generator.render import yamldump

# Pieces that decide a scalar's style or its escapes: indicators, quotes, line breaks (also the
# ones libyaml escapes or prints), BOM, text beyond the BMP, words that read as other types.
_PIECES = ["\n", "\r\n", "\r", "\t", " ", "  ", "'", '"', "\\", "#", " #", ": ", ":", "- ", "-",
           "? ", "?", "---", "...", ",", "[", "{", "&", "*", "!", "|", ">", "%", "@", "`", "\x00",
           "\x1b", "\x7f", "\x85", "\xa0", "\u2028", "\u2029", "\ufeff", "\ufffe", "é", "—", "中",
           "😀", "yes", "No", "null", "~", "1e3", "0o7", ".inf", "2025-11-30", "12:30", "0x1F",
           "true", "<<", "="]  # fmt: skip
_PIECED = st.lists(st.sampled_from(_PIECES) | st.text("ab z", max_size=4), max_size=8).map("".join)
_TEXT = _PIECED | st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
_SPECIAL_WORDS = ["yes", "No", "null", "~", "1e3", "0o7", ".inf", "2025-11-30", "12:30", "0x1F",
                  "- a", "a: b", "? a", "#a", "a #b", "'a'", ' a', 'a ', ""]  # fmt: skip
_SCALARS = (
    _TEXT
    | st.sampled_from(_SPECIAL_WORDS)
    | st.integers()
    | st.floats(allow_nan=False)
    | st.booleans()
    | st.none()
)


_BREAKS = "\n\r\x85\u2028\u2029"  # libyaml's line breaks
_NO_BREAK_TABLE = str.maketrans(dict.fromkeys(_BREAKS, " "))


def _data(scalars: st.SearchStrategy, keys: st.SearchStrategy) -> st.SearchStrategy:
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=4),
        max_leaves=20,
    )


_DATA = _data(_SCALARS, _TEXT)
# What yamldump writes itself: text whose line breaks are escaped (next to a space or "\r"), and
# simple keys (one line, at most 128 bytes).
_ESCAPED_BREAKS = [" \n", "\n ", "\r\n", " \u2028", "\u2029 "]
_ONE_LINE_PIECES = [piece for piece in _PIECES if piece not in set(_BREAKS)] + _ESCAPED_BREAKS
_ONE_LINE_TEXT = st.lists(st.sampled_from(_ONE_LINE_PIECES) | st.text("ab z", max_size=4),
                          max_size=8).map("".join)  # fmt: skip
_NO_BREAKS = st.text(st.characters(exclude_categories=("Cs",), exclude_characters=_BREAKS))
_SIMPLE_KEYS = _NO_BREAKS | _ONE_LINE_TEXT.map(lambda text: text.translate(_NO_BREAK_TABLE))
_FAST_SCALARS = _NO_BREAKS | _ONE_LINE_TEXT | st.sampled_from(_SPECIAL_WORDS) | st.floats()


def _pyyaml(data: dict, width: int = 4096) -> str:
    return yaml.dump(data, Dumper=yaml.CSafeDumper, default_flow_style=False, allow_unicode=True,
                     sort_keys=False, width=width)  # fmt: skip


def _dump_noting_fallback(data: dict, width: int = 4096) -> tuple[str, bool]:
    """yamldump's text, and whether it left the document to libyaml."""
    with mock.patch.object(yamldump, "_dump_nodes", wraps=yamldump._dump_nodes) as fallback:
        text = yamldump.dump(data, width=width)
    return text, fallback.called


@given(st.dictionaries(_TEXT, _DATA, max_size=6))
def test_same_text_as_pyyaml_and_the_same_data_back(data):
    text = yamldump.dump(data)
    assert text == _pyyaml(data)
    assert yaml.safe_load(text) == data


_SHORT_KEYS = _SIMPLE_KEYS.filter(lambda key: len(key.encode()) <= 128)


@given(st.dictionaries(_SHORT_KEYS, _data(_FAST_SCALARS, _SHORT_KEYS), min_size=1, max_size=6))
def test_one_line_text_is_written_without_libyaml(data):
    text, fell_back = _dump_noting_fallback(data)
    assert not fell_back
    assert text == _pyyaml(data)


@given(st.dictionaries(_TEXT, _DATA, max_size=6))
def test_the_fallback_alone_writes_pyyamls_text(data):
    assert yamldump._dump_nodes(data, 4096) == _pyyaml(data)


@given(st.dictionaries(_TEXT, _DATA, max_size=6), st.sampled_from([10, 20, 40, 80]))
def test_narrow_widths_fold_as_pyyaml_does(data, width):
    assert yamldump.dump(data, width=width) == _pyyaml(data, width)


@pytest.mark.parametrize(
    "data",
    [
        {"abstract": "word " * 1000},  # past the width: libyaml folds it
        {"note": "a\nb"},  # single quotes over two lines
        {"x" * 129: "a long key"},
        {"a\nb": "a multi-line key"},
        {1: "a number as key"},
        {"bytes": b"\x00"},
        {},
    ],
)
def test_what_yamldump_leaves_to_libyaml_is_still_pyyamls_text(data):
    text, fell_back = _dump_noting_fallback(data)
    assert fell_back
    assert text == _pyyaml(data)


def test_a_lone_surrogate_is_refused_as_pyyaml_refuses_it():
    with pytest.raises(UnicodeEncodeError):
        _pyyaml({"a": "\udc80"})
    with pytest.raises(UnicodeEncodeError):
        yamldump.dump({"a": "\udc80"})


def test_nan_and_infinity_are_yaml_floats():
    text = yamldump.dump({"a": float("nan"), "b": float("inf"), "c": -float("inf")})
    loaded = yaml.safe_load(text)
    assert math.isnan(loaded["a"]) and loaded["b"] == math.inf and loaded["c"] == -math.inf


def test_a_list_used_twice_is_written_twice_not_as_an_alias():
    shared = ["x", "y"]
    text = yamldump.dump({"a": shared, "b": shared})
    assert "&" not in text and "*" not in text
    assert yaml.safe_load(text) == {"a": shared, "b": shared}


def test_a_tuple_is_written_as_a_list():
    assert yamldump.dump({"pair": ("a", "b")}) == _pyyaml({"pair": ["a", "b"]})


def test_every_page_of_the_shipped_lists_has_pyyamls_front_matter(seed_site: Path):
    pages = [path.read_text(encoding="utf-8") for path in (seed_site / "docs").rglob("*.md")]
    front_matters = [text[4 : text.index("\n---\n") + 1] for text in pages if text[:4] == "---\n"]
    assert len(front_matters) > 100  # papers, topics, tags, lists, kinds, home
    for front_matter in front_matters:
        data = yaml.safe_load(front_matter)
        assert yamldump.dump(data) == _pyyaml(data) == front_matter
