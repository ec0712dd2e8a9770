"""The build cache holds data, never code, and nothing in it is taken on trust.

Built for real: a project is built once, its `.cache/readinglist/` then damaged or forged the
ways an attacker or a crash would (a pickle that runs a command, a script planted in a stored
page, a link or a folder where a page was, truncated and empty files), and built again. Every
such build succeeds, says in one info line what it ignored, and publishes the site a build
without the cache makes; nothing planted reaches site/ and nothing runs.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
from pathlib import Path

import pytest

from generator import models
from generator.buildcache import Damaged, dumps, loads
from generator.pipeline import CACHED
from tests.conftest import copy_project, run_cli
from tests.test_validation import ABSTRACTS

CACHE = Path(".cache/readinglist")


@pytest.fixture(scope="module")
def first_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lists = {"a.txt": "Cache Test\n\n" + "\n\n".join(ABSTRACTS) + "\n"}
    project = copy_project(tmp_path_factory.mktemp("cache") / "project", lists=lists)
    run_cli(project, "build")
    return project


@pytest.fixture
def project(first_build: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(first_build, tmp_path / "project", symlinks=True))


def _site(project: Path) -> dict[str, bytes]:
    """The site's files but the search index (whose pages are named by their content)."""
    site = project / "site"
    files = {p.relative_to(site).as_posix(): p for p in sorted(site.rglob("*")) if p.is_file()}
    return {name: p.read_bytes() for name, p in files.items() if not name.startswith("pagefind/")}


def _stored(project: Path) -> dict[str, str]:
    """Stored page key -> its site page's text, for the pages the store holds."""
    index = json.loads((project / CACHE / "pages" / "index.json").read_text("utf-8"))
    return dict(sorted(index.items()))


def _rebuild(project: Path) -> str:
    """Build again after the site's inputs changed (so pages are taken from the store)."""
    (project / "site").joinpath("stale").write_text("x")  # the site no longer matches
    (project / CACHE / "site.digest").unlink()
    return run_cli(project, "build").stderr


class Crafted:
    """A pickle that would run a command when loaded."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple:
        return (os.system, (f"touch {self.marker}",))


@pytest.mark.parametrize("name", ["collection.json", "collection.pickle"])
def test_a_crafted_pickle_in_the_cache_never_runs(project: Path, tmp_path: Path, name: str) -> None:
    marker = tmp_path / "pwned"
    (project / CACHE / name).write_bytes(pickle.dumps(Crafted(marker)))
    (project / "lists" / "a.txt").write_text(
        (project / "lists" / "a.txt").read_text("utf-8") + "\nWe add one more abstract.\n"
    )
    run_cli(project, "build")
    assert not marker.exists()
    assert json.loads((project / CACHE / "collection.json").read_bytes())  # written anew


def test_the_cache_holds_no_code(project: Path) -> None:
    names = sorted(p.relative_to(project / CACHE).parts[0] for p in (project / CACHE).iterdir())
    assert "templates" not in names and not any(n.endswith(".pickle") for n in names)
    loads((project / CACHE / "collection.json").read_bytes(), CACHED)


def test_a_script_planted_in_a_stored_page_never_reaches_the_site(project: Path) -> None:
    before = _site(project)
    pages = project / CACHE / "pages"
    for key in _stored(project):
        page = pages / f"{key}.html"
        page.write_text(page.read_text("utf-8").replace("<body", "<script>alert(1)</script><body"))
    stderr = _rebuild(project)
    assert "not the page stored under this name: ignored, made again" in stderr
    after = _site(project)
    assert not any(b"alert(1)" in data for data in after.values())
    assert {k: v for k, v in after.items() if k != "stale"} == before


@pytest.mark.skipif(not Path("/etc/passwd").is_file(), reason="no /etc/passwd here")
def test_a_link_at_a_stored_page_is_never_followed_nor_published(project: Path) -> None:
    before = _site(project)
    key = next(iter(_stored(project)))
    page = project / CACHE / "pages" / f"{key}.html"
    page.unlink()
    page.symlink_to("/etc/passwd")
    stderr = _rebuild(project)
    assert f"{page}: " in stderr and "ignored, made again" in stderr
    site = project / "site"
    assert not any(path.is_symlink() for path in site.rglob("*"))
    assert not any(b"root:x:0:0" in data for data in _site(project).values())
    assert {k: v for k, v in _site(project).items() if k != "stale"} == before
    assert not page.is_symlink()  # stored again, as a file


def test_truncated_empty_and_folder_entries_are_ignored_and_made_again(project: Path) -> None:
    before = _site(project)
    pages = project / CACHE / "pages"
    truncated, empty, folder, unreadable, *_ = _stored(project)
    data = (pages / f"{truncated}.html").read_bytes()
    (pages / f"{truncated}.html").write_bytes(data[: len(data) // 2])
    (pages / f"{empty}.html").write_bytes(b"")
    (pages / f"{folder}.html").unlink()
    (pages / f"{folder}.html").mkdir()
    (pages / f"{unreadable}.html").unlink()
    (pages / f"{unreadable}.html").symlink_to(f"{unreadable}.html")  # a link to itself
    collection = project / CACHE / "collection.json"
    collection.write_bytes(collection.read_bytes()[:1000])
    stderr = _rebuild(project)
    assert f"{collection}: damaged" in stderr
    assert {k: v for k, v in _site(project).items() if k != "stale"} == before
    for key in (truncated, empty, folder, unreadable):
        assert (pages / f"{key}.html").is_file() and not (pages / f"{key}.html").is_symlink()


@pytest.mark.parametrize("damage", ["folder", "empty", "link"])
def test_a_damaged_collection_cache_is_derived_again(project: Path, damage: str) -> None:
    collection = project / CACHE / "collection.json"
    collection.unlink()
    if damage == "folder":
        collection.mkdir()
    elif damage == "empty":
        collection.write_bytes(b"")
    else:
        collection.symlink_to("/etc/passwd")
    result = run_cli(project, "generate")
    assert f"{collection}: " in result.stderr and "ignored, made again" in result.stderr
    assert collection.is_file() and not collection.is_symlink()


def test_site_pages_and_stored_pages_are_separate_files(project: Path) -> None:
    """No hard link between site/ and the store: a write to either never changes the other."""
    site, pages = project / "site", project / CACHE / "pages"
    stored = sorted(pages.glob("*.html"))
    assert stored
    assert all(path.stat().st_nlink == 1 for path in [*stored, *site.rglob("*.html")])
    index = site / "index.html"
    original = {path: path.read_bytes() for path in stored}
    index.write_text("changed in the site")
    assert {path: path.read_bytes() for path in stored} == original


# The codec alone: what it makes of data, and what it refuses.
def test_the_codec_gives_back_what_it_was_given() -> None:
    paper = models.Paper("p1", "An abstract.", "An abstract.", "<p>An abstract.</p>", ("L",),
                         (models.Source(Path("lists/a.txt"), 3),), tags=("x",))  # fmt: skip
    value = {"papers": (paper,), (paper, "k"): [1, 2.5, None, True], 3: {"t": ["m"]}}
    assert loads(dumps(value, CACHED), CACHED) == value


@pytest.mark.parametrize(
    "data",
    [
        b'{"c": "Popen", "v": [["touch", "/tmp/x"]]}',  # a class not named
        b'{"c": "Paper", "v": [1]}',  # too few values
        b'{"m": [[1], 2]}',  # an unhashable key
        b'{"x": 1}',
        b"\x80\x04K\x01.",  # a pickle
        b"",
    ],
)
def test_the_codec_refuses_what_it_did_not_write(data: bytes) -> None:
    with pytest.raises(Damaged):
        loads(data, CACHED)
