"""Topics: 1-3 per paper from the curator's taxonomy, each with the evidence that chose it.

A topic's score sums its keywords found in the paper's text, a multi-word keyword counting
more (it is more specific) and a keyword in the title or tags counting double. A paper whose
best score stays under the taxonomy's `min_score` goes to the catch-all topic.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .models import Taxonomy, Topic, TopicMatch


@lru_cache(maxsize=4096)
def _keyword_pattern(keyword: str) -> re.Pattern[str]:
    # Keywords match whole words; a trailing "*" matches any ending ("optimi*").
    body = re.escape(keyword.lower().rstrip("*")).replace(r"\ ", r"[\s-]+")
    suffix = r"\w*" if keyword.endswith("*") else r"(?:s|es)?"
    return re.compile(rf"(?<![\w-]){body}{suffix}(?![\w-])")


def score_topic(topic: Topic, body: str, heading: str) -> TopicMatch:
    score, matched = 0.0, []
    for keyword in topic.keywords:
        pattern = _keyword_pattern(keyword)
        hits = len(pattern.findall(body))
        if not hits:
            continue
        weight = 1.0 + 0.5 * (len(keyword.split()) - 1)
        bonus = 2.0 if pattern.search(heading) else 1.0
        score += weight * bonus * min(hits, 3) ** 0.5
        matched.append(keyword)
    return TopicMatch(topic.name, round(score, 2), tuple(matched))


def assign_topics(
    taxonomy: Taxonomy, *, text: str, title: str, tags: tuple[str, ...]
) -> tuple[TopicMatch, ...]:
    """The best 1..max_topics topics, strongest first; the catch-all when none is strong."""
    heading = f"{title} {' '.join(tags)}".lower()
    body = f"{text} {heading}".lower()
    scored = [score_topic(topic, body, heading) for topic in taxonomy.topics if not topic.catch_all]
    scored = [match for match in scored if match.score >= taxonomy.min_score]
    scored.sort(key=lambda match: (-match.score, match.topic))
    if not scored:
        return (TopicMatch(taxonomy.catch_all.name, 0.0, ()),)
    best = scored[0].score
    return tuple(match for match in scored[: taxonomy.max_topics] if match.score >= 0.5 * best)
