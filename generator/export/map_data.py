"""map/points.json: where each published paper sits on the map page, and its colour, for its
script.

Only what the map page needs to draw its points before the browse index (browse/index.json,
which the map page loads too, eight times heavier) arrives: each paper's (x, y), integers
0..9,999 placed by `describe.positions`, and its first topic (a paper's colour is its first
topic's: an index into the index's topic table, the taxonomy's topics in order, -1 for none),
by column, in the browse index's order (the published papers in the curator's order), so the
n-th point is the index's n-th paper and no id is shipped twice; `count` lets the page see that
the two files are of the same build. Titles, addresses, ids and topic names come from the
index, which turns the points into links, summaries from browse/summaries.json when a point is
first shown. Pure: the same bytes for the same collection."""

from __future__ import annotations

import json

from generator.export.fields import published
from generator.models import Collection, Paper

MAP_DATA_PATH = "map/points.json"
MAP_DATA_VERSION = 3  # 3: each point's first topic, for its colour before the index arrives
MAP_SIZE = 10_000  # coordinates are 0..MAP_SIZE-1 on both axes


def map_data(collection: Collection) -> str:
    """The published papers' places and first topics, by column in the browse index's order."""
    where = {pid: (x, y) for pid, x, y in collection.points}
    papers = published(collection)
    placed = [where[paper.id] for paper in papers]
    numbers = {topic.name: n for n, topic in enumerate(collection.taxonomy.topics)}
    document = {
        "version": MAP_DATA_VERSION,
        "size": MAP_SIZE,
        "count": len(placed),
        "x": [x for x, _ in placed],
        "y": [y for _, y in placed],
        "topic": [_first_topic(paper, numbers) for paper in papers],
    }
    return json.dumps(document, separators=(",", ":")) + "\n"


def _first_topic(paper: Paper, numbers: dict[str, int]) -> int:
    """The paper's first topic the taxonomy knows, as the browse index numbers it; -1 for none."""
    return next((numbers[name] for name in paper.topic_names if name in numbers), -1)
