"""The build cache holds data, never code, and nothing in it is taken on trust.

Built for real: a project is built once, its `.cache/readinglist/` then damaged or forged the
ways an attacker or a crash would (a pickle that runs a command, a script planted in a stored
page, a link or a folder where a page was, truncated and empty files), and built again. Every
such build succeeds, says in one info line what it ignored, and publishes the site a build
without the cache makes; nothing planted reaches site/ and nothing runs.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
import os
import pickle
import re
import shutil
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import NamedTuple

import pytest

from generator import models
from generator.buildcache import Damaged, dumps, lastrun, loads
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


def _payload(project: Path) -> bytes:
    """The CBOR of the collection cache, checked against the SHA-256 written ahead of it."""
    data = (project / CACHE / "collection.cbor").read_bytes()
    assert hashlib.sha256(data[32:]).digest() == data[:32]
    return data[32:]


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


@pytest.mark.parametrize("name", ["collection.cbor", "collection.json", "collection.pickle"])
def test_a_crafted_pickle_in_the_cache_never_runs(project: Path, tmp_path: Path, name: str) -> None:
    marker = tmp_path / "pwned"
    (project / CACHE / name).write_bytes(pickle.dumps(Crafted(marker)))
    (project / "lists" / "a.txt").write_text(
        (project / "lists" / "a.txt").read_text("utf-8") + "\nWe add one more abstract.\n"
    )
    run_cli(project, "build")
    assert not marker.exists()
    assert loads(_payload(project), CACHED)  # written anew


def test_the_cache_holds_no_code(project: Path) -> None:
    names = sorted(p.relative_to(project / CACHE).parts[0] for p in (project / CACHE).iterdir())
    assert "templates" not in names and not any(n.endswith(".pickle") for n in names)
    loads(_payload(project), CACHED)


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


def test_a_link_in_place_of_the_pages_folder_is_replaced_never_followed(
    project: Path, tmp_path: Path
) -> None:
    """The store's folder a link to another folder: nothing there is read, stored or deleted;
    the link is removed and a real folder holds the pages again."""
    before = _site(project)
    pages = project / CACHE / "pages"
    elsewhere = Path(shutil.copytree(pages, tmp_path / "elsewhere"))
    (elsewhere / "notes.txt").write_text("mine")
    for page in elsewhere.glob("*.html"):  # taken from the store, these would be published
        page.write_text(page.read_text("utf-8").replace("<body", "<script>alert(1)</script><body"))
    index = json.loads((elsewhere / "index.json").read_text("utf-8"))
    for key in index:
        index[key] = hashlib.sha256((elsewhere / f"{key}.html").read_bytes()).hexdigest()
    (elsewhere / "index.json").write_text(json.dumps(index))
    there = {path.name: path.read_bytes() for path in elsewhere.iterdir()}
    shutil.rmtree(pages)
    pages.symlink_to(elsewhere)
    stderr = _rebuild(project)
    assert {path.name: path.read_bytes() for path in elsewhere.iterdir()} == there
    assert pages.is_dir() and not pages.is_symlink() and _stored(project)
    assert {k: v for k, v in _site(project).items() if k != "stale"} == before
    assert f"{pages}: not a folder: ignored, made again" in stderr


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
    collection = project / CACHE / "collection.cbor"
    collection.write_bytes(collection.read_bytes()[:1000])
    stderr = _rebuild(project)
    assert f"{collection}: damaged" in stderr
    assert {k: v for k, v in _site(project).items() if k != "stale"} == before
    for key in (truncated, empty, folder, unreadable):
        assert (pages / f"{key}.html").is_file() and not (pages / f"{key}.html").is_symlink()


@pytest.mark.parametrize("damage", ["folder", "empty", "link"])
def test_a_damaged_collection_cache_is_derived_again(project: Path, damage: str) -> None:
    collection = project / CACHE / "collection.cbor"
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


def test_damage_to_the_collection_cache_that_still_decodes_is_caught(project: Path) -> None:
    """An abstract's markup changed in the cached collection still decodes: the digest ahead
    of it catches it, and the markup is made again from lists/."""
    collection = project / CACHE / "collection.cbor"
    data = collection.read_bytes()
    assert b"<p>We introduce QuokkaNet" in data
    collection.write_bytes(data.replace(b"<p>We introduce QuokkaNet", b"<p>We introduce WombatNet"))
    lists = project / "lists" / "a.txt"
    lists.write_text(lists.read_text("utf-8") + "\nWe add one more abstract.\n")
    result = run_cli(project, "generate")
    docs = [path for path in (project / "docs").rglob("*") if path.is_file()]
    assert [path for path in docs if b"WombatNet" in path.read_bytes()] == []
    assert result.stderr.count(f"{collection}: damaged") == 1
    assert loads(_payload(project), CACHED)  # written anew


@pytest.mark.parametrize("entry", ["collection.cbor", "manifest.json"])
def test_a_link_at_an_entry_s_temporary_is_never_written_through(
    project: Path, tmp_path: Path, entry: str
) -> None:
    """The collection and the manifest's copy are entries of the cache, written the same way:
    a link planted at the temporary is replaced, never followed."""
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"mine")
    path = project / CACHE / entry
    temporary = path.with_name(path.name + ".readinglist-tmp")
    temporary.symlink_to(victim)
    lists = project / "lists" / "a.txt"  # a changed input: both entries are written again
    lists.write_text(lists.read_text("utf-8") + "\nWe add one more abstract.\n")
    run_cli(project, "generate")
    assert victim.read_bytes() == b"mine"
    assert path.is_file() and not path.is_symlink()
    assert not os.path.lexists(temporary)
    manifest = json.loads((project / CACHE / "manifest.json").read_text("utf-8"))
    assert manifest == json.loads((project / "docs" / ".readinglist-manifest.json").read_text())


def test_a_value_the_codec_refuses_is_a_warning_and_the_stale_cache_is_dropped(
    project: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Encoding fails after the pages are written: the build stands, the old cache goes."""
    collection = project / CACHE / "collection.cbor"
    last = lastrun.load(collection, CACHED)
    assert last is not None
    lastrun.store(collection, last._replace(memory={"a set": {1, 2}}), CACHED)
    assert not os.path.lexists(collection)
    why = "not plain data for the cache: set"
    # Its own logger's records only: once MkDocs' plugin has run in this process, it passes
    # the generator's records on to MkDocs' logger too (`_ToMkDocs`).
    said = [(r.levelname, r.getMessage()) for r in caplog.records if r.name == lastrun.log.name]
    assert said == [("WARNING", f"{collection}: not kept ({why}): the next run derives all again")]


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


def test_a_run_s_cache_reads_back_whole_types_included(project: Path) -> None:
    """What a real build kept reads back equal, every value of the very type it had (a tuple
    is never a list, a record never a plain tuple), and written again gives the same bytes."""
    data = _payload(project)
    last = loads(data, CACHED)
    assert isinstance(last[2], models.Collection) and type(last[3]).__name__ == "_Kept"
    assert _types(last) == _types(loads(dumps(last, CACHED), CACHED))
    assert dumps(last, CACHED) == data


def _types(value: object) -> object:
    """`value` with the type of every part beside it."""
    if isinstance(value, dict):
        return (type(value), [(_types(k), _types(v)) for k, v in value.items()])
    if isinstance(value, list | tuple):
        return (type(value), [_types(item) for item in value])
    if dataclasses.is_dataclass(value):
        return (type(value), [_types(getattr(value, f.name)) for f in dataclasses.fields(value)])
    return (type(value), value)


# The codec alone: what it makes of data, and what it refuses.
def test_the_codec_gives_back_what_it_was_given() -> None:
    paper = models.Paper("p1", "An abstract.", "An abstract.", "<p>An abstract.</p>", ("L",),
                         (models.Source(Path("lists/a.txt"), 3),), tags=("x",))  # fmt: skip
    value = {"papers": (paper,), (paper, "k"): [1, 2.5, None, True, ()], 3: {"t": ["m"]},
             "counted": Counter(a=2), "empty": ([], {}), "big": 2**70}  # fmt: skip
    back = loads(dumps(value, CACHED), CACHED)
    assert back == value and _types(back) == _types(value)


class _Unnamed(NamedTuple):
    """A record type the cache is not told of."""

    value: int


@dataclasses.dataclass(frozen=True)
class _UnnamedData:
    value: int


class _Words(list):
    pass


class _Index(dict):
    pass


@pytest.mark.parametrize(
    "value",
    [{1, 2}, datetime.date(2020, 1, 1), re.compile("a"), object(), _Unnamed(1),
     _UnnamedData(1), _Words([1]), _Index(a=1), Counter(a=_Unnamed(2)), b"bytes"],
)  # fmt: skip
def test_the_codec_writes_no_value_it_would_not_read(value: object) -> None:
    """Nothing is written that reads back as another type (a record not named as a tuple)."""
    with pytest.raises(TypeError, match="not plain data for the cache"):
        dumps({"a": [(value,)]}, CACHED)


@pytest.mark.parametrize(
    "data",
    [
        b'{"c": "Popen", "v": [["touch", "/tmp/x"]]}',  # the JSON codec's
        bytes.fromhex("d9c800d9c8ff80"),  # a tag of no type's
        bytes.fromhex("d9c800d9c8108101"),  # a record (Source) of too few values
        bytes.fromhex("d9c800d9c802a1d9c8018101f6"),  # an unhashable key (a list)
        bytes.fromhex("d9c800d8236161"),  # CBOR's own: a regular expression
        bytes.fromhex("d9c800c074323032302d30312d30315430303a30303a30305a"),  # a date
        bytes.fromhex("8101"),  # a plain array, not the tagged root
        bytes.fromhex("d9c800d9c80281"),  # truncated
        bytes.fromhex("d9c800d9c8016161"),  # a list tag around a string
        bytes.fromhex("d9c800d9c801a0"),  # a list tag around a map
        b"\x80\x04K\x01.",  # a pickle
        b"",
    ],
)
def test_the_codec_refuses_what_it_did_not_write(data: bytes) -> None:
    with pytest.raises(Damaged):
        loads(data, CACHED)


def test_storing_the_last_run_holds_its_payload_once(tmp_path: Path) -> None:
    """At whole-conference size the cached run is hundreds of megabytes: storing it makes its
    CBOR once, and does not copy it again to put the digest ahead of it."""
    from generator.buildcache.keys import code_digest

    collection = tuple(f"abstract {n} " * 500 for n in range(1_000))  # about 6 MB of CBOR
    last = lastrun.LastRun("key", code_digest(), collection, None, {})
    path = tmp_path / "collection.cbor"
    tracemalloc.start()
    try:
        held = tracemalloc.get_traced_memory()[0]
        lastrun.store(path, last, ())
        peak = tracemalloc.get_traced_memory()[1] - held
    finally:
        tracemalloc.stop()
    payload = path.stat().st_size
    assert peak < 1.5 * payload, (peak, payload)
    assert lastrun.load(path, ()) == last
