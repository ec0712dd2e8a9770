"""The curator's box on a paper page, as a reader sees it: the status line, the note's heading
and each part of the note are blocks of their own, one under the other, in that order."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.server import SiteServer, serve
from tests.conftest import copy_project, run_cli

pytestmark = pytest.mark.browser

ABSTRACT = ("We introduce QuokkaNet, a compact convolutional network for counting marsupials in "
            "camera-trap images. QuokkaNet reaches high accuracy with little memory.")  # fmt: skip
# Where each block of the box starts on the page, from the top.
BLOCKS = """() => [...document.querySelectorAll('.rl-note > *')]
  .map(el => ({tag: el.tagName, text: el.innerText.trim(), top: el.getBoundingClientRect().top}))"""


@pytest.fixture(scope="module")
def noted_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    project = copy_project(tmp_path_factory.mktemp("note") / "project",
                           lists={"a.txt": f"Curated\n\n{ABSTRACT}\n"})  # fmt: skip
    run_cli(project, "generate")
    paper_id = run_cli(project, "find", "QuokkaNet").stdout.split()[0]
    (project / "lists" / "curation.yml").write_text(
        f"papers:\n  {paper_id}:\n    status: reading\n    rating: 4\n"
        '    note: "First *part* of the note.\\n\\nSecond part."\n',
        encoding="utf-8",
    )
    run_cli(project, "build")
    site = project / "site"
    with serve(site, "https://example.github.io/readinglist/") as server:
        yield server


def _paper_path(site: Path) -> str:
    (page,) = (site / "papers").glob("*/index.html")
    return f"papers/{page.parent.name}/"


def test_status_heading_and_note_are_separate_blocks(noted_server, page):
    page.goto(noted_server.url(_paper_path(noted_server.root)))
    blocks = page.evaluate(BLOCKS)
    assert [block["tag"] for block in blocks] == ["P", "P", "P", "P"]
    texts = [block["text"] for block in blocks]
    assert texts[0] == "Curator: reading now · Curator's rating: ★★★★☆"
    assert texts[1:] == ["Curator's note", "First part of the note.", "Second part."]
    tops = [block["top"] for block in blocks]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)  # one under the other
