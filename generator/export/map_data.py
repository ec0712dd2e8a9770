"""map/points.json: where each published paper sits on the map page, for its script.

Only what the browse index (browse/index.json, which the map page loads too) does not hold:
each paper's id and its (x, y), integers 0..9,999 placed by `describe.positions`. Titles,
summaries, addresses and topics (a paper's colour is its first topic's) come from the browse
index, joined by id, so no text is shipped twice. Papers by column, in the curator's order, as
the browse index has them. Pure: the same bytes for the same collection."""

from __future__ import annotations

import json

from generator.export.fields import published
from generator.models import Collection

MAP_DATA_PATH = "map/points.json"
MAP_DATA_VERSION = 1
MAP_SIZE = 10_000  # coordinates are 0..MAP_SIZE-1 on both axes


def map_data(collection: Collection) -> str:
    """The published papers' places, as ids and coordinates by column."""
    where = {pid: (x, y) for pid, x, y in collection.points}
    placed = [paper.id for paper in published(collection) if paper.id in where]
    document = {
        "version": MAP_DATA_VERSION,
        "size": MAP_SIZE,
        "id": placed,
        "x": [where[pid][0] for pid in placed],
        "y": [where[pid][1] for pid in placed],
    }
    return json.dumps(document, separators=(",", ":")) + "\n"
