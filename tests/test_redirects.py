"""Published addresses never break: a renamed list, a re-keyed or removed topic, a tag whose page
goes away leave a redirect or a page saying where to look, recorded in the lock; the build
says what moved. Each test builds for real, changes a curator file, and builds again."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli

ABSTRACTS = [
    "We introduce KoalaNet, a network for counting koalas in drone images of eucalyptus "
    "forests, and show that it halves the counting error of previous object detection models.",
    "We introduce WombatSeg, a segmentation model for burrows in satellite images, trained "
    "with a new loss for thin structures, and release a dataset of labelled burrows.",
    "This paper studies the convergence of stochastic gradient descent with heavy-tailed "
    "noise and proves matching upper and lower bounds on its rate.",
]
CURATION = """papers:
{first}:
    tags: {{add: [marsupial survey]}}
{second}:
    tags: {{add: [marsupial survey]}}
"""


@pytest.fixture
def project(make_project) -> Path:
    folder = make_project({"a.txt": "Field Notes\n\n" + "\n\n".join(ABSTRACTS) + "\n"})
    run_cli(folder, "build")
    return folder


def _redirect_target(project: Path, address: str) -> str:
    page = (project / "site" / address / "index.html").read_text(encoding="utf-8")
    start = page.index('content="0; url=') + len('content="0; url=')
    return page[start : page.index('"', start)]


def _lock(project: Path) -> dict:
    return json.loads((project / "lists" / "readinglist.lock.json").read_text(encoding="utf-8"))


def test_a_renamed_list_redirects_from_its_old_address(project: Path) -> None:
    lists = project / "lists" / "a.txt"
    lists.write_text(
        lists.read_text(encoding="utf-8").replace("Field Notes", "Marsupials"), "utf-8"
    )
    result = run_cli(project, "build")
    assert "lists/field-notes/ -> lists/marsupials/" in result.stderr
    assert _redirect_target(project, "lists/field-notes") == "../marsupials/"
    redirect = (project / "site/lists/field-notes/index.html").read_text(encoding="utf-8")
    assert redirect.index('<meta http-equiv="Content-Security-Policy" content="default-src '
                          "'none'; base-uri 'none'; form-action 'none'\">") < redirect.index(
                          "http-equiv=\"refresh\"")  # fmt: skip
    assert (project / "site" / "lists" / "marsupials" / "index.html").is_file()
    assert _lock(project)["forwards"] == {"lists/field-notes": "lists/marsupials"}
    # Renamed again: the first address follows to the newest.
    lists.write_text(lists.read_text(encoding="utf-8").replace("Marsupials", "Fauna"), "utf-8")
    run_cli(project, "build")
    assert _redirect_target(project, "lists/field-notes") == "../fauna/"
    assert _redirect_target(project, "lists/marsupials") == "../fauna/"


def _edit_taxonomy(project: Path, old: str, new: str) -> None:
    taxonomy = project / "lists" / "topics.yml"
    text = taxonomy.read_text(encoding="utf-8")
    assert old in text
    taxonomy.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_re_keyed_topic_redirects_and_keeps_its_feed(project: Path) -> None:
    old_feed = (project / "site" / "feeds" / "topics" / "vision.xml").read_text(encoding="utf-8")
    _edit_taxonomy(project, "  - key: vision\n", "  - key: computer-vision\n")
    result = run_cli(project, "build")
    assert "topics/vision/ -> topics/computer-vision/" in result.stderr
    assert _redirect_target(project, "topics/vision") == "../computer-vision/"
    feed = (project / "site" / "feeds" / "topics" / "vision.xml").read_text(encoding="utf-8")
    assert feed.count("<entry>") == old_feed.count("<entry>") > 0
    assert "feeds/topics/computer-vision.xml" in feed  # its self link says where it lives now


def test_a_removed_topic_leaves_a_page_that_says_where_to_look(project: Path) -> None:
    _edit_taxonomy(project, "  - key: vision\n    name: Computer Vision\n",
                   "  - key: pictures\n    name: Pictures\n")  # fmt: skip
    result = run_cli(project, "build")
    assert "topics/vision/ is gone" in result.stderr
    page = (project / "site" / "topics" / "vision" / "index.html").read_text(encoding="utf-8")
    assert "no longer on this site" in page and 'href="../"' in page
    assert _lock(project)["forwards"]["topics/vision"] == ""
    site_feed = (project / "site" / "feeds" / "all.xml").read_text(encoding="utf-8")
    assert (project / "site" / "feeds" / "topics" / "vision.xml").read_text("utf-8") == site_feed


def test_a_tag_page_that_goes_away_sends_readers_to_its_paper(project: Path) -> None:
    ids = json.loads((project / "site" / "papers.json").read_text(encoding="utf-8"))["papers"]
    first, second = (paper["id"] for paper in ids[:2])
    curation = project / "lists" / "curation.yml"
    curation.write_text(CURATION.format(first=f"  {first}", second=f"  {second}"), "utf-8")
    run_cli(project, "build")
    assert (project / "site" / "tags" / "marsupial-survey" / "index.html").is_file()
    curation.write_text(CURATION.format(first=f"  {first}", second=f"  {second}").replace(
        "tags: {add: [marsupial survey]}", "status: read", 1), "utf-8")  # fmt: skip
    result = run_cli(project, "build")
    assert "tags/marsupial-survey/ -> papers/" in result.stderr
    target = _redirect_target(project, "tags/marsupial-survey")
    assert target.startswith("../../papers/")
    assert (project / "site" / "tags" / "marsupial-survey" / target / "index.html").is_file()
