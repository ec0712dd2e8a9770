"""Groups of papers that speak of the same things, by the terms they share.

Each paper of a group becomes a TF-IDF vector of its terms that name a subject (the document
frequencies are the whole collection's, so a term every paper uses weighs little, and one no
other paper uses links nothing); a term of its title or tags counts double. Papers are then
joined bottom-up, average linkage on cosine similarity, until the most similar two clusters
are less alike than SIMILAR: every paper of a cluster is, on average, that alike to the
others. The cost is the group's size squared, in memory and time (a group of 2,000 papers: 2
million similarities, a few seconds). Deterministic: similarities rounded, papers in a fixed
order.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict

import numpy as np
from scipy import sparse
from scipy.cluster.hierarchy import fcluster, linkage

from generator.describe.suggest.terms import Terms, telling

SIMILAR = 0.06  # mean cosine similarity within a cluster, at least
HEADING_WEIGHT = 2.0  # a term of the title or tags says more of what the paper is about
MAX_SHARE = 0.4  # a term in more of the collection's papers links papers of every subject
MIN_CAP = 4  # ... but in a handful of papers, a term four of them use may be their subject
DECIMALS = 6  # similarities equal to this many decimals are equal, on every machine


def cluster(ids: list[str], terms: Terms, documents: Counter[str]) -> list[list[str]]:
    """The groups among `ids` (papers' ids, in a fixed order), largest first; each holds ids in
    the given order, ties broken by the first id."""
    if len(ids) < 2:
        return [ids] if ids else []
    vectors = _vectors(ids, terms, documents)
    alike = np.round((vectors @ vectors.T).toarray(), DECIMALS)
    distances = np.clip(1.0 - alike[np.triu_indices(len(ids), k=1)], 0.0, None)
    labels = fcluster(linkage(distances, method="average"), t=1.0 - SIMILAR, criterion="distance")
    groups: dict[int, list[str]] = defaultdict(list)
    for paper, label in zip(ids, labels.tolist(), strict=True):
        groups[label].append(paper)
    return sorted(groups.values(), key=lambda members: (-len(members), ids.index(members[0])))


def _vectors(ids: list[str], terms: Terms, documents: Counter[str]) -> sparse.csr_matrix:
    """Unit rows of TF-IDF weights over the terms two papers or more of the collection hold
    and at most MAX_SHARE of them; a row with none stays zero, like no other paper."""
    total, headed = len(terms.papers), terms.headings()
    usable = sorted(
        term
        for term, n in documents.items()
        if 2 <= n <= max(MIN_CAP, MAX_SHARE * total)
        and telling(term, terms.shown(term), headed=headed[term])
    )
    column = {term: at for at, term in enumerate(usable)}
    rows, columns, weights = [], [], []
    for row, paper in enumerate(ids):
        found = terms.papers[paper]
        for term in sorted(found.counts.keys() & column.keys()):
            heading = HEADING_WEIGHT if term in found.heading else 1.0
            rarity = math.log((1 + total) / (1 + documents[term])) + 1
            rows.append(row)
            columns.append(column[term])
            weights.append((1 + math.log(found.counts[term])) * heading * rarity)
    shape = (len(ids), len(usable))
    vectors = sparse.csr_matrix((weights, (rows, columns)), shape=shape, dtype=np.float64)
    norms = np.sqrt(np.asarray(vectors.multiply(vectors).sum(axis=1)).ravel())
    return sparse.diags(1.0 / np.where(norms > 0, norms, 1.0)) @ vectors
