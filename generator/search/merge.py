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
each shard at a time, and returns the ledger of what it wrote (`ledger.py`), from which
`update.py` changes the index for edited pages. The files beside the chunks (fragments,
filters, the meta file) are written by functions `update.py` shares. Knows Pagefind's index
(through `bundle.py`), nothing of the site.
"""

from __future__ import annotations

import dataclasses
import heapq
import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.search import bundle as pf
from generator.search.chunks import Chunker, Word, combined, held
from generator.search.ledger import OWN, Ledger, PageRecord, write_words


@dataclass(frozen=True)
class Page:
    url: str
    fragment: str  # the content hash of its fragment
    fields: list[str]


@dataclass(frozen=True)
class Shard:
    folder: Path
    entry: dict
    language: str
    meta: list
    pages: list[Page]  # by page number

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

    def filters(self) -> list[dict[str, list[str]]]:
        """Each page's filter values, by page number."""
        found: list[dict[str, list[str]]] = [{} for _ in self.pages]
        for key, name in self.meta[pf.FILTERS]:
            _, values = pf.read(self.folder / "filter" / f"{name}.pf_filter")
            for value, pages in values:
                for page in pages:
                    found[page].setdefault(key, []).append(value)
        return found


def _page(path: Path) -> Page:
    data = pf.payload(path)
    return Page(json.loads(data)["url"], pf.full_hash(data), sorted(json.loads(data)["meta"]))


def merge(folders: list[Path], target: Path, words_file: Path) -> Ledger:
    """Write into `target` the bundle of every page of the shards' bundles in `folders`
    (the first one's script, Wasm and UI files with it), and into `words_file` each page's
    words (`ledger.write_words`); return its ledger."""
    shards = [Shard.read(folder) for folder in folders]
    first = shards[0]
    if any((s.language, s.meta[pf.VERSION]) != (first.language, first.meta[pf.VERSION])
           for s in shards):  # fmt: skip
        raise ValueError("shards of other languages or Pagefind versions are not merged")
    order = sorted((page.url, number, index) for number, shard in enumerate(shards)
                   for index, page in enumerate(shard.pages))  # fmt: skip
    renumber = [[0] * len(shard.pages) for shard in shards]
    for global_page, (_, number, page) in enumerate(order):
        renumber[number][page] = global_page
    copy_files(first.folder, target)
    fields = sorted({field for shard in shards for field in shard.meta[pf.META_FIELDS]})
    sources = [_fragment(shards[number], page) for _, number, page in order]
    pages = write_fragments(_pages(shards, order), sources, target, first.language)
    chunker = Chunker(target / "index", first.language)
    page_words: list[list[str]] = [[] for _ in pages]
    for word in _merged(shards, renumber, fields):
        chunker.add(word)
        for number in {page[0] for page in held(word)}:
            page_words[number].append(word[0])
    chunker.flush()
    write_words(words_file, page_words)
    ledger = Ledger(first.language, first.meta[pf.VERSION], fields, pages, chunker.records)
    write_meta(target, first.entry, ledger, chunker.meta())
    return ledger


def copy_files(folder: Path, target: Path) -> None:
    """The bundle's script, Wasm and UI, linked: all but the index (and a cached index's
    ledger)."""
    for part in ("index", "filter", "fragment"):
        (target / part).mkdir(parents=True, exist_ok=True)
    for path in pf.files_under(folder):
        top = path.split("/")[0]
        if top not in (*pf.INDEX_FILES, *OWN) and not path.endswith(".pf_meta"):
            pf.place(folder / path, target / path)


def _pages(shards: list[Shard], order: list) -> list[PageRecord]:
    filters = [shard.filters() for shard in shards]
    return [page_record(shards[number], page, filters[number][page]) for _, number, page in order]


def page_record(shard: Shard, page: int, filters: dict[str, list[str]]) -> PageRecord:
    """The ledger's record of a page of `shard` (its fragment's name to be given)."""
    about = shard.pages[page]
    return PageRecord(about.url, about.fragment, "", shard.meta[pf.PAGES][page][1],
                      {key: sorted(values) for key, values in sorted(filters.items())},
                      about.fields)  # fmt: skip


def _fragment(shard: Shard, page: int) -> Path:
    return shard.folder / "fragment" / f"{shard.meta[pf.PAGES][page][0]}.pf_fragment"


def write_fragments(pages: list[PageRecord], sources: list[Path], target: Path,
                    language: str) -> list[PageRecord]:  # fmt: skip
    """Each page's fragment (`sources`, by page number) placed under its name; the pages
    with their fragments' names."""
    names, named = pf.Names(language), []
    for page, source in zip(pages, sources, strict=True):
        name = names.name(page.fragment)
        if not (target / "fragment" / f"{name}.pf_fragment").exists():
            pf.place(source, target / "fragment" / f"{name}.pf_fragment")
        named.append(dataclasses.replace(page, name=name))
    return named


def _merged(shards: list[Shard], renumber: list, fields: list) -> Iterator[Word]:
    """Every word of every shard, in order, each once."""
    streams = [
        words(shard, numbers, fields) for shard, numbers in zip(shards, renumber, strict=True)
    ]
    merged = heapq.merge(*streams, key=lambda word: word[0])
    for _, entries in itertools.groupby(merged, key=lambda word: word[0]):
        yield combined(list(entries))


def words(shard: Shard, numbers: list[int], fields: list) -> Iterator[Word]:
    """The shard's words in order, page numbers absolute and the merged bundle's."""
    ids = [fields.index(field) for field in shard.meta[pf.META_FIELDS]]
    for _, _, name in shard.meta[pf.CHUNKS]:
        [stored] = pf.read(shard.folder / "index" / f"{name}.pf_index")
        for word, pages, variants in stored:
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


def write_filters(ledger: Ledger, folder: Path) -> list[list]:
    """Each filter's values, sorted, with their pages; the meta file's filters."""
    values: dict[str, dict[str, list[int]]] = {}
    for number, page in enumerate(ledger.pages):
        for key, values_of_page in page.filters.items():
            for value in values_of_page:
                values.setdefault(key, {}).setdefault(value, []).append(number)
    names, filters = pf.Names(ledger.language), []
    for key in sorted(values):
        data = pf.encode([key, [[value, pages] for value, pages in sorted(values[key].items())]])
        name = names.name(pf.full_hash(data))
        pf.write(folder / f"{name}.pf_filter", data)
        filters.append([key, name])
    return filters


def write_meta(target: Path, entry: dict, ledger: Ledger, chunks: list[list]) -> None:
    """The meta file (pages, chunks, filters) and the entry file naming it."""
    pages = [[page.name, page.words] for page in ledger.pages]
    filters = write_filters(ledger, target / "filter")
    data = pf.encode([ledger.version, pages, chunks, filters, [], ledger.fields])
    language = ledger.language
    name = f"{language}_{pf.full_hash(data)[: len(language) + 8]}"
    pf.write(target / f"pagefind.{name}.pf_meta", data)
    entry = json.loads(json.dumps(entry))
    entry["languages"][language].update(hash=name, page_count=len(pages))
    pf.write_entry(target, entry)
