"""The map's layout at scale: time to place N synthetic papers, how far 1% more papers move
them, and the size of map/points.json.

    python bench/map_layout.py --sizes 1000 5000

Papers are `synth.py`'s abstracts (a run of n is a prefix of a run of m > n), each in the
topic of the shipped abstract it is made from (six topics, by that abstract's number), ids a
hash of the text. Prints, per size: seconds to vectorise, seconds to place (the map's own
work), the median and 90th percentile of how far the first N papers move when N/100 join (in
per cent of the map's width), and points.json's bytes raw and gzipped. The build's own
`relate` stage does both steps once per build."""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

import synth  # noqa: E402

from generator.describe import positions, related  # noqa: E402

TOPICS = 6


def corpus(n: int) -> tuple[list[str], list[str], list[list[int]]]:
    """n synthetic papers: ids, texts, topic indexes."""
    sources = synth.read_sources(REPO / "lists")
    texts = synth.make_abstracts(sources, n)
    ids = [hashlib.sha256(text.encode()).hexdigest()[:12] for text in texts]
    return ids, texts, [[(i % len(sources)) % TOPICS] for i in range(n)]


def placed(ids: list[str], texts: list[str], topics: list[list[int]]) -> tuple[dict, float, float]:
    start = time.perf_counter()
    vectors = related.vectorise(ids, texts)
    middle = time.perf_counter()
    points = positions.place(vectors, topics)
    end = time.perf_counter()
    return dict(zip(ids, points, strict=True)), middle - start, end - middle


def moved(before: dict, after: dict) -> np.ndarray:
    """How far each paper of `before` moved, in per cent of the map's width."""
    shared = list(before)
    a, b = np.array([before[i] for i in shared]), np.array([after[i] for i in shared])
    return np.linalg.norm(a - b, axis=1) / positions.SIZE * 100


def points_json(found: dict) -> bytes:
    ids = list(found)
    document = {"version": 1, "size": positions.SIZE, "id": ids,
                "x": [found[i][0] for i in ids], "y": [found[i][1] for i in ids]}  # fmt: skip
    return (json.dumps(document, separators=(",", ":")) + "\n").encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    args = parser.parse_args()
    print("| papers | vectorise s | place s | moved median % | moved p90 % | points.json | gzip |")
    print("|---|---|---|---|---|---|---|")
    for n in args.sizes:
        ids, texts, topics = corpus(n + max(1, n // 100))
        before, vectorise_s, place_s = placed(ids[:n], texts[:n], topics[:n])
        after, _, _ = placed(ids, texts, topics)
        distance = moved(before, after)
        data = points_json(before)
        packed = len(gzip.compress(data))
        print(f"| {n} | {vectorise_s:.2f} | {place_s:.2f} | {np.median(distance):.2f} | "
              f"{np.percentile(distance, 90):.2f} | {len(data):,} | {packed:,} |")  # fmt: skip


if __name__ == "__main__":
    main()
