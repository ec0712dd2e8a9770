"""`lists/resolved.json` read by the build like a bibliographic source, built for real.

A found record gives the page its real title, byline, DOI, arXiv and PDF links, citation count
and a provenance line; a record in review gives nothing; a list's own BibTeX source wins field
by field and curation.yml wins over both; addresses chosen before resolving do not move; an
edited abstract's record follows it; what a service sent stays text; a broken file stops the
build at its line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from generator.read import paper_id, read_list
from tests.conftest import copy_project, run_cli

FOUND = (
    "We propose a contrastive objective for counting penguins in drone footage, learning from "
    "a handful of labelled frames and many unlabelled ones, and halve the counting error."
)
HOSTILE = (
    "We study why gradient noise helps small transformers generalise on modular arithmetic "
    "and show that the benefit vanishes once the learning rate is tuned per layer."
)
REVIEW = (
    "We measure how often retrieval augmented chatbots cite sources that do not support their "
    "answers, across six commercial systems and three languages of questions."
)
DERIVED = "We introduce a sorting network of depth eleven for sixteen inputs and prove it optimal."
BIBTEX = """@inproceedings{kim2024,
  title = {Quokka Counting the BibTeX Way},
  author = {Kim, Ada},
  year = {2024},
  abstract = {We count quokkas in camera-trap images with very few labelled examples,
              using a contrastive pretraining scheme on unlabelled footage.}
}
"""
PLAIN = "Resolved List\n\n" + "\n\n".join((FOUND, HOSTILE, REVIEW, DERIVED)) + "\n"
HOSTILE_TITLE = '<script>alert("x")</script>Noise & Grokking'


def ids(project: Path, name: str) -> list[str]:
    """The ids of a list file's abstracts, as the build computes them."""
    return [paper_id(abstract.text) for abstract in read_list(project / "lists" / name).abstracts]


def found(title: str, **fields: object) -> dict:
    record = {"status": "found", "when": "2026-01-02", "how": "openalex-search",
              "service": "openalex", "similarity": 0.97, "title": title}  # fmt: skip
    return {**record, **fields}


def write_resolved(project: Path, papers: dict[str, dict]) -> None:
    data = {"version": 1, "papers": papers}
    (project / "lists" / "resolved.json").write_text(json.dumps(data, indent=1), "utf-8")


def pages(project: Path) -> dict[str, BeautifulSoup]:
    """Each built paper page by its slug."""
    return {
        path.parent.name: BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        for path in sorted((project / "site" / "papers").glob("*/index.html"))
    }


def slugs(project: Path) -> dict[str, str]:
    lock = json.loads((project / "lists" / "readinglist.lock.json").read_text("utf-8"))
    return {pid: entry["slug"] for pid, entry in lock["papers"].items()}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built once without resolved records, then again with them."""
    lists = {"plain.txt": PLAIN, "sources.bib": BIBTEX}
    root = copy_project(tmp_path_factory.mktemp("resolved") / "project", lists=lists)
    run_cli(root, "build")
    (root / "before.json").write_text(json.dumps(slugs(root)), "utf-8")
    plain, bib = ids(root, "plain.txt"), ids(root, "sources.bib")
    write_resolved(root, {
        plain[0]: found("Counting Penguins from Drones", authors=["Ada Lovelace", "Alan Turing"],
                        year="2024", venue="Journal of Penguin Studies", doi="10.1234/penguin.1",
                        openalex="W123", arxiv="2401.01234", url="https://example.org/penguins",
                        pdf="https://example.org/penguins.pdf", cited_by=42,
                        cited_on="2026-01-02"),
        plain[1]: found(HOSTILE_TITLE, authors=["<img src=x onerror=alert(1)>"],
                        pdf="javascript:alert(1)"),
        plain[2]: {**found("A Stranger's Paper"), "status": "review", "similarity": 0.8},
        bib[0]: found("Quokka Counting, as OpenAlex Has It", authors=["Someone Else"],
                      doi="10.5555/quokka", year="2023"),
    })  # fmt: skip
    (root / "lists" / "curation.yml").write_text(
        f'papers:\n  {plain[3]}:\n    title: "Sorting Sixteen Inputs in Depth Eleven"\n', "utf-8"
    )
    run_cli(root, "build")
    return root


def _page(project: Path, pid: str) -> BeautifulSoup:
    return pages(project)[slugs(project)[pid]]


def test_a_found_record_gives_title_byline_links_citations_and_provenance(project: Path) -> None:
    page = _page(project, ids(project, "plain.txt")[0])
    assert page.h1.get_text() == "Counting Penguins from Drones"
    assert page.select_one(".rl-byline__authors").get_text() == "Ada Lovelace, Alan Turing"
    assert page.select_one(".rl-byline__published").get_text() == "Journal of Penguin Studies, 2024"
    line = page.select_one(".rl-provenance").get_text(" ", strip=True)
    assert line.startswith("Title and authors: OpenAlex, matched 2026-01-02")
    assert page.select_one(".rl-cited").get_text() == "Cited by 42 (OpenAlex, 2026-01-02)"
    links = {a.get_text(): a["href"] for a in page.select(".rl-finders a")}
    assert links["DOI"] == "https://doi.org/10.1234/penguin.1"
    assert links["arXiv 2401.01234"] == "https://arxiv.org/abs/2401.01234"
    assert links["PDF (open access)"] == "https://example.org/penguins.pdf"
    assert "Counting+Penguins+from+Drones" in links["Google Scholar"]


def test_what_a_service_sent_stays_text(project: Path) -> None:
    page = _page(project, ids(project, "plain.txt")[1])
    assert page.h1.get_text() == HOSTILE_TITLE
    assert page.select_one(".rl-byline__authors").get_text() == "<img src=x onerror=alert(1)>"
    assert not page.select("article script, .rl-paper script, .rl-paper img")
    assert "PDF (open access)" not in page.select_one(".rl-finders").get_text()


def test_a_record_in_review_gives_nothing_and_a_derived_title_says_so(project: Path) -> None:
    page = _page(project, ids(project, "plain.txt")[2])
    assert "Stranger" not in page.h1.get_text()
    assert page.select_one(".rl-provenance").get_text() == (
        "Title: derived from the abstract (not the paper's own)"
    )
    assert not page.select(".rl-byline")


def test_the_source_wins_over_the_record_and_the_curator_over_both(project: Path) -> None:
    page = _page(project, ids(project, "sources.bib")[0])
    assert page.h1.get_text() == "Quokka Counting the BibTeX Way"
    assert page.select_one(".rl-byline__authors").get_text() == "Ada Kim"
    assert page.select_one(".rl-provenance").get_text() == (
        "Title: as the list's source gives it; DOI: OpenAlex, matched 2026-01-02"
    )
    curated = _page(project, ids(project, "plain.txt")[3])
    assert curated.h1.get_text() == "Sorting Sixteen Inputs in Depth Eleven"
    assert curated.select_one(".rl-provenance").get_text() == "Title: the curator's"


def test_addresses_chosen_before_resolving_do_not_move(project: Path) -> None:
    before = json.loads((project / "before.json").read_text("utf-8"))
    assert slugs(project) == before


def test_exports_carry_the_real_fields_and_say_where_titles_came_from(project: Path) -> None:
    data = json.loads((project / "site" / "papers.json").read_text("utf-8"))
    by_id = {paper["id"]: paper for paper in data["papers"]}
    plain = ids(project, "plain.txt")
    penguins = by_id[plain[0]]
    assert penguins["title_source"] == "resolved"
    assert penguins["bib"]["doi"] == "10.1234/penguin.1"
    assert penguins["published"]["cited_by"] == 42
    assert penguins["published"]["arxiv"] == "2401.01234"
    assert by_id[plain[2]]["title_source"] == "derived"
    assert by_id[plain[2]]["published"] is None
    bib = (project / "site" / "papers.bib").read_text("utf-8")
    assert "Counting Penguins from Drones" in bib and "10.1234/penguin.1" in bib
    csv = (project / "site" / "papers.csv").read_text("utf-8")
    assert "Ada Lovelace; Alan Turing" in csv


def test_an_edited_abstract_keeps_its_record(tmp_path: Path) -> None:
    root = copy_project(tmp_path / "project", lists={"plain.txt": PLAIN})
    first = ids(root, "plain.txt")[0]
    write_resolved(root, {first: found("Counting Penguins from Drones")})
    run_cli(root, "build")
    edited = PLAIN.replace("halve the counting error", "halve the counting error on two colonies")
    (root / "lists" / "plain.txt").write_text(edited, "utf-8")
    run_cli(root, "build")
    now = ids(root, "plain.txt")[0]
    assert now != first
    assert _page(root, now).h1.get_text() == "Counting Penguins from Drones"


def test_a_broken_record_stops_the_build_at_its_line(tmp_path: Path) -> None:
    root = copy_project(tmp_path / "project", lists={"plain.txt": PLAIN})
    write_resolved(root, {ids(root, "plain.txt")[0]: {"status": "maybe", "when": "2026-01-02"}})
    result = run_cli(root, "build", check=False)
    assert result.returncode == 1
    assert "lists/resolved.json:4: error: paper" in result.stderr
    assert "status: expected one of found" in result.stderr
    assert not (root / "site").exists()
