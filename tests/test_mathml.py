"""mathml: LaTeX to MathML that is safe to embed, or a MathError that says why not."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from generator.markup.mathml import ATTRIBUTES, ELEMENTS, MAX_LENGTH, MathError, to_mathml


def _elements(mathml: str) -> list[ET.Element]:
    return list(ET.fromstring(mathml).iter())


@pytest.mark.parametrize(
    "latex",
    [
        r"\href{javascript:alert(1)}{x}",
        r"\text{<script>alert(1)</script>}",
        r"\style{color:red}{x}",
        r"\class{evil}{x}",
        r"\operatorname{<img src=x onerror=alert(1)>}",
        r"\texttt{javascript:alert(1)}",
        r"\mathrm{a\"b'c&d}",
        r"a<b>c",
        r"\color{red}{x}",
        r"\unicode{x3c}script",
    ],
)
def test_hostile_latex_yields_only_mathml_elements_and_attributes(latex: str) -> None:
    try:
        mathml = to_mathml(latex)
    except MathError:
        return  # refusing is safe too: the caller shows the source as code
    for element in _elements(mathml):
        assert element.tag in ELEMENTS
        assert set(element.attrib) <= ATTRIBUTES | {"alttext"}
        assert not any(name.startswith("on") or name == "href" for name in element.attrib)
    assert "<" not in mathml.split(">", 1)[0].removeprefix("<")  # alttext holds no raw '<'


@pytest.mark.parametrize(
    ("latex", "shown"),
    [
        (r"\alpha \leq 1", "α≤1"),
        (r"x_i^2", "xi2"),
        (r"\mathbb{R}^n", "ℝn"),
        (r"O(n \log n)", "O(nlogn)"),
        (r"88.7%", "88.7%"),  # a percent sign, not a LaTeX comment eating what follows
        (r"50% + 1", "50%+1"),
        (r"a \% b", "a%b"),
    ],
)
def test_formulas_render_their_symbols(latex: str, shown: str) -> None:
    root = ET.fromstring(to_mathml(latex))
    assert "".join(root.itertext()).replace(" ", "") == shown
    assert root.get("alttext") == latex


def test_every_non_alphanumeric_character_is_an_entity() -> None:
    mathml = to_mathml(r"a_{<}")
    body = mathml.split(">", 1)[1]
    assert "_" not in mathml and "{" not in mathml
    assert "&#x3c;" in body


@pytest.mark.parametrize(
    ("latex", "message"),
    [
        (r"\notacommand x", r"unknown LaTeX command \notacommand"),
        ("x" * (MAX_LENGTH + 1), "too long to typeset"),
        (r"\frac{" * 200 + "x" + "}" * 200, "nested over"),
        ("{" * 400 + "x" + "}" * 400, "nested over"),
        (r"x^^", "cannot typeset"),
    ],
    ids=["unknown", "long", "deep-frac", "deep-braces", "syntax"],
)
def test_formulas_that_cannot_render_raise_math_error(latex: str, message: str) -> None:
    with pytest.raises(MathError, match=message.replace("\\", "\\\\")) as caught:
        to_mathml(latex)
    assert len(str(caught.value)) < 200  # one readable line, even for a huge formula
