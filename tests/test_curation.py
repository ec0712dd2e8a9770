"""The curator's file: validated strictly, every mistake at its key's line, applied, never
rewritten."""

from __future__ import annotations

import json
from pathlib import Path

import frontmatter
import pytest

from generator.errors import BuildFailed
from generator.read import load_curation, load_taxonomy
from tests.conftest import REPO, run_cli

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
    assert "## Featured" in home and "## Curator: reading now" in home
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
    assert f"curation.yml:2: warning: paper {pid} was edited and is now {new_id}" in result.stderr
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
        ("status: done", "key 'status': expected to-read, reading or read, but received: 'done' "
         "(did you mean 'read'?)"),
        ("status: reding", "key 'status': expected to-read, reading or read, but received: "
         "'reding' (did you mean 'reading'?)"),
        ("featured: yes please", "key 'featured': expected true or false"),
        ("tags: [a, b]", "key 'tags': expected 'add' and/or 'remove' lists"),
        ("tags: {add: [a, '']}", "key 'tags: add': expected a list of names, as [a, b], but "
         "received: a list (item 2 is empty)"),
        ("tags: {added: [a]}", "key 'tags': unknown key 'added' (did you mean 'add'?)"),
        ("colour: red", "unknown key 'colour' (allowed: title, tags, topics, note, status"),
        ("staus: read", "unknown key 'staus' (did you mean 'status'?)"),
        ("note: 42", "key 'note': expected text, but received: 42 (put it in quotes"),
        ("slug: Not A Slug", "key 'slug': expected lower-case letters, digits and single '-', "
         "but received: 'Not A Slug'"),
        ("slug: con", "key 'slug': 'con' is a reserved name (a section of the site, or a file "
         "name Windows cannot use): choose another"),
        ("slug: index", "key 'slug': 'index' is a reserved name"),
        ("slug: " + "a" * 300, "key 'slug': 300 characters long: a page address has at most 120"),
        ('slug: ""', "key 'slug': empty: write the page address, or remove the key"),
        ("slug:", "key 'slug': expected text, the page address (lower-case letters, digits and "
         "'-'), but received: nothing"),
        ("slug: 5", "key 'slug': expected text, the page address"),
    ],
)  # fmt: skip
def test_invalid_entries_name_file_key_line_and_key(
    tmp_path: Path, entry: str, message: str
) -> None:
    path = tmp_path / "curation.yml"
    path.write_text(f"# my notes\npapers:\n  abc123:\n    title: Fine\n    {entry}\n")
    with pytest.raises(BuildFailed) as failure:
        load_curation(path)
    (problem,) = failure.value.problems
    assert str(problem).startswith(f"{path}:5: error: paper abc123: {message}"), str(problem)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("paper:\n  abc123:\n    hidden: true\n", 1,
         "unknown key 'paper' (did you mean 'papers'?)"),
        ("0123456789ab:\n  hidden: true\n", 1,
         "paper 0123456789ab is not under 'papers:': indent it under a 'papers:' line"),
        ("status: read\n", 1, "'status' is not under a paper"),
        ("- abc123\n", 1, "curation.yml: expected 'papers:' with paper ids under it, but received: "
         "a list"),
        ("papers: [abc123]\n", 1, "key 'papers': expected paper ids"),
        ("papers:\n  abc123:\n", 2, "paper abc123: expected its settings (such as 'status: read') "
         "indented under the id, but received: nothing"),
        ("papers:\n  abc123:\n  status: read\n", 3,
         "'status' is where a paper id belongs: indent it under its paper's id"),
        ("papers:\n  abc123:\n    status: read\n  abc123:\n    rating: 2\n", 4,
         "'abc123' is given twice (first on line 2): keep one"),
        ("papers:\n  abc123:\n    status: read\n   rating: 2\n", 4,
         "the indentation does not match the lines above"),
        ("papers:\n  abc123:\n    title: A: B\n", 3,
         "a ': ' inside a value: put the value in quotes"),
    ],
)  # fmt: skip
def test_misplaced_entries_are_errors_at_their_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = tmp_path / "curation.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BuildFailed) as failure:
        load_curation(path)
    assert any(
        problem.line == line and problem.message.startswith(message)
        for problem in failure.value.problems
    ), failure.value.problems


def test_every_mistake_of_the_file_is_reported_at_its_own_line(tmp_path: Path) -> None:
    path = tmp_path / "curation.yml"
    path.write_text(
        "papers:\n"
        "  abc123:\n"
        '    rating: "four"\n'  # 3
        "    status: done\n"  # 4
        "  def456:\n"
        "    hiden: true\n"  # 6
        "    topics: {add: [visoin], remove: [Nothing Like It]}\n",  # 7
        encoding="utf-8",
    )
    with pytest.raises(BuildFailed) as failure:
        load_curation(path, taxonomy=load_taxonomy(REPO / "lists" / "topics.yml"))
    assert [(problem.line, problem.message) for problem in failure.value.problems] == [
        (3, "paper abc123: key 'rating': expected a whole number from 1 to 5, but received: "
            "'four'"),
        (4, "paper abc123: key 'status': expected to-read, reading or read, but received: "
            "'done' (did you mean 'read'?)"),
        (6, "paper def456: unknown key 'hiden' (did you mean 'hidden'?)"),
        (7, "paper def456: key 'topics: add': unknown topic 'visoin' (did you mean 'vision'?)"),
        (7, "paper def456: key 'topics: remove': unknown topic 'Nothing Like It': not a key or "
            "name in topics.yml"),
    ]  # fmt: skip


SYNTAX_MISTAKES = (
    "papers:\n"
    "  abc123:\n"
    "    status: read\n"
    "   rating: 2\n"  # 4: indented out of step
    "  def456:\n"
    "    status: reading\n"
    "   rating: 3\n"  # 7: and again
    "  ghi789:\n"
    "\tfeatured: true\n"  # 9: a tab
    "    title: A: B\n"  # 10: a second ': '
)


def test_every_syntax_error_yaml_can_read_past_is_reported_at_once(curated: Path) -> None:
    """Mistakes of one line each: YAML reads on past each, and `check` says all four."""
    _curate(curated, SYNTAX_MISTAKES)
    result = run_cli(curated, "check", check=False)
    said = [line for line in result.stderr.splitlines() if line.startswith("lists/curation.yml")]
    assert said == [
        "lists/curation.yml:4: error: the indentation does not match the lines above",
        "lists/curation.yml:7: error: the indentation does not match the lines above",
        "lists/curation.yml:9: error: a tab: indent with spaces only",
        "lists/curation.yml:10: error: a ': ' inside a value: put the value in quotes",
    ]
    assert result.returncode == 1 and "error: 4 error(s) in the input" in result.stderr


def test_a_syntax_error_yaml_cannot_read_past_is_called_the_first(tmp_path: Path) -> None:
    """An unclosed quote swallows what follows: nothing after it can be told apart, so the
    message says that later mistakes show once it is fixed."""
    path = tmp_path / "curation.yml"
    path.write_text('papers:\n  abc123:\n    title: "Open\n   rating: 2\n', encoding="utf-8")
    with pytest.raises(BuildFailed) as failure:
        load_curation(path)
    (problem,) = failure.value.problems
    assert problem.line == 3 and problem.message.startswith("a quote opened on this line")
    assert "the first syntax error" in problem.message
    assert "once it is fixed" in problem.message


def test_empty_and_commented_out_files_mean_no_curation(tmp_path: Path) -> None:
    path = tmp_path / "curation.yml"
    for text in ("", "# nothing yet\n", "papers:\n  # abc123:\n  #   hidden: true\n"):
        path.write_text(text, encoding="utf-8")
        assert load_curation(path) == {}
    assert load_curation(tmp_path / "missing.yml") == {}


def test_invalid_curation_stops_the_build_and_writes_nothing(curated: Path) -> None:
    before = {p: p.read_bytes() for p in (curated / "docs").rglob("*.md")}
    _curate(curated, "papers:\n  abc:\n    rating: 9\n")
    result = run_cli(curated, "generate", check=False)
    assert result.returncode == 1
    assert "curation.yml:3: error: paper abc: key 'rating'" in result.stderr
    assert {p: p.read_bytes() for p in (curated / "docs").rglob("*.md")} == before


def test_curated_text_is_cleaned_as_every_input_is(tmp_path: Path) -> None:
    """Bidi overrides and zero-width characters go from titles, tags and notes, as from
    abstracts: a tag "\u202eevil" would show reversed in pages, exports and facets."""
    path = tmp_path / "curation.yml"
    path.write_text(
        "papers:\n  abc123:\n"
        '    title: "\\u202eFlip\\u200bAttack"\n'
        '    tags: {add: ["\\u202eevil", "zero\\u200bwidth"], remove: ["\\u2066x\\u2069"]}\n'
        '    note: "First\\u200d part.\\n\\nSecond \\u202epart."\n',
        encoding="utf-8",
    )
    curation, _line = load_curation(path)["abc123"]
    assert curation.title == "FlipAttack"
    assert curation.add_tags == ("evil", "zerowidth") and curation.remove_tags == ("x",)
    assert curation.note == "First part.\n\nSecond part."


def test_a_tag_of_invisible_characters_only_is_an_empty_item(tmp_path: Path) -> None:
    path = tmp_path / "curation.yml"
    path.write_text('papers:\n  abc123:\n    tags: {add: ["\\u200b\\u202e"]}\n', encoding="utf-8")
    with pytest.raises(BuildFailed) as failure:
        load_curation(path)
    (problem,) = failure.value.problems
    assert "key 'tags: add': expected a list of names" in str(problem)
