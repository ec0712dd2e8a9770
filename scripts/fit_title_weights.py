#!/usr/bin/env python3
"""Fit the weights of `generator.describe.titles.salience` on development half A; print them.

Usage: python scripts/fit_title_weights.py [PAIRS.jsonl]

Half A is the even lines of `dev_pairs.jsonl` (0, 2, 4, ...); the odd lines are held out and
only ever measured (`scripts/score_titles.py`). Each content word of each abstract is one
example: its signals (`salience.signals`) and whether the real title uses it. A logistic
regression (Newton's method, numpy only, a little L2 so the weights stay small) gives the
weights to paste into `salience._WEIGHTS` and `_BIAS`. The titles are read to fit, never kept.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from generator.describe.reading.abstracts import analyse
from generator.describe.titles import salience
from generator.describe.titles.candidates import compose

EVAL = Path(__file__).resolve().parent.parent.parent / "shared" / "eval"


def main() -> int:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else EVAL / "dev_pairs.jsonl"
    rows = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()][0::2]
    signals, labels = _examples(rows)
    weights = _fit(np.array(signals), np.array(labels, dtype=float))
    print("_WEIGHTS =", tuple(round(float(w), 2) for w in weights[1:]))
    print("_BIAS =", round(float(weights[0]), 2))
    return 0


def _examples(rows: list[dict[str, str]]) -> tuple[list[list[float]], list[bool]]:
    examples, labels = [], []
    for row in rows:
        parts = analyse(row["abstract"])
        title = set(salience.content_words(row["title"]))
        for word, found in salience.signals(parts, compose(parts).name).items():
            examples.append([1.0, *found])
            labels.append(word in title)
    return examples, labels


def _fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0, rounds: int = 25) -> np.ndarray:
    weights = np.zeros(x.shape[1])
    penalty = l2 * np.eye(x.shape[1])
    penalty[0, 0] = 0.0  # the bias is not shrunk
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-x @ weights))
        gradient = x.T @ (p - y) + penalty @ weights
        hessian = (x * (p * (1 - p))[:, None]).T @ x + penalty
        weights -= np.linalg.solve(hessian, gradient)
    return weights


if __name__ == "__main__":
    raise SystemExit(main())
