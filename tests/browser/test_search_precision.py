"""Search that does not mislead, with Pagefind as shipped: an author's surname finds that
author's paper; a word no page holds finds nothing, even where Pagefind would fall back to its
first letters ("Farnik" -> "far"); a word that is whole in some pages lists those first."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.browser.actions import expect, search
from tests.browser.server import serve
from tests.conftest import copy_project, pagefind_pages, run_cli

pytestmark = pytest.mark.browser

AUTHORS = """@article{quokka_2024,
  title = {Counting Quokkas with Few Labels},
  author = {Farnik, Zofia and Ng, Andrew},
  year = {2024},
  journal = {Journal of Marsupial Vision},
  abstract = {We count quokkas in camera-trap images with very few labelled examples,
              using contrastive pretraining on unlabelled footage.}
}
"""
_WORD = re.compile(r"[a-z]{6,}")


@pytest.fixture(scope="module")
def authored(tmp_path_factory: pytest.TempPathFactory) -> Iterator:
    """The shipped lists plus a BibTeX file with authors, built and served."""
    project = copy_project(tmp_path_factory.mktemp("authored") / "project")
    (project / "lists" / "authored.bib").write_text(AUTHORS, encoding="utf-8")
    run_cli(project, "build")
    with serve(project / "site", "https://example.github.io/readinglist/") as server:
        yield server, project


def _words(text: str) -> set[str]:
    return set(re.findall(r"[^\W_]+", text.lower()))


def test_an_author_surname_finds_that_authors_paper_only(authored, page) -> None:
    server, _project = authored
    page.goto(server.url())
    outcome = search(page, "Farnik", server.base)
    assert len(outcome.paths) == 1 and outcome.paths[0].startswith("papers/counting-quokkas")
    assert search(page, "farnik zofia", server.base).paths == outcome.paths


def test_a_surname_the_site_does_not_hold_finds_nothing(seed_server, seed_site, page) -> None:
    held = set().union(*(_words(p["content"]) for p in pagefind_pages(seed_site / "site").values()))
    assert "farnik" not in held and any(word.startswith("far") for word in held)
    page.goto(seed_server.url())
    assert search(page, "Farnik", seed_server.base).paths == ()


def test_words_no_page_holds_find_nothing_even_when_their_beginning_is_common(
    seed_server, seed_site, page
) -> None:
    """Words made at run time: the first three letters of real words, then letters no word
    continues them with. Pagefind alone answers each with the pages holding the three
    letters' words."""
    held = set().union(*(_words(p["content"]) for p in pagefind_pages(seed_site / "site").values()))
    starts = sorted({word[:3] for word in held if _WORD.fullmatch(word)})[::25][:4]
    page.goto(seed_server.url())
    for start in starts:
        query = start + "qzvkx"
        assert not any(word.startswith(start + "q") for word in held)
        assert search(page, query, seed_server.base).paths == (), query


def test_pages_holding_the_whole_word_come_before_pages_where_it_only_begins_one(
    seed_server, seed_site, page
) -> None:
    pages = {
        url.strip("/"): _words(p["content"])
        for url, p in pagefind_pages(seed_site / "site").items()
    }
    case = _exact_and_longer(pages)
    assert case, "the seed site should have a word that is whole in some pages, a prefix in others"
    word, whole, longer = case
    page.goto(seed_server.url())
    found = [path.strip("/") for path in search(page, word, seed_server.base).paths]
    assert set(found[: len(whole)]) == whole, (word, found)
    assert set(found[len(whole) :]) <= longer, (word, found)


def _exact_and_longer(pages: dict[str, set[str]]):
    """A word of 5+ letters held whole by 1-5 pages, and only as the start of a longer word
    (not the same word with an ending) by 1-5 others."""
    every = sorted({w for words in pages.values() for w in words if re.fullmatch(r"[a-z]{5,}", w)})
    for word in every:
        whole = {url for url, words in pages.items() if word in words}
        starting = {url: [w for w in words if w.startswith(word)] for url, words in pages.items()}
        longer = {url for url, ws in starting.items() if url not in whole and ws
                  and all(len(w) > len(word) + 3 for w in ws)}  # fmt: skip
        if 1 <= len(whole) <= 5 and 1 <= len(longer) <= 5:
            return word, whole, longer
    return None


def test_browse_words_match_an_author(authored, page) -> None:
    """Browse's words box asks the same index, which holds the byline."""
    server, _project = authored
    page.goto(server.url("browse/?words=Farnik"))
    expect(page.locator(".rl-browse__count")).to_have_text("1 paper")
    expect(page.locator(".rl-browse__results a")).to_contain_text(["Counting Quokkas"])
