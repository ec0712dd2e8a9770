"""Sentence splitting, plain text and the small grammar helpers, on sentences written here."""

from __future__ import annotations

import pytest

from generator.describe.reading.abstracts import analyse
from generator.describe.reading.claims import claims
from generator.describe.reading.grammar import first_clause
from generator.describe.reading.lexicon import base_form, gerund
from generator.describe.reading.sentences import plain_sentence, split_clauses, split_sentences


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("We fly. Birds swim.", ["We fly.", "Birds swim."]),
        ("Methods (e.g. ours) work. Others fail.", ["Methods (e.g. ours) work.", "Others fail."]),
        (
            "As shown by Smith et al. in 2020, it works.",
            ["As shown by Smith et al. in 2020, it works."],
        ),
        ("See Fig. 3 for details. Done.", ["See Fig. 3 for details.", "Done."]),
        (
            "The bound is $O(n. \\log n)$ here. Next.",
            ["The bound is $O(n. \\log n)$ here.", "Next."],
        ),
        (
            "Code: https://example.org/a.b. Then more.",
            ["Code: https://example.org/a.b.", "Then more."],
        ),
        ("Does it work? Yes. It does!", ["Does it work?", "Yes.", "It does!"]),
        ("The cost is $k^2.$ We cut it.", ["The cost is $k^2.$", "We cut it."]),
        ("We use i.e. this. And A. Turing agreed.", ["We use i.e. this.", "And A. Turing agreed."]),
        ("Gains of 3.5 points. Next, 0.5 more.", ["Gains of 3.5 points.", "Next, 0.5 more."]),
        ("It helps. <em>Firstly,</em> we act.", ["It helps.", "<em>Firstly,</em> we act."]),
        ("We present any4. any4 is fast.", ["We present any4.", "any4 is fast."]),
        (
            "We vary $\\alpha \\in [0.1, 0.9]$. It holds.",
            ["We vary $\\alpha \\in [0.1, 0.9]$.", "It holds."],
        ),
        ("Compare e.g. scGPT here.", ["Compare e.g. scGPT here."]),
        (
            "Atoms, tokens, etc. In this paper, we act.",
            ["Atoms, tokens, etc.", "In this paper, we act."],
        ),
        ("Atoms, tokens, etc. are sets.", ["Atoms, tokens, etc. are sets."]),
        ("See \\cite{a.b} now. Then.", ["See \\cite{a.b} now.", "Then."]),
        ("", []),
    ],
)
def test_split_sentences(source: str, expected: list[str]) -> None:
    assert split_sentences(source) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("We do A: (1) we show B; (2) we add C.", ["We do A", "we show B", "we add C."]),
        (
            "A costs $f(x; y): z$; B (see: ours; theirs) wins.",
            ["A costs $f(x; y): z$", "B (see: ours; theirs) wins."],
        ),
        ("No clause here.", ["No clause here."]),
        ("Two parts; i) first, ii) second.", ["Two parts", "first, ii) second."]),
    ],
)
def test_split_clauses_outside_math_and_brackets(sentence: str, expected: list[str]) -> None:
    assert split_clauses(sentence) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("We propose \\textbf{Foo}, a model.", "We propose Foo, a model."),
        ("We propose **Bar** and *baz* and `qux`.", "We propose Bar and baz and qux."),
        ("A rate of $\\tilde{O}(\\sqrt{T})$ holds.", "A rate of O(√T) holds."),
        ("See \\href{https://x.org}{our page} \\cite{smith}.", "See our page ."),
        ("Use \\texttt{KVS} -- fast --- and ``good''.", "Use KVS – fast — and “good”."),
        ("Costs 5\\% &amp; more <b>now</b>.", "Costs 5% & more now."),
        ("  many   spaces\nand lines ", "many spaces and lines"),
        ("Code at https://example.org/x and www.example.com today.", "Code at and today."),
    ],
)
def test_plain_sentence(source: str, expected: str) -> None:
    assert plain_sentence(source) == expected


def test_analyse_keeps_sources_plain_and_lowercase_aligned() -> None:
    parts = analyse("We propose **İstanbul-Net**. It runs at https://example.org/x fast.")
    assert parts.sources == (
        "We propose **İstanbul-Net**.",
        "It runs at https://example.org/x fast.",
    )
    assert parts.plain == ("We propose İstanbul-Net.", "It runs at fast.")
    assert all(len(p) == len(low) for p, low in zip(parts.plain, parts.lower, strict=True))
    assert parts.lower[1] == "it runs at fast."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a cache policy for edge servers that adapts online", "a cache policy for edge servers"),
        ("a planner, which is fast", "a planner"),
        ("a verification strategy to quantify the errors", "a verification strategy"),
        ("a method that extends the paradigm to new settings", "a method"),
        ("the paradigm to multimodal settings", "the paradigm to multimodal settings"),
        ("a model trained by minimizing a loss", "a model trained"),
        ("an estimator and show that it is optimal", "an estimator"),
        ("a loss based on ranks", "a loss"),
    ],
)
def test_first_clause(text: str, expected: str) -> None:
    assert first_clause(text) == expected


@pytest.mark.parametrize(
    ("verb", "expected"),
    [
        ("optimizes", "optimizing"),
        ("applies", "applying"),
        ("matches", "matching"),
        ("maps", "mapping"),
        ("learns", "learning"),
        ("embeds", "embedding"),
        ("uses", "using"),
        ("sees", "seeing"),
        ("processes", "processing"),
    ],
)
def test_gerund_of_third_person_verb(verb: str, expected: str) -> None:
    assert gerund(base_form(verb)) == expected


@pytest.mark.parametrize(
    ("verb", "expected"),
    [
        ("infer", "inferring"),  # stressed final syllable: the consonant doubles
        ("refer", "referring"),
        ("transfer", "transferring"),
        ("submit", "submitting"),
        ("control", "controlling"),
        ("embed", "embedding"),
        ("offer", "offering"),  # stressed on the first syllable: it does not
        ("differ", "differing"),
        ("model", "modeling"),
        ("limit", "limiting"),
        ("visit", "visiting"),
        ("make", "making"),  # a silent -e goes
        ("compute", "computing"),
        ("see", "seeing"),  # but not in -ee
        ("be", "being"),
        ("tie", "tying"),  # -ie becomes -y
        ("die", "dying"),
        ("map", "mapping"),  # one syllable, consonant-vowel-consonant
        ("quit", "quitting"),
        ("fix", "fixing"),
        ("mimic", "mimicking"),
        ("learn", "learning"),
    ],
)
def test_a_verb_becomes_its_gerund(verb: str, expected: str) -> None:
    assert gerund(verb) == expected


@pytest.mark.parametrize(
    ("sentence", "verb"),
    [
        ("we systematically evaluate eviction policies", "evaluate"),
        ("we then systematically evaluate eviction policies", "evaluate"),
        ("we first carefully and jointly infer gene networks", "infer"),
        ("we also jointly infer gene networks", "infer"),
        ("this paper further rigorously examines caches", "examine"),
        ("we apply caches to networks", "apply"),  # a verb in -ly is no adverb
        ("we only rely on caches", "rely"),
    ],
)
def test_adverbs_before_the_verb_are_skipped(sentence: str, verb: str) -> None:
    assert claims(sentence)[0].verb == verb
