"""markup: abstract text -> safe Markdown. Tables for the constructs, properties for safety.

The properties render the Markdown through Python-Markdown with the extensions mkdocs.yml
enables, then parse the HTML: whatever the input, only the formatting the module writes itself
comes out, no `on*` attribute, no link that is not http(s), and every plain word survives.
"""

from __future__ import annotations

import re
import time

import markdown
import pytest
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from generator import markup
from generator.markup.mathml import ATTRIBUTES, ELEMENTS
from generator.read import normalize_text

EXTENSIONS = ["attr_list", "md_in_html", "toc"]
ALLOWED = {"p", "em", "strong", "code", "sub", "sup", "br", "a", "div", "span", *ELEMENTS}
ALLOWED_ATTRIBUTES = {"href", "class", "alttext", *ATTRIBUTES}


def to_html(source: str, *, in_div: bool = False) -> BeautifulSoup:
    """The abstract as a page shows it: normalised, parsed, rendered by Python-Markdown."""
    text = markup.parse(normalize_text(source)).markdown
    if in_div:  # how paper.md.j2 places the summary
        text = f'<div class="rl-oneline" markdown>\n\n{text}\n\n</div>'
    return BeautifulSoup(markdown.markdown(text, extensions=EXTENSIONS), "html.parser")


def unsafe_parts(soup: BeautifulSoup) -> list[str]:
    found = []
    for element in soup.find_all(True):
        if element.name not in ALLOWED:
            found.append(f"element <{element.name}>")
        for name in element.attrs:
            if name.lower().startswith("on") or name not in ALLOWED_ATTRIBUTES:
                found.append(f"attribute {name}= on <{element.name}>")
        href = element.get("href")
        if href is not None and not re.match(r"https?://", href):
            found.append(f"href {href!r}")
        if element.name == "div" and element.get("class") != ["rl-oneline"]:
            found.append("a <div> from the input")
        if element.name == "span" and element.get("class") != ["rl-math"]:
            found.append("a <span> from the input")
    return found


def plain_words(source: str) -> list[str]:
    """Tokens of letters and digits between spaces: prose that must reach the reader."""
    return [word for word in normalize_text(source).split(" ") if word.isalnum()]


def visible_text(soup: BeautifulSoup) -> str:
    return re.sub(r"\s+", " ", soup.get_text())


# --- tables ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("plain words", "plain words"),
        ("a <script>alert(1)</script> b", "a &lt;script&gt;alert(1)&lt;/script&gt; b"),
        ("x <img src=x onerror=alert(2)>", "x &lt;img src=x onerror=alert(2)&gt;"),
        ("{{ 7*7 }} and {% if %}", r"\{\{ 7\*7 \}\} and \{% if %\}"),
        ("*emph* and **strong**", "<em>emph</em> and <strong>strong</strong>"),
        ("<i>i</i> H<sub>2</sub>O x<sup>2</sup>", "<em>i</em> H<sub>2</sub>O x<sup>2</sup>"),
        ("<b>b</b> <strong>s</strong>", "<strong>b</strong> <strong>s</strong>"),
        ("one<br>two", "one<br>two"),
        ("\\emph{a} \\textbf{b} \\texttt{c}", "<em>a</em> <strong>b</strong> <code>c</code>"),
        ("[ok](https://e.org/a_b)", "[ok](https://e.org/a%5Fb)"),
        ("[x](javascript:alert(1))", r"\[x\](javascript:alert(1))"),
        (
            '<a href="javascript:alert(3)">here</a>',
            '&lt;a href="javascript:alert(3)"&gt;here&lt;/a&gt;',
        ),
        ("\\href{javascript:alert(1)}{click}", "click (javascript:alert(1))"),
        ("see https://github.com/o/r.", "see [https://github.com/o/r](https://github.com/o/r)."),
        ("costs $5 and $10 a day", "costs $5 and $10 a day"),
        ("1. not a list", "1\\. not a list"),
        ("- not a list", "\\- not a list"),
        ("# not a heading", "\\# not a heading"),
        ("{: onclick=alert(1) }", r"\{: onclick=alert(1) \}"),
        ("a & b < c > d", "a &amp; b &lt; c &gt; d"),
        ("&lt;b&gt; entity", "&lt;b&gt; entity"),
        ("text\\footnote{see the appendix}", "text (see the appendix)"),
        ("as shown~\\cite{key2020}", "as shown\u00a0"),
        ("\\'e and \\\"o", "é and ö"),
        ("a -- b --- c", "a – b — c"),
    ],
)
def test_markdown_of(source: str, expected: str) -> None:
    assert markup.parse(source).markdown == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("We propose <em>FooNet</em> for H<sub>2</sub>O", "We propose FooNet for H2O"),
        ("$\\alpha \\leq 1$ bound", "α ≤ 1 bound"),
        ("<script>x</script>", "<script>x</script>"),
        ("\\textbf{Bold} and `code`", "Bold and code"),
    ],
)
def test_text_of(source: str, expected: str) -> None:
    assert markup.parse(source).text == expected


@pytest.mark.parametrize(
    ("source", "warning"),
    [
        ("an unbalanced $ sign and more words", "unbalanced $"),
        ("\\foobar{x} here", "unknown LaTeX command \\foobar"),
        ("\\emph{never closed", "unbalanced '{'"),
        ("$\\notacommand x$", "unknown LaTeX command \\notacommand"),
        ("\\[ never closed", "unbalanced \\["),
    ],
)
def test_problems_name_what_went_wrong(source: str, warning: str) -> None:
    assert any(warning in message for message in markup.problems(source))


def test_unbalanced_dollar_swallows_nothing() -> None:
    source = "We study a stray $ sign, and $x$ is math; the tail words must still show."
    soup = to_html(source)
    assert len(soup.find_all("math")) == 1
    assert "the tail words must still show." in visible_text(soup)


@pytest.mark.parametrize(
    "source",
    [
        "\\emph{" * 400 + "x" + "}" * 400,
        "*a " * 400 + "x" + "*" * 400,
        "<em>" * 400 + "x" + "</em>" * 400,
        "[" * 300 + "a" + "](http://x.com)" * 300,
        "*a " * 10_000,
        "**a " * 8_000,
        "\\textbf{" * 5_000,
        "\\(a " * 8_000,
        "<em>a " * 6_000,
    ],
    ids=["latex", "stars", "tags", "links", "star-run", "strong-run", "braces", "parens", "em"],
)
def test_hostile_nesting_and_long_runs_stay_fast(source: str) -> None:
    start = time.process_time()
    parsed = markup.parse(source)
    assert parsed.markdown and parsed.text
    markup.problems(source)
    assert time.process_time() - start < 5  # quadratic versions took 5 to 20 s


# --- properties -----------------------------------------------------------------------------
SNIPPETS = [
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", '<a href="javascript:x">',
    "[x](javascript:alert(1))", "[y](https://ok.org/p)", "{{ 7*7 }}", "{% if x %}", "{: #id }",
    "{ onclick=alert(1) }", "---", "title: x", "Background:", "<em>", "</em>", "<b>", "<br>",
    "<sub>", "</sup>", "$", "$$", "\\(", "\\)", "\\[", "\\emph{", "\\href{", "}", "{", "*", "**",
    "`", "_", "#", "1.", "- ", "> ", "&amp;", "&#x3c;", "<", ">", "&", '"', "'", ":", "|",
    "www.x.org", "http://e.com/a(b)", "\\", "~", "\n\n", "    ", "\t", "<div>", "</div>",
    "<math>", "<!--", "-->", "<![CDATA[", "\\cite{", "\\url{", "javascript:", "data:",
    "<svg/onload=alert(1)>", "<style>", "\\textbf{", "<code>", "</code>", "^", "=", "+",
]  # fmt: skip
text_with_markup = st.lists(
    st.one_of(
        st.sampled_from(SNIPPETS),
        st.text(alphabet="abcXYZ019 .,;:()[]{}<>$*_`#!&'\"\\/=-~^|\n", max_size=6),
        st.from_regex(r"[A-Za-z0-9]{1,8}", fullmatch=True),
    ),
    max_size=30,
).map(" ".join)
PROPERTY = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(text_with_markup, st.booleans())
def test_any_input_renders_only_allowed_markup(source: str, in_div: bool) -> None:
    assert unsafe_parts(to_html(source, in_div=in_div)) == []


@PROPERTY
@given(st.text(max_size=200))
def test_any_unicode_renders_only_allowed_markup(source: str) -> None:
    assert unsafe_parts(to_html(source)) == []


@PROPERTY
@given(text_with_markup)
def test_every_plain_word_reaches_the_reader(source: str) -> None:
    assume("\\cite" not in source)  # citation keys are dropped on purpose
    shown = visible_text(to_html(source))
    for word in plain_words(source):
        assert word in shown, f"{word!r} lost from {shown!r}"


@PROPERTY
@given(text_with_markup, st.booleans())
def test_without_math_the_page_shows_exactly_the_plain_text(source: str, in_div: bool) -> None:
    """Nothing moved, doubled or dropped: the HTML reads like `Parsed.text` (math aside, whose
    MathML text differs from its plain-text approximation)."""
    assume(not re.search(r"\$|\\[(\[]|\\cite", source))
    expected = markup.parse(normalize_text(source)).text
    assert visible_text(to_html(source, in_div=in_div)).strip() == expected


@PROPERTY
@given(text_with_markup)
def test_plain_text_has_no_markup_syntax_left_to_interpret(source: str) -> None:
    text = markup.parse(normalize_text(source)).text
    assert "\n" not in text
    for word in plain_words(source):
        if "\\cite" not in source:
            assert word in text.replace("\u00a0", " ")


@PROPERTY
@given(text_with_markup)
def test_escaped_names_show_as_text_wherever_templates_put_them(source: str) -> None:
    """Titles, list names and tags are printed through `escape_markdown` into link text, list
    items and headings: whatever they contain, they read back as the same text."""
    name = normalize_text(source)
    escaped = markup.escape_markdown(name)
    for page in (f"- [{escaped}](x.md) · 3 papers", f"# {escaped}", f"{escaped}\n\nnext"):
        soup = BeautifulSoup(markdown.markdown(page, extensions=EXTENSIONS), "html.parser")
        assert [a["href"] for a in soup.find_all(href=True)] in ([], ["x.md"])
        assert {e.name for e in soup.find_all(True)} <= {"p", "ul", "li", "a", "h1"}
        assert " ".join(name.split()) in " ".join(soup.get_text().split())


@pytest.mark.parametrize("name", ["---", "- - -", "+++", "-x", "+ item"])
def test_a_name_of_dashes_or_pluses_stays_text(name: str) -> None:
    import markdown

    rendered = markdown.markdown(markup.escape_markdown(name))
    assert rendered == f"<p>{name}</p>"


def _as_markdown_shows(text: str) -> str:
    """Python-Markdown's HTML of `text`, the span that keeps a leading formula inline aside."""
    soup = BeautifulSoup(markdown.markdown(text, extensions=EXTENSIONS), "html.parser")
    for span in soup.find_all("span", class_="rl-math"):
        span.unwrap()
    return str(soup)


@PROPERTY
@given(text_with_markup)
def test_the_paragraph_shows_what_the_markdown_shows(source: str) -> None:
    """A page hands over the abstract as an HTML paragraph (linear to read, `emit`): it reads
    exactly as the inline Markdown does, so it is as safe and loses no word."""
    parsed = markup.parse(normalize_text(source))
    assert _as_markdown_shows(parsed.paragraph) == _as_markdown_shows(parsed.markdown)


@PROPERTY
@given(st.text(max_size=200))
def test_the_paragraph_of_any_unicode_shows_what_the_markdown_shows(source: str) -> None:
    parsed = markup.parse(normalize_text(source))
    assert _as_markdown_shows(parsed.paragraph) == _as_markdown_shows(parsed.markdown)


@pytest.mark.parametrize(
    "formula",
    [r"\operatorname*{arg\,min}_x f(x)", r"\arg\max_\theta", r"\arg\min", r"\argmax_x",
     r"\textsc{Adam}", r"\mathrm{KL divergence}"],
)  # fmt: skip
def test_operator_names_in_an_abstract_are_typeset_without_a_warning(formula: str) -> None:
    """Each is MathML in the page, not its source shown as code with a warning."""
    parsed = markup.parse(f"We minimise ${formula}$ over the data.")
    assert markup.problems_in(parsed) == []
    assert parsed.markdown.count("<math") == 1
    assert "$" not in parsed.markdown and "`" not in parsed.markdown
