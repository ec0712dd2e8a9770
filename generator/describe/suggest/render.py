"""Suggestions as YAML a curator can paste under `topics:` in topics.yml, one commented entry
each, with the papers it would take. Dumped by PyYAML, never formatted by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import yaml

if TYPE_CHECKING:
    from generator.describe.suggest.propose import Suggestion

SHOWN_TITLES = 8  # titles listed under each suggestion


def render_suggestions(suggestions: Sequence[Suggestion]) -> str:
    """YAML the curator can paste under `topics:` in topics.yml, one commented entry each."""
    if not suggestions:
        return "# No topic suggestions: every group of papers has a topic that fits.\n"
    lines = ["# Suggested topics: review, rename, then paste the entries under `topics:`."]
    for suggestion in suggestions:
        lines.append("")
        lines.append(f"# {_taking(suggestion)}")
        titles = suggestion.paper_titles
        lines.extend(f"#   - {_one_line(title)}" for title in titles[:SHOWN_TITLES])
        if len(titles) > SHOWN_TITLES:
            lines.append(f"#   - ... and {len(titles) - SHOWN_TITLES} more")
        entry = {
            "key": suggestion.key,
            "name": suggestion.name,
            "description": suggestion.description,
            "keywords": list(suggestion.keywords),
        }
        dumped = yaml.safe_dump([entry], sort_keys=False, allow_unicode=True, width=96)
        lines.extend(f"  {line}" for line in dumped.splitlines())
    return "\n".join(lines) + "\n"


def _taking(suggestion: Suggestion) -> str:
    papers = len(suggestion.paper_ids)
    said = f"Would take {papers} paper{'s' * (papers != 1)} of '{_one_line(suggestion.source)}'"
    if suggestion.elsewhere:
        others = suggestion.elsewhere
        said += f" (and {others} paper{'s' * (others != 1)} of other topics)"
    return said + ":"


def _one_line(text: str) -> str:
    return " ".join(text.split())
