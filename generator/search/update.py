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
the index): the caller indexes the site anew. Knows Pagefind's index, nothing of the site.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
from collections.abc import Iterable, Iterator
from pathlib import Path

from generator.search import bundle as pf
from generator.search.chunks import Chunker, ChunkRecord, Word, absolute, combined
from generator.search.ledger import Ledger
from generator.search.merge import (
    Shard,
    copy_files,
    page_record,
    words,
    write_fragments,
    write_meta,
)


class Stale(Exception):
    """The last index cannot be updated into this one."""


def update(last: Path, ledger: Ledger, bundle: Path, target: Path) -> Ledger:
    """Write into `target` the index of `last` (described by `ledger`) with the pages of
    `bundle` (Pagefind's index of the changed pages) in place of their old selves."""
    changed = Shard.read(bundle)
    numbers = _numbers(ledger, changed)
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
    chunker = Chunker(target / "index", ledger.language)
    new_words = words(changed, numbers, ledger.fields)
    _rechunk(ledger.chunks, last / "index", set(numbers), new_words, chunker)
    updated = Ledger(ledger.language, ledger.version, ledger.fields, pages, chunker.records)
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


def _rechunk(chunks: list[ChunkRecord], folder: Path, changed: set[int], new: Iterable[Word],
             chunker: Chunker) -> None:  # fmt: skip
    """The last index's chunks (in `folder`) again, the changed pages' words as `new` has
    them: a chunk that neither held a changed page nor holds a new word, starting where a
    chunk starts, is copied; the words of the others are cut again."""
    firsts = [chunk.first for chunk in chunks]
    added: dict[int, list[Word]] = {}
    for word in new:  # each to the chunk whose range it falls in (the first: before them all)
        added.setdefault(max(0, bisect.bisect_right(firsts, word[0]) - 1), []).append(word)
    held = {number for number, chunk in enumerate(chunks) if not changed.isdisjoint(chunk.pages)}
    touched = held | set(added)
    for number, chunk in enumerate(chunks):
        if number not in touched and chunker.at_boundary:
            chunker.copy(chunk, folder)
            continue
        for word in _patched(_stored(folder, chunk), changed, added.get(number, [])):
            chunker.add(word)
    chunker.flush()


def _stored(folder: Path, chunk: ChunkRecord) -> Iterator[Word]:
    [stored] = pf.read(folder / f"{chunk.name}.pf_index")
    return (absolute(word) for word in stored)


def _patched(old: Iterable[Word], changed: set[int], new: list[Word]) -> Iterator[Word]:
    """A chunk's words without the changed pages' old entries, with their new ones."""
    kept = (word for word in (_without(word, changed) for word in old) if word is not None)
    merged = heapq.merge(kept, new, key=lambda word: word[0])
    for _, entries in itertools.groupby(merged, key=lambda word: word[0]):
        yield combined(list(entries))


def _without(word: Word, changed: set[int]) -> Word | None:
    pages = [page for page in word[1] if page[0] not in changed]
    variants = [[form, kept] for form, more in word[2]
                if (kept := [page for page in more if page[0] not in changed])]  # fmt: skip
    return [word[0], pages, variants] if pages or variants else None
