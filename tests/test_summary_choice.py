"""The summary stands alone and says what the paper does: each rule of `summaries.choice`,
`summaries.pointers` and `summaries.flaws`, on abstracts written here."""

from __future__ import annotations

import pytest

from generator.describe.reading.abstracts import analyse
from generator.describe.reading.openings import strip_opening
from generator.describe.summaries import points_back, resolved, self_contained, summarize
from generator.describe.summaries.flaws import about_manuscript, bare, garbled, leans, mended


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        # a pointer named from the sentence before: "such features" are domain-invariant ones
        ("Learning domain-invariant features is vital to domain adaptation across sensors. "
         "In this paper, we propose a novel approach for learning such features from landmarks. "
         "Experiments show gains.",
         "We propose a novel approach for learning domain-invariant features from landmarks."),
        # "The aim of this paper is to ..." states the contribution, though no "we" does
        ("The aim of this paper is to design fast algorithms for online exp-concave "
         "optimization. Typical methods need costly projections. In this paper, we side-step "
         "projections with a barrier.",
         "The aim of this paper is to design fast algorithms for online exp-concave "
         "optimization."),
        # a sentence too long with its opening phrase fits without it
        ("Zero-shot learning classifies unseen objects. Following the intuitive principle that "
         "objects tend to be found in certain contexts but not in others that differ from them "
         "in their layout, their lighting, their clutter "
         "in many ways, we propose context-aware ZSL, that models the likelihood of an object "
         "to appear in a given context. We evaluate it.",
         "We propose context-aware ZSL, that models the likelihood of an object to appear in a "
         "given context."),
        # a bare name with a general apposition gives way to the sentence saying what it does
        ("Serving models is costly. We propose Quill, a novel quantization technique. Quill "
         "quantizes each layer of a language model at the precision its sensitivity allows.",
         "Quill quantizes each layer of a language model at the precision its sensitivity "
         "allows."),
        # a line break's hyphen is mended where the halves make a word
        ("We present a local convergence anal- ysis of proximal variance reduced methods.",
         "We present a local convergence analysis of proximal variance reduced methods."),
        # glued words in the best-ranked sentence: the next one that reads cleanly wins
        ("In this paper we propose thedesign of a sparse attention kernel for long inputs. We "
         "show that the sparse attention kernel halves the memory of long-context inference.",
         "We show that the sparse attention kernel halves the memory of long-context inference."),
        # a sentence about the manuscript gives way to one about the work
        ("In this manuscript we will describe the architecture of the Hydra scheduler in detail. "
         "We show that Hydra cuts the tail latency of batch jobs by half on shared clusters.",
         "We show that Hydra cuts the tail latency of batch jobs by half on shared clusters."),
        # a result sentence that stands alone beats a contribution sentence pointing back
        ("Computational results demonstrate that posterior sampling outperforms optimistic "
         "algorithms on tabular problems. We provide insight into the extent of this boost.",
         "Computational results demonstrate that posterior sampling outperforms optimistic "
         "algorithms on tabular problems."),
        # "We leverage this insight to establish X": the step taken is the contribution
        ("Posterior sampling works well. We leverage this insight to establish a Bayesian "
         "regret bound for posterior sampling in episodic decision processes.",
         "We establish a Bayesian regret bound for posterior sampling in episodic decision "
         "processes."),
        ("No analysis gives global superlinear rates. We close this gap and present the first "
         "globally convergent quasi-Newton method with an explicit superlinear rate.",
         "We present the first globally convergent quasi-Newton method with an explicit "
         "superlinear rate."),
        # a claim in the passive is a claim
        ("A framework PMvGE is proposed for multi-view feature learning with many-to-many "
         "associations between views. By combining two theorems, we prove that PMvGE learns "
         "a wide class of similarity measures.",
         "A framework PMvGE is proposed for multi-view feature learning with many-to-many "
         "associations between views."),
        # too short to say what for: a longer claim wins
        ("Circuits are compact. We give a new inference algorithm. We show that tracking the "
         "highest degree coefficients makes inference linear in the circuit size.",
         "We show that tracking the highest degree coefficients makes inference linear in the "
         "circuit size."),
    ],
)  # fmt: skip
def test_the_summary_stands_alone_and_says_what_the_paper_does(
    abstract: str, expected: str
) -> None:
    assert summarize(analyse(abstract)) == expected


@pytest.mark.parametrize(
    ("sentence", "pointing"),
    [
        ("We propose an attack that defeats vanilla models and those generated by defenses.",
         False),
        ("We formulate the problem as an open Dec-POMDP.", True),
        ("We formulate the problem of teammate change as an open Dec-POMDP.", False),
        ("We compare their respective abilities on four tasks.", True),
        ("We show that the proposed algorithm is fast.", True),
        ("We instead learn where and how to search in a tree.", True),
        ("This paper addresses the connection by building a reward.", True),
        ("We study the connection between flows and entropy.", False),
    ],
)  # fmt: skip
def test_points_back(sentence: str, pointing: bool) -> None:
    assert points_back(sentence) is pointing


def test_resolved_names_the_noun_from_an_earlier_sentence_or_gives_up() -> None:
    before = ["We annotate posts to construct a Japanese emotion analysis dataset."]
    assert resolved("We explore the gap with this dataset.", before) == (
        "We explore the gap with the Japanese emotion analysis dataset."
    )
    assert resolved("We explore this trade-off.", before) == ""


def test_self_contained_takes_out_the_step_pointing_back() -> None:
    assert self_contained("Through these annotations we identify errors in metrics.") == (
        "We identify errors in metrics."
    )


@pytest.mark.parametrize(
    ("summary", "is_bare"),
    [
        ("We propose X.", True),
        ("We propose Quill, a novel multi-scale quantization technique.", True),
        ("We give a new inference algorithm.", True),
        ("We propose Quill, a technique for quantizing attention.", False),
        ("We propose Quill, which quantizes attention.", False),
    ],
)
def test_bare(summary: str, is_bare: bool) -> None:
    assert bool(bare(summary)) is is_bare


@pytest.mark.parametrize(
    ("summary", "is_garbled"),
    [
        ("We describe thedesign of a cache.", True),
        ("Humansand models disagree on labels.", True),
        ("We present a low- rank method.", True),
        ("We study first- and second-order methods within the design space.", False),
        ("We describe the design of a cache.", False),
    ],
)
def test_garbled(summary: str, is_garbled: bool) -> None:
    assert garbled(summary) is is_garbled


def test_mended_joins_only_known_words() -> None:
    assert mended("meth- ods and low- rank") == "methods and low- rank"


def test_about_manuscript_and_leans() -> None:
    assert about_manuscript("In this manuscript we will describe the design of Hydra.")
    assert not about_manuscript("We describe Hydra, a scheduler for batch jobs.")
    assert leans("We show that our method is fast.")
    assert not leans("Our architecture, which we call MCTSnet, learns to search.")


def test_strip_opening_keeps_an_opening_that_is_a_claim() -> None:
    assert strip_opening("Following a principle, we propose X.") == "We propose X."
    assert strip_opening("We show that A holds, we propose X.") == (
        "We show that A holds, we propose X."
    )


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("In the present paper, we resolve the question.", "We resolve the question."),
        ("Critically, we introduce a notion of transformed processes.",
         "We introduce a notion of transformed processes."),
    ],
)  # fmt: skip
def test_openings_that_tie_back_go(sentence: str, expected: str) -> None:
    assert strip_opening(sentence) == expected


def test_a_summary_opening_with_latex_keeps_its_command() -> None:
    """Capitalising the first letter must not turn `\\emph` into `\\Emph`."""
    sentence = "\\emph{given} data, we fit a model."
    assert summarize(analyse(sentence)) == "\\emph{Given} data, we fit a model."


def test_two_sentences_the_split_missed_are_garbled() -> None:
    assert garbled("\\emph{Can we test the class?} We explore tests of independence.")
    assert points_back("This paper achieves both aims by stabilising training.")
