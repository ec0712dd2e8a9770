"""Find the paper: the searches a paper page links to, its DOI and URL (http(s) only, anything
else shown as text with a note); and, on a real build of hostile lists, the block and the
reader's-list marks as the theme printed them (escaped there, where the HTML is made)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import frontmatter
import pytest
from bs4 import BeautifulSoup

from generator.models import Bibliographic
from generator.render.entries import attribute
from generator.render.finders import OPENING_WORDS, SEARCHES, finders, search_words
from tests.conftest import FIXTURES, copy_project, run_cli
from tests.test_exports import make_paper

HOSTILE = '"><script>alert(1)</script> & <b>bold</b> `code` [x](javascript:alert(1)) \\*'


def _paper(title: str = "A Title", text: str = "", **bib: str):
    paper = make_paper(title=title, **bib)
    return replace(paper, text=text or paper.text)


def _query(url: str) -> str:
    (value,) = [v for values in parse_qs(urlsplit(url).query).values() for v in values
                if v != "all"]  # fmt: skip
    return value


@pytest.mark.parametrize(
    ("title", "bib_title", "text", "words"),
    [
        # A source's own title is the best search there is.
        ("FlipAttack: Flips", "The Real Title", "We flip.", "The Real Title"),
        ("Ignored", "  Spaced \n Title ", "x", "Spaced Title"),
        # A derived title: its coined name, quoted, and the abstract's opening words.
        (
            "FlipAttack: Jailbreak by Flipping",
            "",
            "We propose FlipAttack, a jailbreak.",
            '"FlipAttack" We propose FlipAttack, a jailbreak',
        ),
        # No coined name: the opening words alone, at most OPENING_WORDS of them.
        (
            "Scaling Laws",
            "",
            " ".join(f"w{n}" for n in range(30)),
            " ".join(f"w{n}" for n in range(OPENING_WORDS)),
        ),
    ],
)
def test_search_words(title, bib_title, text, words):
    paper = _paper(title, text)
    paper = replace(paper, bib=Bibliographic(title=bib_title))
    assert search_words(paper) == words


def test_each_search_asks_for_the_words_and_nothing_else():
    paper = _paper(HOSTILE, "opening words")
    found = finders(paper)
    assert [f.label for f in found] == [label for label, _ in SEARCHES]
    for finder, (_, base) in zip(found, SEARCHES, strict=True):
        assert finder.url.startswith(base) and finder.url.startswith("https://")
        assert _query(finder.url) == search_words(paper)


@pytest.mark.parametrize(
    ("field", "value", "url", "text"),
    [
        ("doi", "10.1234/abc.5", "https://doi.org/10.1234/abc.5", ""),
        ("doi", '10.1/a b"<c>', "https://doi.org/10.1/a%20b%22%3Cc%3E", ""),
        ("doi", "https://doi.org/10.1/x", "https://doi.org/10.1/x", ""),
        ("doi", "doi:10.1/x", "", "doi:10.1/x"),
        ("url", "https://example.org/paper.pdf", "https://example.org/paper.pdf", ""),
        ("url", "HTTP://example.org/", "HTTP://example.org/", ""),
        ("url", "javascript:alert(1)", "", "javascript:alert(1)"),
        ("url", "ftp://example.org/x", "", "ftp://example.org/x"),
        ("url", "//example.org/x", "", "//example.org/x"),
    ],
)
def test_doi_and_url_are_links_only_when_http(field, value, url, text):
    (address,) = [f for f in finders(make_paper(**{field: value})) if f.label == field.upper()]
    assert (address.url, address.text) == (url, text)


def test_no_doi_or_url_no_address():
    assert [f.label for f in finders(make_paper())] == [label for label, _ in SEARCHES]


def test_only_web_addresses_become_links():
    paper = _paper(HOSTILE, HOSTILE, doi="10.1/<x>", url="javascript:alert('x')")
    found = finders(paper)
    links = [f for f in found if f.url]
    assert len(links) == 4  # three searches and the DOI; the script URL is text
    assert all(f.url.startswith("https://") for f in links)
    (text,) = [f for f in found if not f.url]
    assert (text.label, text.text) == ("URL", "javascript:alert('x')")
    assert [_query(f.url) for f in links[:3]] == [search_words(paper)] * 3


@pytest.mark.parametrize("value", [HOSTILE, "Plain title: with-hyphen", "Ünïcode 数学 $x_1$"])
def test_an_attribute_reads_back_as_the_value(value):
    soup = BeautifulSoup(f'<span data-x="{attribute(value)}"></span>', "html.parser")
    assert soup.span["data-x"] == value
    assert not set(attribute(value)) & set("<>\"'`[]\\*_")


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    lists = {path.name: path.read_bytes() for path in sorted((FIXTURES / "hostile").glob("*.txt"))}
    project = copy_project(tmp_path_factory.mktemp("finders") / "project", lists=lists)
    run_cli(project, "build")
    return project


def test_built_pages_carry_marks_that_read_back_as_each_papers_title(hostile_site):
    site, docs = hostile_site / "site", hostile_site / "docs"
    pages = sorted((docs / "papers").glob("*.md"))
    assert len(pages) > 5
    for source in pages:
        meta = frontmatter.load(source).metadata
        html = (site / "papers" / source.stem / "index.html").read_text(encoding="utf-8")
        soup = BeautifulSoup(html, "html.parser")
        (mark,) = soup.select("div.rl-mine")
        assert mark["data-rl-paper"] == meta["id"]
        assert mark["data-rl-title"] == meta["title"]
        assert mark["data-rl-url"] == f"papers/{source.stem}/"
        assert not mark.contents
        (block,) = soup.select(".rl-finders")
        assert not block.find_all(["script", "b", "img", "iframe"])
        finder_links = block.select("a")
        assert [a.get_text() for a in finder_links] == [label for label, _ in SEARCHES]
        assert all(a["rel"] == ["noopener", "noreferrer"] for a in finder_links)
        assert all(a["href"].startswith("https://") for a in finder_links)
        assert "rl-finders" not in source.read_text(encoding="utf-8")  # the theme's, not the page's


def test_every_listing_entry_has_its_papers_mark(hostile_site):
    site = hostile_site / "site"
    titles = {p["id"]: p["title"] for p in json.loads((site / "papers.json").read_text())["papers"]}
    page = sorted((site / "lists").glob("*/index.html"))[0]
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    marks = soup.select("article li span.rl-mine")
    assert marks and len(marks) == len(soup.select("article li > a:first-child"))
    for mark in marks:
        assert mark["data-rl-title"] == titles[mark["data-rl-paper"]]


def test_the_ids_file_lists_every_published_paper_with_its_key(hostile_site):
    site = hostile_site / "site"
    papers = json.loads((site / "papers.json").read_text(encoding="utf-8"))["papers"]
    lines = (site / "my-list" / "ids.txt").read_text(encoding="utf-8").splitlines()
    assert lines == [f"{p['id']} {p['key']}" for p in papers]
