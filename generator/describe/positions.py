"""Where each paper sits on the map (map/): a point in a 10,000 x 10,000 square, placed by the
similarity of its text, from the TF-IDF vectors the related papers use (`related.vectorise`).

The method is chosen to be cheap, deterministic and stable (a 1% larger collection moves the
papers already there by a fraction of a per cent of the map's width at 5,000 papers; measured
in tests/test_positions.py and bench/map_layout.py), which t-SNE and even a 2-D PCA are not (the
spectrum of TF-IDF is flat: which two directions come first changes with a few papers):
1. Each topic that has papers is an anchor: the mean of its papers' vectors. The anchors are
   laid out by stress majorisation (SMACOF) of their cosine distances, started from a circle
   in the taxonomy's order, so the same taxonomy starts the same way and a small change of
   the centroids moves the anchors a little.
2. A paper sits at the mean of the anchors weighted by how much more it resembles each than
   the others (a softmax of its standardised cosines, its own topics given a bonus): between
   the topics it speaks of, nearer its own.
3. Within that place, it is offset by a projection of its vector on two fixed directions per
   term (from a hash of the term, the same in every build): similar texts get similar offsets,
   and the offset depends on no other paper (but for the idf weights).
Averages and fixed projections move only a little when a few papers join; no step searches.
Pure: takes vectors and topic indexes, returns integers.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np
from scipy import sparse

from generator.describe.related import Vectors

SIZE = 10_000  # coordinates are integers 0..SIZE-1
SHARPNESS = 2.0  # softmax of standardised cosines: how strongly a paper keeps to its best topic
OWN_TOPIC = 1.0  # bonus (in standard deviations) of the paper's own topics
SPREAD = 0.035  # the offset's standard deviation, in the units of the anchors' cosine distances
ROUNDS = 300  # stress majorisation steps for the anchors (a few dozen topics: microseconds each)
MARGIN = 3.0  # the square holds the anchors and SPREAD * MARGIN around them

Point = tuple[int, int]


def place(vectors: Vectors, topics: Sequence[Sequence[int]]) -> list[Point]:
    """Each paper's (x, y), in the caller's order; `topics[i]`: indexes of paper i's topics."""
    count = len(vectors.order)
    if count == 0:
        return []
    if vectors.matrix is None:  # no term in two texts: nothing to place by
        return [(SIZE // 2, SIZE // 2)] * count
    rows = vectors.matrix.astype(np.float64)
    members = _members(vectors.order, topics)
    if members.shape[1] == 0:  # no paper has a topic: one anchor for all
        members = sparse.csr_matrix(np.ones((count, 1)))
    anchors, centroids = _anchors(rows, members)
    weights = _weights(rows, centroids, members)
    raw = weights @ anchors + SPREAD * (rows @ _term_directions(vectors.terms))
    points = _square(raw, anchors).tolist()  # plain ints
    return [(points[row][0], points[row][1]) for row in np.argsort(vectors.order).tolist()]


def _members(order: list[int], topics: Sequence[Sequence[int]]) -> sparse.csr_matrix:
    """Row r (paper order[r]) has a 1 in each of its topics' columns, only topics with papers
    kept (in the taxonomy's order)."""
    pairs = [(row, topic) for row, paper in enumerate(order) for topic in topics[paper]]
    rows, columns = zip(*pairs, strict=True) if pairs else ((), ())
    width = max(columns, default=-1) + 1
    found = sparse.csr_matrix((np.ones(len(rows)), (rows, columns)), shape=(len(order), width))
    return found[:, np.flatnonzero(np.asarray(found.sum(axis=0)).ravel())]


def _anchors(rows: sparse.csr_matrix, members: sparse.csr_matrix) -> tuple[np.ndarray, np.ndarray]:
    """The topics' places (k x 2) and their unit centroids (k x terms)."""
    centroids = np.asarray((members.T @ rows).todense())
    norms = np.linalg.norm(centroids, axis=1, keepdims=True)
    centroids /= np.where(norms > 0, norms, 1.0)
    distances = np.sqrt(np.maximum(2.0 - 2.0 * centroids @ centroids.T, 0.0))
    return _stress_layout(distances), centroids


def _stress_layout(distances: np.ndarray) -> np.ndarray:
    """SMACOF with unit weights (the Guttman transform, repeated) from a circle, centred."""
    k = len(distances)
    if k < 2:
        return np.zeros((k, 2))
    angles = 2 * np.pi * np.arange(k) / k
    places = np.c_[np.cos(angles), np.sin(angles)] * distances.mean()
    for _ in range(ROUNDS):
        apart = np.linalg.norm(places[:, None, :] - places[None, :, :], axis=2)
        np.fill_diagonal(apart, 1.0)
        b = -distances / apart
        np.fill_diagonal(b, 0.0)
        np.fill_diagonal(b, -b.sum(axis=1))
        places = b @ places / k
    return places - places.mean(axis=0)


def _weights(
    rows: sparse.csr_matrix, centroids: np.ndarray, members: sparse.csr_matrix
) -> np.ndarray:
    """Per paper, how much each anchor pulls it: a softmax over the topics of its cosines,
    standardised (so a short abstract pulls as clearly as a long one), its own topics first."""
    cosines = np.asarray(rows @ centroids.T)
    spread = cosines.std(axis=1, keepdims=True)
    scores = (cosines - cosines.mean(axis=1, keepdims=True)) / np.where(spread > 0, spread, 1.0)
    scores += OWN_TOPIC * members.toarray()
    scores = SHARPNESS * (scores - scores.max(axis=1, keepdims=True))
    weights = np.exp(scores)
    return weights / weights.sum(axis=1, keepdims=True)


def _term_directions(terms: list[str]) -> np.ndarray:
    """Two numbers per term, uniform in [-sqrt 3, sqrt 3] (variance 1), from a hash of the term
    alone: a unit vector's projection has variance 1 whatever its terms."""
    digests = b"".join(hashlib.blake2b(term.encode(), digest_size=8).digest() for term in terms)
    halves = np.frombuffer(digests, dtype=">u4").reshape(-1, 2).astype(np.float64)
    return (halves / 2**32 * 2 - 1) * np.sqrt(3)


def _square(raw: np.ndarray, anchors: np.ndarray) -> np.ndarray:
    """`raw` as integers 0..SIZE-1 in a square around the anchors (not the papers, whose
    extremes would move with every outlier added); a paper beyond it is kept at its edge."""
    low, high = anchors.min(axis=0), anchors.max(axis=0)
    half = (high - low).max() / 2 + MARGIN * SPREAD
    unit = (raw - (low + high) / 2) / (2 * half) + 0.5
    return np.clip(np.rint(unit * (SIZE - 1)), 0, SIZE - 1).astype(int)
