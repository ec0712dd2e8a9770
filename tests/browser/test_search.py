"""Search, as a reader uses it: words from abstracts, coined names, prefixes, case, typos.

Each test runs on the shipped lists built as shipped (Pagefind, the default engine) and, where
it holds for both, built with `search_engine: material` too. The words are found in the built
project at run time (see corpus.py), so these tests follow whatever lists are shipped. Every
search is timed from the last keystroke to the first result.
"""

from __future__ import annotations

import json
import re
import statistics
from pathlib import Path
from typing import NamedTuple

import pytest
from bs4 import BeautifulSoup

from tests.browser.actions import expect, search
from tests.browser.corpus import Corpus
from tests.browser.server import SiteServer

pytestmark = pytest.mark.browser


class Searched(NamedTuple):
    engine: str
    server: SiteServer
    corpus: Corpus


@pytest.fixture(params=["pagefind", "material"])
def searched(request) -> Searched:
    """The seed site as shipped (Pagefind), then built with `search_engine: material`."""
    if request.param == "pagefind":
        server, project = request.getfixturevalue("seed_server"), "seed_site"
    else:
        server, project = request.getfixturevalue("seed_material_server"), "seed_material_site"
    return Searched(request.param, server, Corpus(request.getfixturevalue(project)))


def test_the_shipped_configuration_searches_with_pagefind(seed_site):
    home = (seed_site / "site" / "index.html").read_text(encoding="utf-8")
    assert "readinglist-pagefind.js" in home, "Material's search box should ask Pagefind"
    assert (seed_site / "site" / "pagefind" / "pagefind.js").is_file()


def test_a_word_found_in_one_abstract_only_lists_that_paper(searched, page, timing):
    server, corpus = searched.server, searched.corpus
    picks = _one_per_paper(corpus.unique_abstract_words())[:3]
    assert picks, "the seed lists should have words that occur in one abstract only"
    page.goto(server.url())
    times = []
    for word, paper in picks:
        outcome = search(page, word, server.base)
        times.append(outcome.milliseconds)
        assert outcome.paths, f"searching {word!r} found nothing"
        assert set(outcome.paths) == {paper.path}, f"{word!r} should find only {paper.path}"
    timing(f"search ({searched.engine}): keystroke -> first result, median (abstract word)",
           statistics.median(times))  # fmt: skip


def test_a_coined_name_ranks_its_paper_first_in_any_case_and_as_a_prefix(searched, page, timing):
    server, corpus = searched.server, searched.corpus
    names = corpus.coined_names()
    assert names, "the seed lists should have a paper named by a coined word (like FlipAttack)"
    page.goto(server.url())
    times = []
    for name, paper in names:
        for query in (name, name.lower(), name.upper(), name[: max(4, len(name) - 3)]):
            outcome = search(page, query, server.base)
            times.append(outcome.milliseconds)
            assert outcome.paths[:1] == (paper.path,), f"{query!r}: {outcome.paths[:3]}"
            assert outcome.titles[0] == paper.title
    label = f"search ({searched.engine}): keystroke -> first result"
    timing(f"{label}, median (coined names)", statistics.median(times))
    timing(f"{label}, slowest (coined names)", max(times))


def test_with_pagefind_a_typo_finds_what_the_word_s_longest_known_beginning_finds(
    seed_server, seed_corpus, page
):
    """What a typo does with Pagefind (README, Searching): no typo tolerance, but a word it
    does not know is searched by its longest beginning that it does. A wrong last letter
    still finds the paper; a letter dropped near the start does not; `~1` means nothing."""
    server, corpus = seed_server, seed_corpus
    name, paper = corpus.coined_names()[0]
    page.goto(server.url())
    assert search(page, name[:-1] + "x", server.base).paths[:1] == (paper.path,)
    dropped = name[:3] + name[4:]  # EraseAnything -> EraeAnything
    assert paper.path not in search(page, dropped, server.base).paths
    fuzzy = search(page, dropped + "~1", server.base)
    assert paper.path not in fuzzy.paths
    expect(page.locator(".rl-search-hint"), "no `~1` hint: Pagefind has no ~1").to_have_count(0)


def _lunr_coined_name(corpus, site: Path):
    """A coined name that Material's index holds as a word of its own: lunr splits on spaces
    and hyphens only, so "AlgoPerf:" or "AlgoPerf," is another word than "algoperf"."""
    index = json.loads((site / "site" / "search" / "search_index.json").read_text("utf-8"))
    words = set()
    for doc in index["docs"]:
        text = BeautifulSoup(doc["title"] + " " + doc["text"], "html.parser").get_text(" ")
        words.update(re.split(r"[\s\-]+", text.lower()))
    return next((name, paper) for name, paper in corpus.coined_names() if name.lower() in words)


def test_with_material_a_one_letter_typo_finds_nothing_unless_the_word_ends_in_tilde_one(
    seed_material_server, seed_material_site, seed_corpus, page
):
    """What a typo does with `search_engine: material` (README, Searching): lunr matches
    words and prefixes exactly, so a dropped letter finds nothing; `word~1` allows one edit
    and finds the paper."""
    server, corpus = seed_material_server, seed_corpus
    name, paper = _lunr_coined_name(corpus, seed_material_site)
    typo = name[:3] + name[4:]  # one letter dropped: FlipAttack -> FlipAtack
    page.goto(server.url())
    assert search(page, typo, server.base).paths == ()
    fuzzy = search(page, typo + "~1", server.base)
    assert fuzzy.paths[:1] == (paper.path,)
    hint = page.locator(".rl-search-hint")
    expect(hint, "the typo hint shows only when nothing matches").to_have_count(0)


def test_with_material_no_results_offers_the_typo_tolerant_search(
    seed_material_server, seed_material_site, seed_corpus, page
):
    server, corpus = seed_material_server, seed_corpus
    name, paper = _lunr_coined_name(corpus, seed_material_site)
    typo = name[:3] + name[4:]
    page.goto(server.url())
    search(page, typo, server.base)
    hint = page.locator(".rl-search-hint button")
    expect(hint).to_have_text(f"{typo}~1")
    hint.click()
    page.wait_for_function(
        "p => [...document.querySelectorAll('.md-search-result__item > a')]"
        ".some(a => a.href.includes(p))",
        arg=paper.path,
    )


def test_the_first_search_after_loading_a_page_is_quick(searched, page, timing):
    """Cold: the index loads in a worker while the page loads; time the first answer."""
    server, corpus = searched.server, searched.corpus
    name, paper = corpus.coined_names()[0]
    page.goto(server.url(paper.path))
    outcome = search(page, name, server.base)
    assert outcome.paths[:1] == (paper.path,)
    timing(f"search ({searched.engine}): first query after page load, keystroke -> first result",
           outcome.milliseconds)  # fmt: skip
    assert outcome.milliseconds < 5_000


def _one_per_paper(pairs):
    seen, picks = set(), []
    for word, paper in pairs:
        if paper.slug not in seen:
            seen.add(paper.slug)
            picks.append((word, paper))
    return picks
