"""reader: bytes in any encoding a curator's editor may save, to a list name and abstracts.

The files in `tests/fixtures/broken/` are read one by one; a property checks that every
encoding and line-end convention the reader accepts gives the same list as plain UTF-8.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import InputError
from generator.read import normalize_text, read_list
from generator.read.decode import decode, plausibly_chinese
from generator.read.plain import split_list
from tests.conftest import FIXTURES

BROKEN = FIXTURES / "broken"


@pytest.mark.parametrize(
    ("name", "list_name", "first_words"),
    [
        ("bom-crlf.txt", "BOM List — ünïcode", "We study ünïcode text saved with a byte"),
        ("utf16.txt", "UTF-16 Liste", "Wir untersuchen Größen: we study text"),
        ("utf16-nobom.txt", "UTF-16 without BOM", "We study text saved as little-endian"),
        ("cr-only.txt", "Classic Mac List", "We study text written with carriage returns"),
        (
            "gb18030.txt",
            "ICML 2025 论文列表",
            "我们提出了一种新的图神经网络方法，用于学习分子的表示。",
        ),
        ("odd.txt", "Odd List", "Word"),
    ],
)
def test_encodings_and_line_ends_read_as_written(
    name: str, list_name: str, first_words: str
) -> None:
    raw = read_list(BROKEN / name)
    assert raw.name == list_name
    assert raw.abstracts[0].text.startswith(first_words)
    assert all("\ufffd" not in a.text and "\r" not in a.text for a in raw.abstracts)


@pytest.mark.parametrize(
    ("name", "line", "message"),
    [
        ("binary.txt", 2, "binary file"),  # a PNG: its first control byte follows "\x89PNG\r\n"
        ("cp1252.txt", 1, "cannot decode: byte 0xe9 is not valid UTF-8 (nor Chinese in GB18030)"),
    ],
)
def test_unreadable_files_raise_an_error_naming_the_file_and_line(
    name: str, line: int, message: str
) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")) as error:
        read_list(BROKEN / name)
    assert re.match(rf".*broken/{re.escape(name)}:{line}: ", str(error.value))
    assert error.value.path == BROKEN / name


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("empty.txt", [(1, "empty list file")]),
        ("blank.txt", [(1, "empty list file")]),
        ("header-only.txt", [(1, "list 'Header Only List' has a name but no abstracts")]),
        ("noblank.txt", [(2, "expected a blank line after the list name")]),
        ("frontmatter.txt", [(1, "the file starts with '---'"), (2, "expected a blank line")]),
        ("long.txt", [(3, "abstract of 31,249 characters")]),
        ("gb18030.txt", [(1, "not UTF-8: read as GB18030")]),
        ("odd.txt", [(3, "abstract of 1 word(s)"), (7, "the same abstract as line 5")]),
        ("bom-crlf.txt", []),
    ],
)
def test_oddities_are_warnings_with_file_and_line(
    name: str, expected: list[tuple[int, str]]
) -> None:
    problems = read_list(BROKEN / name).problems
    assert [(p.line, p.severity) for p in problems] == [(line, "warning") for line, _ in expected]
    for problem, (_, message) in zip(problems, expected, strict=True):
        assert problem.message.startswith(message), problem.message
        assert problem.path == BROKEN / name


def test_the_same_abstract_twice_is_listed_once() -> None:
    texts = [a.text for a in read_list(BROKEN / "odd.txt").abstracts]
    assert sum("DupNet" in text for text in texts) == 1


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("  many\t\tspaces \n and\u00a0lines ", "many spaces and lines"),
        ("zero\u200bwidth\u00adsoft\ufeffhyphen", "zerowidthsofthyphen"),
        ("Bidi\u202eNet and \u2066isolate\u2069", "BidiNet and isolate"),
        ("control\x00\x07chars\x1b[31m", "control chars [31m"),
        ("decomposed e\u0301", "decomposed é"),
        ("line\u2028separator", "line separator"),
    ],
)
def test_normalize_text(text: str, normal: str) -> None:
    assert normalize_text(text) == normal


@pytest.mark.parametrize(
    ("text", "chinese"),
    [
        ("ICML 2025 论文列表\n我们提出了一种新的方法", True),
        ("Café naïve résumé".encode("cp1252").decode("gb18030", "replace"), False),
        ("éé and more".encode("cp1252").decode("gb18030"), False),
        ("中", False),  # one ideograph is not enough evidence
        ("plain ASCII", False),
    ],
)
def test_plausibly_chinese(text: str, chinese: bool) -> None:
    assert plausibly_chinese(text) is chinese


ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "utf-32"]
NEWLINES = ["\n", "\r\n", "\r"]
list_text = st.builds(
    lambda name, abstracts: "\n\n".join([name, *abstracts]) + "\n",
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cc", "Cs", "Zl", "Zp"]),
            min_size=1, max_size=30).filter(lambda s: s.strip()),
    st.lists(st.text(alphabet="abc xyz ÄÖÜ 论文 αβ.,$\\*", min_size=1, max_size=60)
             .filter(lambda s: s.strip()), max_size=4),
)  # fmt: skip


@settings(max_examples=100, deadline=None)
@given(list_text, st.sampled_from(ENCODINGS), st.sampled_from(NEWLINES))
def test_every_encoding_and_line_end_gives_the_same_list(
    text: str, encoding: str, newline: str
) -> None:
    path = Path("lists/x.txt")
    expected = split_list(text, path)
    data = text.replace("\n", newline).encode(encoding)
    if encoding == "utf-16":  # Python writes the BOM in native order; test the other too
        data = codecs.BOM_UTF16_BE + text.replace("\n", newline).encode("utf-16-be")
    if encoding in ("utf-16-le", "utf-16-be") and not text.isascii():
        return  # BOM-less UTF-16 is recognised by its NUL bytes, so only for ASCII text
    actual = split_list(decode(data, path), path)
    assert (actual.name, actual.abstracts) == (expected.name, expected.abstracts)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(st.characters(exclude_characters="\n\r"), min_size=1), max_size=5))
def test_an_abstract_wrapped_over_lines_reads_as_the_lines_joined(lines: list[str]) -> None:
    """Lines are normalised one by one: the same as normalising them joined by spaces."""
    kept = [line for line in lines if normalize_text(line)]
    raw = split_list("\n".join(["Name", "", *kept]), Path("lists/x.txt"))
    assert [a.text for a in raw.abstracts] == ([normalize_text(" ".join(kept))] if kept else [])
