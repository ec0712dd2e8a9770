"""Pagefind's bundle made the same for the same pages: its filter files in a fixed order.

Pagefind 1.5.2 writes each filter's values in the iteration order of a Rust hash map, which
is seeded at random in every run. The same pages then give a filter file of other bytes, so
of another name (its content hash), named by another meta file, named in turn by another
`pagefind-entry.json`: every deploy rewrote them, and no build could be checked against
another. The word index chunks and the fragments are stable already.

Owns putting those three right after Pagefind has written a bundle: each filter's values
sorted by value (as Pagefind's own later code does), each rewritten file named as Pagefind
names it (the first hex digits of the SHA-1 of its CBOR payload). A bundle whose filters are
sorted already is left as it is. Knows Pagefind's file formats and nothing of the site.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import cbor2

PREFIX = b"pagefind_dcd"  # before the CBOR payload of every gzipped index file
META_FILTERS = 3  # the meta file is a CBOR array: version, pages, chunks, filters, ...
FILTER_HASH_DIGITS = 7  # as Pagefind shortens its file names; meta files: 8 + the language's


def stabilise(bundle: Path) -> None:
    """Rewrite the bundle's filter files with their values sorted, and the files naming them."""
    entry_path = bundle / "pagefind-entry.json"
    entry = json.loads(entry_path.read_text(encoding="utf-8"))
    changed = [_stabilise_language(bundle, language, about)
               for language, about in entry["languages"].items()]  # fmt: skip
    if any(changed):
        text = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
        entry_path.write_text(text, encoding="utf-8")


def _stabilise_language(bundle: Path, language: str, about: dict) -> bool:
    """One language's filters sorted, its meta file renamed in `about`; False if unchanged."""
    meta_path = bundle / f"pagefind.{about['hash']}.pf_meta"
    meta = read(meta_path)
    filters = meta[META_FILTERS]  # [[filter, file name], ...]
    renamed = [[key, _sort_filter(bundle / "filter", language, name)] for key, name in filters]
    if renamed == filters:
        return False
    meta[META_FILTERS] = renamed
    meta_path.unlink()
    digits = len(language) + 8
    about["hash"] = _write_named(bundle, "pagefind.{}.pf_meta", language, meta, digits)
    return True


def read(path: Path) -> list:
    """One of Pagefind's index files (meta, filter, word chunk), decoded."""
    data = gzip.decompress(path.read_bytes())
    if not data.startswith(PREFIX):
        raise ValueError(f"{path}: not a Pagefind index file")
    return cbor2.loads(data[len(PREFIX) :])


def _sort_filter(folder: Path, language: str, name: str) -> str:
    """The filter file's name once its values are sorted (its own name if they were)."""
    path = folder / f"{name}.pf_filter"
    key, values = read(path)
    ordered = sorted(values, key=lambda value: value[0])
    if ordered == values:
        return name
    path.unlink()
    return _write_named(folder, "{}.pf_filter", language, [key, ordered], FILTER_HASH_DIGITS)


def _write_named(folder: Path, pattern: str, language: str, value: list, digits: int) -> str:
    payload = cbor2.dumps(value)
    name = f"{language}_{hashlib.sha1(payload).hexdigest()[:digits]}"
    data = gzip.compress(PREFIX + payload, compresslevel=9, mtime=0)
    (folder / pattern.format(name)).write_bytes(data)
    return name
