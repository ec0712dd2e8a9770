"""The home page, built for real: the papers a visitor should read first (featured, else the
newest additions, else each list's first papers) above the cards, and its count of lists and
files as they are."""

from __future__ import annotations

import json
from pathlib import Path

from bs4 import BeautifulSoup, Tag

from tests.conftest import run_cli

WORDS = "greedy spectral sparse robust convex random linear kernel tree graph".split()
ABSTRACTS = [
    f"We study problem number {n} and show that a simple {word} method solves it quickly. "
    f"Experiments on {n + 2} benchmarks confirm the {word} method's accuracy."
    for n, word in enumerate(WORDS)
]


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "lxml")


def _first_reads(site: Path) -> tuple[str, list[tuple[str, str, str]]]:
    """The home page's first section: its heading and each paper's (title, address, summary).
    Asserts it comes before the cards (the Lists heading)."""
    content = _soup(site / "index.html").select_one(".rl-page--home")
    assert content is not None
    headings = content.find_all("h2")
    first = headings[0]
    assert headings[1].get_text(strip=True) == "Lists", "the papers come above the cards"
    listing = first.find_next_sibling("ul")
    assert isinstance(listing, Tag) and listing.find_previous_sibling("h2") is first
    papers = []
    for item in listing.find_all("li", recursive=False):
        link, summary = item.find("a"), item.select_one(".rl-summary")
        assert link is not None and summary is not None
        papers.append((link.get_text(strip=True), str(link["href"]), summary.get_text(strip=True)))
    return first.get_text(strip=True), papers


def _list_addresses(site: Path, slug: str) -> list[str]:
    """The papers of a list page, in the curator's order, as addresses from the home page."""
    page = _soup(site / "lists" / slug / "index.html")
    links = page.select(".md-content ol > li > a:first-child")
    return [str(link["href"]).replace("../../", "") for link in links]


def test_the_shipped_home_page_starts_with_each_lists_first_papers(seed_site: Path) -> None:
    heading, papers = _first_reads(seed_site / "site")
    assert heading == "Start here"
    assert 5 <= len(papers) <= 6
    assert all(title and summary for title, _, summary in papers)
    chinese = _list_addresses(seed_site / "site", "icml-2025-lun-wen-lie-biao")
    english = _list_addresses(seed_site / "site", "icml-2025-papers")
    # One from each list in turn, in the curator's order.
    expected = [address for pair in zip(chinese, english, strict=False) for address in pair][:6]
    assert [address for _, address, _ in papers] == expected
    for _, address, _ in papers:
        assert (seed_site / "site" / address / "index.html").is_file()


def test_featured_papers_come_first(make_project) -> None:
    project = make_project({"a.txt": "Home Test\n\n" + "\n\n".join(ABSTRACTS) + "\n"})
    run_cli(project, "generate")
    lock_path = project / "lists" / "readinglist.lock.json"
    chosen = sorted(json.loads(lock_path.read_text("utf-8"))["papers"])[-2:]
    curation = "papers:\n" + "".join(f"  {pid}:\n    featured: true\n" for pid in chosen)
    (project / "lists" / "curation.yml").write_text(curation, encoding="utf-8")
    run_cli(project, "build")
    heading, papers = _first_reads(project / "site")
    assert heading == "Featured"
    slugs = json.loads(lock_path.read_text("utf-8"))["papers"]
    assert sorted(address.strip("/").split("/")[-1] for _, address, _ in papers) == sorted(
        slugs[pid]["slug"] for pid in chosen
    )


def test_the_newest_additions_come_first_when_nothing_is_featured(make_project) -> None:
    project = make_project({"a.txt": "Home Test\n\n" + "\n\n".join(ABSTRACTS[:8]) + "\n"})
    run_cli(project, "generate")
    (project / "lists" / "a.txt").write_text(
        "Home Test\n\n" + "\n\n".join(ABSTRACTS) + "\n", encoding="utf-8"
    )
    lock_path = project / "lists" / "readinglist.lock.json"
    before = set(json.loads(lock_path.read_text("utf-8"))["papers"])
    run_cli(project, "generate")
    lock = json.loads(lock_path.read_text("utf-8"))
    added = set(lock["papers"]) - before
    assert len(added) == 2
    for pid in added:  # as if added on a later day
        lock["papers"][pid]["first_seen"] = "2026-03-01"
    lock_path.write_text(json.dumps(lock, indent=2), encoding="utf-8")
    run_cli(project, "build")
    heading, papers = _first_reads(project / "site")
    assert heading == "Newest additions"
    assert 5 <= len(papers) <= 6
    newest = {lock["papers"][pid]["slug"] for pid in added}
    shown = [address.strip("/").split("/")[-1] for _, address, _ in papers]
    assert set(shown[:2]) == newest


def test_the_home_page_counts_lists_and_files_as_they_are(seed_site: Path) -> None:
    """The shipped lists are four files, two of which share each list's name."""
    lead = _soup(seed_site / "site" / "index.html").select_one(".rl-page--home > h1 + p")
    assert lead is not None
    assert lead.get_text(" ", strip=True).startswith("76 papers in 2 lists (4 files)")
    checked = run_cli(seed_site, "check")
    assert "76 papers in 2 lists (4 files): 0 error(s)" in checked.stdout
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "two ICML 2025 lists (76 papers, in four files)" in readme
