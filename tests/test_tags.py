"""Tags: candidate phrases, acronym joins and the chosen tags, on sentences written for the test."""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter

import pytest

from generator.describe.reading import acronyms
from generator.describe.reading import lexicon as wordclass
from generator.describe.reading.lexicon import BREAK, GENERIC, MODIFIER, NAME, NOUN
from generator.describe.tags import acronyms as acronym_tags
from generator.describe.tags import collection as tags
from generator.describe.tags import keyphrases
from tests.conftest import stage_tags

SAFE = re.compile(r"[\w '+.()-]+")


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("the", BREAK),
        ("exhibit", BREAK),  # verb lexicon
        ("generates", BREAK),  # inflected from the lexicon
        ("varying", BREAK),
        ("mostly", BREAK),  # adverb by suffix
        ("sparsifies", BREAK),  # -ify verb by suffix
        ("penalises", BREAK),  # British -ise verb by suffix
        ("model's", BREAK),  # possessive
        ("7", BREAK),
        ("family", NOUN),  # -ly noun kept
        ("noise", NOUN),  # -ise noun kept
        ("learning", GENERIC),  # -ing noun, too general alone
        ("transformer", NOUN),
        ("supervised", MODIFIER),  # participle
        ("robust", MODIFIER),  # adjective lexicon
        ("token-level", MODIFIER),  # hyphenated adjective
        ("LLMs", NAME),
        ("AlpacaEval", NAME),
        ("GPT-4", NAME),
        ("Retrieval-Augmented", MODIFIER),  # Title Case is no name
    ],
)
def test_word_class(word: str, kind: int) -> None:
    assert wordclass.word_class(word) == kind


@pytest.mark.parametrize(
    ("plural", "singular"),
    [
        ("networks", "network"),
        ("policies", "policy"),
        ("matrices", "matrix"),
        ("bias", "bias"),
        ("series", "series"),
        ("analysis", "analysis"),
        ("LLMs", "LLM"),
        ("SAEs", "SAE"),
        ("biases", "bias"),  # not "biase"
        ("classes", "class"),
        ("cases", "case"),
    ],
)
def test_singular(plural: str, singular: str) -> None:
    assert wordclass.singular(plural) == singular


@pytest.mark.parametrize(
    ("sentence", "absent"),
    [
        ("The encoders exhibit varying degrees of sparsity across layers.", "exhibit"),
        ("Our algorithm generates stimuli along the decision boundary.", "generates"),
        ("RLHF pipelines mostly rely on reward models.", "mostly"),
        ("Efficiency yields considerable gains for sparse attention.", "yield"),
        ("As shown by Zhao et al. (2023), pruning helps sparse attention.", "zhao"),
        ("Accuracy improves by 7.5 points on 3 graph benchmarks.", "7"),
        ("Trajectory comparisons face noisy annotators.", "comparisons face"),
    ],
)
def test_candidates_leave_out_verbs_adverbs_citations_numbers(sentence: str, absent: str) -> None:
    found = keyphrases.candidates(sentence)
    assert found, sentence
    assert not [phrase for phrase in found if absent in phrase.lower()]


def test_a_name_keeps_its_plus() -> None:
    found = keyphrases.candidates("We propose KTRL+F, a search task, and port it to C++.")
    assert "KTRL+F" in found and "KTRL" not in found


def test_a_function_word_opening_a_sentence_is_no_coined_tag() -> None:
    texts = ["First, we study caches for agents. Caches help agents.", "Caches help agents."]
    chosen = tags.read(texts, [{}, {}], ["First", ""]).chosen
    assert "First" not in chosen[0]


def test_candidates_are_head_final_noun_phrases() -> None:
    found = keyphrases.candidates("We fine-tune large language models with sparse reward signals.")
    assert {"large language model", "language model", "sparse reward signal"} <= set(found)
    assert "large language" not in found  # no phrase stops inside a compound
    assert "sparse" not in found  # a modifier alone is no tag


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "We use Direct Preference Optimization (DPO) here.",
            {"DPO": "direct preference optimization"},
        ),
        ("Sparse autoencoders (SAEs) find features.", {"SAE": "sparse autoencoder"}),
        ("A sparse Mixture of Experts (MoE) layer.", {"MoE": "mixture of experts"}),
        (
            "reinforcement learning from human feedback (RLHF) aligns models",
            {"RLHF": "reinforcement learning from human feedback"},
        ),
        ("We compare methods (e.g., DPO) on tasks (2023).", {}),
        ("Our results (ours) and Table (T) differ.", {}),
    ],
)
def test_acronyms_for_tags(text: str, expected: dict[str, str]) -> None:
    assert acronyms.for_tags(acronyms.find_definitions([text])) == expected


@pytest.fixture
def preference_papers() -> list[str]:
    return [
        "We study Direct Preference Optimization (DPO) for aligning chat assistants. DPO "
        "removes the reward model and trains the policy on preference pairs collected from "
        "annotators. A margin term stabilises DPO on noisy preference pairs.",
        "Chat assistants trained with DPO drift on long dialogues. We add a length penalty to "
        "DPO and evaluate dialogue coherence on customer support transcripts.",
        "Direct preference optimization is applied to code assistants; unit tests provide "
        "preference pairs, and the assistants pass more unit tests after training.",
        "Graph neural networks (GNNs) classify molecules. Message passing over molecular "
        "graphs predicts toxicity, and GNNs beat fingerprints on three toxicity assays.",
    ]


def test_acronym_and_long_form_are_one_tag_across_papers(preference_papers: list[str]) -> None:
    found = stage_tags(preference_papers)
    joined = "direct preference optimization (DPO)"
    assert [joined in paper for paper in found] == [True, True, True, False]
    assert "graph neural network (GNN)" in found[3]
    assert not any(tag in {"DPO", "direct preference optimization"} for t in found for tag in t)


def test_short_acronyms_do_not_travel_without_their_long_form() -> None:
    texts = [
        "Speculative decoding (SD) drafts tokens with a small model; SD verifies them in "
        "parallel with the large model and keeps the target distribution.",
        "Image editing with SD checkpoints: we erase concepts from diffusion weights while "
        "keeping unrelated concepts intact in generated images.",
    ]
    found = stage_tags(texts)
    assert "speculative decoding (SD)" in found[0]
    assert not any("speculative" in tag for tag in found[1])


def test_spelling_variants_become_one_tag() -> None:
    texts = [
        "Parameter-efficient fine-tuning adapts frozen backbones; fine-tuning low-rank "
        "adapters keeps memory small during adapter training.",
        "We show that finetuning adapters on protein sequences transfers; finetuning beats "
        "prompting for protein property prediction.",
        "Prompt tuning and prefix tuning are compared on translation benchmarks across many "
        "language pairs and adapter sizes.",
    ]
    spelled = {tag for found in stage_tags(texts) for tag in found if "tuning" in tag}
    assert not ({"fine-tuning", "finetuning"} <= spelled)


@pytest.fixture
def varied_abstracts() -> list[str]:
    """Twelve short abstracts from different fields, written for this test."""
    return [
        "We propose a contrastive pre-training objective for speech encoders. Negative "
        "samples come from other speakers, and the encoder improves speaker verification.",
        "Bayesian optimization tunes hyperparameters of gradient boosting with a Gaussian "
        "process surrogate; expected improvement selects the next configuration.",
        "Federated learning trains a shared model on hospital data without moving records. "
        "Secure aggregation hides client updates and differential privacy bounds leakage.",
        "A vision transformer segments tumours in MRI scans. Patch embeddings of three "
        "modalities are fused, and the segmentation masks match radiologist annotations.",
        "We analyse the sample complexity of learning halfspaces with label noise and give a "
        "matching lower bound for any proper learner.",
        "Jailbreak prompts bypass the refusal behaviour of chat models. We train a classifier "
        "on prompt embeddings that flags jailbreak attempts before generation.",
        "Protein language models predict stability changes of single mutations; fine-tuned "
        "embeddings rank mutations better than physics-based energy functions.",
        "Offline reinforcement learning from logged robot trajectories suffers from value "
        "overestimation; conservative Q-learning keeps the learned policy close to the data.",
        "We forecast electricity demand with a temporal convolutional network and weather "
        "covariates; probabilistic forecasts are calibrated with quantile regression.",
        "Knowledge distillation compresses a large teacher into a small student; a feature "
        "matching loss on intermediate layers closes most of the accuracy gap.",
        "Causal discovery from observational data recovers a directed acyclic graph; our "
        "score-based search scales to hundreds of variables.",
        "Diffusion models generate molecules conditioned on binding pockets; an equivariant "
        "denoiser respects rotations of the pocket and the ligand.",
    ]


def test_every_paper_gets_one_to_six_safe_distinct_tags(varied_abstracts: list[str]) -> None:
    for found in stage_tags(varied_abstracts):
        assert 1 <= len(found) <= tags.MAX_TAGS == 6, found
        assert all(SAFE.fullmatch(tag) and "_" not in tag for tag in found), found
        lowered = [f" {t.lower()} " for t in found]
        assert not [a for a in lowered for b in lowered if a != b and a in b], found


def test_no_tag_contains_a_verb_or_stop_word(varied_abstracts: list[str]) -> None:
    for found in stage_tags(varied_abstracts):
        for tag in found:
            words = tag.replace("(", "").replace(")", "").split()
            assert all(wordclass.word_class(w) != BREAK for w in words if w.lower() != "of"), tag


def test_tags_do_not_depend_on_the_order_of_papers(varied_abstracts: list[str]) -> None:
    shuffled = varied_abstracts[:]
    random.Random(7).shuffle(shuffled)
    by_text = dict(zip(varied_abstracts, stage_tags(varied_abstracts), strict=True))
    again = dict(zip(shuffled, stage_tags(shuffled), strict=True))
    assert by_text == again


def test_empty_and_tiny_texts() -> None:
    assert stage_tags([]) == []
    assert stage_tags(["", "Cats."]) == [(), ()]  # a lone common word is no tag


def _lines_run_in(module, function) -> int:
    """Lines of `module` executed by `function()`: a count of work that, unlike time, is the
    same on every run."""
    executed = 0

    def trace(frame, event, arg):
        nonlocal executed
        if frame.f_code.co_filename == module.__file__:
            executed += event == "line"
            return trace
        return None

    previous = sys.gettrace()  # a coverage tool's, say
    sys.settrace(trace)
    try:
        function()
    finally:
        sys.settrace(previous)
    return executed


def test_finding_a_papers_acronyms_does_not_grow_with_the_collection() -> None:
    """Big collections define hundreds of long forms opening on the same common word; a paper
    holding that word must not walk all of them (that made tagging quadratic)."""
    text = "Deep Q-networks (DQN) learn a policy by policy gradient on the reward."
    words = Counter("deep Q-network policy gradient DQN reward".split())

    def work(others: int) -> tuple[int, dict[str, int]]:
        defined = {"DQN": "deep Q-network", "PG": "policy gradient"}
        defined |= {f"DX{n}": f"deep thing{n} model{n}" for n in range(others)}
        known = acronym_tags.collection_acronyms([defined])
        joined: dict[str, int] = {}

        def join() -> None:
            joined.update(acronym_tags.join_acronyms(text, {}, words, {}, known))

        return _lines_run_in(acronym_tags, join), joined

    (small, joined_small), (large, joined_large) = work(10), work(2000)
    assert joined_small == joined_large == {"deep Q-network (DQN)": 2, "policy gradient (PG)": 1}
    assert large == small


# Built for real: lists written to a project, `readinglist generate` run, papers.json read back.
MOE_LIST = """Mixture of experts

Sparse Mixture-of-Expert models (MoEs) scale language models at a fixed cost. We propose \
RouterBal, a router that balances expert load in MoEs and improves the quality of MoEs.

We study a diffusion model for images. The model generates images from noise, and our model \
is faster than prior diffusion models on image generation.

We propose a model for graphs. The model uses message passing, and the model is trained with \
contrastive learning on graph neural networks.

Our model predicts protein structure. We train the model on sequences, and the model beats \
baselines on protein folding.

Reward models guide reinforcement learning from human feedback. We show that the reward model \
overfits and propose a fix for the model.
"""

DEBRIS_LIST = r"""Debris

Each user has its own reward parameter in $\mathbb{R}^{d_A}$, and the regret bound scales as \
$\frac{2}{\log(1/\delta)}$ for contextual bandits. Code is available at \
https://github.com/someone/PS_Loss.

Most bridge matching work assumes a continuous data space $\mathbb{R}^{D}$; we propose \
discrete bridge matching for categorical data, with a rate of $\frac{1}{\sqrt{n}}$.

Commercial systems support Māori language detection poorly. We train bilingual embeddings to \
improve Māori language detection on code-switched text.
"""


def _generated_papers(make_project, text: str) -> list[dict]:
    from tests.conftest import run_cli

    project = make_project({"list.txt": text})
    run_cli(project, "generate")
    return json.loads((project / "docs" / "papers.json").read_text(encoding="utf-8"))["papers"]


def _said(tag: str, text: str) -> bool:
    """The tag's phrase (or, for "long form (LF)", LF or the long form) in the text, any case,
    hyphens or spaces between words, a plural -s after a word."""
    long_form, _, acronym = tag.rstrip(")").partition(" (")
    if acronym and re.search(rf"\b{re.escape(acronym)}s?\b", text):
        return True
    words = [re.escape(word) + "s?" for word in re.split(r"[\s-]+", long_form)]
    return re.search(r"\b" + r"[\s-]*".join(words) + r"\b", text, re.IGNORECASE) is not None


def test_an_acronym_is_spelled_out_as_its_own_paper_defines_it(make_project) -> None:
    papers = _generated_papers(make_project, MOE_LIST)
    moe = [tag for paper in papers for tag in paper["tags"] if tag.endswith("(MoE)")]
    assert moe and all(tag.startswith("mixture") for tag in moe), moe
    for paper in papers:
        if "MoE" not in paper["text"]:
            assert not [tag for tag in paper["tags"] if "MoE" in tag], paper["tags"]
        assert all(_said(tag, paper["text"]) for tag in paper["tags"]), paper["tags"]


def test_no_latex_or_code_left_in_a_tag(make_project) -> None:
    papers = _generated_papers(make_project, DEBRIS_LIST)
    found = [tag for paper in papers for tag in paper["tags"]]
    assert found
    assert not [tag for tag in found if re.search(r"frac|mathbb|sqrt|[\\^_{}$]", tag)], found
    assert not [tag for tag in found if re.search(r"(?<![\wā])ori\b", tag)], found  # "Māori"
    for paper in papers:
        assert all(_said(tag, paper["text"]) for tag in paper["tags"]), paper["tags"]
