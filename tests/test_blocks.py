"""The listings of generated pages reach MkDocs as HTML (`generator/mkdocs/blocks.py`): what
Python-Markdown is handed holds no entry, tag chip or related paper, and the HTML of every
page is what Python-Markdown makes of the page's whole Markdown (its abstract's paragraph set
aside as before, `paragraphs.py`).

MkDocs' own objects, in this process: the plugin loaded from `mkdocs.yml` generates the pages
(hostile lists and the shipped ones, so titles, summaries and tags hold markup, entities,
quotes and formulas); each generated page is then rendered by MkDocs' `Page.render` twice,
from the Markdown the plugin hands over (its blocks set aside and put back) and from the
page's Markdown as it is.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator

import pytest
from mkdocs.config import load_config
from mkdocs.structure.files import get_files
from mkdocs.structure.pages import Page

from generator.mkdocs.paragraphs import Paragraphs
from generator.mkdocs.plugin import ReadingListPlugin
from tests.conftest import FIXTURES, SEED_LISTS, copy_project

# What Python-Markdown would read once per entry: a listing's summary, a tag chip of the tags
# index, a related paper's line on a paper page, a paper page's summary.
PER_ENTRY = re.compile(
    r'<span class="rl-summary">|\{ \.rl-chip \}|^- \[.*\]\(\.\./papers/|"rl-oneline" markdown', re.M
)


@pytest.fixture(scope="module")
def handed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[tuple[str, str, str, str]]]:
    """Each generated page: its path, the HTML built from what the plugin handed Python-
    Markdown (restored as the plugin does), and the HTML of its Markdown as it is."""
    lists = {path.name: path.read_bytes() for path in (FIXTURES / "hostile").glob("*.txt")}
    lists |= {path.name: path.read_bytes() for path in SEED_LISTS}
    project = copy_project(tmp_path_factory.mktemp("blocks") / "project", lists=lists)
    os.environ["SOURCE_DATE_EPOCH"] = "1767225600"
    config = load_config(str(project / "mkdocs.yml"))
    plugin = config.plugins["readinglist"]
    assert isinstance(plugin, ReadingListPlugin)
    plugin.on_startup(command="build", dirty=False)
    try:
        config = plugin.on_config(config)
        yield list(_rendered(plugin, config))
    finally:
        plugin.run_lock.release()
        shutil.rmtree(project, ignore_errors=True)


def _rendered(plugin: ReadingListPlugin, config) -> Iterator[tuple[str, str, str, str]]:
    files = get_files(config)
    for file in files.documentation_pages():
        if not config.not_in_nav.match_file(file.src_uri):
            continue  # the curator's own pages: not the generator's
        page = Page(None, file, config)
        page.read_source(config)
        source = page.markdown
        page.markdown = plugin.on_page_markdown(source, page=page, config=config, files=files)
        handed = page.markdown
        page.render(config, files)
        html = plugin.on_page_content(page.content, page=page, config=config, files=files)
        kept = Paragraphs(source)
        page.markdown = kept.hide(source)
        page.render(config, files)
        yield file.src_uri, handed, html, kept.restore(page.content or "")


def test_python_markdown_reads_no_entry_of_a_generated_page(handed) -> None:
    pages = {path: text for path, text, _, _ in handed}
    assert {"index.md", "tags/index.md", "browse.md"} <= set(pages)
    assert any(path.startswith("papers/") for path in pages)
    read = {path: PER_ENTRY.findall(text) for path, text in pages.items()}
    assert {path: found for path, found in read.items() if found} == {}


def test_each_page_is_what_python_markdown_makes_of_its_markdown(handed) -> None:
    different = [path for path, _, html, plain in handed if html != plain]
    assert different == []
    # Not trivially: the pages hold the hostile titles, escaped.
    assert any("&lt;script&gt;" in html for _, _, html, _ in handed)
