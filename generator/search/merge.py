"""The shards' Pagefind bundles merged into one, as one Pagefind run over all their pages.

Pagefind holds about 140 KB a page while it indexes, so the site is indexed in shards
(`shards.py`). The browser could merge shards itself (Pagefind's `mergeIndex`), but each
shard would then answer a word it lacks with its longest known beginning ("accordingly" as
"acc..."), and find pages that one index does not. Merged here instead, the reader's browser
gets one index: every word's pages from every shard, chunked and named as Pagefind does.
Pagefind scores pages in the browser from those very lists, so search finds and ranks as
with one Pagefind run. Pages are numbered in the order of their addresses, so the bundle
does not depend on the order a file system lists the pages in.

Streams the words in order (a merge of the shards' sorted chunks), holding one chunk of
each shard at a time. Knows Pagefind's index (through `bundle.py`), nothing of the site.
"""

from __future__ import annotations

import heapq
import itertools
import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.search import bundle as pf

CHUNK_SIZE = 20_000  # word positions a chunk, about: Pagefind's own `index_chunk_size`

# [word, [[page, positions, meta positions]], [[variant form, pages]]]: a word's entry
Word = list


@dataclass(frozen=True)
class Shard:
    folder: Path
    entry: dict
    language: str
    meta: list
    pages: list[tuple[str, str]]  # (address, content digest) of each page, by page number

    @classmethod
    def read(cls, folder: Path) -> Shard:
        entry = pf.read_entry(folder)
        if len(entry["languages"]) != 1:
            raise ValueError(f"{folder}: one language a shard, not {list(entry['languages'])}")
        [(language, about)] = entry["languages"].items()
        meta = pf.read(folder / f"pagefind.{about['hash']}.pf_meta")
        if meta[pf.SORTS]:
            raise ValueError(f"{folder}: sorted indexes are not merged")
        pages = [_page(folder / "fragment" / f"{name}.pf_fragment") for name, _ in meta[pf.PAGES]]
        return cls(folder, entry, language, meta, pages)


def _page(path: Path) -> tuple[str, str]:
    data = pf.payload(path)
    return json.loads(data)["url"], pf.full_hash(data)


def merge(folders: list[Path], target: Path) -> None:
    """Write into `target` the bundle of every page of the shards' bundles in `folders`
    (the first one's script, Wasm and UI files with it)."""
    shards = [Shard.read(folder) for folder in folders]
    first = shards[0]
    if any((s.language, s.meta[pf.VERSION]) != (first.language, first.meta[pf.VERSION])
           for s in shards):  # fmt: skip
        raise ValueError("shards of other languages or Pagefind versions are not merged")
    order = sorted((url, number, page) for number, shard in enumerate(shards)
                   for page, (url, _) in enumerate(shard.pages))  # fmt: skip
    renumber = [[0] * len(shard.pages) for shard in shards]
    for global_page, (_, number, page) in enumerate(order):
        renumber[number][page] = global_page
    _copy_files(first.folder, target)
    fields = sorted({field for shard in shards for field in shard.meta[pf.META_FIELDS]})
    meta = [first.meta[pf.VERSION], _fragments(shards, order, target / "fragment"),
            _chunks(shards, renumber, fields, target / "index"),
            _filters(shards, renumber, target / "filter"), [], fields]  # fmt: skip
    _write_meta(target, first, meta)


def _copy_files(folder: Path, target: Path) -> None:
    """The bundle's script, Wasm and UI: all but the index."""
    target.mkdir(parents=True, exist_ok=True)
    for part in ("index", "filter", "fragment"):
        (target / part).mkdir(exist_ok=True)
    for path in folder.iterdir():
        if path.name not in pf.INDEX_FILES and path.suffix != ".pf_meta":
            copy = shutil.copytree if path.is_dir() else shutil.copyfile
            copy(path, target / path.name)


def _fragments(shards: list[Shard], order: list, folder: Path) -> list[list]:
    """Each page's fragment, copied; the meta file's pages ([name, words]) in `order`."""
    names, pages = pf.Names(shards[0].language), []
    for _, number, page in order:
        shard = shards[number]
        old_name, words = shard.meta[pf.PAGES][page]
        name = names.name(shard.pages[page][1])
        if not (folder / f"{name}.pf_fragment").exists():
            source = shard.folder / "fragment" / f"{old_name}.pf_fragment"
            shutil.copyfile(source, folder / f"{name}.pf_fragment")
        pages.append([name, words])
    return pages


def _chunks(shards: list[Shard], renumber: list, fields: list, folder: Path) -> list[list]:
    """Every word of every shard, in order, written in chunks; the meta file's chunks."""
    streams = [
        _words(shard, numbers, fields) for shard, numbers in zip(shards, renumber, strict=True)
    ]
    merged = heapq.merge(*streams, key=lambda word: word[0])
    names, chunks, chunk, size = pf.Names(shards[0].language), [], [], 0
    for _, entries in itertools.groupby(merged, key=lambda word: word[0]):
        word = _combined(list(entries))
        chunk.append(_relative(word))
        size += _size(word)
        if size > CHUNK_SIZE:
            chunks.append(_write_chunk(chunk, names, folder))
            chunk, size = [], 0
    if chunk:
        chunks.append(_write_chunk(chunk, names, folder))
    return _trimmed(chunks)


def _words(shard: Shard, numbers: list[int], fields: list) -> Iterator[Word]:
    """The shard's words in order, page numbers absolute and the merged bundle's."""
    ids = [fields.index(field) for field in shard.meta[pf.META_FIELDS]]
    for _, _, name in shard.meta[pf.CHUNKS]:
        [words] = pf.read(shard.folder / "index" / f"{name}.pf_index")
        for word, pages, variants in words:
            yield [word, _absolute(pages, numbers, ids),
                   [[form, _absolute(more, numbers, ids)] for form, more in variants]]  # fmt: skip


def _absolute(pages: list, numbers: list[int], ids: list[int]) -> list:
    found, page = [], 0
    for delta, positions, meta_positions in pages:
        page += delta
        # a meta position list switches field with -(field + 1): the merged fields' ids
        meta = [-ids[-p - 1] - 1 if p < 0 else p for p in meta_positions]
        found.append([numbers[page], positions, meta])
    return sorted(found, key=lambda found_page: found_page[0])


def _combined(entries: list[Word]) -> Word:
    """One word's entries from several shards as one: pages in order, variants by form (in
    the order of their first page, as Pagefind lists them)."""
    pages = sorted((page for entry in entries for page in entry[1]), key=lambda p: p[0])
    forms: dict[str, list] = {}
    for entry in entries:
        for form, more in entry[2]:
            forms.setdefault(form, []).extend(more)
    variants = [[form, sorted(more, key=lambda p: p[0])] for form, more in forms.items()]
    variants.sort(key=lambda variant: (variant[1][0][0], variant[0]))
    return [entries[0][0], pages, variants]


def _relative(word: Word) -> Word:
    """The word's page numbers as Pagefind stores them: each less the one before."""

    def relative(pages: list) -> list:
        previous = [0, *(page[0] for page in pages)]
        return [
            [page[0] - before, *page[1:]] for page, before in zip(pages, previous, strict=False)
        ]

    return [word[0], relative(word[1]), [[form, relative(more)] for form, more in word[2]]]


def _size(word: Word) -> int:
    """A word's weight in a chunk, as Pagefind counts it."""
    pages = [*word[1], *(page for _, more in word[2] for page in more)]
    return sum(len(page[1]) + len(page[2]) + 1 for page in pages) + len(word[2])


def _write_chunk(chunk: list[Word], names: pf.Names, folder: Path) -> list:
    data = pf.encode([chunk])
    name = names.name(pf.full_hash(data))
    pf.write(folder / f"{name}.pf_index", data)
    return [chunk[0][0], chunk[-1][0], name]


def _trimmed(chunks: list[list]) -> list[list]:
    """Each chunk's first and last word cut to the shortest beginnings that still tell it
    from its neighbours, as Pagefind's meta file gives them."""
    for before, after in itertools.pairwise(chunks):
        common = len(list(itertools.takewhile(lambda pair: pair[0] == pair[1],
                                              zip(after[0], before[1], strict=False))))  # fmt: skip
        if before[1][: common + 1] >= before[0]:
            before[1] = before[1][: common + 1]
        after[0] = after[0][: common + 1]
    return chunks


def _filters(shards: list[Shard], renumber: list, folder: Path) -> list[list]:
    """Each filter's values from every shard, sorted, with their pages; the meta's filters."""
    values: dict[str, dict[str, list[int]]] = {}
    for shard, numbers in zip(shards, renumber, strict=True):
        for key, name in shard.meta[pf.FILTERS]:
            _, found = pf.read(shard.folder / "filter" / f"{name}.pf_filter")
            for value, pages in found:
                values.setdefault(key, {}).setdefault(value, []).extend(numbers[p] for p in pages)
    names, filters = pf.Names(shards[0].language), []
    for key in sorted(values):
        data = pf.encode(
            [key, [[value, sorted(pages)] for value, pages in sorted(values[key].items())]]
        )
        name = names.name(pf.full_hash(data))
        pf.write(folder / f"{name}.pf_filter", data)
        filters.append([key, name])
    return filters


def _write_meta(target: Path, first: Shard, meta: list) -> None:
    data = pf.encode(meta)
    name = f"{first.language}_{pf.full_hash(data)[: len(first.language) + 8]}"
    pf.write(target / f"pagefind.{name}.pf_meta", data)
    entry = json.loads(json.dumps(first.entry))
    entry["languages"][first.language].update(hash=name, page_count=len(meta[pf.PAGES]))
    pf.write_entry(target, entry)
