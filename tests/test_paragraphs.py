"""The HTML paragraphs of a generated page are set aside from Python-Markdown and put back in
its HTML (`generator/mkdocs/paragraphs.py`): the page reads as Python-Markdown alone made it,
and nothing in a page's text can pass for a placeholder."""

from __future__ import annotations

import re
from pathlib import Path

import markdown
from mkdocs.utils import meta

from generator.mkdocs.paragraphs import Paragraphs

EXTENSIONS = ["attr_list", "md_in_html", "toc"]


def _html(text: str) -> str:
    return markdown.Markdown(extensions=EXTENSIONS).convert(text)


def _set_aside(text: str) -> str:
    kept = Paragraphs(text)
    return kept.restore(_html(kept.hide(text)))


def _blank_lines_apart(html: str) -> str:
    return re.sub(r"\n\s*\n", "\n", html)


def test_every_generated_page_reads_as_python_markdown_made_it(seed_site: Path) -> None:
    pages = sorted((seed_site / "docs").rglob("*.md"))
    assert len(pages) > 150
    set_aside = 0
    for path in pages:
        text = meta.get_data(path.read_text(encoding="utf-8"))[0]
        set_aside += Paragraphs(text).hide(text) != text
        assert _blank_lines_apart(_set_aside(text)) == _blank_lines_apart(_html(text)), path
    assert set_aside >= 76  # every paper page's abstract at least


def test_a_paragraph_inside_a_block_and_several_on_a_page() -> None:
    text = (
        '<div class="rl-note" markdown>\n\n**Note**\n\n<p>One <em>a</em></p>\n\n'
        "<p>Two &lt;b&gt;</p>\n\n</div>\n\n## Abstract\n\n<p>Three</p>\n"
    )
    assert _blank_lines_apart(_set_aside(text)) == _blank_lines_apart(_html(text))
    assert Paragraphs(text).hide(text).count("rlpara") == 3


def test_a_page_cannot_spell_a_placeholder() -> None:
    """A placeholder is named after the page, so text copied from another page's stays text."""
    other = Paragraphs("another page")
    other.hide("<p>x</p>")
    forged = next(iter(other.kept))
    text = f"{forged}\n\n<p>real</p>\n"
    assert f"<p>{forged}</p>" in _set_aside(text)


def test_only_whole_one_line_blocks_are_set_aside() -> None:
    for text in ("Text <p>inline</p> here.\n", "<p>two\nlines</p>\n", '<p class="x">y</p>\n'):
        assert Paragraphs(text).hide(text) == text
