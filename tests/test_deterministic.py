"""Same input, same output, whatever order Python happens to give sets and dicts of strings:
two runs of `readinglist generate` under different hash seeds write the same bytes. The lists
are the shipped ones and the 224 other labelled abstracts of the topic tests, so that near-ties
between derived titles, tags and topics are many."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import FIXTURES, REPO, copy_project
from tests.golden_tree import files_of

LABELLED = FIXTURES / "topic_labels" / "labels.jsonl"


def _generate(project: Path, seed: str) -> None:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(REPO),
           "SOURCE_DATE_EPOCH": "1767225600"}  # fmt: skip
    subprocess.run([sys.executable, "-m", "generator.cli", "-q", "generate"], cwd=project,
                   env=env, check=True, capture_output=True)  # fmt: skip


def _labelled_list() -> bytes:
    rows = [json.loads(line) for line in LABELLED.read_text().splitlines()]
    abstracts = [row["abstract"] for row in rows if row["source"] == "dev_pairs"]
    return ("Labelled abstracts\n\n" + "\n\n".join(abstracts) + "\n").encode()


def test_generated_pages_do_not_depend_on_the_hash_seed(tmp_path: Path) -> None:
    trees = []
    for seed in ("1", "2"):
        lists = {p.name: p.read_bytes() for p in sorted((REPO / "lists").glob("*.txt"))}
        lists["zz-labelled.txt"] = _labelled_list()
        project = copy_project(tmp_path / f"seed{seed}", lists=lists)
        _generate(project, seed)
        trees.append(files_of(project / "docs"))
    assert len(trees[0]) > 300
    changed = sorted(path for path in trees[0] if trees[0][path] != trees[1].get(path))
    assert not changed and trees[0].keys() == trees[1].keys(), changed[:10]
