"""Whether a candidate is our paper: its own abstract must read as ours. Pure.

Titles alone never decide (two papers may share one, and ours are derived); a candidate's
abstract, rebuilt from OpenAlex's inverted index or read from arXiv's summary, is compared
with ours as bags of normalised tokens (case and accents folded, punctuation and markup
dropped): the Dice coefficient of the two multisets. A preprint and its published version
differ by a few words and score about 0.9 or more; two papers of one field, sharing its
vocabulary, score far lower. Between the two thresholds a person decides (`review`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

ACCEPT = 0.9  # at or above: the same paper
REVIEW = 0.6  # at or above (and below ACCEPT): the curator decides
_TOKEN = re.compile(r"[^\W_]+")


def tokens(text: str) -> Counter[str]:
    """The text's words, case and accents folded, as a multiset."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(char for char in folded if not unicodedata.combining(char))
    return Counter(_TOKEN.findall(plain))


def similarity(ours: str, theirs: str) -> float:
    """Dice coefficient of the two texts' token multisets, 0..1, rounded to 3 places."""
    a, b = tokens(ours), tokens(theirs)
    total = sum(a.values()) + sum(b.values())
    if not total:
        return 0.0
    return round(2 * sum((a & b).values()) / total, 3)


def verdict(score: float) -> str:
    """ "found", "review" or "not-found" for a candidate scoring `score`."""
    if score >= ACCEPT:
        return "found"
    return "review" if score >= REVIEW else "not-found"
