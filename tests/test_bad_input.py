"""Bad input and failed runs, built for real: `tests/fixtures/broken/` and simulated failures.

Oddities the build can absorb are warnings naming file and line; a list that cannot be read
stops the build. A failed run (unreadable list, full disk, Ctrl-C, a failing MkDocs build)
leaves the previous pages and site exactly as they were. Failures are injected in-process:
`os.write` raising ENOSPC for the generator's writes, MkDocs' page builder raising for the
site build, KeyboardInterrupt for Ctrl-C.
"""

from __future__ import annotations

import errno
import html
import os
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import mkdocs.commands.build
import pytest

from generator import cli
from generator.render.templating import counted
from tests.conftest import FIXTURES, SEED_LISTS, copy_project, run_cli

BROKEN = FIXTURES / "broken"
UNREADABLE = {"binary.txt", "cp1252.txt"}
GOOD = {name: (FIXTURES / "hostile" / name).read_bytes() for name in ("graph-a.txt", "graph-b.txt")}
GOOD_ABSTRACTS = GOOD["graph-a.txt"].decode("utf-8").split("\n\n")[1:]
SEED_ABSTRACTS = SEED_LISTS[0].read_text(encoding="utf-8").split("\n\n")[1:4]


def _lists(names: set[str] | None = None) -> dict[str, bytes]:
    return {
        path.name: path.read_bytes()
        for path in BROKEN.glob("*.txt")
        if names is None or path.name in names
    }


def _state(project: Path) -> dict[str, tuple[bytes, int]]:
    """Every file of the project with its bytes and mtime: what 'unchanged' means here."""
    return {
        path.relative_to(project).as_posix(): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in project.rglob("*")
        if path.is_file()
    }


def _text(page: Path) -> str:
    """The page's text, near enough for plain phrases (tags left in, entities decoded)."""
    return html.unescape(page.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def readable_broken_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """Every broken list that can be read, built once for real: the project and its stderr."""
    readable = {path.name for path in BROKEN.glob("*.txt")} - UNREADABLE
    project = copy_project(tmp_path_factory.mktemp("broken") / "project", lists=_lists(readable))
    result = run_cli(project, "build")
    return project, result.stderr


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = copy_project(tmp_path_factory.mktemp("good") / "project", lists=GOOD)
    run_cli(project, "build")
    return project


@pytest.fixture
def built_project(first_build: Path, tmp_path: Path) -> Path:
    """A project built from good lists (a copy, mtimes kept): the 'previous' state that a
    failed run must leave exactly as it was."""
    return Path(shutil.copytree(first_build, tmp_path / "project", symlinks=True))


def _in_process(project: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    monkeypatch.chdir(project)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    return cli.main([*args])


# --- warnings and errors ----------------------------------------------------------------
@pytest.mark.parametrize(
    "warning",
    [
        r"lists/empty\.txt:1: warning: empty list file",
        r"lists/header-only\.txt:1: warning: list 'Header Only List' has a name but no abstracts",
        r"lists/odd\.txt:3: warning: abstract of 1 word\(s\)",
        r"lists/odd\.txt:7: warning: the same abstract as line 5",
        r"lists/odd\.txt:9: warning: unbalanced \$",
        r"lists/odd\.txt:11: warning: unknown LaTeX command \\foobar",
        r"lists/odd\.txt:13: warning: unknown LaTeX command \\notacommand",
        r"lists/long\.txt:3: warning: abstract of 31,249 characters",
        r"lists/gb18030\.txt:1: warning: not UTF-8: read as GB18030",
        r"lists/noblank\.txt:2: warning: expected a blank line after the list name",
    ],
)
def test_oddities_are_warnings_naming_file_and_line(
    readable_broken_site: tuple[Path, str], warning: str
) -> None:
    _, stderr = readable_broken_site
    assert re.search(rf"(^|/){warning}", stderr, re.MULTILINE), stderr


def test_readable_broken_lists_build_and_show_their_text(
    readable_broken_site: tuple[Path, str],
) -> None:
    project, _ = readable_broken_site
    site = project / "site"
    texts = " ".join(_text(page) for page in site.rglob("*.html"))
    assert "\ufffd" not in texts
    for words in [
        "ICML 2025 论文列表",  # GB18030
        "我们提出了一种新的图神经网络方法",
        "We study ünïcode text saved with a byte order mark",  # UTF-8 with BOM, CRLF
        "Wir untersuchen Größen",  # UTF-16 with BOM
        "We study text saved as little-endian UTF-16",  # UTF-16 without BOM
        "We study text written with carriage returns only",  # CR line ends
        "the rest of this abstract must still show up.",  # after a stray $
        "sentence number 559 of one very long abstract.",  # the end of the 30 KB abstract
    ]:
        assert words in texts, words
    assert len(list((project / "docs" / "papers").glob("dupnet*.md"))) == 1


def test_an_unreadable_list_stops_the_build_and_keeps_the_previous_site(
    built_project: Path,
) -> None:
    before = _state(built_project)
    (built_project / "lists" / "binary.txt").write_bytes((BROKEN / "binary.txt").read_bytes())
    result = run_cli(built_project, "build", check=False)
    assert result.returncode == 1
    assert re.search(r"lists/binary\.txt:2: error: binary file", result.stderr)
    (built_project / "lists" / "binary.txt").unlink()
    assert _state(built_project) == before


def test_check_reports_every_unreadable_list_and_writes_nothing(
    make_project: Callable[..., Path],
) -> None:
    project = make_project(_lists())
    before = _state(project)
    result = run_cli(project, "check", check=False)
    assert result.returncode == 1
    assert re.search(r"lists/binary\.txt:2: error: binary file", result.stderr)
    assert re.search(r"lists/cp1252\.txt:1: error: cannot decode: byte 0xe9", result.stderr)
    assert _state(project) == before


def test_check_reports_warnings_alongside_errors(make_project: Callable[..., Path]) -> None:
    project = make_project(_lists())
    result = run_cli(project, "check", check=False)
    assert re.search(r"lists/odd\.txt:7: warning: the same abstract", result.stderr)
    assert re.search(r"lists/odd\.txt:11: warning: unknown LaTeX command", result.stderr)


def test_files_without_abstracts_make_no_list_page(
    readable_broken_site: tuple[Path, str],
) -> None:
    project, _ = readable_broken_site
    names = {page.stem for page in (project / "docs" / "lists").glob("*.md")}
    assert not names & {"empty", "blank", "header-only-list"}


# --- failed runs keep the previous state -------------------------------------------------
def test_disk_full_while_generating_keeps_the_previous_pages(
    built_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (built_project / "lists" / "more.txt").write_bytes(_lists({"bom-crlf.txt"})["bom-crlf.txt"])
    before = _state(built_project)

    def full(descriptor: int, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    assert _in_process(built_project, monkeypatch, "generate", "-q") == 1
    monkeypatch.undo()
    assert _state(built_project) == before


def test_ctrl_c_while_generating_keeps_the_previous_pages(
    built_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (built_project / "lists" / "more.txt").write_bytes(_lists({"bom-crlf.txt"})["bom-crlf.txt"])
    before = _state(built_project)

    def interrupted(descriptor: int, data: bytes) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "write", interrupted)
    assert _in_process(built_project, monkeypatch, "generate", "-q") == 130
    monkeypatch.undo()
    assert _state(built_project) == before


@pytest.mark.parametrize(
    ("failure", "code"),
    [(OSError(errno.ENOSPC, "No space left on device"), 1), (KeyboardInterrupt(), 130)],
    ids=["disk-full", "ctrl-c"],
)
def test_a_failed_site_build_keeps_the_previous_site(
    built_project: Path, monkeypatch: pytest.MonkeyPatch, failure: BaseException, code: int
) -> None:
    (built_project / "lists" / "more.txt").write_bytes(_lists({"bom-crlf.txt"})["bom-crlf.txt"])
    site = {k: v for k, v in _state(built_project).items() if k.startswith("site/")}

    def broken_page(*args: object, **kwargs: object) -> None:
        raise failure

    monkeypatch.setattr(mkdocs.commands.build, "_build_page", broken_page)
    assert _in_process(built_project, monkeypatch, "build", "-q") == code
    monkeypatch.undo()
    after = {k: v for k, v in _state(built_project).items() if k.startswith("site")}
    assert after == site  # no site.building or site.previous left either


def test_a_failed_site_build_keeps_the_previous_pages(
    built_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (built_project / "lists" / "more.txt").write_bytes(_lists({"bom-crlf.txt"})["bom-crlf.txt"])
    generated = ("docs/", "lists/readinglist.lock.json")
    docs = {k: v[0] for k, v in _state(built_project).items() if k.startswith(generated)}

    def broken_page(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(mkdocs.commands.build, "_build_page", broken_page)
    assert _in_process(built_project, monkeypatch, "build", "-q") == 1
    monkeypatch.undo()
    after = {
        k: v[0] for k, v in _state(built_project).items() if k.startswith(("docs/", "lists/r"))
    }
    assert after == docs


def test_pages_no_longer_generated_go_and_curator_pages_stay(built_project: Path) -> None:
    docs = built_project / "docs"
    (docs / "notes.md").write_text("# Curator notes\n\nHand-written.\n")
    (docs / "papers" / "my-notes.md").write_text("# Among papers\n\nAlso hand-written.\n")
    run_cli(built_project, "build")
    curator = {p: p.stat().st_mtime_ns for p in (docs / "notes.md", docs / "papers/my-notes.md")}
    papers_before = {p.name for p in (docs / "papers").glob("*.md")}
    (built_project / "lists" / "graph-b.txt").unlink()
    run_cli(built_project, "build")
    papers_after = {p.name for p in (docs / "papers").glob("*.md")}
    assert len(papers_after) == len(papers_before) - 1
    assert {p: p.stat().st_mtime_ns for p in curator} == curator
    assert (built_project / "site" / "notes" / "index.html").exists()
    gone = (papers_before - papers_after).pop().removesuffix(".md")
    assert not (built_project / "site" / "papers" / gone).exists()


@pytest.mark.parametrize(
    ("first_line", "abstracts"),
    [("   ", GOOD_ABSTRACTS[:3]), ("\t", GOOD_ABSTRACTS[:3]), ("", SEED_ABSTRACTS)],
    ids=["spaces", "tab", "empty-before-a-long-abstract"],
)
def test_a_blank_first_line_is_a_missing_name_and_loses_no_abstract(
    make_project: Callable[..., Path], first_line: str, abstracts: list[str]
) -> None:
    """The first abstract must not become the list's name: an error at line 1, and `check`
    still counts every paper."""
    abstracts = [line.strip() for line in abstracts]
    text = first_line + "\n\n" + "\n\n".join(abstracts) + "\n"
    project = make_project({"blank-name.txt": text})
    result = run_cli(project, "generate", check=False)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "lists/blank-name.txt:1: error: missing list name" in result.stderr
    assert not (project / "docs" / "papers").exists()
    checked = run_cli(project, "check", check=False)
    assert checked.stdout.startswith(f"{counted(len(abstracts), 'paper')} in 1 list:")
