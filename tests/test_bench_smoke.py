"""The scale benchmark's synthetic lists (bench/synth.py): valid, varied and reproducible.

Fast and timing-free: 50 synthetic abstracts from the shipped ones, read back by the real
reader and enriched by the real title and tag derivations.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from generator import read as reader
from generator.describe.reading.abstracts import analyse
from generator.describe.titles import candidates as titles
from tests.conftest import bench_synth, stage_tags

REPO = Path(__file__).resolve().parent.parent
N = 50


synth = bench_synth()


@pytest.fixture(scope="module")
def sources() -> list[str]:
    return synth.read_sources(REPO / "lists")


@pytest.fixture(scope="module")
def fifty_papers(sources: list[str], tmp_path_factory: pytest.TempPathFactory) -> list:
    """The 50-paper synthetic lists written to disk and read back by the generator's reader."""
    folder = tmp_path_factory.mktemp("synthetic-lists")
    for name, text in synth.make_lists(sources, N, seed=1).items():
        (folder / name).write_text(text, encoding="utf-8")
    return [reader.read_list(path) for path in sorted(folder.glob("*.txt"))]


def test_lists_read_back_without_problems(fifty_papers: list) -> None:
    assert len(fifty_papers) >= 4
    assert [problem for raw in fifty_papers for problem in raw.problems] == []


def test_exactly_n_distinct_papers_some_in_two_lists(fifty_papers: list) -> None:
    texts = [abstract.text for raw in fifty_papers for abstract in raw.abstracts]
    distinct = {reader.fingerprint(text) for text in texts}
    assert len(distinct) == N
    assert len(texts) > N  # the overlap: one paper listed in two lists


def test_papers_differ_from_the_shipped_abstracts(sources: list[str]) -> None:
    shipped = {reader.fingerprint(text) for text in sources}
    made = synth.make_abstracts(sources, N, seed=1)
    assert not shipped & {reader.fingerprint(text) for text in made}


def test_titles_and_tags_vary(sources: list[str]) -> None:
    made = synth.make_abstracts(sources, N, seed=1)
    derived = [titles.derive_title(analyse(text)) for text in made]
    assert len(set(derived)) >= 0.9 * N
    tag_sets = stage_tags(made)
    assert len(set(tag_sets)) == N
    # coined names are redrawn: a tag of one synthetic paper is rarely on many others
    shipped_tags = {tag for found in stage_tags(sources) for tag in found}
    made_tags = {tag for found in tag_sets for tag in found}
    assert len(made_tags - shipped_tags) >= N


def test_same_seed_same_bytes_and_smaller_run_is_a_prefix(sources: list[str]) -> None:
    assert synth.make_lists(sources, N, seed=3) == synth.make_lists(sources, N, seed=3)
    fifty = synth.make_abstracts(sources, N, seed=3)
    assert synth.make_abstracts(sources, 20, seed=3) == fifty[:20]
    assert fifty != synth.make_abstracts(sources, N, seed=4)


@pytest.mark.parametrize(
    ("text", "acronym_renamed"),
    [
        ("We propose Sparse Gated Transport (SGT), and SGT wins.", True),
        ("Large language models (LLMs) are used; LLMs help.", False),  # common in the corpus
    ],
)
def test_definition_and_uses_of_an_acronym_renamed_together(
    sources: list[str], text: str, acronym_renamed: bool
) -> None:
    common, rng = synth.Corpus.from_abstracts(sources).common, random.Random(0)
    renamed, names = synth.rename_definitions(text, common, rng)
    out = synth.rename_tokens(renamed, common, names, rng, [])
    new = out.split("(")[1].split(")")[0].removesuffix("s")
    assert (new != text.split("(")[1].split(")")[0].removesuffix("s")) is acronym_renamed
    assert out.count(new) == 2  # the definition and the later use agree
