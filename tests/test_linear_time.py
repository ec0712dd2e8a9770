"""An abstract of one long punctuation run costs time linear in its length, and shows as written.

Each case takes an abstract holding a run of one ASCII punctuation character (or `$a`, `[a](`,
`&#`, `<sub>`, `\\frac{`) through everything its length reaches: the markup stage and its
problems, the summary and title, the tag reader's tokens and phrases, and Python-Markdown
(with mkdocs.yml's extensions) over the abstract's page as the plugin hands it over (its
paragraph set aside, `generator/mkdocs/paragraphs.py`) and over the summary as a listing
does. Doubling the run must about double that time: ratios, not absolute times, so a loaded
machine does not fail it. The end-to-end cases build a real site and check a real list.
The issue's sizes (50k to 200k copies, seconds each) are `bench/punctuation.py`'s, not the suite's.
"""

from __future__ import annotations

import gc
import string
import time
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup

from generator import markup
from generator.describe.reading.abstracts import analyse
from generator.describe.summaries import summarize
from generator.describe.tags.keyphrases import read_text
from generator.describe.titles.candidates import derive_title
from generator.mkdocs.paragraphs import Paragraphs

EXTENSIONS = ["attr_list", "md_in_html", "toc"]
UNITS = [*string.punctuation, "$a", "[a](", "&#", "<sub>", "\\frac{"]
# Markup: emphasis, TeX's dashes, ties, quotes and line breaks, formulas, HTML, LaTeX groups.
MARKUP = {"*", "-", "\\", "`", "~", "$", "$a", "<sub>", "\\frac{"}
SMALL = 10_000  # copies of the unit; quadratic versions took 0.3 s here, 1-3 s at twice it


def hostile(unit: str, size: int) -> str:
    return f"We study a model. {unit * size} The results hold."


def seconds(unit: str, size: int) -> float:
    source = hostile(unit, size)
    gc.collect()
    start = time.process_time()
    parsed = markup.parse(source)
    markup.problems_in(parsed)
    read_text(parsed.text)  # the tags' candidates
    abstract = analyse(source)
    derive_title(abstract)
    summary = markup.parse(summarize(abstract)).markdown
    page = markdown.Markdown(extensions=EXTENSIONS)
    text = f"## Abstract\n\n{parsed.paragraph}\n"
    kept = Paragraphs(text)  # as the plugin hands a generated page to Python-Markdown
    kept.restore(page.convert(kept.hide(text)))
    page.reset().convert(f'- [t](x.md)<br>\n    <span class="rl-summary">{summary}</span>\n')
    return time.process_time() - start


@pytest.mark.slow  # 35 timings of a complexity: 2.5 minutes on a busy 2-core machine
@pytest.mark.parametrize("unit", UNITS)
def test_doubling_a_run_about_doubles_the_time(unit: str) -> None:
    small = min(seconds(unit, SMALL) for _ in range(3))
    large = min(seconds(unit, 2 * SMALL) for _ in range(3))
    # Linear: 2; quadratic: 4. CPU time, so other processes on a loaded machine do not count;
    # the slack absorbs what they still cost (a shared cache) and the times of a few
    # hundredths of a second that a linear pass takes here.
    assert large <= 3 * small + 0.1, f"{unit!r}: {small:.3f}s -> {large:.3f}s"


@pytest.mark.parametrize("unit", UNITS)
def test_the_page_shows_what_the_markdown_showed(unit: str) -> None:
    """The paragraph reads as the inline Markdown did (which took quadratic time), as the plain
    text says; a run of a character with no markup meaning shows character for character."""
    parsed = markup.parse(hostile(unit, 500))
    paragraph = markdown.markdown(parsed.paragraph, extensions=EXTENSIONS)
    assert paragraph == markdown.markdown(parsed.markdown, extensions=EXTENSIONS)
    shown = BeautifulSoup(paragraph, "html.parser").get_text()
    if unit not in MARKUP:
        assert unit * 500 in shown and shown == parsed.text


def test_a_built_site_shows_each_run_as_written(tmp_path: Path) -> None:
    """A real `readinglist build`: each hostile abstract's page holds its run, character for
    character (formulas aside, which typeset), and no element the input wrote."""
    from generator import cli

    root = tmp_path / "project"
    cli.main(["new", str(root), "--name", "Runs"])
    units = [unit for unit in UNITS if unit not in MARKUP]
    abstracts = [hostile(unit, 2_000) for unit in units]
    (root / "lists" / "reading-list.txt").write_text(
        "Runs\n\n" + "\n\n".join(abstracts) + "\n", encoding="utf-8"
    )
    assert cli.main(["build", "-q", "--root", str(root)]) == 0
    shown = []
    for page in (root / "site" / "papers").glob("*/index.html"):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        heading = soup.find(id="abstract")
        if heading is not None:
            shown.append(heading.find_next("p").get_text())
    for unit, abstract in zip(units, abstracts, strict=True):
        assert abstract in shown, f"{unit!r} not shown as written"


def test_a_mistake_repeated_in_one_abstract_is_reported_once_with_its_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every copy of a run is at the line the abstract starts on: one line per mistake says
    how often (200,000 identical lines took longer to print and store than to parse)."""
    from generator import cli

    root = tmp_path / "project"
    cli.main(["new", str(root), "--name", "Runs"])
    listed = root / "lists" / "reading-list.txt"
    abstract = hostile("\\frac{", 3_000)
    listed.write_text(f"Runs\n\n{abstract}\n", encoding="utf-8")
    capsys.readouterr()
    assert cli.main(["check", "--root", str(root)]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if "warning:" in line]
    assert warnings == [
        f"{listed}:3: warning: abstract of {len(abstract):,} characters: several abstracts "
        "without a blank line between them?",
        f"{listed}:3: warning: unknown LaTeX command \\frac (shown as its text), 3000 times",
        f"{listed}:3: warning: unbalanced '{{' (shown as text), 3000 times",
    ]
