"""Related papers: the k most similar papers by TF-IDF cosine similarity.

Each document (title, tags and abstract, as the caller joins them) becomes a sparse TF-IDF
vector weighted exactly as scikit-learn's TfidfVectorizer weighs it (`tfidf`). Each vector
keeps only its strongest terms, and an inverted index that lists, for each term, the papers
it describes best proposes each paper's candidates, which are then scored exactly: time and
memory grow with the number of papers, not its square (`_nearest`). Scores are rounded before
ranking and ties go to the smaller id, so the order is the same on every machine. This module
never reads papers or writes pages.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse

from generator import parallel
from generator.describe import tfidf

BLOCK = 256  # papers per parallel chunk: each scores its rows against the index at once
TERMS_PER_PAPER = 32  # the strongest terms of a paper carry its similarity
PER_TERM = 100  # papers the index lists per term: those the term describes best
CANDIDATES = 100  # papers per paper scored exactly: the best the index proposes
SCALE = 10**6  # similarities are compared to 6 decimals; beyond that they tie
BANDS = 256  # score bands by which a row's proposals are cut to about its best before sorting


@dataclass(frozen=True)
class Vectors:
    """The papers' TF-IDF rows, in id order (row r is paper `order[r]` of the caller's list):
    each paper's strongest terms, unit length; `terms` names the columns. `matrix` is None
    when no term is in two texts."""

    order: list[int]
    matrix: sparse.csr_matrix | None
    terms: list[str]


def vectorise(ids: list[str], texts: list[str]) -> Vectors:
    """The vectors of the papers (ids[i], texts[i]); the map (`positions`) reads them too."""
    order = sorted(range(len(ids)), key=ids.__getitem__)  # row position = id rank: ties by id
    found = tfidf.weighted(*tfidf.term_counts([texts[i] for i in order])) if ids else None
    if found is None:
        return Vectors(order, None, [])
    matrix, terms = found
    return Vectors(order, _normalise(_strongest(matrix, TERMS_PER_PAPER)), terms)


def related_ids(
    ids: list[str], texts: list[str], *, k: int = 5, vectors: Vectors | None = None
) -> list[tuple[str, ...]]:
    """For each paper (ids[i], texts[i]) the ids of its k most related papers, best first;
    `vectors`: `vectorise(ids, texts)`, if the caller made them already."""
    if len(ids) < 2 or k <= 0:
        return [() for _ in ids]
    vectors = vectors or vectorise(ids, texts)
    if vectors.matrix is None:
        return [() for _ in ids]
    order = vectors.order
    neighbours = _nearest(vectors.matrix, min(k, len(ids) - 1))
    id_at = [ids[i] for i in order].__getitem__  # the id of a row
    by_paper: list[tuple[str, ...]] = [()] * len(ids)
    for row, found in zip(order, neighbours, strict=True):
        by_paper[row] = tuple(map(id_at, found))
    return by_paper


# --- Similarity -------------------------------------------------------------------------------


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
    """Rows scaled to unit length again after pruning, so dot products are cosines."""
    norms = np.sqrt(np.asarray(matrix.multiply(matrix).sum(axis=1)).ravel())
    norms[norms == 0] = 1.0
    return sparse.diags((1.0 / norms).astype(np.float32)) @ matrix


def _nearest(matrix: sparse.csr_matrix, k: int) -> list[list[int]]:
    """Row indices of each row's k most similar rows with a positive score, best first.

    An inverted index proposes the candidates: each term lists only the PER_TERM papers
    that use it most strongly, so a paper meets at most TERMS_PER_PAPER x PER_TERM others,
    whatever the number of papers (a term in half of 50,000 papers would otherwise pair 25,000
    with 25,000). Its CANDIDATES best are then scored exactly. When no term is in more than
    PER_TERM papers the index is complete and the scores are exact as they stand."""
    index = _postings(matrix, PER_TERM)
    complete = index.nnz == matrix.nnz
    blocks = -(-matrix.shape[0] // BLOCK)
    shared = (matrix, index.T.tocsr(), k, complete)
    found = parallel.ordered_map(_nearest_in_block, shared, blocks,
                                 chunks_per_worker=2, min_items_per_worker=4)  # fmt: skip
    return [row for block in found for row in block]


def _postings(matrix: sparse.csr_matrix, keep: int) -> sparse.csr_matrix:
    """`matrix` with each column (term) cut to its `keep` largest entries, ties to the
    smaller row: the papers each term best describes."""
    columns = matrix.tocsc()
    columns.sort_indices()
    term = np.repeat(np.arange(columns.shape[1]), np.diff(columns.indptr))
    order = np.lexsort((columns.indices, -columns.data, term))  # by term, strongest first
    rank = np.arange(len(order)) - columns.indptr[term[order]]
    kept = np.sort(order[rank < keep])  # in the column order again
    cut = sparse.csc_matrix(
        (columns.data[kept], columns.indices[kept], np.searchsorted(kept, columns.indptr)),
        shape=columns.shape,
    )
    return cut.tocsr()


def _nearest_in_block(
    shared: tuple[sparse.csr_matrix, sparse.csr_matrix, int, bool], block: int
) -> list[list[int]]:
    matrix, index, k, complete = shared
    start = block * BLOCK
    rows = matrix[start : start + BLOCK]
    proposed = (rows @ index).tocoo()  # each row's score with the papers the index proposes
    row, column, score = proposed.row, proposed.col, proposed.data
    keep = (column != row + start) & (score > 0)  # never related to itself
    row, column, score = row[keep], column[keep], _rounded(score[keep])
    if not complete:  # the index saw only some shared terms: score the best proposals fully
        row, column, _ = _best(row, column, score, CANDIDATES)
        exact = rows[row].multiply(matrix[column]).sum(axis=1)
        score = _rounded(np.asarray(exact, dtype=np.float32).ravel())
        keep = score > 0
        row, column, score = row[keep], column[keep], score[keep]
    row, column, score = _best(row, column, score, k)
    found: list[list[int]] = [[] for _ in range(rows.shape[0])]
    for at, other in zip(row.tolist(), column.tolist(), strict=True):
        found[at].append(other)
    return found


def _rounded(scores: np.ndarray) -> np.ndarray:
    """Scores as integers of 1/SCALE: equal to 6 decimals is equal, and ties go to the id."""
    scaled = scores.astype(np.float32) * np.float32(SCALE)
    return np.rint(scaled).astype(np.int64)


def _best(
    row: np.ndarray, column: np.ndarray, score: np.ndarray, k: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each row's k entries of highest score, ties to the smaller column, best first.

    Entries that cannot be among their row's k best are dropped first (`_contenders`). One
    integer key per entry then orders by row, score and column at once, and holds all three:
    sorting the keys themselves (no argsort, no gathers) and reading the entries back from
    them is cheaper than sorting the entries. A row holds a column once, so the keys are
    distinct and any sort gives the one order."""
    keep = _contenders(row, score, k)
    row, column, score = row[keep], column[keep], score[keep]
    n, span = np.int64(column.max(initial=0) + 1), np.int64(2 * SCALE + 1)
    key = (row.astype(np.int64) * span + (2 * SCALE - score)) * n + column  # score in 0..2*SCALE
    key.sort()
    rest, column = np.divmod(key, n)
    row, worse = np.divmod(rest, span)
    starts = np.flatnonzero(np.diff(row, prepend=-1))  # where each row's entries begin
    rank = np.arange(len(row)) - np.repeat(starts, np.diff(np.append(starts, len(row))))
    keep = rank < k
    return row[keep], column[keep], 2 * SCALE - worse[keep]


def _contenders(row: np.ndarray, score: np.ndarray, k: int) -> np.ndarray:
    """Which entries may be among their row's k best: those whose score band (SCALE / BANDS
    wide) is at or above the band holding the row's k-th best score. A row's thousands of
    proposals shrink to about k before they are sorted; none of its k best is ever dropped."""
    if len(row) == 0:
        return np.ones(0, dtype=bool)
    rows = int(row.max()) + 1
    band = np.minimum(score.astype(np.int64) * BANDS // SCALE, BANDS)  # 0..BANDS
    counts = np.bincount(row * (BANDS + 1) + band, minlength=rows * (BANDS + 1))
    from_top = np.cumsum(counts.reshape(rows, BANDS + 1)[:, ::-1], axis=1)
    lowest = BANDS - np.minimum(np.argmax(from_top >= k, axis=1), BANDS)  # one per row
    lowest[from_top[:, -1] < k] = 0  # a row with fewer than k entries keeps them all
    return band >= lowest[row]
