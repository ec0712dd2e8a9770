"""The byline of a paper page: authors, venue and year from a BibTeX or CSV source, shortened
past a few authors, escaped, searchable (Pagefind, `readinglist find`); nothing where a source
gave nothing. Built for real from a .bib, a .csv and a plain list."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tests.conftest import FIXTURES, copy_project, pagefind_pages, run_cli

MANY = """@inproceedings{farnik_quokka_2024,
  title = {Counting Quokkas with Few Labels},
  author = {Farnik, Zofia and Ng, Andrew and O'Brien, Aoife and Sato, Kenji and
            Dupont, Claire and <b>Bold</b>, Eve},
  year = {2024},
  booktitle = {International Conference on Marsupial Vision},
  abstract = {We count quokkas in camera-trap images with very few labelled examples,
              using a contrastive pretraining scheme on unlabelled footage.}
}
"""
PLAIN = "Plain List\n\nWe study a small, well defined question about sorting networks in depth.\n"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lists = {
        "zotero.bib": (FIXTURES / "sources" / "zotero_export.bib").read_bytes(),
        "sheet.csv": (FIXTURES / "sources" / "spreadsheet.csv").read_bytes(),
        "many.bib": MANY,
        "plain.txt": PLAIN,
    }
    root = copy_project(tmp_path_factory.mktemp("byline") / "project", lists=lists)
    run_cli(root, "build")  # the fixtures' bad entries are warned of and skipped
    return root


def _page(project: Path, words: str) -> BeautifulSoup:
    """The built paper page whose title holds `words`."""
    for path in sorted((project / "site" / "papers").glob("*/index.html")):
        soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        if words in soup.h1.get_text():
            return soup
    raise AssertionError(f"no paper page titled with {words!r}")


def test_few_authors_are_all_named_with_venue_and_year(project: Path) -> None:
    byline = _page(project, "Generative Adversarial Nets").select_one(".rl-byline")
    assert byline.select_one(".rl-byline__authors").get_text() == (
        "Ian Goodfellow, Jean Pouget-Abadie, Mehdi Mirza"
    )
    published = byline.select_one(".rl-byline__published").get_text()
    assert published == "Advances in Neural Information Processing Systems, 2014"


def test_many_authors_are_shortened_and_the_whole_list_is_a_click_away(project: Path) -> None:
    byline = _page(project, "Counting Quokkas").select_one(".rl-byline")
    summary = byline.select_one("details.rl-byline__authors summary").get_text(" ", strip=True)
    assert summary == "Zofia Farnik, Andrew Ng, Aoife O'Brien, et al. (6 authors)"
    full = byline.select_one("details.rl-byline__authors p").get_text()
    assert full.startswith("Zofia Farnik, Andrew Ng") and full.endswith("Claire Dupont, Eve Bold")
    assert byline.select_one("b") is None  # the source's markup never becomes HTML
    assert "2024" in byline.select_one(".rl-byline__published").get_text()


def test_a_plain_list_gets_no_byline(project: Path) -> None:
    assert _page(project, "orting").select_one(".rl-byline") is None


def test_authors_are_in_the_search_index(project: Path) -> None:
    pages = pagefind_pages(project / "site")
    holding = [url for url, page in pages.items() if "Farnik" in page["content"]]
    assert len(holding) == 1 and holding[0].startswith("/papers/")
    assert "Marsupial Vision" in pages[holding[0]]["content"]
    # The shortened names are not indexed twice: only the whole list is.
    assert pages[holding[0]]["content"].count("Aoife O'Brien") == 1


def test_find_matches_an_author_and_prints_the_byline(project: Path) -> None:
    result = run_cli(project, "find", "farnik")
    assert "1 of" in result.stdout and "Counting Quokkas" in result.stdout
    assert "authors: Zofia Farnik, Andrew Ng" in result.stdout
    assert "published: International Conference on Marsupial Vision, 2024" in result.stdout
    assert run_cli(project, "find", "Pouget-Abadie").stdout.count("Generative Adversarial") == 1
