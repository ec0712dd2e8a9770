"""The words of an index, in order, cut into chunk files as Pagefind cuts them.

A word's entry is `[word, pages, variants]`, a page `[page number, positions, meta
positions]`. Here page numbers are absolute (the merged index's); a chunk file stores each
less the one before (`relative`). Cutting is greedy: a chunk ends after the word that takes
its weight past `CHUNK_SIZE`, so a chunk depends only on where it starts and on its words:
an update that starts a chunk where the last index started one, with the same words, gets
that chunk again and may copy its file (`Chunker.copy`). A chunk's CBOR is its words'
encodings one after the other, so each chunk's record keeps its words, their weights and
the length of each one's encoding: an update re-encodes only the words an edit changed,
and takes the others' bytes as they were.

Knows Pagefind's chunk format (through `bundle.py`); nothing of shards, the site or the cache.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from pathlib import Path

from generator.search import bundle as pf

CHUNK_SIZE = 20_000  # word positions a chunk, about: Pagefind's own `index_chunk_size`

# [word, [[page, positions, meta positions]], [[variant form, pages]]]: a word's entry
Word = list


@dataclass(frozen=True)
class ChunkRecord:
    """A written chunk: content hash, file name, and its words in order, with the weight of
    each and the length of its encoding in the file."""

    digest: str
    name: str
    words: list[str]
    weights: list[int]
    lengths: list[int]

    @property
    def first(self) -> str:
        return self.words[0]

    @property
    def last(self) -> str:
        return self.words[-1]

    def read(self, folder: Path) -> list[tuple[str, bytes, int]]:
        """The chunk's words, each with its encoding and weight."""
        data = pf.payload(folder / f"{self.name}.pf_index")
        at = len(_array(1)) + len(_array(len(self.words)))
        found = []
        for word, weight, length in zip(self.words, self.weights, self.lengths, strict=True):
            found.append((word, data[at : at + length], weight))
            at += length
        if at != len(data):
            raise ValueError(f"{self.name}: not the chunk the ledger describes")
        return found


class Chunker:
    """Words given in order, written into `folder` in chunks; `records` lists them."""

    def __init__(self, folder: Path, language: str) -> None:
        self.folder, self.names = folder, pf.Names(language)
        self.records: list[ChunkRecord] = []
        self.words: list[tuple[str, bytes, int]] = []
        self.size = 0

    @property
    def at_boundary(self) -> bool:
        """Whether the next word would start a chunk."""
        return not self.words

    def add(self, word: Word) -> None:
        self.add_encoded(word[0], encoded(word), size(word))

    def add_encoded(self, word: str, data: bytes, weight: int) -> None:
        """A word by its encoding (`encoded`) and weight (`size`)."""
        self.words.append((word, data, weight))
        self.size += weight
        if self.size > CHUNK_SIZE:
            self.flush()

    def flush(self) -> None:
        """The words given since the last chunk, written as one (the last chunk of all)."""
        if not self.words:
            return
        words, encodings, weights = (list(column) for column in zip(*self.words, strict=True))
        data = b"".join([_array(1), _array(len(words)), *encodings])
        digest = pf.full_hash(data)
        name = self.names.name(digest)
        pf.write(self.folder / f"{name}.pf_index", data)
        lengths = [len(encoding) for encoding in encodings]
        self.records.append(ChunkRecord(digest, name, words, weights, lengths))
        self.words, self.size = [], 0

    def copy(self, record: ChunkRecord, folder: Path) -> None:
        """A chunk of the last index, the same words from the same start: its file again."""
        assert self.at_boundary
        name = self.names.name(record.digest)
        pf.place(folder / f"{record.name}.pf_index", self.folder / f"{name}.pf_index")
        self.records.append(dataclasses.replace(record, name=name))

    def meta(self) -> list[list]:
        """The meta file's chunks: [first, last, file], the words cut short as Pagefind does."""
        return trimmed([[record.first, record.last, record.name] for record in self.records])


def encoded(word: Word) -> bytes:
    """A word's entry as a chunk file holds it (CBOR, page numbers relative)."""
    return pf.encode(relative(word))


def _array(length: int) -> bytes:
    """The head of a CBOR array of `length` items (major type 4), as cbor2 writes it."""
    if length < 24:
        return bytes([0x80 + length])
    for code, width in ((0x98, 1), (0x99, 2), (0x9A, 4)):
        if length < 1 << (8 * width):
            return bytes([code]) + length.to_bytes(width, "big")
    return b"\x9b" + length.to_bytes(8, "big")


def held(word: Word) -> list:
    """The word's pages, its variants' too."""
    return [*word[1], *(page for _, more in word[2] for page in more)]


def combined(entries: list[Word]) -> Word:
    """One word's entries from several sources as one: pages in order, variants by form (in
    the order of their first page, as Pagefind lists them)."""
    pages = sorted((page for entry in entries for page in entry[1]), key=lambda p: p[0])
    forms: dict[str, list] = {}
    for entry in entries:
        for form, more in entry[2]:
            forms.setdefault(form, []).extend(more)
    variants = [[form, sorted(more, key=lambda p: p[0])] for form, more in forms.items()]
    variants.sort(key=lambda variant: (variant[1][0][0], variant[0]))
    return [entries[0][0], pages, variants]


def relative(word: Word) -> Word:
    """The word's page numbers as Pagefind stores them: each less the one before."""

    def relative(pages: list) -> list:
        previous = [0, *(page[0] for page in pages)]
        return [
            [page[0] - before, *page[1:]] for page, before in zip(pages, previous, strict=False)
        ]

    return [word[0], relative(word[1]), [[form, relative(more)] for form, more in word[2]]]


def absolute(word: Word) -> Word:
    """A stored word's page numbers back as numbers (the inverse of `relative`)."""

    def absolute(pages: list) -> list:
        numbers = itertools.accumulate(page[0] for page in pages)
        return [[number, *page[1:]] for number, page in zip(numbers, pages, strict=True)]

    return [word[0], absolute(word[1]), [[form, absolute(more)] for form, more in word[2]]]


def size(word: Word) -> int:
    """A word's weight in a chunk, as Pagefind counts it."""
    return sum(len(page[1]) + len(page[2]) + 1 for page in held(word)) + len(word[2])


def trimmed(chunks: list[list]) -> list[list]:
    """Each chunk's first and last word cut to the shortest beginnings that still tell it
    from its neighbours, as Pagefind's meta file gives them."""
    for before, after in itertools.pairwise(chunks):
        common = len(list(itertools.takewhile(lambda pair: pair[0] == pair[1],
                                              zip(after[0], before[1], strict=False))))  # fmt: skip
        if before[1][: common + 1] >= before[0]:
            before[1] = before[1][: common + 1]
        after[0] = after[0][: common + 1]
    return chunks
