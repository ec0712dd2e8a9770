"""browse/index.json, the browse page's facet index, and browse/summaries.json beside it, read
back and compared with papers.json.

A project of the shipped lists plus bibliographic sources (year, venue) and a curation file
(status, rating, a hidden paper) is generated for real; every paper's row, decoded through the
index's tables, must say what papers.json says of it, in the same (curator's) order. The
index is the same bytes from a second project, and stays small per paper at 1,000 papers.
"""

from __future__ import annotations

import csv
import gzip
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
import yaml

from tests.conftest import FIXTURES, REPO, bench_synth, copy_project, run_cli

SOURCES = ["jabref_named.bib", "zotero_export.bib", "zotero_items.json", "spreadsheet.csv"]
# 300 KB gzip at 5,000 papers is the bound: 282.5 KB measured with the one-line summaries
# in the index (183.6 KB without; bench/mylist_size.py, bench/README.md). At the 1,000 papers
# built here the facet tables every paper shares weigh more per paper: 70 B measured for the
# index and its summaries, 80 B allowed; for the index alone (what my-list/'s facets and map/'s
# first paint fetch) 45 B measured, 50 B allowed.
BYTES_PER_PAPER = 80
INDEX_BYTES_PER_PAPER = 50


def _project(root: Path) -> Path:
    project = copy_project(root)
    for name in SOURCES:
        shutil.copy(FIXTURES / "sources" / name, project / "lists" / name)
    run_cli(project, "generate")
    papers = _papers_json(project)["papers"]
    curated = {
        papers[0]["id"]: {"status": "read", "rating": 5},
        papers[1]["id"]: {"status": "reading", "rating": 2},
        papers[2]["id"]: {"status": "to-read"},
        papers[3]["id"]: {"hidden": True},
    }
    text = yaml.safe_dump({"papers": curated}, sort_keys=True)
    (project / "lists" / "curation.yml").write_text(text, encoding="utf-8")
    (project / "lists" / "resolved.json").write_text(json.dumps(_resolved(papers)), "utf-8")
    run_cli(project, "generate")
    return project


def _resolved(papers: list[dict]) -> dict:
    """Records of `readinglist resolve` for three papers: counts read on two days, none."""
    record = {"status": "found", "when": "2026-03-01", "how": "openalex-search",
              "service": "openalex", "similarity": 0.97, "openalex": "W1"}  # fmt: skip
    counts = [(12, "2026-03-01"), (0, "2026-03-02"), (None, "")]
    return {"version": 1, "papers": {
        paper["id"]: {**record, **({"cited_by": n, "cited_on": on} if n is not None else {})}
        for paper, (n, on) in zip(papers[4:], counts, strict=False)
    }}  # fmt: skip


@pytest.fixture(scope="module")
def curated_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _project(tmp_path_factory.mktemp("browse-index") / "project")


def _papers_json(project: Path) -> dict:
    return json.loads((project / "docs" / "papers.json").read_text(encoding="utf-8"))


def _index(project: Path) -> dict:
    """The facet index, each paper's summary joined from browse/summaries.json by order."""
    index = json.loads((project / "docs" / "browse" / "index.json").read_text(encoding="utf-8"))
    text = (project / "docs" / "browse" / "summaries.json").read_text(encoding="utf-8")
    summaries = json.loads(text)
    assert summaries["version"] == index["version"] == 4
    assert summaries["count"] == len(summaries["summary"]) == len(index["papers"]["id"])
    assert "summary" not in index["papers"]
    index["papers"]["summary"] = summaries["summary"]
    return index


def _decoded(index: dict) -> list[dict]:
    """Each row as names: facet indexes looked up in their tables."""
    facets, columns = index["facets"], index["papers"]
    rows = []
    for order in range(len(columns["id"])):
        cell = {name: column[order] for name, column in columns.items()}
        decoded = {key: cell[key] for key in ("id", "title", "url", "summary", "rating")}
        for name in ("topic", "list", "tag", "author"):
            decoded[name] = [facets[name][n][0] for n in cell[name]]
        for name in ("kind", "status", "year", "venue"):
            decoded[name] = facets[name][cell[name]][0] if cell[name] >= 0 else ""
        decoded["first_seen"] = index["dates"][cell["first_seen"]]
        decoded["cited_by"] = cell["cited_by"] if cell["cited_by"] >= 0 else None
        decoded["cited_on"] = (
            index["cited_dates"][cell["cited_on"]] if cell["cited_on"] >= 0 else ""
        )
        rows.append(decoded)
    return rows


def _expected(document: dict, project: Path) -> list[dict]:
    """What the index must say of each paper, from papers.json and the tag pages."""
    slugs = {rl["name"]: rl["slug"] for rl in document["lists"]}
    held = Counter(tag for paper in document["papers"] for tag in paper["tags"])
    tag_slug = _tag_slugs(project)
    summaries = _csv_summaries(project)
    return [
        {
            "id": paper["id"], "title": paper["title"], "url": f"papers/{paper['slug']}/",
            "summary": summaries[paper["id"]],
            "rating": paper["curation"]["rating"],
            "topic": [topic["key"] for topic in paper["topics"]],
            "list": [slugs[name] for name in paper["lists"]],
            "tag": [tag_slug[tag] for tag in paper["tags"] if held[tag] >= 2],
            "author": paper["bib"]["authors"],
            "kind": paper["kind"], "status": paper["curation"]["status"],
            "year": paper["bib"]["year"], "venue": paper["bib"]["venue"],
            "first_seen": paper["first_seen"],
            **_cited(paper),
        }
        for paper in document["papers"]
    ]  # fmt: skip


def _cited(paper: dict) -> dict:
    """The citation count papers.json gives and the date it was read, or None and ""."""
    found = paper["published"] or {"cited_by": None}
    counted = found["cited_by"] is not None
    return {"cited_by": found["cited_by"], "cited_on": found["cited_on"] if counted else ""}


def _csv_summaries(project: Path) -> dict[str, str]:
    """id -> the one-line summary as plain text, as papers.csv gives it."""
    with (project / "docs" / "papers.csv").open(encoding="utf-8", newline="") as file:
        return {row["id"]: row["summary"] for row in csv.DictReader(file)}


def _tag_slugs(project: Path) -> dict[str, str]:
    """Tag name -> the slug of its page, read from the generated tag pages."""
    import frontmatter

    pages = (project / "docs" / "tags").glob("*.md")
    return {frontmatter.load(page)["title"]: page.stem for page in pages if page.stem != "index"}


def test_the_index_says_what_papers_json_says_in_the_curators_order(curated_project) -> None:
    document, index = _papers_json(curated_project), _index(curated_project)
    assert _decoded(index) == _expected(document, curated_project)
    rows = _decoded(index)
    assert {row["status"] for row in rows} == {"", "read", "reading", "to-read"}
    assert any(row["year"] for row in rows) and any(row["venue"] for row in rows)
    assert any(row["tag"] for row in rows)
    assert any(len(row["author"]) > 1 for row in rows)
    authors = [name for name, _ in index["facets"]["author"]]
    assert authors == sorted(authors, key=lambda name: (name.lower(), name))
    cited = [(row["cited_by"], row["cited_on"]) for row in rows if row["cited_by"] is not None]
    assert cited == [(12, "2026-03-01"), (0, "2026-03-02")]


def test_the_index_leaves_out_hidden_papers(curated_project) -> None:
    curation = yaml.safe_load((curated_project / "lists" / "curation.yml").read_text("utf-8"))
    hidden = {pid for pid, entry in curation["papers"].items() if entry.get("hidden")}
    ids = {row["id"] for row in _decoded(_index(curated_project))}
    assert hidden and not hidden & ids


def test_the_index_is_the_same_bytes_from_a_second_project(curated_project, tmp_path) -> None:
    again = _project(tmp_path / "again")
    for name in ("index.json", "summaries.json"):
        first = (curated_project / "docs" / "browse" / name).read_bytes()
        assert (again / "docs" / "browse" / name).read_bytes() == first


def test_the_index_stays_small_per_paper(tmp_path) -> None:
    synth = bench_synth()
    lists = synth.make_lists(synth.read_sources(REPO / "lists"), 1000)
    project = copy_project(tmp_path / "n1000", lists=lists)
    run_cli(project, "generate")
    index = (project / "docs" / "browse" / "index.json").read_bytes()
    summaries = (project / "docs" / "browse" / "summaries.json").read_bytes()
    papers = len(_papers_json(project)["papers"])
    assert papers == 1000
    assert len(gzip.compress(index, 6)) < INDEX_BYTES_PER_PAPER * papers
    assert (
        len(gzip.compress(index, 6)) + len(gzip.compress(summaries, 6)) < BYTES_PER_PAPER * papers
    )
