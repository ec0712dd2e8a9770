"""What the build may read, tried for real: links out of the project, named pipes and folders
posing as lists, files of unknown kinds, and control characters on a given line.

Each test copies a project built once from good lists, puts the hostile thing on disk and runs
the real command line: a refused input is an error naming the file, nothing is read from it,
nothing is written, and a named pipe never makes the build wait.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import copy_project, run_cli
from tests.test_validation import ABSTRACTS, state

SECRET = "Secret notes\n\nThe vault password is swordfish, kept beside the quarterly reports.\n"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lists = {"a.txt": "Inputs Test\n\n" + "\n\n".join(ABSTRACTS) + "\n"}
    project = copy_project(tmp_path_factory.mktemp("inputs") / "project", lists=lists)
    run_cli(project, "build")
    return project


@pytest.fixture
def project(first_build: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(first_build, tmp_path / "project", symlinks=True))


@pytest.fixture
def outside(project: Path) -> Path:
    """A folder beside the project, with a list that must never reach a page."""
    folder = project.parent / "outside"
    folder.mkdir()
    (folder / "secret.txt").write_text(SECRET, encoding="utf-8")
    shutil.copy(project / "lists" / "topics.yml", folder / "topics.yml")
    return folder


def refused(project: Path, command: str, *lines: str) -> str:
    """`command` exits 1 naming every refused file, writes nothing, and reads nothing secret."""
    before = state(project)
    result = run_cli(project, command, check=False, timeout=120)
    assert result.returncode == 1, result.stderr
    for line in lines:
        assert line in result.stderr.splitlines(), result.stderr
    assert "swordfish" not in result.stdout + result.stderr
    assert state(project) == before
    return result.stderr


@pytest.mark.parametrize("command", ["check", "build", "generate"])
def test_a_link_to_a_file_outside_the_project_is_refused(
    project: Path, outside: Path, command: str
) -> None:
    (project / "lists" / "evil.txt").symlink_to(outside / "secret.txt")
    refused(project, command, f"lists/evil.txt: error: a symbolic link to {outside}/secret.txt, "
            "outside the project: not read (copy it in instead)")  # fmt: skip


@pytest.mark.skipif(not Path("/etc/passwd").is_file(), reason="no /etc/passwd here")
def test_the_password_file_never_reaches_a_page(project: Path) -> None:
    (project / "lists" / "evil.txt").symlink_to("/etc/passwd")
    refused(project, "build", "lists/evil.txt: error: a symbolic link to /etc/passwd, outside "
            "the project: not read (copy it in instead)")  # fmt: skip
    pages = " ".join(p.read_text("utf-8") for p in (project / "docs").rglob("*.md"))
    assert "root:" not in pages


def test_a_link_inside_the_project_is_read(project: Path) -> None:
    shared = project / "shared"
    shared.mkdir()
    (shared / "more.txt").write_text(SECRET.replace("Secret notes", "Shared"), encoding="utf-8")
    (project / "lists" / "more.txt").symlink_to(Path("..") / "shared" / "more.txt")
    run_cli(project, "build")
    pages = " ".join(page.read_text("utf-8") for page in (project / "docs").rglob("*.md"))
    assert "swordfish" in pages


@pytest.mark.parametrize("name", ["topics.yml", "curation.yml", "readinglist.lock.json"])
def test_a_curator_file_linked_outside_is_refused(project: Path, outside: Path, name: str) -> None:
    target = outside / "topics.yml" if name == "topics.yml" else outside / "secret.txt"
    (project / "lists" / name).unlink(missing_ok=True)
    (project / "lists" / name).symlink_to(target)
    refused(project, "build", f"lists/{name}: error: a symbolic link to {target}, outside the "
            "project: not read (copy it in instead)")  # fmt: skip


def test_a_lists_folder_linked_outside_is_refused(project: Path, outside: Path) -> None:
    shutil.rmtree(project / "lists")
    (project / "lists").symlink_to(outside)
    refused(project, "build", f"lists: error: a symbolic link to {outside}, outside the "
            "project: not read (copy it in instead)")  # fmt: skip


@needs_fifo
@pytest.mark.parametrize("name", ["y.txt", "curation.yml", "topics.yml"])
def test_a_named_pipe_is_refused_without_waiting(project: Path, name: str) -> None:
    (project / "lists" / name).unlink(missing_ok=True)
    os.mkfifo(project / "lists" / name)
    refused(project, "build", f"lists/{name}: error: a named pipe, not a file: not read")


def test_a_folder_posing_as_a_list_is_refused(project: Path) -> None:
    (project / "lists" / "x.txt").mkdir()
    (project / "lists" / "curation.yml").mkdir()
    refused(project, "check", "lists/curation.yml: error: a folder, not a file: not read")
    (project / "lists" / "curation.yml").rmdir()
    refused(project, "check", "lists/x.txt: error: a folder, not a file: not read")


def test_files_of_unknown_kinds_are_named_in_a_warning(project: Path) -> None:
    lists = project / "lists"
    for name in ("slides.pdf", "paper.docx", "notes.md", "curations.yml", ".DS_Store"):
        (lists / name).write_bytes(b"%PDF-1.4 not a list")
    (lists / "archive").mkdir()
    (lists / "curation.yml").write_text("papers:\n", encoding="utf-8")
    result = run_cli(project, "build")
    warnings = [line for line in result.stderr.splitlines() if ": warning: " in line]
    rule = "; lists are .txt, .bib, .json, .csv files"
    assert warnings == [
        "lists/archive: warning: a folder: not read (lists are the files directly in lists/)",
        f"lists/curations.yml: warning: not a list: not read (did you mean 'curation.yml'?){rule}",
        f"lists/notes.md: warning: not a list: not read{rule}",
        f"lists/paper.docx: warning: not a list: not read{rule}",
        f"lists/slides.pdf: warning: not a list: not read{rule}",
    ]  # the known files (topics.yml, curation.yml, the lock) and dot-files are not named
    strict = run_cli(project, "build", "--strict", check=False)
    assert strict.returncode == 1 and "5 warning(s) with --strict" in strict.stderr


@pytest.mark.parametrize(
    ("data", "line", "message"),
    [
        (b"List\n\nWe study one thing.\n\nWe study another.\n\nWe study a \x00 NUL.\n", 7,
         "a NUL character (byte 0x00), which no text holds: remove it"),
        (b"List\r\n\r\nOne.\r\n\r\nTwo.\r\n\r\nA \x00 NUL.\r\n", 7, "a NUL character"),
        (b"List\r\rOne.\r\rTwo.\r\rA \x00 NUL.\r", 7, "a NUL character"),
        ("List\n\nWe study one thing.\n\nA \x00 NUL.\n".encode("utf-16"), 5, "a NUL character"),
        (b"List\n\nWe study one thing.\n\n" + bytes(range(1, 32)) * 20, 5,
         "binary file (control characters), not a text list"),
        (b"List\n\nWe study one thing.\n\nCaf\xe9 au lait.\n", 5, "cannot decode: byte 0xe9"),
    ],
)  # fmt: skip
def test_an_unreadable_list_is_reported_at_the_real_line(
    project: Path, data: bytes, line: int, message: str
) -> None:
    (project / "lists" / "bad.txt").write_bytes(data)
    stderr = refused(project, "check")
    assert f"lists/bad.txt:{line}: error: {message}" in stderr


# Links in the folders MkDocs builds the site from: it follows them and publishes their targets.
def site_link_refused(project: Path, link: Path, target: str) -> None:
    relative = link.relative_to(project).as_posix()
    refused(project, "build", f"{relative}: error: a symbolic link to {target}, outside the "
            "project: not read (copy it in instead)")  # fmt: skip
    assert not any("swordfish" in p.read_text("utf-8", "replace")
                   for p in (project / "site").rglob("*.html"))  # fmt: skip


def test_a_file_in_docs_linked_outside_is_refused(project: Path, outside: Path) -> None:
    link = project / "docs" / "secret.md"
    link.symlink_to(outside / "secret.txt")
    site_link_refused(project, link, f"{outside}/secret.txt")


def test_a_folder_in_docs_linked_outside_is_refused(project: Path, outside: Path) -> None:
    link = project / "docs" / "vault"
    link.symlink_to(outside)
    site_link_refused(project, link, str(outside))


def test_a_theme_file_linked_outside_is_refused(project: Path, outside: Path) -> None:
    link = project / "overrides" / "partials" / "secret.html"
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside / "secret.txt")
    site_link_refused(project, link, f"{outside}/secret.txt")


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="no /proc here")
def test_the_environment_never_reaches_the_site(project: Path) -> None:
    link = project / "docs" / "env.txt"
    link.symlink_to("/proc/self/environ")
    result = run_cli(project, "build", check=False)
    assert result.returncode == 1
    assert "docs/env.txt: error: a symbolic link to /proc/" in result.stderr
    assert "environ, outside the project: not read" in result.stderr
    assert not (project / "site" / "env.txt").exists()


def test_a_chain_of_links_leading_outside_is_refused(project: Path, outside: Path) -> None:
    (project / "docs" / "hop.md").symlink_to(outside / "secret.txt")
    (project / "docs" / "inside").mkdir()
    link = project / "docs" / "inside" / "first.md"
    link.symlink_to(Path("..") / "hop.md")
    stderr = refused(project, "build")
    for name in ("docs/hop.md", "docs/inside/first.md"):
        assert f"{name}: error: a symbolic link to {outside}/secret.txt, outside" in stderr


def test_a_folder_linked_inside_the_project_is_followed_and_checked(
    project: Path, outside: Path
) -> None:
    """A link that stays in the project is fine; a link out of the folder it leads to is not."""
    shared = project / "shared"
    shared.mkdir()
    (shared / "more.md").write_text("# More\n\nShared words.\n", encoding="utf-8")
    (project / "docs" / "shared").symlink_to(Path("..") / "shared")
    run_cli(project, "build")
    assert "Shared words." in (project / "site" / "shared" / "more" / "index.html").read_text()
    (shared / "secret.md").symlink_to(outside / "secret.txt")
    site_link_refused(project, project / "docs" / "shared" / "secret.md", f"{outside}/secret.txt")
