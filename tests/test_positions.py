"""The map's layout (describe/positions.py): papers placed by their text, the same places for
the same input, and stable: 1% more papers move the others by a median of at most 5% of the
map's width (measured at scale by bench/map_layout.py)."""

from __future__ import annotations

import numpy as np
import pytest

from generator.describe import positions, related
from tests.conftest import bench_module

THEMES = {
    "graph": "graph neural network message passing node classification molecule edges",
    "vision": "image segmentation convolution pixels object detection camera frames",
    "speech": "speech recognition acoustic model phoneme audio spectrogram speaker",
}


@pytest.fixture(scope="module")
def synthetic() -> tuple[list[str], list[str], list[list[int]]]:
    """303 synthetic papers (bench/synth.py), 300 and the 1% that join them."""
    return bench_module("map_layout").corpus(303)


def place(ids: list[str], texts: list[str], topics: list[list[int]]) -> dict[str, tuple[int, int]]:
    found = positions.place(related.vectorise(ids, texts), topics)
    return dict(zip(ids, found, strict=True))


def test_one_percent_more_papers_move_the_others_little(synthetic) -> None:
    ids, texts, topics = synthetic
    before = place(ids[:300], texts[:300], topics[:300])
    after = place(ids, texts, topics)
    moved = [np.hypot(*np.subtract(before[pid], after[pid])) for pid in before]
    assert np.median(moved) <= 0.05 * positions.SIZE
    assert np.median(moved) > 0  # the new papers do count: nothing is frozen


def test_the_same_papers_in_any_order_get_the_same_places(synthetic) -> None:
    ids, texts, topics = synthetic
    first = place(ids, texts, topics)
    order = list(reversed(range(len(ids))))
    again = place([ids[i] for i in order], [texts[i] for i in order], [topics[i] for i in order])
    assert again == first
    assert place(ids, texts, topics) == first


def test_places_are_integers_on_the_map_and_spread(synthetic) -> None:
    ids, texts, topics = synthetic
    found = np.array(list(place(ids, texts, topics).values()))
    assert found.dtype.kind == "i"
    assert found.min() >= 0 and found.max() < positions.SIZE
    assert (found.max(axis=0) - found.min(axis=0) > positions.SIZE / 2).all()
    assert len({tuple(point) for point in found}) > 0.9 * len(found)


def test_similar_texts_are_near_and_themes_apart() -> None:
    """Four papers per theme, each theme its own topic: a paper is nearer every paper of its
    theme than any paper of another."""
    ids, texts, topics = [], [], []
    for topic, (theme, words) in enumerate(THEMES.items()):
        for n in range(4):
            ids.append(f"{theme[:2]}{n:010d}")
            texts.append(f"{words} {' '.join(words.split()[n : n + 3])} {theme}extra{n}")
            topics.append([topic])
    found = place(ids, texts, topics)
    for pid in ids:
        near = [np.hypot(*np.subtract(found[pid], found[other])) for other in ids
                if other != pid and other[:2] == pid[:2]]  # fmt: skip
        far = [np.hypot(*np.subtract(found[pid], found[other])) for other in ids
               if other[:2] != pid[:2]]  # fmt: skip
        assert max(near) < min(far)


@pytest.mark.parametrize(
    ("ids", "texts", "topics"),
    [
        ([], [], []),
        (["a"], ["one lonely paper"], [[0]]),
        (["a", "b"], ["nothing shared", "at all here"], [[0], [1]]),
        (["a", "b", "c"], ["graph nodes", "graph edges", "nodes edges"], [[], [], []]),
    ],
)
def test_small_and_odd_collections_are_placed(ids, texts, topics) -> None:
    found = place(ids, texts, topics)
    assert list(found) == ids
    assert all(0 <= x < positions.SIZE and 0 <= y < positions.SIZE for x, y in found.values())
