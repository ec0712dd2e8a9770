"""An abstract of one long punctuation run costs time linear in its length, and shows as written.

Each case takes an abstract holding a run of one ASCII punctuation character (or `$a`, `[a](`,
`&#`) through everything its length reaches: the markup stage, the summary and title, and
Python-Markdown (with mkdocs.yml's extensions) over the abstract's page as the plugin hands it
over (its paragraph set aside, `generator/mkdocs/paragraphs.py`) and over the summary as a
listing does. Doubling the run must about double that time: ratios, not
absolute times, so a loaded machine does not fail it. The end-to-end case builds a real site.
"""

from __future__ import annotations

import gc
import itertools
import string
import time
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup

from generator import markup
from generator.describe.reading.abstracts import analyse
from generator.describe.summaries import summarize
from generator.describe.titles.candidates import derive_title
from generator.mkdocs.paragraphs import Paragraphs

EXTENSIONS = ["attr_list", "md_in_html", "toc"]
UNITS = [*string.punctuation, "$a", "[a](", "&#", "<sub>", "\\frac{"]
# Markup: emphasis, TeX's dashes, ties, quotes and line breaks, formulas, HTML, LaTeX groups.
MARKUP = {"*", "-", "\\", "`", "~", "$", "$a", "<sub>", "\\frac{"}
# The runs issue 37 timed end to end, at the sizes it timed them (bench/punctuation.py builds).
LONG_UNITS = ["[a](", "<sub>", "\\frac{"]
LONG_SIZES = [50_000, 100_000, 200_000]
SMALL = 10_000  # copies of the unit; quadratic versions took 0.3 s here, 1-3 s at twice it


def hostile(unit: str, size: int) -> str:
    return f"We study a model. {unit * size} The results hold."


def seconds(unit: str, size: int) -> float:
    source = hostile(unit, size)
    gc.collect()
    start = time.process_time()
    abstract = analyse(source)
    derive_title(abstract)
    summary = markup.parse(summarize(abstract)).markdown
    page = markdown.Markdown(extensions=EXTENSIONS)
    text = f"## Abstract\n\n{markup.parse(source).paragraph}\n"
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


@pytest.mark.slow
@pytest.mark.parametrize("unit", LONG_UNITS)
def test_long_runs_take_seconds_and_about_double_per_doubling(unit: str) -> None:
    """50k, 100k and 200k copies: each within a few seconds of CPU, each doubling at most
    about 2.2x (2.5 here: a shared machine's caches cost a linear pass a little)."""
    times = [min(seconds(unit, size) for _ in range(2)) for size in LONG_SIZES]
    assert times[-1] < 8, f"{unit!r}: {times}"
    for small, large in itertools.pairwise(times):
        assert large <= 2.5 * small + 0.1, f"{unit!r}: {times}"


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
