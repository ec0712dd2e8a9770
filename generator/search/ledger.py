"""The last index, kept in the build cache with what it takes to update it.

The cache's `last/` folder holds the last merged bundle's files (hard links to the site's),
`words.jsonl` (line n: the words page n is found by) and `ledger.json`: for each page, by
number, its address, the hash of the built page it was indexed from, its fragment, word
count, filter values and meta fields; the pages Pagefind was given but left out (redirect
pages, pages that ask to be left out of search), each with the hash of its built bytes;
each chunk's record (`chunks.py`); and each file's
content hash, so that a file changed or lost since is found before anything is taken from
it (a damaged cache makes a cold index, never a wrong one). A file whose size, time and
inode are those recorded is not read again: a build after an edit reads no file it keeps.
A new `last/` is written beside the old and renamed into place.

Owns that folder; knows nothing of how an index is merged or updated.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import shutil
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

from generator.buildcache import read_entry
from generator.search import bundle as pf
from generator.search.chunks import ChunkRecord

log = logging.getLogger(__name__)

LAST = "last"
LEDGER = "ledger.json"
WORDS = "words.jsonl"
OWN = (LEDGER, WORDS)  # the cache's files, not the bundle's


@dataclass(frozen=True)
class PageRecord:
    url: str
    fragment: str  # the content hash of its fragment
    name: str  # its fragment's file name
    words: int
    filters: dict[str, list[str]]
    fields: list[str]  # the meta fields it has
    source: str = ""  # the hash of the built page it was indexed from


@dataclass(frozen=True)
class Ledger:
    language: str
    version: str
    fields: list[str]
    pages: list[PageRecord]  # by page number: in the order of their addresses
    chunks: list[ChunkRecord]
    settings: str = ""  # Pagefind, its options and this package's code, as indexed with
    files: dict[str, list] = dataclasses.field(default_factory=dict)  # path: [hash, stat]
    # The pages Pagefind was given and left out, by address: the hash of each one's bytes.
    skipped: dict[str, str] = dataclasses.field(default_factory=dict)

    def sourced(self, sources: dict[str, str], settings: str) -> Ledger:
        """The ledger with each page's source hash (`sources`: address -> hash, of every page
        Pagefind was given: those it did not index are the ones it skipped)."""
        pages = [dataclasses.replace(page, source=sources[page.url]) for page in self.pages]
        indexed = {page.url for page in pages}
        skipped = {url: digest for url, digest in sorted(sources.items()) if url not in indexed}
        return dataclasses.replace(self, pages=pages, settings=settings, skipped=skipped)

    def expected(self) -> set[str]:
        """The addresses of the pages this index was made from, indexed or skipped."""
        return {page.url for page in self.pages} | self.skipped.keys()


def load(cache: Path | None, settings: str) -> Ledger | None:
    """The last index's ledger, if it was made with `settings` and every file of the index
    is as written; None otherwise (and when there is none)."""
    folder = cache / LAST if cache is not None else None
    if folder is None or (data := read_entry(folder / LEDGER)) is None:  # a plain file only
        return None
    try:
        stored = json.loads(data.decode("utf-8"))
        if not _shaped(stored):
            log.info(
                "pagefind: the cached index's ledger is not one this code writes: indexed anew"
            )
            return None
        files = _verified(folder, stored["files"]) if stored["settings"] == settings else None
        if files is None:
            log.info("pagefind: the cached index is of other settings or damaged: indexed anew")
            return None
        return _ledger(stored, files)
    except (OSError, ValueError, KeyError, TypeError) as error:
        log.info("pagefind: the cached index is unreadable (%s): indexed anew", error)
        return None


def _shaped(stored: object) -> bool:
    """Whether `stored` has the shape `_dumped` writes, each value of its type: a ledger
    taken on is trusted by the code after it."""
    if not (isinstance(stored, dict) and stored.keys() == _KEYS):
        return False
    pages, chunks = stored["pages"], stored["chunks"]
    return (all(isinstance(stored[key], str) for key in ("settings", "language", "version"))
            and _strings(stored["fields"]) and _map_of(stored["skipped"], str)
            and _map_of(stored["files"], list)
            and isinstance(pages, list) and all(map(_page_shaped, pages))
            and isinstance(chunks, list) and all(map(_chunk_shaped, chunks)))  # fmt: skip


_KEYS = {"settings", "language", "version", "fields", "pages", "chunks", "skipped", "files"}
_PAGE = (str, str, str, int, dict, list, str)  # a PageRecord's fields, in order
_CHUNK = (str, str, list, list, list)  # a ChunkRecord's


def _page_shaped(page: object) -> bool:
    return (_row(page, _PAGE) and _map_of(page[4], list)
            and all(map(_strings, page[4].values())) and _strings(page[5]))  # fmt: skip


def _chunk_shaped(chunk: object) -> bool:
    return (_row(chunk, _CHUNK)
            and _strings(chunk[2]) and _ints(chunk[3]) and _ints(chunk[4]))  # fmt: skip


def _row(row: object, kinds: tuple[type, ...]) -> TypeGuard[list]:
    if not (isinstance(row, list) and len(row) == len(kinds)):
        return False
    return all(isinstance(value, kind) for value, kind in zip(row, kinds, strict=True))


def _map_of(value: object, kind: type) -> bool:
    return isinstance(value, dict) and all(isinstance(item, kind) for item in value.values())


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _ints(value: object) -> bool:
    return isinstance(value, list) and all(type(item) is int for item in value)


def _ledger(stored: dict, files: dict[str, list]) -> Ledger:
    pages = [PageRecord(*page) for page in stored["pages"]]
    chunks = [ChunkRecord(*chunk) for chunk in stored["chunks"]]
    return Ledger(stored["language"], stored["version"], stored["fields"], pages, chunks,
                  stored["settings"], files, stored["skipped"])  # fmt: skip


def _dumped(ledger: Ledger, files: dict[str, list]) -> str:
    pages = [[page.url, page.fragment, page.name, page.words, page.filters, page.fields,
              page.source] for page in ledger.pages]  # fmt: skip
    chunks = [[chunk.digest, chunk.name, chunk.words, chunk.weights, chunk.lengths]
              for chunk in ledger.chunks]  # fmt: skip
    return json.dumps({"settings": ledger.settings, "language": ledger.language,
                       "version": ledger.version, "fields": ledger.fields, "pages": pages,
                       "chunks": chunks, "skipped": ledger.skipped, "files": files},
                      separators=(",", ":"))  # fmt: skip


def store(cache: Path | None, bundle: Path, words: Path, ledger: Ledger) -> None:
    """`bundle` (the site's new index), its pages' `words` and its ledger as the cache's
    last index (the files it shares with the last, by inode, not read again)."""
    if cache is None:
        return
    cache.mkdir(parents=True, exist_ok=True)
    _prune(cache)
    new = Path(tempfile.mkdtemp(dir=cache, prefix=".new-"))
    for path in pf.files_under(bundle):
        pf.place(bundle / path, new / path)
    pf.place(words, new / WORDS)
    known = {record[1][2]: record for record in ledger.files.values()}
    files = {path: _record(new / path, known) for path in _paths(new)}
    (new / LEDGER).write_text(_dumped(ledger, files), encoding="utf-8")
    old = cache / LAST
    if old.exists():
        old.rename(Path(tempfile.mkdtemp(dir=cache, prefix=".old-")) / LAST)
    new.rename(old)
    _prune(cache)


def drop(cache: Path | None) -> None:
    """No last index (the site's index was not made by a merge this module can follow)."""
    if cache is not None and (cache / LAST).exists():
        shutil.rmtree(cache / LAST)


def write_words(path: Path, pages: Iterable[list[str]]) -> None:
    """Each page's words, a line a page, in the order of the page numbers."""
    with path.open("w", encoding="utf-8") as lines:
        lines.writelines(json.dumps(words, ensure_ascii=False) + "\n" for words in pages)


def read_words(folder: Path, numbers: set[int]) -> dict[int, list[str]]:
    """The words of the pages `numbers` in the last index in `folder`."""
    with (folder / WORDS).open(encoding="utf-8") as lines:
        return {n: json.loads(line) for n, line in enumerate(lines) if n in numbers}


def rewrite_words(folder: Path, path: Path, new: dict[int, list[str]]) -> None:
    """The last index's page words written to `path`, the pages of `new` with their new."""
    with (folder / WORDS).open(encoding="utf-8") as lines:
        write_words(path, (new[n] if n in new else json.loads(line)
                           for n, line in enumerate(lines)))  # fmt: skip


def _paths(folder: Path) -> list[str]:
    return [path for path in pf.files_under(folder) if path != LEDGER]


def _signature(path: Path) -> list[int]:
    stat = path.stat()
    return [stat.st_size, stat.st_mtime_ns, stat.st_ino]


def _record(path: Path, known: dict[int, list]) -> list:
    """[content hash, signature] of a file, the hash taken from `known` (by inode) when the
    file is the one recorded there."""
    signature = _signature(path)
    record = known.get(signature[2])
    if record is not None and record[1] == signature:
        return record
    return [hashlib.sha256(path.read_bytes()).hexdigest(), signature]


def _verified(folder: Path, files: dict[str, list]) -> dict[str, list] | None:
    """The records of `folder`'s files, if each holds what `files` says (the signature
    renewed for a file whose content is, but its signature not: a restored cache)."""
    if sorted(_paths(folder)) != sorted(files):
        return None
    verified = {}
    for path, (digest, signature) in files.items():
        record = _record(folder / path, {signature[2]: [digest, signature]})
        if record[0] != digest:
            return None
        verified[path] = record
    return verified


def _prune(cache: Path) -> None:
    """Anything but the last index: earlier ones, partial copies, an older cache's layout."""
    for entry in cache.iterdir():
        if entry.name != LAST:
            shutil.rmtree(entry, ignore_errors=True) if entry.is_dir() else entry.unlink()
