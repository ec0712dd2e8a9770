"""The contribution sentence (summary) and the kind of paper, on abstracts written here."""

from __future__ import annotations

import pytest

from generator.describe import summaries
from generator.describe.kinds import KINDS, classify
from generator.describe.reading.abstracts import analyse
from generator.describe.reading.claims import claims, rank_sentences
from generator.describe.reading.sentences import split_sentences
from generator.describe.summaries import (
    MAX_WORDS,
    points_back,
    self_contained,
    strip_preamble,
    summarize,
)
from tests.conftest import FIXTURES, SEED_LISTS

BACKGROUND = "Recent work has shown that caches matter for serving."
PROBLEM = "However, existing eviction policies adapt poorly to shifting workloads."
RESULTS = "Experiments on three traces show that our policy lowers the miss ratio by 14%."


def test_claims_find_the_authors_verbs() -> None:
    found = claims("to address this, we then propose a policy and this paper shows that it works.")
    assert [claim.verb for claim in found] == ["propose", "show"]


def test_claims_ignore_words_ending_in_we() -> None:
    assert claims("a new policy, which we call lumen, is fast.") != ()
    assert claims("the answer lies in how they interact") == ()


@pytest.mark.parametrize(
    ("sentences", "expected"),
    [
        ([BACKGROUND, PROBLEM, "To address this, we propose Lumen, a learned policy.", RESULTS], 2),
        ([BACKGROUND, "In this paper, we study eviction under drift.", RESULTS], 1),
        (["We propose Lumen, a learned policy.", "We also release a trace.", RESULTS], 0),
        (["This position paper argues that caches are overrated.", "We propose a test."], 0),
        ([BACKGROUND, "Code is available at github.", "We introduce a cache."], 2),
        ([BACKGROUND, PROBLEM, "We find that eviction matters more than size."], 2),
    ],
)
def test_rank_sentences_puts_the_contribution_first(sentences: list[str], expected: int) -> None:
    lower = [sentence.lower() for sentence in sentences]
    assert rank_sentences(lower, [claims(sentence) for sentence in lower])[0] == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("In this paper, we propose a policy.", "We propose a policy."),
        ("To address this, we propose a policy.", "We propose a policy."),
        ("To address these challenges, we propose a policy.", "We propose a policy."),
        ("Motivated by these insights, we design a cache.", "We design a cache."),
        ("Based on these findings, we develop a defense.", "We develop a defense."),
        ("However, in this work, we study drift.", "We study drift."),
        ("Here we present a model.", "We present a model."),
        ("this work decomposes the problem.", "This work decomposes the problem."),
        (
            "Using only public traces, we train a model.",
            "Using only public traces, we train a model.",
        ),
        ("Caches, which are small, matter.", "Caches, which are small, matter."),
        (
            "While caches are popular, this position paper argues X.",
            "This position paper argues X.",
        ),
        ("Rather than tuning by hand, we introduce a tuner.", "We introduce a tuner."),
        (
            "Motivated by these gains, and in an effort to be fair, we run a study.",
            "We run a study.",
        ),
        ("To improve recall, we further propose a loss.", "We further propose a loss."),
        ("Therefore, *we prove a bound*.", "*We prove a bound*."),
        (
            "We observe that although A holds, this B fails.",
            "We observe that although A holds, this B fails.",
        ),
        ("Tuning is slow (Smith, 2024) In this work, we tune.", "We tune."),
    ],
)
def test_strip_preamble(sentence: str, expected: str) -> None:
    assert strip_preamble(sentence) == expected


def test_summary_is_the_contribution_sentence_as_source_with_its_math() -> None:
    abstract = (
        "Bandits are hard when rewards drift. "
        "To address this, we propose \\textbf{Drifter}, an algorithm with regret $O(\\sqrt{T})$. "
        "Experiments show that it works."
    )
    assert summarize(analyse(abstract)) == (
        "We propose \\textbf{Drifter}, an algorithm with regret $O(\\sqrt{T})$."
    )


LONG_CONTRIBUTION = (
    "Serving large models is costly. We analyse eviction policies for key-value caches in "
    "terms of (i) hit ratio and (ii) memory, and provide results that show how the access "
    "skew of real traces governs both: (1) we show that least-recently-used eviction is "
    "optimal under stationary skew but degrades badly when the skew drifts over hours of "
    "traffic; (2) we introduce DriftCache, a policy that tracks drifting skew with a sketch "
    "of recent accesses and evicts by predicted reuse; we prove that its regret is "
    "logarithmic in the trace length. Experiments on four traces confirm the analysis."
)


def test_a_long_contribution_sentence_gives_its_most_informative_clause() -> None:
    assert len(analyse(LONG_CONTRIBUTION).sources[1].split()) > MAX_WORDS
    assert summarize(analyse(LONG_CONTRIBUTION)) == (
        "We introduce DriftCache, a policy that tracks drifting skew with a sketch of recent "
        "accesses and evicts by predicted reuse."
    )


def test_a_long_sentence_without_clauses_gives_way_to_the_next_best() -> None:
    rambling = "We propose a cache " + " ".join(["that adapts and"] * 20) + " stays small."
    abstract = f"{rambling} We also show that the cache beats LRU on four traces."
    assert summarize(analyse(abstract)) == "We also show that the cache beats LRU on four traces."


def test_a_summary_with_nothing_short_enough_is_cut_before_its_math() -> None:
    words = " ".join(f"w{n}" for n in range(43))
    summary = summarize(analyse(f"We propose {words} $x + y$ and more words here."))
    assert summary.endswith(" …") and "$" not in summary
    assert len(summary.split()) <= MAX_WORDS + 1


def _abstracts(path) -> list[str]:
    paragraphs = path.read_text(encoding="utf-8").split("\n\n")[1:]
    return [" ".join(p.split()) for p in paragraphs if p.strip()]


@pytest.mark.parametrize(
    "path",
    [*SEED_LISTS, FIXTURES / "other_field" / "other_field.txt",
     FIXTURES / "vision_list" / "vision_and_recsys.txt"],
    ids=lambda path: path.name,
)  # fmt: skip
def test_every_real_summary_is_one_sentence_of_the_abstract_within_45_words(path) -> None:
    for abstract in _abstracts(path):
        summary = summarize(analyse(abstract))
        assert 3 <= len(summary.split()) <= MAX_WORDS, summary
        assert len(split_sentences(summary)) == 1, summary
        assert not points_back(summary) or summary in _pointing_back_everywhere(abstract)
        body = summary.rstrip(".").removesuffix(" …")
        first = next(at for at, char in enumerate(body) if char.isalpha())
        # the source's (its first capitalised), or it with a pointer taken out
        assert body[first + 1 :] in abstract or _taken_from(body, abstract), summary


def _pointing_back_everywhere(abstract: str) -> set[str]:
    """Summaries allowed to point back: an abstract none of whose contribution sentences can
    stand alone keeps its best one."""
    parts = analyse(abstract)
    return {strip_preamble(sentence) for sentence in parts.sources}


def _taken_from(summary: str, abstract: str) -> bool:
    """The summary's words, but the verb after its subject (re-inflected: "by introducing" ->
    "we introduce"), in order among the abstract's."""
    words = [w.strip(",.").lower() for w in summary.split()]
    source = iter(w.strip(",.").lower() for w in abstract.split())
    verb_at = 2 if words[:2] in (["this", "paper"], ["this", "work"], ["this", "study"]) else 1
    return all(word in source for word in words[:verb_at] + words[verb_at + 1 :])


@pytest.mark.parametrize(
    ("sentence", "alone"),
    [
        ("We address this gap by introducing X, a cache for agents.",
         "We introduce X, a cache for agents."),
        ("This paper addresses this gap by proposing a framework for Y.",
         "This paper proposes a framework for Y."),
        ("To address these issues we propose AnchorAL.", "We propose AnchorAL."),
        ("We introduce Z, a framework that tackles these challenges by supporting programs.",
         "We introduce Z, a framework supporting programs."),
        ("We propose Q, a quantizer that alleviates the aforementioned challenge.",
         "We propose Q, a quantizer."),
        ("We propose such a definition called compositionality.",
         "We propose a definition called compositionality."),
        ("We study the detection of these insights from feedback.",
         "We study the detection of insights from feedback."),
        ("We propose X for tasks such as parsing.", "We propose X for tasks such as parsing."),
        ("This paper proposes W.", "This paper proposes W."),
        ("This paper starts to address these gaps.", ""),
        ("It improves accuracy.", ""),
    ],
)  # fmt: skip
def test_a_summary_stands_alone(sentence: str, alone: str) -> None:
    assert self_contained(sentence) == alone


ABSTRACTS_BY_KIND = {
    "position": (
        "Benchmarks shape the field. This position paper argues that leaderboards reward "
        "overfitting. We call on the community to report variance."
    ),
    "benchmark": (
        "Robots are evaluated on private tasks. We introduce GraspBench, a benchmark of 40 "
        "manipulation tasks with standard splits. We evaluate ten policies on it."
    ),
    "theory": (
        "We study online learning with delayed feedback. We prove a regret upper bound of "
        "$O(\\sqrt{dT})$ and a matching lower bound, so the bound is tight. The proof uses a "
        "new potential argument and yields a minimax characterization."
    ),
    "empirical": (
        "Learning rate warmup is widely used but poorly understood. We conduct a large-scale "
        "study of warmup across 300 training runs. We find that warmup mainly helps large "
        "batch sizes, and we observe that its benefit vanishes with normalised updates."
    ),
    "method": (
        "Image denoisers blur texture. We propose TexDenoise, a network that predicts texture "
        "residuals. Experiments on four datasets show sharper results."
    ),
}


@pytest.mark.parametrize(("kind", "abstract"), ABSTRACTS_BY_KIND.items())
def test_classify(kind: str, abstract: str) -> None:
    assert classify(analyse(abstract)) == kind


def test_classify_a_method_evaluated_on_a_benchmark_is_a_method() -> None:
    abstract = (
        "We propose a planner that reuses plans. We evaluate it on a standard benchmark "
        "and a new dataset of maps, where it outperforms prior planners."
    )
    assert classify(analyse(abstract)) == "method"


def test_classify_a_study_that_leads_to_a_method_is_a_method() -> None:
    abstract = (
        "Cache misses dominate serving cost. We conduct an in-depth study of cache misses in "
        "production. Inspired by these findings, this paper further proposes WarmCache, a "
        "prefetcher for model weights. Experiments show gains."
    )
    assert classify(analyse(abstract)) == "method"


def test_every_kind_is_labelled() -> None:
    assert set(ABSTRACTS_BY_KIND) == set(KINDS)


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # two sentences the source glued ("(PRP).Our"): split, the contribution kept alone
        ("Ranking is slow with pairwise prompting (PRP).We propose SlidePRP, a ranker that "
         "prompts in windows. Our results show gains.",
         "We propose SlidePRP, a ranker that prompts in windows."),
        # "We propose X." names it only: the next sentence naming it says what it does
        ("Labels are costly. We propose AnchorAL. AnchorAL selects class-specific anchors "
         "to build small pools for active learning. It is fast.",
         "AnchorAL selects class-specific anchors to build small pools for active learning."),
        # a code-release sentence is never the summary, even when it says "we release"
        ("Caches matter. We release our code at https://github.com/x/y under the MIT "
         "license. We find that eviction matters more than cache size.",
         "We find that eviction matters more than cache size."),
        # a connective pointing back is taken off
        ("Models are large. On the other hand, we find that small models match large ones "
         "once distilled.", "We find that small models match large ones once distilled."),
        ("Models are large. Notably, we show that pruning half the heads keeps accuracy.",
         "We show that pruning half the heads keeps accuracy."),
        ("Models are large. Therefore we introduce a pruning rule for attention heads.",
         "We introduce a pruning rule for attention heads."),
    ],
)  # fmt: skip
def test_a_summary_says_what_the_paper_does_in_one_sentence(abstract: str, expected: str) -> None:
    assert summarize(analyse(abstract)) == expected


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("It uses PRP (PRP).Our results hold.", ["It uses PRP (PRP).", "Our results hold."]),
        ("Learners.We propose X.", ["Learners.", "We propose X."]),
        ("We train an LM.Precisely, it ranks.", ["We train an LM.", "Precisely, it ranks."]),
        ("See e.g.Smith and the U.S.Army, Node.js and Fig.2.", ["See e.g.Smith and the "
                                                               "U.S.Army, Node.js and Fig.2."]),
    ],
)  # fmt: skip
def test_a_glued_full_stop_ends_a_sentence(source: str, expected: list[str]) -> None:
    assert split_sentences(source) == expected


_SHORTCUT_SENTENCES = [
    "We propose AnchorAL.",
    "This paper presents the predictron architecture .",
    "We carefully introduce a b c d e .",
    "We carefully introduce a b c d e f.",
    "We propose " + "very long " * 40 + "names.",
    "Code is available at https://example.org/x.",
    "We will make the code and data public.",
    "The models are openly released.",
    "Our weights are accessible to all.",
]


@pytest.mark.parametrize(
    "sentence",
    [*_SHORTCUT_SENTENCES,
     *(s for path in SEED_LISTS for a in _abstracts(path) for s in split_sentences(a))],
)  # fmt: skip
def test_the_summary_shortcuts_agree_with_the_patterns_they_skip(sentence: str) -> None:
    """The word-count guard of the bare-proposal pattern and the word test before the release
    pattern only skip searches that cannot match: same answers, found faster."""
    assert bool(summaries._bare(sentence)) == bool(summaries._BARE.match(sentence))
    lower = sentence.lower()
    assert summaries._is_release(lower) == bool(summaries._RELEASE.search(lower))
