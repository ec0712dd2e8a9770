"""The curator's file: validated with file/line/key messages, applied, never rewritten."""

from __future__ import annotations

import json
from pathlib import Path

import frontmatter
import pytest

from generator.errors import ConfigError
from generator.read import load_curation
from tests.conftest import run_cli

ABSTRACTS = {
    "quokka": "We introduce QuokkaNet, a compact convolutional network for counting marsupials in "
    "camera-trap images. QuokkaNet reaches high accuracy on a new benchmark with little memory.",
    "graph": "We study message passing on sparse graphs and prove that attention-based "
    "aggregation recovers communities at the information-theoretic threshold.",
    "ledger": "This position paper argues that dataset licences should be machine readable and "
    "proposes a ledger format that records the provenance of every training example.",
}


def _list(*keys: str) -> str:
    return "Curation Test\n\n" + "\n\n".join(ABSTRACTS[key] for key in keys) + "\n"


def _papers(project: Path) -> dict[str, frontmatter.Post]:
    pages = [frontmatter.load(p) for p in (project / "docs" / "papers").glob("*.md")]
    return {post["id"]: post for post in pages}


def _id_of(project: Path, word: str) -> str:
    result = run_cli(project, "find", word)
    return result.stdout.split()[0]


@pytest.fixture
def curated(make_project):
    project = make_project({"a.txt": _list("quokka", "graph", "ledger")})
    run_cli(project, "generate")
    return project


def _curate(project: Path, text: str) -> Path:
    path = project / "lists" / "curation.yml"
    path.write_text(text, encoding="utf-8")
    return path


def test_find_prints_the_id_and_derived_fields(curated: Path) -> None:
    result = run_cli(curated, "find", "marsupials")
    first = result.stdout.splitlines()[0]
    pid = first.split()[0]
    assert pid in _papers(curated)
    assert "topics:" in result.stdout and "1 of 3 papers match" in result.stdout
    assert run_cli(curated, "find", "nonexistentword", check=False).returncode == 1


def test_curation_overrides_title_tags_topics_and_adds_note(curated: Path) -> None:
    pid = _id_of(curated, "marsupials")
    path = _curate(
        curated,
        f"""papers:
  {pid}:
    title: "QuokkaNet: Counting Marsupials <script>alert(1)</script>"
    tags: {{add: [wildlife monitoring], remove: []}}
    topics: {{add: [vision], remove: []}}
    note: "Read with *care*: <img src=x onerror=alert(1)> costs $O(n)$."
    status: reading
    rating: 4
    featured: true
""",
    )
    before = path.read_bytes()
    run_cli(curated, "generate")
    post = _papers(curated)[pid]
    assert post["title"] == "QuokkaNet: Counting Marsupials <script>alert(1)</script>"  # plain
    exported = json.loads((curated / "docs" / "papers.json").read_text(encoding="utf-8"))
    assert next(p for p in exported["papers"] if p["id"] == pid)["title_source"] == "curator"
    assert "wildlife monitoring" in post["tags"]
    assert post["topics"][0] == "Computer Vision"
    assert post["status"] == "reading" and post["rating"] == 4 and post["featured"] is True
    assert "<em>care</em>" in post.content and "&lt;img src=x" in post.content
    assert "<math" in post.content and "★★★★☆" in post.content
    home = (curated / "docs" / "index.md").read_text(encoding="utf-8")
    assert "## Featured" in home and "## Reading now" in home
    assert path.read_bytes() == before  # the curator's file is never rewritten


def test_hidden_paper_leaves_the_site(curated: Path) -> None:
    pid = _id_of(curated, "ledger")
    _curate(curated, f"papers:\n  {pid}:\n    hidden: true\n")
    run_cli(curated, "generate")
    assert pid not in _papers(curated)
    listing = next((curated / "docs" / "lists").glob("curation-test.md")).read_text("utf-8")
    assert "ledger" not in listing.lower()


def test_entry_for_edited_abstract_follows_it_and_is_reported(curated: Path) -> None:
    pid = _id_of(curated, "marsupials")
    _curate(curated, f"papers:\n  {pid}:\n    status: read\n")
    lists = curated / "lists" / "a.txt"
    lists.write_text(lists.read_text("utf-8").replace("little memory", "very little memory"))
    result = run_cli(curated, "generate")
    new_id = _id_of(curated, "marsupials")
    assert new_id != pid
    assert f"curation.yml:3: warning: paper {pid} was edited and is now {new_id}" in result.stderr
    assert _papers(curated)[new_id]["status"] == "read"


def test_orphan_entry_is_reported_with_the_closest_paper(curated: Path) -> None:
    pid = _id_of(curated, "ledger")
    lists = curated / "lists" / "a.txt"
    lists.write_text(_list("quokka", "graph"), encoding="utf-8")
    run_cli(curated, "generate")
    _curate(curated, f"papers:\n  {pid}:\n    status: read\n  0123456789ab:\n    rating: 2\n")
    result = run_cli(curated, "generate")
    assert f"paper {pid}, which is no longer in any list" in result.stderr
    assert "unknown paper id 0123456789ab" in result.stderr


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("rating: 7", "key 'rating': expected a whole number from 1 to 5, but received: 7"),
        ("status: done", "key 'status': expected to-read or reading or read"),
        ("featured: yes please", "key 'featured': expected true or false"),
        ("tags: [a, b]", "key 'tags': expected a mapping with 'add' and/or 'remove' lists"),
        ("colour: red", "unknown key 'colour'"),
    ],
)
def test_invalid_entries_name_file_line_and_key(tmp_path: Path, entry: str, message: str) -> None:
    path = tmp_path / "curation.yml"
    path.write_text(f"# my notes\npapers:\n  abc123:\n    title: Fine\n    {entry}\n")
    with pytest.raises(ConfigError) as error:
        load_curation(path)
    assert message in str(error.value)
    assert str(error.value).startswith(f"{path}:4: paper abc123:")


def test_invalid_curation_stops_the_build_and_writes_nothing(curated: Path) -> None:
    before = {p: p.read_bytes() for p in (curated / "docs").rglob("*.md")}
    _curate(curated, "papers:\n  abc:\n    rating: 9\n")
    result = run_cli(curated, "generate", check=False)
    assert result.returncode == 1
    assert "curation.yml:3: paper abc: key 'rating'" in result.stderr
    assert {p: p.read_bytes() for p in (curated / "docs").rglob("*.md")} == before
