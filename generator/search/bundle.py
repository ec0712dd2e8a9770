"""Pagefind's bundle files (version 1.5): reading and writing them, and naming them as it does.

A bundle is `pagefind-entry.json` (JSON) naming a meta file per language, which names the
word index chunks, the filter files and the fragments (one a page). Each of those is gzip of
"pagefind_dcd" and a CBOR array; a file is named by the first hex digits of the SHA-1 of
what it holds (as Pagefind spells it). Knows the formats, nothing of the site or of shards.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import shutil
from pathlib import Path

import cbor2

PREFIX = b"pagefind_dcd"  # before the payload of every gzipped index file
ENTRY = "pagefind-entry.json"
INDEX_FILES = (ENTRY, "index", "filter", "fragment")  # and the meta files
# The meta file: [version, pages [[fragment, words]], chunks [[from, to, file]],
# filters [[filter, file]], sorts, meta fields]; a chunk: [[word, pages, variants]], a page
# there [page number (less the previous one's), word positions, meta positions]; a filter
# file: [filter, [[value, [page number]]]]; a fragment: the page's JSON (url, content, meta).
VERSION, PAGES, CHUNKS, FILTERS, SORTS, META_FIELDS = range(6)
DIGITS = 7  # of a chunk's, filter's or fragment's name; a meta file's: 8 + the language's
# Pagefind's own level is 9; the browser inflates any level alike, and 6 writes an index in
# about half the time for a few percent more bytes (bench/README.md). Fragments keep Pagefind's.
LEVEL = 6


def read(path: Path) -> list:
    """One of Pagefind's index files (meta, chunk, filter), decoded."""
    return cbor2.loads(payload(path))


def payload(path: Path) -> bytes:
    data = gzip.decompress(path.read_bytes())
    if not data.startswith(PREFIX):
        raise ValueError(f"{path}: not a Pagefind index file")
    return data[len(PREFIX) :]


def full_hash(data: bytes) -> str:
    """SHA-1 in hex as Pagefind writes it: a byte under 16 is one digit, not two."""
    return "".join(f"{byte:x}" for byte in hashlib.sha1(data).digest())


def encode(value: list) -> bytes:
    return cbor2.dumps(value)


def write(path: Path, data: bytes) -> None:
    """`data` (a payload) as Pagefind writes it: gzip, with no time in its header."""
    path.write_bytes(gzip.compress(PREFIX + data, compresslevel=LEVEL, mtime=0))


def files_under(folder: Path) -> list[str]:
    """The paths of the files under `folder`, relative to it, sorted (os.walk: at thousands
    of fragments pathlib's globbing cost more than the update it served)."""
    found = []
    for top, _folders, files in os.walk(folder):
        relative = os.path.relpath(top, folder).replace(os.sep, "/")
        found += [name if relative == "." else f"{relative}/{name}" for name in files]
    return sorted(found)


def place(source: Path, target: Path) -> None:
    """A file of one bundle put into another unchanged: hard-linked, no copy made (no file of
    a bundle is ever written in place: every one is written new, under its content's name)."""
    try:
        os.link(source, target)
    except FileNotFoundError:  # its folder, made the first time only: thousands are placed
        if not source.is_file():
            raise
        target.parent.mkdir(parents=True, exist_ok=True)
        place(source, target)
    except FileExistsError:
        raise  # never copied over: the file there may be another bundle's, linked
    except OSError:  # another file system, or no hard links there
        shutil.copyfile(source, target)


def read_entry(bundle: Path) -> dict:
    return json.loads((bundle / ENTRY).read_text(encoding="utf-8"))


def write_entry(bundle: Path, entry: dict) -> None:
    text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
    (bundle / ENTRY).write_text(text, encoding="utf-8")


class Names:
    """Short names unique in one folder: a name taken by other content grows a digit, as
    Pagefind's do (identical content shares its name)."""

    def __init__(self, language: str, digits: int = DIGITS) -> None:
        self.language, self.digits = language, digits
        self.taken: dict[str, str] = {}

    def name(self, digest: str) -> str:
        length = self.digits
        while (short := f"{self.language}_{digest[:length]}") in self.taken:
            if self.taken[short] == digest or length >= len(digest):
                return short
            length += 1
        self.taken[short] = digest
        return short
