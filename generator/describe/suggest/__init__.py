"""Topic suggestions: new taxonomy entries proposed from papers the taxonomy describes badly.

Owns the suggestions and their YAML. Two groups of papers are read: those in the catch-all
topic, and those of a crowded topic (one holding more than CROWDED of all papers, which then
says little). Within a group, papers that share terms are clustered (`clusters`); each
cluster of MIN_PAPERS or more becomes a draft entry: typical keywords, a name, a description
(`drafts`). The drafts are then pasted, all at once, into the taxonomy with the real matcher
(`uptake`): a draft that would take fewer than MIN_PAPERS of its group's papers is dropped,
and the others are shown with the papers they would take, so what the curator reads is what
the next build does. Deterministic, no I/O, no logging: must not print or read files; the CLI
and the build log decide what to print.
"""

from __future__ import annotations

from generator.describe.suggest.propose import Suggestion, catch_all_share, suggest_topics
from generator.describe.suggest.render import render_suggestions

__all__ = ["Suggestion", "catch_all_share", "render_suggestions", "suggest_topics"]
