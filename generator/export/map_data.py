"""map/points.json: where each published paper sits on the map page, for its script.

Only what the browse index (browse/index.json, which the map page loads too) does not hold:
each paper's (x, y), integers 0..9,999 placed by `describe.positions`, by column, in the
browse index's order (the published papers in the curator's order), so the n-th point is the
index's n-th paper and no id is shipped twice; `count` lets the page see that the two files
are of the same build. Titles, addresses, ids and topics (a paper's colour is its first
topic's) come from the index, summaries from browse/summaries.json when a point is first
shown. Pure: the same bytes for the same collection."""

from __future__ import annotations

import json

from generator.export.fields import published
from generator.models import Collection

MAP_DATA_PATH = "map/points.json"
MAP_DATA_VERSION = 2  # 2: no ids, the browse index's order
MAP_SIZE = 10_000  # coordinates are 0..MAP_SIZE-1 on both axes


def map_data(collection: Collection) -> str:
    """The published papers' places, as coordinates by column in the browse index's order."""
    where = {pid: (x, y) for pid, x, y in collection.points}
    placed = [where[paper.id] for paper in published(collection)]
    document = {
        "version": MAP_DATA_VERSION,
        "size": MAP_SIZE,
        "count": len(placed),
        "x": [x for x, _ in placed],
        "y": [y for _, y in placed],
    }
    return json.dumps(document, separators=(",", ":")) + "\n"
