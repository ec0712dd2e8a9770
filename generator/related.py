"""Related papers: the k most similar papers by TF-IDF cosine similarity.

Similarities are computed block by block against the sparse matrix, so memory stays
O(block x N) instead of a dense N x N matrix; ties break by paper id, so the order is stable.
"""

from __future__ import annotations

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

BLOCK = 512


def related_ids(ids: list[str], texts: list[str], *, k: int = 5) -> list[tuple[str, ...]]:
    """For each paper (ids[i], texts[i]) the ids of its k most related papers, best first."""
    if len(ids) < 2 or k <= 0:
        return [() for _ in ids]
    vectorizer = TfidfVectorizer(
        stop_words="english", sublinear_tf=True, min_df=1, max_df=0.5, ngram_range=(1, 2),
        token_pattern=r"(?u)\b[a-zA-Z][a-zA-Z0-9-]+\b", dtype=np.float32,
    )  # fmt: skip
    try:
        matrix = vectorizer.fit_transform(texts)
    except ValueError:  # every word is a stop word: nothing to compare
        return [() for _ in ids]
    order = np.argsort(np.array(ids))  # rank of each id, for deterministic tie-breaks
    id_rank = np.empty(len(ids), dtype=np.int64)
    id_rank[order] = np.arange(len(ids))
    result: list[tuple[str, ...]] = []
    for start in range(0, len(ids), BLOCK):
        block = (matrix[start : start + BLOCK] @ matrix.T).toarray()
        for offset, row in enumerate(block):
            row[start + offset] = -1.0  # never related to itself
            result.append(tuple(ids[j] for j in _top(row, id_rank, k)))
    return result


def _top(row: np.ndarray, id_rank: np.ndarray, k: int) -> list[int]:
    k = min(k, len(row) - 1)
    kth_best = np.partition(row, len(row) - k)[len(row) - k]
    # Every index tied with the k-th score competes, so ties resolve by id, not by position.
    tied = np.flatnonzero(row >= kth_best)
    ranked = sorted(tied, key=lambda j: (-float(row[j]), int(id_rank[j])))
    return [int(j) for j in ranked if row[j] > 0][:k]
