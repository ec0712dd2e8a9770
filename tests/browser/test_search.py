"""Search, as a reader uses it: words from abstracts, coined names, prefixes, case, typos.

The words are found in the built site at run time (see corpus.py), so these tests follow
whatever lists are shipped. Every search is timed from the last keystroke to the first result.
"""

from __future__ import annotations

import statistics

import pytest

from tests.browser.actions import search

pytestmark = pytest.mark.browser


def test_a_word_found_in_one_abstract_only_lists_that_paper(seed_server, seed_corpus, page, timing):
    picks = _one_per_paper(seed_corpus.unique_abstract_words())[:3]
    assert picks, "the seed lists should have words that occur in one abstract only"
    page.goto(seed_server.url())
    times = []
    for word, paper in picks:
        outcome = search(page, word, seed_server.base)
        times.append(outcome.milliseconds)
        assert outcome.paths, f"searching {word!r} found nothing"
        assert set(outcome.paths) == {paper.path}, f"{word!r} should find only {paper.path}"
    timing("search: keystroke -> first result, median (abstract word)", statistics.median(times))


def test_a_coined_name_ranks_its_paper_first_in_any_case_and_as_a_prefix(
    seed_server, seed_corpus, page, timing
):
    names = seed_corpus.coined_names()
    assert names, "the seed lists should have a paper named by a coined word (like FlipAttack)"
    page.goto(seed_server.url())
    times = []
    for name, paper in names:
        for query in (name, name.lower(), name.upper(), name[: max(4, len(name) - 3)]):
            outcome = search(page, query, seed_server.base)
            times.append(outcome.milliseconds)
            assert outcome.paths[:1] == (paper.path,), f"{query!r}: {outcome.paths[:3]}"
            assert outcome.titles[0] == paper.title
    timing("search: keystroke -> first result, median (coined names)", statistics.median(times))
    timing("search: keystroke -> first result, slowest (coined names)", max(times))


def test_a_one_letter_typo_finds_nothing_unless_the_word_ends_in_tilde_one(
    seed_server, seed_corpus, page
):
    """What a typo does (documented in the README): lunr matches words and prefixes exactly,
    so a dropped letter finds nothing; `word~1` allows one edit and finds the paper."""
    name, paper = seed_corpus.coined_names()[0]
    typo = name[:3] + name[4:]  # one letter dropped: FlipAttack -> FlipAtack
    page.goto(seed_server.url())
    assert search(page, typo, seed_server.base).paths == ()
    fuzzy = search(page, typo + "~1", seed_server.base)
    assert fuzzy.paths[:1] == (paper.path,)
    hint = page.locator(".rl-search-hint")
    assert hint.count() == 0, "the typo hint shows only when nothing matches"


def test_no_results_offers_the_typo_tolerant_search(seed_server, seed_corpus, page):
    name, paper = seed_corpus.coined_names()[0]
    typo = name[:3] + name[4:]
    page.goto(seed_server.url())
    search(page, typo, seed_server.base)
    hint = page.locator(".rl-search-hint button")
    assert hint.inner_text().strip() == f"{typo}~1"
    hint.click()
    page.wait_for_function(
        "p => [...document.querySelectorAll('.md-search-result__item > a')]"
        ".some(a => a.href.includes(p))",
        arg=paper.path,
    )


def test_the_first_search_after_loading_a_page_is_quick(seed_server, seed_corpus, page, timing):
    """Cold: the index loads in a worker while the page loads; time the first answer."""
    name, paper = seed_corpus.coined_names()[0]
    page.goto(seed_server.url(paper.path))
    outcome = search(page, name, seed_server.base)
    assert outcome.paths[:1] == (paper.path,)
    timing("search: first query after page load, keystroke -> first result", outcome.milliseconds)
    assert outcome.milliseconds < 5_000


def _one_per_paper(pairs):
    seen, picks = set(), []
    for word, paper in pairs:
        if paper.slug not in seen:
            seen.add(paper.slug)
            picks.append((word, paper))
    return picks
