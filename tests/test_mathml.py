"""mathml: LaTeX to MathML that is safe to embed, or a MathError that says why not."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from generator.markup.mathml import (
    ATTRIBUTES,
    ELEMENTS,
    MAX_LENGTH,
    MathError,
    math_to_text,
    to_mathml,
)


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


def _tokens(mathml: str) -> list[tuple[str, dict[str, str], str]]:
    """Each token element (mi, mo, mn, mtext) as (name, attributes, text)."""
    return [
        (node.tag, dict(node.attrib), node.text or "")
        for node in ET.fromstring(mathml).iter()
        if node.tag in ("mi", "mo", "mn", "mtext")
    ]


UPRIGHT_OPERATOR = ("mo", {"movablelimits": "true"}, "arg\u2009min")


@pytest.mark.parametrize(
    ("latex", "token"),
    [
        (r"\operatorname*{arg\,min}_x f(x)", UPRIGHT_OPERATOR),
        (r"\operatorname*{argmin}_x f", ("mo", {"movablelimits": "true"}, "argmin")),
        (r"\operatorname{arg\,min}_x", ("mi", {"mathvariant": "normal"}, "arg\u2009min")),
        (r"\operatorname{sign}(x)", ("mi", {"mathvariant": "normal"}, "sign")),
        (r"\arg\min_{\theta} L", UPRIGHT_OPERATOR),
        (r"\arg\max_x f", ("mo", {"movablelimits": "true"}, "arg\u2009max")),
        (r"\argmax_x f", ("mo", {"movablelimits": "true"}, "arg\u2009max")),
        (r"\arg z", ("mi", {"mathvariant": "normal"}, "arg")),
        (r"\textsc{Adam} + 1", ("mtext", {}, "Adam")),
        (r"\mathrm{KL divergence}(p)", ("mi", {"mathvariant": "normal"}, "KL\u00a0divergence")),
        (r"\mathrm{d}x", ("mi", {"mathvariant": "normal"}, "d")),
        (r"\mathrm{Var}[X]", ("mi", {"mathvariant": "normal"}, "Var")),
    ],
    ids=["operatorname*-thin-space", "operatorname*", "operatorname", "operatorname-word",
         "arg-min", "arg-max", "argmax", "arg", "textsc", "mathrm-spaces", "mathrm-letter",
         "mathrm-word"],
)  # fmt: skip
def test_operator_names_and_roman_text_are_upright_tokens(latex: str, token: tuple) -> None:
    """One upright token, never a literal `*`, italic letters or the command as text."""
    mathml = to_mathml(latex)
    tokens = _tokens(mathml)
    assert tokens[0] == token
    assert not any(text in ("*", "a", "r", "g") or "\\" in text for _, _, text in tokens)


@pytest.mark.parametrize("latex", [r"\operatorname*{arg\,min}_x f", r"\arg\max_x f"])
def test_an_operator_with_limits_puts_them_under_it_in_display_math(latex: str) -> None:
    root = ET.fromstring(to_mathml(latex, display=True))
    (under,) = root.iter("munder")
    assert under[0].tag == "mo" and under[0].get("movablelimits") == "true"


@pytest.mark.parametrize(
    ("latex", "spaces"),
    [
        (r"\sim", {"lspace": "0", "rspace": "0"}),
        (r"\sim 10", {"lspace": "0"}),
        (r"< 5", {"lspace": "0"}),
        (r"x \sim y", {}),
    ],
)
def test_an_operator_with_nothing_on_its_left_takes_no_space_there(
    latex: str, spaces: dict[str, str]
) -> None:
    """`$\\sim$78%` reads "~78%": a browser spaces an operator on both sides by default."""
    (operator,) = (t for t in _tokens(to_mathml(latex)) if t[0] == "mo")
    assert operator[1] == spaces


@pytest.mark.parametrize(
    "latex",
    [r"\operatorname*{\notacommand}", r"\mathrm{\notacommand}", r"\textsc{x} \notacommand",
     r"\readinglistnamea"],
)  # fmt: skip
def test_unknown_commands_beside_operator_names_are_still_reported(latex: str) -> None:
    with pytest.raises(MathError, match="unknown LaTeX command"):
        to_mathml(latex)


@pytest.mark.parametrize(
    ("latex", "text"),
    [(r"\operatorname*{arg\,min}_x", "arg min_x"), (r"\arg\max", "arg max"),
     (r"\textsc{Adam}", "Adam"), (r"\mathrm{KL divergence}", "KL divergence")],
)  # fmt: skip
def test_operator_names_read_as_words_in_plain_text(latex: str, text: str) -> None:
    assert math_to_text(latex) == text
