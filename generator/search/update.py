"""The last index updated for the pages whose built bytes changed, as a cold merge would write it.

When the site's indexed pages are the last index's (the same addresses, hence the same page
numbers), Pagefind indexes the changed pages alone, in a bundle of their own, and this
writes the new index from the last one (`ledger.py`): the chunks holding a changed page's
old or new words are decoded, the page's old entries taken out and its new ones put in, and
cut again as `merge.py` cuts them, until the cut meets one of the last index's again; every
other chunk, and the fragment of every unchanged page, is the last index's file, linked.
Filters and the meta file are small and written whole. The result is what `merge.py` writes
for the same pages, byte for byte (tests/test_search_shards.py, tests/test_incremental.py).

Raises `Stale` when an edit is not one it follows (a page's address or a meta field new to
the index, a page it held that Pagefind now leaves out): the caller indexes the site anew.
Knows Pagefind's index, nothing of the site.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cbor2

from generator.search import bundle as pf
from generator.search.chunks import (
    Chunker,
    ChunkRecord,
    Word,
    absolute,
    combined,
    encoded,
    held,
    size,
)
from generator.search.ledger import Ledger, read_words, rewrite_words
from generator.search.merge import (
    Shard,
    copy_files,
    page_record,
    words,
    write_fragments,
    write_meta,
)

Encoded = tuple[str, bytes, int]  # a word, its entry's encoding, its weight


class Stale(Exception):
    """The last index cannot be updated into this one."""


def update(last: Path, ledger: Ledger, bundle: Path, target: Path, words_file: Path, *,
           given: set[str]) -> Ledger:  # fmt: skip
    """Write into `target` the index of `last` (described by `ledger`) with the pages of
    `bundle` (Pagefind's index of the changed pages, at the addresses `given`) in place of
    their old selves, and into `words_file` each page's words; return its ledger."""
    changed = Shard.read(bundle)
    numbers = _numbers(ledger, changed)
    if left_out := given - {page.url for page in changed.pages}:
        raise Stale(f"a page Pagefind leaves out now: {sorted(left_out)[0]}")
    pages = list(ledger.pages)
    for page, (number, filters) in enumerate(zip(numbers, changed.filters(), strict=True)):
        pages[number] = page_record(changed, page, filters)
    if sorted({field for page in pages for field in page.fields}) != ledger.fields or not set(
        changed.meta[pf.META_FIELDS]
    ) <= set(ledger.fields):
        raise Stale("the pages' meta fields changed")
    copy_files(last, target)
    pages = write_fragments(pages, _fragments(last, ledger, changed, numbers), target,
                            ledger.language)  # fmt: skip
    new_words = list(words(changed, numbers, ledger.fields))
    page_words = _page_words(new_words, numbers)
    old_words = read_words(last, set(numbers))
    affected = {word[0] for word in new_words}.union(*old_words.values())
    chunker = Chunker(target / "index", ledger.language)
    _rechunk(ledger.chunks, last / "index", set(numbers), (affected, new_words), chunker)
    rewrite_words(last, words_file, page_words)
    updated = Ledger(
        ledger.language, ledger.version, ledger.fields, pages, chunker.records, files=ledger.files
    )  # the last's files, many kept: not hashed again
    write_meta(target, pf.read_entry(last), updated, chunker.meta())
    return updated


def _fragments(last: Path, ledger: Ledger, changed: Shard, numbers: list[int]) -> list[Path]:
    """Each page's fragment file, by page number: the changed pages' new ones."""
    sources = [last / "fragment" / f"{page.name}.pf_fragment" for page in ledger.pages]
    for page, (name, _words) in enumerate(changed.meta[pf.PAGES]):
        sources[numbers[page]] = changed.folder / "fragment" / f"{name}.pf_fragment"
    return sources


def _numbers(ledger: Ledger, changed: Shard) -> list[int]:
    """The changed pages' numbers in the index: those of their addresses."""
    if (changed.language, changed.meta[pf.VERSION]) != (ledger.language, ledger.version):
        raise Stale("another language or Pagefind version")
    numbers = {page.url: number for number, page in enumerate(ledger.pages)}
    try:
        return [numbers[page.url] for page in changed.pages]
    except KeyError as error:
        raise Stale(f"a page new to the index: {error}") from None


def _page_words(new_words: list[Word], numbers: list[int]) -> dict[int, list[str]]:
    """The changed pages' words (in order), by page number."""
    found: dict[int, list[str]] = {number: [] for number in numbers}
    for word in new_words:
        for number in {page[0] for page in held(word)}:
            found[number].append(word[0])
    return found


def _rechunk(chunks: list[ChunkRecord], folder: Path, changed: set[int],
             edit: tuple[set[str], list[Word]], chunker: Chunker) -> None:  # fmt: skip
    """The last index's chunks (in `folder`) again, with the edit: the words the changed
    pages held or hold (`affected`) and their new entries (`new`). A chunk holding none of
    those words, starting where a chunk starts, is copied; the others' words are cut again,
    each unaffected word as it was encoded."""
    affected, new = edit
    if not chunks:  # no chunk to put a new word in: the site is indexed anew
        raise Stale("the last index holds no words")
    firsts = [chunk.first for chunk in chunks]
    added: dict[int, list[Word]] = {}
    for entry in new:  # each to the chunk whose range it falls in (the first: before them all)
        added.setdefault(_chunk_of(firsts, entry[0]), []).append(entry)
    touched = {_chunk_of(firsts, word) for word in affected}
    for number, chunk in enumerate(chunks):
        if number not in touched and chunker.at_boundary:
            chunker.copy(chunk, folder)
            continue
        for word, data, weight in _patched(chunk.read(folder), affected, changed,
                                           added.get(number, [])):  # fmt: skip
            chunker.add_encoded(word, data, weight)
    chunker.flush()


def _chunk_of(firsts: list[str], word: str) -> int:
    return max(0, bisect.bisect_right(firsts, word) - 1)


def _patched(old: list[Encoded], affected: set[str], changed: set[int],
             new: list[Word]) -> Iterator[Encoded]:  # fmt: skip
    """A chunk's words without the changed pages' old entries, with their new ones: the
    others as they were encoded."""
    olds = ((item[0], 0, item) for item in old)
    news = ((word[0], 1, word) for word in new)
    for key, group in itertools.groupby(heapq.merge(olds, news), key=lambda entry: entry[0]):
        parts: dict[int, Any] = {tag: item for _, tag, item in group}
        if key not in affected:
            yield parts[0]
            continue
        entries = [word for word in (_old_entry(parts.get(0), changed), parts.get(1)) if word]
        if entries:
            word = combined(entries)
            yield key, encoded(word), size(word)


def _old_entry(item: Encoded | None, changed: set[int]) -> Word | None:
    return None if item is None else _without(absolute(cbor2.loads(item[1])), changed)


def _without(word: Word, changed: set[int]) -> Word | None:
    pages = [page for page in word[1] if page[0] not in changed]
    variants = [[form, kept] for form, more in word[2]
                if (kept := [page for page in more if page[0] not in changed])]  # fmt: skip
    return [word[0], pages, variants] if pages or variants else None
