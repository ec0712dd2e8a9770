"""Related papers: the k most similar papers by TF-IDF cosine similarity.

scikit-learn's TfidfVectorizer turns each document (title, tags and abstract, as the caller
joins them) into a sparse vector. Each vector keeps only its strongest terms, so the sparse
product stays cheap, and similarities are computed block by block: memory is O(block x N),
never a dense N x N matrix. Scores are rounded before ranking and ties go to the smaller id,
so the order is the same on every machine. This module never reads papers or writes pages.
"""

from __future__ import annotations

import numpy as np
from scipy import sparse

BLOCK = 256  # rows per block: 256 x N float32 scores at a time
TERMS_PER_PAPER = 32  # the strongest terms of a paper carry its similarity
SCALE = 10**6  # similarities are compared to 6 decimals; beyond that they tie
WINDOW_MARGIN = 8  # candidates taken per row beyond k, so ties at the k-th place resolve


def related_ids(ids: list[str], texts: list[str], *, k: int = 5) -> list[tuple[str, ...]]:
    """For each paper (ids[i], texts[i]) the ids of its k most related papers, best first."""
    if len(ids) < 2 or k <= 0:
        return [() for _ in ids]
    order = sorted(range(len(ids)), key=ids.__getitem__)  # row position = id rank: ties by id
    matrix = _vectors([texts[i] for i in order])
    if matrix is None:
        return [() for _ in ids]
    neighbours = _nearest(matrix, min(k, len(ids) - 1))
    by_paper: list[tuple[str, ...]] = [()] * len(ids)
    for row, found in zip(order, neighbours, strict=True):
        by_paper[row] = tuple(ids[order[j]] for j in found)
    return by_paper


def _vectors(texts: list[str]) -> sparse.csr_matrix | None:
    # Imported here: scikit-learn takes ~1 s to import, and a no-op build never needs it.
    from sklearn.feature_extraction.text import TfidfVectorizer

    # A term in one paper relates nothing; a term in most papers tells them apart no more.
    vectorizer = TfidfVectorizer(
        stop_words="english",
        sublinear_tf=True,
        min_df=2,
        max_df=0.5 if len(texts) >= 20 else 1.0,
        token_pattern=r"(?u)\b[a-zA-Z][a-zA-Z0-9-]+\b",
        dtype=np.float32,
    )
    try:
        matrix = vectorizer.fit_transform(texts)
    except ValueError:  # no term is shared by two papers: nothing is related
        return None
    return _normalise(_strongest(matrix.tocsr(), TERMS_PER_PAPER))


def _strongest(matrix: sparse.csr_matrix, keep: int) -> sparse.csr_matrix:
    """Zero all but each row's `keep` largest entries."""
    data = matrix.data.copy()
    for row in range(matrix.shape[0]):
        start, end = matrix.indptr[row], matrix.indptr[row + 1]
        if end - start > keep:
            values = data[start:end]
            cut = np.partition(values, -keep)[-keep]
            values[values < cut] = 0.0
    pruned = sparse.csr_matrix((data, matrix.indices, matrix.indptr), shape=matrix.shape)
    pruned.eliminate_zeros()
    return pruned


def _normalise(matrix: sparse.csr_matrix) -> sparse.csr_matrix:
    norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    return sparse.diags((1.0 / norms).astype(np.float32)) @ matrix


def _nearest(matrix: sparse.csr_matrix, k: int) -> list[list[int]]:
    """Row indices of each row's k most similar rows with a positive score, best first."""
    n = matrix.shape[0]
    transposed = matrix.T.tocsr()
    window = min(n, k + WINDOW_MARGIN)
    result: list[list[int]] = []
    for start in range(0, n, BLOCK):
        scores = (matrix[start : start + BLOCK] @ transposed).toarray()
        rows = np.arange(scores.shape[0])
        scores[rows, rows + start] = 0.0  # never related to itself
        scores = np.rint(scores * SCALE)  # equal to 6 decimals is equal: ties go to the id
        top = np.argpartition(-scores, window - 1, axis=1)[:, :window]
        for row, candidates in enumerate(top):
            result.append(_best(scores[row], candidates, k, window))
    return result


def _best(scores: np.ndarray, candidates: np.ndarray, k: int, window: int) -> list[int]:
    """The k best of the window by (score, then smaller index); exact even when ties spill
    past the window, by widening it to every index tied with the k-th score."""
    ranked = candidates[np.lexsort((candidates, -scores[candidates]))]
    kth = scores[ranked[k - 1]]
    if window < len(scores) and scores[ranked[-1]] == kth and kth > 0:
        tied = np.flatnonzero(scores == kth)
        better = ranked[scores[ranked] > kth]
        ranked = np.concatenate([better, tied])
    return [int(j) for j in ranked[:k] if scores[j] > 0]
