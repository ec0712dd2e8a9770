"""TF-IDF weights exactly as scikit-learn's TfidfVectorizer computes them (english stop
words, sublinear tf, smoothed idf, l2 norm, float32), down to the last bit, without depending
on scikit-learn: float32 rounding makes similarities depend on the order in which terms are
summed, so the order of entries is reproduced too. Used by the related papers and the map
(`related.vectorise`); pure, it never reads papers or writes pages.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import count

import numpy as np
from scipy import sparse

TOKEN = re.compile(r"(?u)\b[a-zA-Z][a-zA-Z0-9-]+\b")  # words of 2+ characters, hyphens inside
MIN_DF = 2  # a term in one paper relates nothing
MAX_DF_SHARE = 0.5  # a term in most papers tells them apart no more ...
MAX_DF_FROM = 20  # ... once there are enough papers to say what "most" is

# scikit-learn's ENGLISH_STOP_WORDS (from the Glasgow Information Retrieval Group), verbatim.
STOP_WORDS = frozenset(
    """
    a about above across after afterwards again against all almost alone along already also
    although always am among amongst amoungst amount an and another any anyhow anyone anything
    anyway anywhere are around as at back be became because become becomes becoming been before
    beforehand behind being below beside besides between beyond bill both bottom but by call can
    cannot cant co con could couldnt cry de describe detail do done down due during each eg
    eight either eleven else elsewhere empty enough etc even ever every everyone everything
    everywhere except few fifteen fifty fill find fire first five for former formerly forty
    found four from front full further get give go had has hasnt have he hence her here
    hereafter hereby herein hereupon hers herself him himself his how however hundred i ie if in
    inc indeed interest into is it its itself keep last latter latterly least less ltd made many
    may me meanwhile might mill mine more moreover most mostly move much must my myself name
    namely neither never nevertheless next nine no nobody none noone nor not nothing now nowhere
    of off often on once one only onto or other others otherwise our ours ourselves out over own
    part per perhaps please put rather re same see seem seemed seeming seems serious several she
    should show side since sincere six sixty so some somehow someone something sometime
    sometimes somewhere still such system take ten than that the their them themselves then
    thence there thereafter thereby therefore therein thereupon these they thick thin third this
    those though three through throughout thru thus to together too top toward towards twelve
    twenty two un under until up upon us very via was we well were what whatever when whence
    whenever where whereafter whereas whereby wherein whereupon wherever whether which while
    whither who whoever whole whom whose why will with within without would yet you your yours
    yourself yourselves
    """.split()
)


def term_counts(texts: Sequence[str]) -> tuple[sparse.csr_matrix, list[str]]:
    """How often each term but the stop words occurs in each text, and the terms.

    Terms are the lower-cased TOKEN matches, numbered in order of first appearance, which is
    also the order of each row's entries, as in scikit-learn's count matrix. Tokens are kept
    as numbers, text by text: a list of every token string would hold ~60 bytes per token.
    """
    first_seen: dict[str, int] = {}  # term -> where in the stream of all tokens it first occurs
    per_text: list[np.ndarray] = []
    total = 0
    for text in texts:
        tokens = TOKEN.findall(text.lower())
        # setdefault keeps a term's first position.
        positions = map(first_seen.setdefault, tokens, count(total))
        per_text.append(np.fromiter(positions, dtype=np.int64, count=len(tokens)))
        total += len(tokens)
    first = np.concatenate([np.zeros(0, dtype=np.int64), *per_text])
    row_bounds = np.cumsum([0] + [len(found) for found in per_text])
    del per_text
    is_first = np.zeros(total, dtype=bool)
    is_first[first] = True
    column = (np.cumsum(is_first, dtype=np.int32) - 1)[first]  # first positions -> 0, 1, 2...

    terms = list(first_seen)
    kept = ~np.array([term in STOP_WORDS for term in terms], dtype=bool)[column]
    indptr = np.concatenate(([0], np.cumsum(kept)))[row_bounds]  # rows without stop words
    ones = np.ones(np.count_nonzero(kept), dtype=np.float32)
    counts = sparse.csr_matrix((ones, column[kept], indptr), shape=(len(texts), len(terms)))
    counts.sum_duplicates()  # one entry per term and text, columns ascending
    return counts, terms


def weighted(
    counts: sparse.csr_matrix, terms: list[str]
) -> tuple[sparse.csr_matrix, list[str]] | None:
    """TfidfVectorizer(stop_words="english", sublinear_tf=True, min_df=2, max_df=0.5 from 20
    texts on, dtype=float32), bit for bit, entry order included: float32 rounding makes
    similarities depend on the order in which terms are summed. With it, the column terms."""
    n_texts = counts.shape[0]
    df = np.bincount(counts.indices, minlength=len(terms))
    max_df = (MAX_DF_SHARE if n_texts >= MAX_DF_FROM else 1.0) * n_texts
    useful = (df >= MIN_DF) & (df <= max_df)
    if not useful.any():
        return None

    # Columns in alphabetical order of the terms; each row keeps its entries' order.
    alphabetical = np.array(sorted(np.flatnonzero(useful).tolist(), key=terms.__getitem__))
    column = np.full(len(terms), -1, dtype=np.int32)
    column[alphabetical] = np.arange(len(alphabetical), dtype=np.int32)
    entry_kept = useful[counts.indices]
    kept_before = np.concatenate(([0], np.cumsum(entry_kept)))
    indptr = kept_before[counts.indptr].astype(np.int32)
    indices = column[counts.indices[entry_kept]]
    tf = counts.data[entry_kept]

    idf = np.full(len(alphabetical), n_texts + 1, dtype=np.float32)  # smooth: one more text, ...
    idf /= df[alphabetical].astype(np.float32) + 1  # ... holding every term
    np.log(idf, out=idf)
    idf += 1
    weights = (np.log(tf) + 1) * idf[indices]  # sublinear tf
    weights = _unit_rows_like_sklearn(weights, indptr)
    matrix = sparse.csr_matrix((weights, indices, indptr), shape=(n_texts, len(alphabetical)))
    return matrix, [terms[i] for i in alphabetical.tolist()]


def _unit_rows_like_sklearn(data: np.ndarray, indptr: np.ndarray) -> np.ndarray:
    """Each row divided by its l2 norm as scikit-learn does it: float32 squares summed one by
    one in float64 (numpy would sum pairwise), each value divided in float64."""
    squares = (data * data).astype(np.float64)  # float32 products, as sklearn's Cython has it
    lengths = np.diff(indptr)
    longest_first = np.argsort(-lengths, kind="stable")
    row_starts = indptr[:-1][longest_first]
    sums = np.zeros(len(lengths))
    # Column p of every row at once: linear in the entries, and sequential within each row.
    rows_this_long = np.searchsorted(-lengths[longest_first], -np.arange(lengths.max(initial=0)))
    for p, rows in enumerate(rows_this_long.tolist()):
        sums[:rows] += squares[row_starts[:rows] + p]
    del squares
    norms = np.ones(len(lengths))
    norms[longest_first] = np.where(sums > 0, np.sqrt(sums), 1.0)
    quotients = np.repeat(norms, lengths)
    np.divide(data, quotients, out=quotients)
    return quotients.astype(np.float32)
