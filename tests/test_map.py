"""The map page as MkDocs wrote it for the shipped lists (`seed_site`, `readinglist build
--strict`): one click from the header, every published paper a point in map/points.json
in the browse index's order, coloured by its first topic, a note and a link to browse/ for a
reader without JavaScript, each paper page linking to its point, and no new inline script for
the policy."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bs4 import BeautifulSoup


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def test_the_map_is_one_click_from_the_header(seed_site: Path) -> None:
    home = _soup(seed_site / "site" / "index.html")
    tabs = {a.get_text(strip=True): a["href"] for a in home.select(".md-tabs a")}
    assert tabs["Map"] == "map/"
    assert list(tabs).index("Map") == list(tabs).index("Browse") + 1


def test_every_published_paper_is_a_point_joined_to_the_browse_index(seed_site: Path) -> None:
    site = seed_site / "site"
    points = json.loads((site / "map" / "points.json").read_text(encoding="utf-8"))
    index = json.loads((site / "browse" / "index.json").read_text(encoding="utf-8"))
    assert points["version"] == 3 and points["size"] == 10_000
    assert "id" not in points  # the n-th point is the index's n-th paper
    assert (
        len(points["x"]) == len(points["y"]) == points["count"] == len(index["papers"]["id"]) == 76
    )
    for axis in ("x", "y"):
        values = points[axis]
        assert all(isinstance(v, int) and 0 <= v < 10_000 for v in values)
        assert max(values) - min(values) > 5_000  # spread over the map, not in a heap
    assert len(set(zip(points["x"], points["y"], strict=True))) > 70
    # each point's colour, its paper's first topic in the index's numbering, drawn before it
    firsts = [topics[0] if topics else -1 for topics in index["papers"]["topic"]]
    assert points["topic"] == firsts
    assert len(set(firsts)) > 3


def test_without_javascript_the_page_says_so_and_leads_to_browse(seed_site: Path) -> None:
    page = _soup(seed_site / "site" / "map" / "index.html")
    assert page.select_one("#rl-map") is not None
    note = page.select_one(".rl-map-none")
    assert "needs JavaScript" in note.get_text()
    assert "76 papers" in note.get_text()
    assert note.find("a", string="Browse")["href"] == "../browse/"
    loaded = [link["href"] for link in page.select("link[rel=preload]")]
    assert loaded == ["points.json", "../browse/index.json"]


def test_each_paper_page_links_to_its_point(seed_site: Path) -> None:
    site = seed_site / "site"
    ids = set(
        json.loads((site / "browse" / "index.json").read_text(encoding="utf-8"))["papers"]["id"]
    )
    pages = sorted((site / "papers").glob("*/index.html"))
    assert len(pages) == 76
    for path in pages:
        link = _soup(path).find("a", string="This paper on the map")
        target = re.fullmatch(r"\.\./\.\./map/#([0-9a-f]+)", link["href"])
        assert target and target.group(1) in ids, path


def test_the_map_adds_no_inline_script_to_the_policy(seed_site: Path) -> None:
    """The page's scripts are the site's files: its policy allows what browse/'s does."""

    def policy(path: Path) -> str:
        return _soup(path).find("meta", attrs={"http-equiv": "Content-Security-Policy"})["content"]

    site = seed_site / "site"
    assert policy(site / "map" / "index.html") == policy(site / "browse" / "index.html")
    scripts = _soup(site / "map" / "index.html").find_all("script", src=True)
    assert all(not s["src"].startswith(("http:", "https:", "//")) for s in scripts)
