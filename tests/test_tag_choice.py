"""Tags chosen across the collection: keyphrases only, one tag per concept, shared ones first,
the coined name kept. On the shipped abstracts, the fixtures' and sentences written here."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from generator.describe.tags import choice as tag_choice
from generator.describe.tags.fitted import tag_phrases
from tests.conftest import FIXTURES, SEED_LISTS, stage_tags


def _abstracts(path: Path) -> list[str]:
    paragraphs = path.read_text(encoding="utf-8").split("\n\n")[1:]
    return [" ".join(p.split()) for p in paragraphs if p.strip()]


@pytest.fixture(scope="module")
def shipped() -> list[str]:
    return [text for path in SEED_LISTS for text in _abstracts(path)]


@pytest.fixture(scope="module")
def shipped_tags(shipped: list[str]) -> list[tuple[str, ...]]:
    return stage_tags(shipped)


@pytest.mark.parametrize(
    ("tag", "expected"),
    [
        ("philosophy", False),  # a lone common word
        ("estimation", False),
        ("coverage", False),
        ("downstream task", False),  # a general head after one word
        ("upper bound", False),
        ("AI", False),  # two capitals say too little
        ("alignment", True),  # a term of the field on its own
        ("FlipAttack", True),  # a name
        ("reward model", True),
        ("attack success rate", True),
        ("VAE model", False),  # the acronym's own tag says as much
        ("large LLM", False),
        ("vital role", False),
        ("large pool", False),  # a size or degree word and one noun: a fragment
        ("high probability", False),
        ("advanced theorem", False),
        ("large language model", True),
        ("direct preference optimization (DPO)", True),
    ],
)
def test_is_keyphrase(tag: str, expected: bool) -> None:
    assert tag_choice.is_keyphrase(tag) is expected


def test_the_best_candidate_then_shared_ones_then_the_papers_own_to_three() -> None:
    pools = [["alpha one", "beta two", "gamma three"], ["beta two", "delta four"], ["eps five"]]
    chosen = tag_choice.choose_across(pools, ["", "", "Zed"])
    assert chosen == [
        ("alpha one", "beta two", "gamma three"),  # its central concept, shared or not
        ("beta two", "delta four"),
        ("Zed", "eps five"),
    ]


def test_a_tag_no_other_paper_ends_up_showing_gives_way_unless_it_is_the_best() -> None:
    """Paper 0 shows six tags it shares with paper 1, never "tau" (its seventh); paper 2 keeps
    "tau", its best candidate (what the paper is about), then its tags shared with paper 3."""
    six = [f"s{n} word" for n in range(6)]
    rest = ["r1 thing", "r2 thing", "r3 thing"]
    pools = [[*six, "tau"], six, ["tau", *rest], rest]
    chosen = tag_choice.choose_across(pools, [""] * 4)
    assert chosen[0] == tuple(six)
    assert chosen[2] == ("tau", *rest)
    shown = Counter(tag for found in chosen for tag in found)
    assert [tag for tag, count in shown.items() if count < 2] == ["tau"]


def test_a_tag_most_of_a_list_carries_is_no_papers_own() -> None:
    """ "LLM" is in the candidates of 3 of 8 papers of list A (more than a quarter): it
    describes the list, so none of them shows it; on list B (1 of 8) it stays."""
    pools = [["LLM", f"t{n} word"] if n < 3 else [f"t{n} word", "x word"] for n in range(8)]
    pools += [["LLM", "u0 word"]] + [[f"u{n} word", "y word"] for n in range(1, 8)]
    lists = [("A",)] * 8 + [("B",)] * 8
    chosen = tag_choice.choose_across(pools, [""] * 16, lists)
    assert not any("LLM" in tags for tags in chosen[:8])
    assert chosen[8][0] == "LLM"
    assert chosen == tag_choice.choose_across(pools, [""] * 16, lists)  # same input, same tags


def test_plurals_and_spellings_are_one_shared_tag() -> None:
    texts = [
        "Reward models trained on pairwise comparisons overfit; we regularise the reward "
        "models with a margin and study fine-tuning stability of chat agents.",
        "We distil a reward model from annotator votes. The reward model ranks chat replies, "
        "and finetuning against it keeps the agents helpful.",
    ]
    first, second = stage_tags(texts)
    assert "reward model" in first and "reward model" in second
    assert not [tag for tag in (*first, *second) if tag in {"reward models", "finetuning"}]


def test_acronym_and_long_form_are_one_shared_tag() -> None:
    texts = [
        "We study Direct Preference Optimization (DPO) for aligning chat assistants on "
        "preference pairs collected from annotators.",
        "Chat assistants trained with direct preference optimization drift on long dialogues; "
        "a length penalty fixes the drift in customer support transcripts.",
    ]
    first, second = stage_tags(texts)
    joined = "direct preference optimization (DPO)"
    assert joined in first and joined in second


def test_generic_words_are_refused_however_often_repeated() -> None:
    texts = [
        "Estimation of coverage matters. Coverage estimation under philosophy of coverage: "
        "we give estimation rules for coverage and estimation bounds.",
        "Coverage and estimation again: philosophy guides estimation, and coverage of the "
        "estimation is the downstream task of every upper bound.",
    ]
    for found in stage_tags(texts):
        assert not {"estimation", "coverage", "philosophy", "downstream task"} & set(found)


def test_the_coined_name_stays_a_tag_when_no_other_paper_has_it() -> None:
    texts = [
        "We introduce QuillBench, a benchmark of handwritten proofs for language models. "
        "QuillBench grades each proof step with a verifier.",
        "Large language models (LLMs) solve olympiad problems; we study how LLMs check "
        "proofs written by students.",
    ]
    first, _ = stage_tags(texts)
    assert first[0] == "QuillBench"


def test_shipped_coined_names_are_tags(shipped: list[str], shipped_tags: list) -> None:
    for name in ("FlipAttack", "SAE-V", "OR-Bench", "InferenceTimePessimism"):
        holders = [found for text, found in zip(shipped, shipped_tags, strict=True)
                   if name in text]  # fmt: skip
        assert holders and all(name in found for found in holders[:1]), name


def test_shipped_tags_are_few_keyphrases_and_half_lead_to_other_papers(
    shipped_tags: list[tuple[str, ...]],
) -> None:
    assert all(len(found) <= 6 for found in shipped_tags)
    assert all(found for found in shipped_tags)
    held = Counter(tag for found in shipped_tags for tag in found)
    chips = sum(held.values())
    assert sum(count for count in held.values() if count >= 2) >= 0.5 * chips
    lone = [tag for tag in held if " " not in tag and tag.islower()]
    # a lone common word is a field's term, or a word no two training abstracts use ("cortex")
    rare = [tag for tag in lone if tag not in tag_choice.FIELD_WORDS]
    assert all(tag not in tag_phrases().df for tag in rare), rare


def test_a_paper_shares_no_tag_inside_another(shipped_tags: list[tuple[str, ...]]) -> None:
    for found in shipped_tags:
        words = [tag_choice.bare(tag) for tag in found[1:]]  # the coined name's tag aside
        assert not [a for a in words for b in words if a != b and a in b], found


@pytest.mark.parametrize(
    "fixture", ["other_field/other_field.txt", "vision_list/vision_and_recsys.txt"]
)
def test_tags_are_deterministic_and_independent_of_order(fixture: str) -> None:
    texts = _abstracts(FIXTURES / fixture)
    shuffled = texts[:]
    random.Random(3).shuffle(shuffled)
    first = dict(zip(texts, stage_tags(texts), strict=True))
    assert first == dict(zip(texts, stage_tags(texts), strict=True))
    assert first == dict(zip(shuffled, stage_tags(shuffled), strict=True))
    assert all(len(found) <= 6 for found in first.values())
