"""write: manifest-owned, two-phase writes. Failures are simulated in-process: a full disk by
making `os.write` raise ENOSPC, Ctrl-C by raising KeyboardInterrupt or a real SIGINT."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import signal
import time
from pathlib import Path

import pytest

from generator import write
from generator.write import MANIFEST, WriteError, read_manifest, snapshot, write_batches, write_tree

FIRST = {"index.md": "home\n", "papers/a.md": "paper a\n", "papers/b.md": "paper b\n"}
SECOND = {"index.md": "home v2\n", "papers/a.md": "paper a\n", "lists/new.md": "new list\n"}


def tree(root: Path) -> dict[str, bytes]:
    """Every file under root (generated, hand-written, temporaries alike), by relative path."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def mtimes(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns for p in root.rglob("*")}


@pytest.fixture
def docs_with_first_build(tmp_path: Path) -> Path:
    """docs/ after one generation, plus a curator's own pages beside and among the generated."""
    root = tmp_path / "docs"
    root.mkdir()
    (root / "about.md").write_text("hand-written\n")
    write_tree(root, FIRST)
    (root / "papers" / "my-notes.md").write_text("curator notes among generated pages\n")
    return root


def _fail_on_write(monkeypatch: pytest.MonkeyPatch, failure: BaseException, after: int) -> None:
    real_write, calls = os.write, []

    def write(descriptor: int, data: bytes) -> int:
        calls.append(descriptor)
        if len(calls) > after:
            raise failure
        return real_write(descriptor, data)

    monkeypatch.setattr(os, "write", write)


def test_first_write_creates_files_and_manifest(docs_with_first_build: Path) -> None:
    root = docs_with_first_build
    for path, text in FIRST.items():
        assert (root / path).read_text() == text
    assert set(read_manifest(root)) == set(FIRST)


def test_second_write_of_the_same_files_touches_nothing(docs_with_first_build: Path) -> None:
    before = mtimes(docs_with_first_build)
    result = write_tree(docs_with_first_build, FIRST)
    assert result.written == result.removed == ()
    assert mtimes(docs_with_first_build) == before


def test_stale_generated_files_go_and_hand_written_files_stay(docs_with_first_build: Path) -> None:
    root = docs_with_first_build
    curator = {p: (root / p).stat().st_mtime_ns for p in ("about.md", "papers/my-notes.md")}
    result = write_tree(root, SECOND)
    assert result.removed == ("papers/b.md",)
    assert set(result.written) == {"index.md", "lists/new.md"}
    assert not (root / "papers" / "b.md").exists()
    assert {p: (root / p).stat().st_mtime_ns for p in curator} == curator
    assert set(read_manifest(root)) == set(SECOND)


def test_a_curator_file_in_the_way_stops_the_write(docs_with_first_build: Path) -> None:
    before = tree(docs_with_first_build)
    with pytest.raises(WriteError, match="not written by readinglist"):
        write_tree(docs_with_first_build, {**FIRST, "papers/my-notes.md": "generated\n"})
    assert tree(docs_with_first_build) == before


def test_nothing_is_written_outside_the_generated_folders(docs_with_first_build: Path) -> None:
    before = tree(docs_with_first_build)
    for path in ("about.md", "stylesheets/readinglist.css", "x.md"):
        with pytest.raises(WriteError, match="outside the generated folders"):
            write_tree(docs_with_first_build, {**FIRST, path: "generated\n"})
    assert tree(docs_with_first_build) == before


def test_an_edited_stale_page_is_disowned_not_deleted(docs_with_first_build: Path) -> None:
    root = docs_with_first_build
    (root / "papers" / "b.md").write_text("paper b, with the curator's corrections\n")
    result = write_tree(root, SECOND)
    assert result.kept == ("papers/b.md",)
    assert (root / "papers" / "b.md").read_text().endswith("corrections\n")
    assert "papers/b.md" not in read_manifest(root)


@pytest.mark.parametrize(
    "path",
    ["../escape.md", "/etc/passwd", "papers/../../x.md", "a\\b.md", ".hidden/x.md", "papers/.x.md"],
)
def test_paths_outside_the_docs_folder_are_refused(tmp_path: Path, path: str) -> None:
    with pytest.raises(WriteError, match="refusing to write outside"):
        write_tree(tmp_path / "docs", {path: "x"})
    assert not any(tmp_path.rglob("*.md"))


@pytest.mark.parametrize("after", [0, 1, 2, 3])
def test_disk_full_leaves_the_previous_pages(
    docs_with_first_build: Path, monkeypatch: pytest.MonkeyPatch, after: int
) -> None:
    before = tree(docs_with_first_build)
    _fail_on_write(monkeypatch, OSError(errno.ENOSPC, "No space left on device"), after)
    with pytest.raises(WriteError, match="No space left on device"):
        write_tree(docs_with_first_build, SECOND)
    monkeypatch.undo()
    assert tree(docs_with_first_build) == before
    assert not (docs_with_first_build / "lists").exists()  # a folder made for it is gone too


def test_ctrl_c_while_staging_leaves_the_previous_pages(
    docs_with_first_build: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = tree(docs_with_first_build)
    _fail_on_write(monkeypatch, KeyboardInterrupt(), after=1)
    with pytest.raises(KeyboardInterrupt):
        write_tree(docs_with_first_build, SECOND)
    monkeypatch.undo()
    assert tree(docs_with_first_build) == before


def test_ctrl_c_while_renaming_lands_after_the_renames(
    docs_with_first_build: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_replace = os.replace

    def replace_then_interrupt(source: object, target: object) -> None:
        real_replace(source, target)
        signal.raise_signal(signal.SIGINT)  # a real Ctrl-C in the middle of phase two

    monkeypatch.setattr(os, "replace", replace_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        write_tree(docs_with_first_build, SECOND)
    monkeypatch.undo()
    assert {p: (docs_with_first_build / p).read_text() for p in SECOND} == SECOND
    assert set(read_manifest(docs_with_first_build)) == set(SECOND)
    assert not list(docs_with_first_build.rglob("*.readinglist-tmp"))


def test_a_run_killed_halfway_through_renaming_is_finished_by_the_next(
    docs_with_first_build: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_replace, calls = os.replace, []

    def die_after_two(source: object, target: object) -> None:
        calls.append(target)
        if len(calls) > 2:
            raise SystemExit("killed")  # stands in for SIGKILL: no cleanup runs after it
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", die_after_two)
    with pytest.raises(SystemExit):
        write_tree(docs_with_first_build, SECOND)
    monkeypatch.undo()
    # The manifest on disk owns old and new files, so nothing looks like the curator's.
    assert set(SECOND) | set(FIRST) <= set(read_manifest(docs_with_first_build))
    write_tree(docs_with_first_build, SECOND)
    assert {p: (docs_with_first_build / p).read_text() for p in SECOND} == SECOND
    assert not (docs_with_first_build / "papers" / "b.md").exists()
    assert not list(docs_with_first_build.rglob("*.readinglist-tmp"))


def test_snapshot_restores_the_previous_generation(docs_with_first_build: Path) -> None:
    before = tree(docs_with_first_build)
    previous = snapshot(docs_with_first_build)
    write_tree(docs_with_first_build, SECOND)
    write_tree(docs_with_first_build, previous)
    assert tree(docs_with_first_build) == before


def test_a_tampered_manifest_cannot_point_outside(
    docs_with_first_build: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """It is refused as damaged (and rebuilt from what is on disk): nothing outside is read
    as the generator's, and the write goes on."""
    outside = docs_with_first_build.parent / "victim.md"
    outside.write_text("not yours\n")
    manifest = docs_with_first_build / MANIFEST
    data = json.loads(manifest.read_text())
    data["files"]["../victim.md"] = "0" * 64
    manifest.write_text(json.dumps(data))
    write_tree(docs_with_first_build, FIRST)
    assert outside.read_text() == "not yours\n"
    assert "refusing to write outside the docs folder: '../victim.md'" in caplog.text
    assert "../victim.md" not in read_manifest(docs_with_first_build)


def test_lock_file_is_written_only_when_it_changes(tmp_path: Path) -> None:
    lock = tmp_path / "readinglist.lock.json"
    assert write.write_if_changed(lock, "{}\n")
    mtime = lock.stat().st_mtime_ns
    assert not write.write_if_changed(lock, "{}\n")
    assert lock.stat().st_mtime_ns == mtime


def test_lock_file_on_a_full_disk_stays_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lock = tmp_path / "readinglist.lock.json"
    lock.write_text("old\n")
    _fail_on_write(monkeypatch, OSError(errno.ENOSPC, "No space left on device"), after=0)
    with pytest.raises(WriteError, match="unchanged"):
        write.write_if_changed(lock, "new\n")
    monkeypatch.undo()
    assert lock.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == [lock.name]


def test_replace_directory_swaps_the_site_whole(tmp_path: Path) -> None:
    site, staged = tmp_path / "site", tmp_path / "site.building"
    (site / "old").mkdir(parents=True)
    (staged / "new").mkdir(parents=True)
    (tmp_path / "site.previous").mkdir()  # left by an earlier interrupted swap
    write.replace_directory(staged, site)
    assert [p.name for p in site.iterdir()] == ["new"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def _emptied(folder: Path, timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while any(folder.iterdir()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(folder.iterdir())


def test_the_previous_site_leaves_at_once_and_is_removed_behind_the_run(tmp_path: Path) -> None:
    site, staged, trash = tmp_path / "site", tmp_path / "site.building", tmp_path / "cache"
    for number in range(300):
        (site / "papers" / f"p{number}").mkdir(parents=True)
        (site / "papers" / f"p{number}" / "index.html").write_text("old")
    (staged / "new").mkdir(parents=True)
    (trash / "discarded-1-site.building" / "x").mkdir(parents=True)  # a removal interrupted
    write.replace_directory(staged, site, trash=trash)
    assert [p.name for p in site.iterdir()] == ["new"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "site"]
    assert _emptied(trash), "the previous site and what an earlier removal left"


# Files given in pieces (the large exports) ---------------------------------------------------


def _pieces(text: str) -> list[str]:
    return [text[: len(text) // 2], text[len(text) // 2 :]]


def test_a_file_in_pieces_is_written_whole_and_owned(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    result = write_tree(root, [("papers.json", _pieces('{"a": "é"}\n')), ("papers/x.md", "x\n")])
    assert (root / "papers.json").read_text(encoding="utf-8") == '{"a": "é"}\n'
    assert set(result.written) == {"papers.json", "papers/x.md"} and result.files == 2
    assert set(read_manifest(root)) == {"papers.json", "papers/x.md"}
    assert not any(p.name.endswith(".readinglist-tmp") for p in root.rglob("*"))


def test_an_unchanged_file_in_pieces_is_not_rewritten(tmp_path: Path) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    write_tree(root, [("papers.csv", _pieces("a,b\r\n1,2\r\n"))])
    before = mtimes(root)
    result = write_tree(root, [("papers.csv", _pieces("a,b\r\n1,2\r\n"))])
    assert result.written == () and mtimes(root) == before
    result = write_tree(root, [("papers.csv", _pieces("a,b\r\n1,3\r\n"))])
    assert result.written == ("papers.csv",)
    assert (root / "papers.csv").read_bytes() == b"a,b\r\n1,3\r\n"


def test_a_full_disk_while_writing_pieces_leaves_the_previous_files(
    docs_with_first_build: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = docs_with_first_build
    before = tree(root)
    _fail_on_write(monkeypatch, OSError(errno.ENOSPC, "No space left on device"), after=1)
    files = [("index.md", "home v3\n"), ("papers.json", _pieces("[1, 2, 3]\n"))]
    with pytest.raises(WriteError, match="No space left"):
        write_tree(root, files)
    assert tree(root) == before


def test_a_file_in_pieces_in_the_way_is_refused_without_a_trace(
    docs_with_first_build: Path,
) -> None:
    root = docs_with_first_build
    before = tree(root)
    with pytest.raises(WriteError, match="not written by readinglist"):
        write_tree(root, [*FIRST.items(), ("papers/my-notes.md", _pieces("generated\n"))])
    assert tree(root) == before


def test_a_lost_manifest_and_copy_name_the_command_that_recovers(tmp_path: Path) -> None:
    """With the manifest and its copy gone, a page that changed cannot be told from the
    curator's: the write stops, naming the command that clears the generated files."""
    root, backup = tmp_path / "docs", tmp_path / "copy.json"
    root.mkdir()
    write.write_batches(root, [lambda: FIRST], backup=backup)
    assert read_manifest(backup.parent, name=backup.name) == read_manifest(root)
    (root / MANIFEST).unlink()
    assert write.write_batches(root, [lambda: SECOND], backup=backup).written  # from the copy
    (root / MANIFEST).unlink()
    backup.unlink()
    with pytest.raises(WriteError, match=r"`git clean -fX docs/` removes them"):
        write.write_batches(root, [lambda: FIRST], backup=backup)
    assert write.write_batches(root, [lambda: SECOND], backup=backup).written == ()  # taken over


def test_a_site_folder_is_emptied_at_once_but_for_hidden_entries(tmp_path: Path) -> None:
    """Before MkDocs builds into a folder (mkdocs build, each serve rebuild), its files are
    moved out and removed behind the build; hidden entries stay, as MkDocs keeps them."""
    site, trash = tmp_path / "site", tmp_path / "cache"
    for number in range(100):
        (site / "papers" / f"p{number}").mkdir(parents=True)
        (site / "papers" / f"p{number}" / "index.html").write_text("old")
    (site / "index.html").write_text("old")
    (site / ".git").mkdir()
    write.discard_contents(site, trash)
    assert [p.name for p in site.iterdir()] == [".git"]
    assert _emptied(trash)


# A poisoned manifest (either copy) lists the curator's files with their current digests: the
# build must neither follow it nor delete them.
CURATOR_FILES = {"about.md": "hand-written\n", "stylesheets/readinglist.css": "a { color: red }\n"}


def _poison(manifest: Path, root: Path) -> None:
    data = json.loads(manifest.read_text())
    for path, text in CURATOR_FILES.items():
        data["files"][path] = hashlib.sha256(text.encode()).hexdigest()
    manifest.write_text(json.dumps(data))


@pytest.mark.parametrize("poisoned", ["docs", "copy", "both"])
def test_a_poisoned_manifest_never_deletes_the_curators_files(
    tmp_path: Path, poisoned: str, caplog: pytest.LogCaptureFixture
) -> None:
    root, backup = tmp_path / "docs", tmp_path / "cache" / "manifest.json"
    root.mkdir()
    write_batches(root, [lambda: FIRST], backup=backup)
    for path, text in CURATOR_FILES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    if poisoned in ("docs", "both"):
        _poison(root / MANIFEST, root)
    if poisoned in ("copy", "both"):
        _poison(backup, root)
    if poisoned == "copy":
        (root / MANIFEST).unlink()  # lost: the copy is what the writer would go by
    if poisoned != "docs":  # nothing proves which files are the generator's: nothing is written
        with pytest.raises(WriteError, match="not written by readinglist"):
            write_batches(root, [lambda: SECOND], backup=backup)
    else:
        write_batches(root, [lambda: SECOND], backup=backup)
        assert set(read_manifest(root)) == set(SECOND)
    for path, text in CURATOR_FILES.items():
        assert (root / path).read_text() == text
    assert "refused: it lists 2 file(s) outside the generated folders" in caplog.text
