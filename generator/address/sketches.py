"""Recognising an edited abstract: a small sketch of its word pairs, and how alike two are.

An edited abstract has a new id (the id is a hash of the text), but most of its word pairs are
the ones it had. A bottom-k sketch (the k smallest crc32 values of its word pairs, stable across
runs and machines) estimates the Jaccard similarity of two texts' word pairs from k numbers
each, which the lock file can afford to store for every paper.
"""

from __future__ import annotations

import itertools
import re
import zlib

SKETCH_SIZE = 16
SAME_PAPER = 0.5  # estimated similarity of word pairs above which an edit is assumed
_WORD = re.compile(r"\w+")


def sketch(text: str) -> tuple[int, ...]:
    """The SKETCH_SIZE smallest hashes of the text's word pairs, case folded."""
    words = _WORD.findall(text.casefold())
    hashes = {zlib.crc32(f"{a} {b}".encode()) for a, b in itertools.pairwise(words)}
    return tuple(sorted(hashes)[:SKETCH_SIZE])


def similarity(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """Estimated Jaccard similarity of the two texts' word pairs."""
    if not a or not b:
        return 0.0
    union_bottom = set(sorted(set(a) | set(b))[:SKETCH_SIZE])
    return len(union_bottom & set(a) & set(b)) / len(union_bottom)
