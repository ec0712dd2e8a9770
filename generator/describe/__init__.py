"""Derived metadata: what each paper is, worked out from its abstract and the collection.

Owns titles (`titles/`), summaries, kinds, tags (`tags/`), topics (from the curator's taxonomy),
related papers and topic suggestions, and the reading of an abstract they share (`reading/`:
sentences, claims, acronyms, names, the grammar of a clause, and the lexicon). Must not read
or write files, and knows nothing of pages, addresses or the theme: it takes papers and a
taxonomy and returns papers.
"""

from __future__ import annotations

from generator.describe.kinds import KIND_LABELS, KINDS
from generator.describe.stage import (
    CACHED,
    FORGOTTEN,
    DescribeMemory,
    describe,
    describe_reusing,
    relate,
)
from generator.describe.suggest import (
    Suggestion,
    catch_all_share,
    render_suggestions,
    suggest_topics,
)

__all__ = [
    "CACHED",
    "FORGOTTEN",
    "KINDS",
    "KIND_LABELS",
    "DescribeMemory",
    "Suggestion",
    "catch_all_share",
    "describe",
    "describe_reusing",
    "relate",
    "render_suggestions",
    "suggest_topics",
]
