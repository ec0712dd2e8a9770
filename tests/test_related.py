"""Related papers: nearest neighbours by TF-IDF, deterministic order, bounded memory."""

from __future__ import annotations

import random
import time
import tracemalloc

import numpy as np
import pytest

from generator.describe import related, tfidf

THEMES = {
    "graph": "graph neural network message passing node classification molecule edges",
    "vision": "image segmentation convolution pixels object detection camera frames",
    "speech": "speech recognition acoustic model phoneme audio spectrogram speaker",
}


@pytest.fixture
def themed_papers() -> tuple[list[str], list[str], dict[str, str]]:
    """Twelve papers, four per theme, each with a few words of its own."""
    rng = random.Random(3)
    ids, texts, theme_of = [], [], {}
    for theme, words in THEMES.items():
        for n in range(4):
            pid = f"{theme[:2]}{n:010d}"
            own = " ".join(f"{theme}word{rng.randrange(10**6)}" for _ in range(3))
            ids.append(pid)
            texts.append(f"{words} {' '.join(rng.sample(words.split(), 4))} {own}")
            theme_of[pid] = theme
    return ids, texts, theme_of


def test_neighbours_share_the_theme(themed_papers) -> None:
    ids, texts, theme_of = themed_papers
    for pid, found in zip(ids, related.related_ids(ids, texts, k=3), strict=True):
        assert len(found) == 3
        assert pid not in found
        assert {theme_of[other] for other in found} == {theme_of[pid]}


def test_no_more_than_k_and_only_positive_scores(themed_papers) -> None:
    ids, texts, _ = themed_papers
    found = related.related_ids(ids, texts, k=5)
    assert all(len(neighbours) == 3 for neighbours in found)  # only 3 papers share a theme


def test_ties_break_by_id() -> None:
    ids = ["d", "b", "a", "c", "e"]
    texts = ["same words about sparse attention"] * 4 + ["different topic entirely here"]
    found = related.related_ids(ids, texts, k=2)
    assert found[:4] == [("a", "b"), ("a", "c"), ("b", "c"), ("a", "b")]
    assert found[4] == ()


def test_order_of_input_does_not_matter(themed_papers) -> None:
    ids, texts, _ = themed_papers
    pairs = list(zip(ids, texts, strict=True))
    random.Random(1).shuffle(pairs)
    before = dict(zip(ids, related.related_ids(ids, texts), strict=True))
    shuffled_ids = [pid for pid, _ in pairs]
    after = related.related_ids(shuffled_ids, [text for _, text in pairs])
    assert dict(zip(shuffled_ids, after, strict=True)) == before


def test_block_size_does_not_change_the_answer(themed_papers, monkeypatch) -> None:
    ids, texts, _ = themed_papers
    whole = related.related_ids(ids, texts)
    monkeypatch.setattr(related, "BLOCK", 5)
    assert related.related_ids(ids, texts) == whole


@pytest.mark.parametrize(
    ("ids", "texts", "k"),
    [
        ([], [], 5),
        (["a"], ["alone with its words"], 5),
        (["a", "b"], ["the of and", "a an the"], 5),  # only stop words
        (["a", "b"], ["graph neural networks", "graph neural networks"], 0),
    ],
)
def test_nothing_to_relate(ids: list[str], texts: list[str], k: int) -> None:
    assert related.related_ids(ids, texts, k=k) == [() for _ in ids]


@pytest.mark.slow
def test_memory_stays_below_a_dense_similarity_matrix() -> None:
    rng = random.Random(0)
    vocabulary = [f"term{i}" for i in range(20_000)]
    n = 4_000
    texts = [" ".join(rng.choices(vocabulary[: 2_000 * (1 + i % 5)], k=150)) for i in range(n)]
    tracemalloc.start()
    try:
        found = related.related_ids([f"{i:08d}" for i in range(n)], texts)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(found) == n
    assert peak < n * n * 4 / 2  # half of one float32 N x N matrix


def test_terms_are_lower_case_words_of_two_characters_or_more_without_stop_words() -> None:
    counts, terms = tfidf.term_counts(["The GNN-based e2e model, 3D x_y a café-net b-"])
    assert sorted(terms[j] for j in counts.indices) == ["e2e", "gnn-based", "model", "net"]
    assert "the" in terms  # seen, and numbered, but never counted


def test_weights_are_smoothed_sublinear_tfidf_of_unit_length() -> None:
    texts = ["graph graph graph nodes", "graph edges", "nodes edges", "graph nodes"]
    matrix, terms = tfidf.weighted(*tfidf.term_counts(texts))
    assert terms == ["edges", "graph", "nodes"]  # the columns, alphabetical
    idf = {term: np.log(5 / (df + 1)) + 1 for term, df in [("graph", 3), ("nodes", 3)]}
    first = np.array([(1 + np.log(3)) * idf["graph"], idf["nodes"]])
    assert matrix[0].toarray().ravel() == pytest.approx([0, *first / np.linalg.norm(first)])


def test_matches_scikit_learn_bit_for_bit(themed_papers) -> None:
    """The weights are the ones scikit-learn's TfidfVectorizer gave, down to the last bit and
    the order of each row's entries (similarities are float32 sums, so order matters)."""
    text = pytest.importorskip("sklearn.feature_extraction.text")
    rng = random.Random(5)
    tricky = ["The", "of", "x_y", "3d-cnn", "e2e", "a", "naïve", "-ab", "Graph-", "GNN's"]
    words = [*" ".join(THEMES.values()).split(), *tricky]
    texts = [" ".join(rng.choices(words, k=rng.randrange(2, 30))) for _ in range(60)]
    for corpus in (themed_papers[1], texts):
        vectorizer = text.TfidfVectorizer(
            stop_words="english",
            sublinear_tf=True,
            min_df=2,
            max_df=0.5 if len(corpus) >= 20 else 1.0,
            token_pattern=tfidf.TOKEN.pattern,
            dtype=np.float32,
        )
        expected = vectorizer.fit_transform(corpus)
        found, terms = tfidf.weighted(*tfidf.term_counts(corpus))
        assert terms == vectorizer.get_feature_names_out().tolist()
        assert found.indptr.tolist() == expected.indptr.tolist()
        assert found.indices.tolist() == expected.indices.tolist()
        assert found.data.tobytes() == expected.data.tobytes()


def _serial(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks in this process, so process_time counts all of the work."""
    monkeypatch.setattr(
        related.parallel, "ordered_map",
        lambda function, shared, count, **_: [function(shared, n) for n in range(count)],
    )  # fmt: skip


@pytest.mark.slow
def test_relating_twice_the_papers_takes_about_twice_the_time(monkeypatch) -> None:
    """An inverted index proposes each paper's candidates, a bounded number per term: terms
    in a fixed share of the papers (as real ones are) must not pair all with all. The index is
    cut at both sizes (20 papers a term, against about 80 and 160 holding it), so the two
    times compare the same work: below the cut the index is complete and costs less."""
    _serial(monkeypatch)
    monkeypatch.setattr(related, "PER_TERM", 20)
    rng = random.Random(1)
    vocabulary = [f"term{i}" for i in range(3_000)]

    def seconds(n: int) -> float:
        texts = [" ".join(rng.choices(vocabulary, k=60)) for _ in range(n)]
        start = time.process_time()
        related.related_ids([f"{i:08d}" for i in range(n)], texts)
        return time.process_time() - start

    small = min(seconds(4_000) for _ in range(2))
    large = min(seconds(8_000) for _ in range(2))
    assert large <= 3 * small + 0.2, f"{small:.2f}s -> {large:.2f}s"  # quadratic: 4x


def test_a_cut_index_still_finds_near_duplicates_and_stays_deterministic(monkeypatch) -> None:
    """With a term's postings cut short, each paper still meets its near-copy (the terms
    they share are the ones that describe them best), and the result is the same each run."""
    monkeypatch.setattr(related, "PER_TERM", 3)
    rng = random.Random(2)
    vocabulary = [f"term{i}" for i in range(400)]
    bases = [rng.choices(vocabulary, k=40) for _ in range(60)]
    texts = [" ".join(words) for words in bases] + [" ".join(words[:-2]) for words in bases]
    ids = [f"{i:04d}" for i in range(len(texts))]
    found = related.related_ids(ids, texts, k=3)
    assert found == related.related_ids(ids, texts, k=3)
    for number in range(60):
        assert found[number][0] == ids[number + 60]
