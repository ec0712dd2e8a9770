"""scripts/tag_figures.py on a small fixture: the figures it prints are those of the pages the
generator wrote, counted here from the paper and tag pages themselves."""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

import frontmatter
import pytest

from tests.conftest import FIXTURES, REPO, run_cli

SCRIPT = REPO / "scripts" / "tag_figures.py"
FIXTURE = FIXTURES / "vision_list" / "vision_and_recsys.txt"


def _figures(*args: str) -> dict[str, str]:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=True
    )
    rows = [re.split(r"\s{2,}", line.strip(), maxsplit=1) for line in done.stdout.splitlines()]
    return {row[0]: row[1] for row in rows if len(row) == 2}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.conftest import copy_project

    project = copy_project(
        tmp_path_factory.mktemp("figures") / "project", lists={"vision.txt": FIXTURE.read_bytes()}
    )
    run_cli(project, "generate")
    return project / "docs"


def _counted(docs: Path) -> dict[str, object]:
    """Chips, shared chips and summary words, read from the pages another way: a tag page's
    listed papers are its links to paper pages."""
    papers = [frontmatter.load(p) for p in sorted((docs / "papers").glob("*.md"))]
    papers = [page for page in papers if "id" in page.metadata]
    listed = {}
    for page in (docs / "tags").glob("*.md"):
        if page.name != "index.md":
            post = frontmatter.load(page)
            listed[post["title"]] = len(re.findall(r"\]\(\.\./papers/", post.content))
    chips = [tag for page in papers for tag in page["tags"]]
    words = [len(page["summary"].split()) for page in papers]
    return {
        "papers": len(papers),
        "chips": len(chips),
        "shared": sum(1 for tag in chips if listed.get(tag, 0) >= 2),
        "distinct": len(set(chips)),
        "max": max(len(page["tags"]) for page in papers),
        "summary": (max(words), statistics.median(words)),
        "held": Counter(chips),
    }


def test_figures_of_generated_pages(generated: Path) -> None:
    figures, counted = _figures("--docs", str(generated)), _counted(generated)
    assert counted["shared"] and counted["shared"] < counted["chips"]  # the fixture has both
    chips = f"{counted['shared']}/{counted['chips']} = {counted['shared'] / counted['chips']:.3f}"
    assert figures["tag chips on shared tag pages"] == chips
    assert figures["papers"] == str(counted["papers"])
    assert figures["distinct tags"] == str(counted["distinct"])
    assert figures["tags a paper"].startswith(f"max {counted['max']}, mean ")
    longest, median = counted["summary"]
    assert figures["summary words"] == f"max {longest}, median {median}"
    # the share agrees with how many papers hold each tag, as the front matter says
    held = counted["held"]
    assert counted["shared"] == sum(n for n in held.values() if n >= 2)


def test_lists_and_pairs_are_generated_like_a_project(generated: Path, tmp_path: Path) -> None:
    assert _figures(str(FIXTURE)) == _figures("--docs", str(generated))
    abstracts = FIXTURE.read_text(encoding="utf-8").split("\n\n")[1:]
    rows = [json.dumps({"title": "left out", "abstract": a.strip()}) for a in abstracts]
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert _figures("--pairs", str(pairs))["papers"] == str(len(rows))
    assert _figures("--pairs", str(pairs), "--half", "odd")["papers"] == str(len(rows) // 2)
