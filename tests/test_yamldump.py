"""Front matter written by `yamldump` reads back as the same data and is the text PyYAML's
own CSafeDumper writes, for any plain data (text of any characters, numbers, nesting)."""

from __future__ import annotations

import math

import yaml
from hypothesis import given
from hypothesis import strategies as st

from generator import yamldump

# Keys and values as front matter has them: any text (YAML's special words, quotes, colons,
# newlines, control characters, non-BMP characters), numbers, booleans, nested lists and dicts.
_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=40)
_SCALARS = (
    _TEXT
    | st.sampled_from(["yes", "no", "null", "~", "2025-11-30", "1e3", "0x1F", "- a", "a: b", ""])
    | st.integers()
    | st.floats(allow_nan=False)
    | st.booleans()
    | st.none()
)
_DATA = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=20,
)


def _pyyaml(data: dict) -> str:
    return yaml.dump(data, Dumper=yaml.CSafeDumper, default_flow_style=False, allow_unicode=True,
                     sort_keys=False, width=4096)  # fmt: skip


@given(st.dictionaries(_TEXT, _DATA, max_size=6))
def test_same_text_as_pyyaml_and_the_same_data_back(data):
    text = yamldump.dump(data)
    assert text == _pyyaml(data)
    assert yaml.safe_load(text) == data


def test_nan_and_infinity_are_yaml_floats():
    text = yamldump.dump({"a": float("nan"), "b": float("inf"), "c": -float("inf")})
    loaded = yaml.safe_load(text)
    assert math.isnan(loaded["a"]) and loaded["b"] == math.inf and loaded["c"] == -math.inf


def test_a_list_used_twice_is_written_twice_not_as_an_alias():
    shared = ["x", "y"]
    text = yamldump.dump({"a": shared, "b": shared})
    assert "&" not in text and "*" not in text
    assert yaml.safe_load(text) == {"a": shared, "b": shared}
