"""The page context for the theme (generator/render/theme.py) and the plain front matter the
paper pages carry instead: what the Cite box, JSON-LD, Highwire tags, chips and topic evidence
show is made at render time from the collection, exactly as the exports make it."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from markupsafe import Markup

from generator import export, markup, pipeline
from generator.config import Settings
from generator.models import Collection, Link
from generator.render import Theme, title_as_html
from generator.render.pages import paper_front_matter
from tests.conftest import copy_project
from tests.test_exports import HOSTILE, make_collection, make_paper

SITE = "https://example.org/list/"


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> tuple[Collection, Settings]:
    project = copy_project(tmp_path_factory.mktemp("theme") / "project")
    settings = Settings.from_root(project, site_url=SITE)
    return pipeline.collect(settings), settings


def test_every_paper_page_gets_what_the_exports_make(shipped) -> None:
    collection, settings = shipped
    theme = Theme(collection, settings)
    theme.site.prepare()
    for paper in collection.papers:
        view = theme.context(f"papers/{paper.slug}.md")["paper"]
        assert view.cite == theme.site.cited[paper.id]  # the Cite box and papers.bib/.ris agree
        assert isinstance(view.json_ld, Markup)
        assert json.loads(view.json_ld) == export.scholarly_article(paper, site_url=SITE)
        assert list(view.citation) == export.highwire(paper, site_url=SITE)
        assert [chip.name for chip in view.topics] == list(paper.topic_names)
        assert all(chip.path.startswith("topics/") for chip in view.topics)
        assert [chip.name for chip in view.lists] == list(paper.lists)
        for chip in view.tags:
            assert bool(chip.path) == (chip.name in theme.site.shared_tags)
        assert [topic for topic, _ in view.evidence] == list(paper.topic_names)


@pytest.mark.parametrize("path", ["index.md", "topics/index.md", "about.md", "papers/nope.md"])
def test_other_pages_get_no_paper_context(shipped, path: str) -> None:
    assert Theme(*shipped).context(path) == {}


def test_only_web_links_become_buttons(tmp_path: Path) -> None:
    links = (Link("javascript:alert(1)", "code"), Link("https://x.org/d", "data"),
             Link("data:text/html,x", "link"), Link("http://y.org", "project"))  # fmt: skip
    paper = replace(make_paper("p1"), links=links)
    theme = Theme(make_collection(paper), Settings.from_root(tmp_path))
    view = theme.context("papers/slug-p1.md")["paper"]
    assert [link.url for link in view.links] == ["https://x.org/d", "http://y.org"]


@pytest.mark.parametrize(
    ("title", "as_html"),
    [
        ("N < 1000 & M > 2", "N &lt; 1000 &amp; M &gt; 2"),
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("\"Q&A\" isn't 'hard'", "\"Q&amp;A\" isn't 'hard'"),  # quotes as Markdown leaves them
        ("&lt; already an entity", "&amp;lt; already an entity"),  # shown as written
        (2025, 2025),  # not text: as it is
    ],
)
def test_front_matter_titles_become_html_text(title: object, as_html: object) -> None:
    assert title_as_html(title) == as_html


@pytest.mark.parametrize("hostile", HOSTILE)
def test_paper_front_matter_is_plain_text(tmp_path: Path, hostile: str) -> None:
    paper = make_paper("p1", title=hostile, authors=("Ann Smith",), year="2025", doi="10.1/x")
    theme = Theme(make_collection(paper), Settings.from_root(tmp_path))
    meta = paper_front_matter(theme.site, paper)
    assert meta["title"] == hostile  # not escaped: whoever prints it escapes it
    assert (meta["authors"], meta["year"], meta["doi"]) == (["Ann Smith"], "2025", "10.1/x")
    assert meta["summary"] == markup.parse(paper.summary).text
    assert meta["template"] == "paper.html"
    assert not {"jsonld", "citation", "cite", "topic_evidence"} & set(meta)
    assert paper.abstract not in json.dumps(meta)  # the abstract is in the page body only
