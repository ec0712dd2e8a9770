"""Topics from the curator's taxonomy: which keywords a paper holds (`keywords`), and the
1-2 topics they make of it, with that evidence (`choice`).

Owns the matching of taxonomy keywords and the choice of a paper's topics. Must not read
other papers (a paper's topics are its own text's), nor know how tags, titles or summaries
are found, nor anything of pages.
"""

from __future__ import annotations

from generator.describe.topics.choice import assign_topics, score_topics
from generator.describe.topics.keywords import KeywordIndex, tokens

__all__ = ["KeywordIndex", "assign_topics", "score_topics", "tokens"]
