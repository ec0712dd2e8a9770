"""The search index built in shards (generator/search/shards.py) and merged into one
(merge.py), on the shipped lists built for real: each page in one shard, kept there by its
address; the merged index holding what Pagefind's own index of every page holds, whatever
the number of shards, byte for byte; edited pages alone given to Pagefind and the last index
updated for them (update.py), giving the bytes of a cold index, however the edit moves the
cuts between chunks; pages Pagefind skips (redirects) kept as skipped, so an edit beside them
updates the index too; a damaged or lost cache giving a cold index; filters sorted and files
named by their content."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import cbor2
import pytest

from generator.buildcache import Layout
from generator.search import build_pagefind, chunks, shards
from generator.search import bundle as pf
from generator.search.pagefind import _index, indexed_pages
from tests.conftest import REPO, copy_project, run_cli
from tests.golden_tree import files_of

SMALL = 30  # pages a shard: the shipped lists' 110 indexed pages make 4 shards


@pytest.fixture
def site(seed_site: Path, tmp_path: Path) -> Path:
    """A copy of the seed site, to index again."""
    return Path(shutil.copytree(seed_site / "site", tmp_path / "site"))


def test_every_page_is_in_one_shard_and_stays_there_as_pages_are_added() -> None:
    pages = [f"papers/p{n}/index.html" for n in range(300)]
    planned = shards.plan(pages, shard_pages=100)
    assert len(planned) == 4 and sorted(p for shard in planned for p in shard) == sorted(pages)
    assert all(40 <= len(shard) <= 110 for shard in planned), [len(s) for s in planned]
    more = shards.plan([*pages, "papers/new/index.html"], shard_pages=100)
    assert [[p for p in shard if p in pages] for shard in more] == planned
    assert shards.shard_count(401, shard_pages=100) == 8
    assert shards.plan([]) == [[]]


def test_an_index_built_in_shards_is_the_index_built_whole(site: Path, tmp_path: Path) -> None:
    whole = Path(shutil.copytree(site, tmp_path / "whole"))
    build_pagefind(whole)
    assert len(shards.plan(indexed_pages(site), shard_pages=SMALL)) == 4
    assert build_pagefind(site, shard_pages=SMALL) == len(indexed_pages(site))
    assert files_of(site / "pagefind") == files_of(whole / "pagefind")


def test_the_merged_index_holds_what_pagefinds_own_index_of_every_page_holds(
    site: Path, tmp_path: Path
) -> None:
    """Pagefind run once over every page, against the merge of 4 shards: the same fragments
    (named alike), the same chunks of words, every word on the same pages at the same
    positions; only the pages' numbers differ (ours follow the addresses)."""
    pages = indexed_pages(site)
    for page in pages:
        (tmp_path / "all" / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(site / page, tmp_path / "all" / page)
    _index(tmp_path / "all", tmp_path / "own")
    build_pagefind(site, shard_pages=SMALL)
    own, merged = _meta(tmp_path / "own"), _meta(site / "pagefind")
    assert sorted(own[pf.PAGES]) == sorted(merged[pf.PAGES]) and len(merged[pf.PAGES]) == len(pages)
    assert [c[:2] for c in own[pf.CHUNKS]] == [c[:2] for c in merged[pf.CHUNKS]]
    assert _postings(tmp_path / "own") == _postings(site / "pagefind")
    assert own[pf.META_FIELDS] == merged[pf.META_FIELDS]
    assert sorted(_filter(tmp_path / "own")) == _filter(site / "pagefind")


def test_an_edited_page_alone_is_indexed_again_and_the_index_is_a_cold_ones(
    site: Path, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == len(indexed_pages(site))
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == 0, "nothing changed"
    _edit(_paper(site, 0), "Zyxwvut")
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == 1
    assert files_of(site / "pagefind") == files_of(_cold(site, tmp_path))
    assert "zyxwvut" in _postings(site / "pagefind")
    assert [path.name for path in cache.iterdir()] == ["last"], "one index kept, the last"


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(lambda text: " ".join(f"zq{n:04d}x" for n in range(4_000)), id="words added"),
        pytest.param(lambda text: "", id="words removed"),
        pytest.param(lambda text: f"{text} theta and model", id="words changed"),
    ],
)
def test_edits_that_move_the_cuts_between_chunks_update_to_a_cold_index(
    site: Path, tmp_path: Path, edit: Callable[[str], str]
) -> None:
    """Thousands of words more or fewer shift where chunks end, to the last chunk; three
    pages edited at once, one of them the first and one the last of the index."""
    cache = tmp_path / "cache"
    build_pagefind(site, cache=cache, shard_pages=SMALL)
    pages = sorted((site / "papers").glob("*/index.html"))
    for page in (pages[0], pages[len(pages) // 2], pages[-1]):
        _edit(page, edit(_paragraph(page)), replace=True)
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == 3
    assert files_of(site / "pagefind") == files_of(_cold(site, tmp_path))


def test_a_page_added_or_removed_indexes_the_site_anew(site: Path, tmp_path: Path) -> None:
    """Every later page's number changes: every chunk would."""
    cache = tmp_path / "cache"
    build_pagefind(site, cache=cache, shard_pages=SMALL)
    added = site / "papers" / "aaa-new" / "index.html"
    added.parent.mkdir()
    shutil.copyfile(_paper(site, 1), added)
    _edit(added, "Zyxadded")
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == len(indexed_pages(site))
    assert files_of(site / "pagefind") == files_of(_cold(site, tmp_path / "1"))
    shutil.rmtree(added.parent)
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == len(indexed_pages(site))
    assert files_of(site / "pagefind") == files_of(_cold(site, tmp_path / "2"))


def _reshape(last: Path, **values: object) -> None:
    """The ledger with `values` in place of its own: JSON still, of another shape."""
    ledger = json.loads((last / "ledger.json").read_text("utf-8"))
    (last / "ledger.json").write_text(json.dumps({**ledger, **values}), encoding="utf-8")


def _linked_ledger(last: Path) -> None:
    """The ledger, whole, read through a link: a link in the cache is never followed."""
    kept = last.parent / "elsewhere.json"
    (last / "ledger.json").rename(kept)
    (last / "ledger.json").symlink_to(kept)


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda last: next((last / "index").iterdir()).write_bytes(b"x"), id="chunk"),
        pytest.param(lambda last: next((last / "fragment").iterdir()).unlink(), id="fragment"),
        pytest.param(lambda last: (last / "ledger.json").write_text("{"), id="ledger"),
        pytest.param(lambda last: _reshape(last, skipped=["/a/"]), id="skipped-a-list"),
        pytest.param(lambda last: _reshape(last, skipped={"/a/": 1}), id="skipped-not-str"),
        pytest.param(lambda last: _reshape(last, pages=[["/a/"]]), id="page-short"),
        pytest.param(_linked_ledger, id="ledger-a-link"),
        pytest.param(lambda last: shutil.rmtree(last), id="lost"),
    ],
)
def test_a_damaged_or_lost_cache_gives_a_cold_index(
    site: Path, tmp_path: Path, damage: Callable[[Path], object]
) -> None:
    cache = tmp_path / "cache"
    build_pagefind(site, cache=cache, shard_pages=SMALL)
    damage(cache / "last")
    _edit(_paper(site, 0), "Zyxwvut")
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == len(indexed_pages(site))
    assert files_of(site / "pagefind") == files_of(_cold(site, tmp_path))
    _edit(_paper(site, 0), "Zyxagain")
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == 1, "the cache is whole again"


REDIRECT = (
    '<!doctype html><html lang="en"><head><meta http-equiv="refresh" content="0; url={0}">'
    '</head><body><p>Moved to <a href="{0}">a new address</a>.</p></body></html>'
)


def test_pages_pagefind_skips_are_expected_and_an_edit_beside_them_updates_the_index(
    site: Path, tmp_path: Path
) -> None:
    """A redirect page is given to Pagefind, which leaves it out: the last index is kept
    with it as skipped, and an edited paper is indexed alone. The redirect changed, or a
    page Pagefind indexed turned into one (alone or beside an edit), indexes the site anew."""
    cache, every = tmp_path / "cache", len(indexed_pages(site)) + 1
    gone = site / "topics" / "gone" / "index.html"
    gone.parent.mkdir()
    gone.write_text(REDIRECT.format("../"), encoding="utf-8")
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == every
    assert "/topics/gone/" not in _urls(site / "pagefind")
    _edit(_paper(site, 0), "Zyxwvut")
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == 1
    assert files_of(site / "pagefind") == files_of(_cold(site, tmp_path / "edited"))
    gone.write_text(REDIRECT.format("../../"), encoding="utf-8")
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == every
    assert files_of(site / "pagefind") == files_of(_cold(site, tmp_path / "moved"))
    _paper(site, 1).write_text(REDIRECT.format("../"), encoding="utf-8")
    _edit(_paper(site, 2), "Zyxbeside")
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == every
    assert files_of(site / "pagefind") == files_of(_cold(site, tmp_path / "beside"))
    _paper(site, 3).write_text(REDIRECT.format("../"), encoding="utf-8")
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == every
    assert files_of(site / "pagefind") == files_of(_cold(site, tmp_path / "alone"))
    _edit(_paper(site, 4), "Zyxagain")
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == 1, "three skipped now"


def _paper(site: Path, number: int) -> Path:
    return sorted((site / "papers").glob("*/index.html"))[number]


def _paragraph(page: Path) -> str:
    """The paper's own first paragraph (not the theme's)."""
    text = page.read_text(encoding="utf-8")
    at = text.index("<p>", text.index("rl-page--paper")) + 3
    return text[at : text.index("</p>", at)]


def _edit(page: Path, words: str, *, replace: bool = False) -> None:
    """`words` put at the start of the paper's first paragraph (`replace`: for it)."""
    text, old = page.read_text(encoding="utf-8"), _paragraph(page)
    new = words if replace else f"{words} {old}"
    page.write_text(text.replace(f"<p>{old}</p>", f"<p>{new}</p>", 1), "utf-8")


def _cold(site: Path, tmp_path: Path) -> Path:
    """The site indexed from nothing, in a copy."""
    cold = Path(shutil.copytree(site, tmp_path / "cold", ignore=shutil.ignore_patterns("pagefind")))
    build_pagefind(cold, shard_pages=SMALL)
    return cold / "pagefind"


def test_filters_are_sorted_and_files_named_by_their_content(site: Path) -> None:
    build_pagefind(site)
    bundle = site / "pagefind"
    values = [value for value, _pages in _filter(bundle)]
    assert len(values) == 76 and values == sorted(values)
    meta_name = pf.read_entry(bundle)["languages"]["en"]["hash"]
    [[key, name]] = _meta(bundle)[pf.FILTERS]
    assert key == "paper"
    filter_data = pf.payload(bundle / "filter" / f"{name}.pf_filter")
    assert name == "en_" + pf.full_hash(filter_data)[:7]
    meta_data = pf.payload(bundle / f"pagefind.{meta_name}.pf_meta")
    assert meta_name == "en_" + pf.full_hash(meta_data)[:10]


def _meta(bundle: Path) -> list:
    name = pf.read_entry(bundle)["languages"]["en"]["hash"]
    return pf.read(bundle / f"pagefind.{name}.pf_meta")


def _urls(bundle: Path) -> list[str]:
    return [json.loads(pf.payload(bundle / "fragment" / f"{name}.pf_fragment"))["url"]
            for name, _words in _meta(bundle)[pf.PAGES]]  # fmt: skip


def _postings(bundle: Path) -> dict[str, list]:
    """Word -> [(page address, positions, meta positions)], variants the same way."""
    urls, found = _urls(bundle), {}
    for _, _, name in _meta(bundle)[pf.CHUNKS]:
        for word, pages, variants in pf.read(bundle / "index" / f"{name}.pf_index")[0]:
            found[word] = [_at(urls, pages), {form: _at(urls, more) for form, more in variants}]
    return found


def _at(urls: list[str], pages: list) -> list:
    numbers = [sum(page[0] for page in pages[: n + 1]) for n in range(len(pages))]
    return sorted((urls[n], page[1], page[2]) for n, page in zip(numbers, pages, strict=True))


def _filter(bundle: Path) -> list:
    """[(value, [page address])] of the one filter, as stored."""
    urls = _urls(bundle)
    [[_key, name]] = _meta(bundle)[pf.FILTERS]
    _, values = pf.read(bundle / "filter" / f"{name}.pf_filter")
    return [(value, sorted(urls[p] for p in pages)) for value, pages in values]


@pytest.mark.parametrize("length", [0, 1, 23, 24, 255, 256, 65_535, 65_536])
def test_a_chunk_is_its_words_encodings_one_after_the_other(length: int) -> None:
    """What lets an update keep the bytes of the words an edit did not change."""
    whole = cbor2.dumps([None] * length)
    assert chunks._array(length) == whole[: len(whole) - length]
    words = [["a", [[1, [2], []]], []], ["b", [[3, [4, 5], [-1, 0]]], [["bs", [[3, [6], []]]]]]]
    assert b"".join([chunks._array(1), chunks._array(2), *map(chunks.encoded, words)]) == (
        cbor2.dumps([[chunks.relative(word) for word in words]])
    )


def test_serve_keeps_an_index_of_its_own(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`mkdocs serve`'s pages are not a build's: one cache each, or each would index the
    other's site anew."""
    caches = []
    monkeypatch.setattr(shards, "build", lambda *_, cache, **__: caches.append(cache) or 0)
    settings = SimpleNamespace(cache=Layout(tmp_path / "readinglist"))
    (tmp_path / "site").mkdir()
    for serving in (False, True):
        build_pagefind(tmp_path / "site", settings, serving=serving)  # type: ignore[arg-type]
    assert caches == [
        tmp_path / "readinglist" / "pagefind",
        tmp_path / "readinglist" / "pagefind-serve",
    ]


def test_pages_pagefind_leaves_out_are_no_news_to_a_curator(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The shipped lock file remembers topics that have no paper left: their pages say where
    to look and ask to be left out of search, so Pagefind leaves them out. Nothing is wrong,
    so a build says nothing of it above debug level."""
    project = copy_project(tmp_path / "project")
    shutil.copy(REPO / "lists" / "readinglist.lock.json", project / "lists")
    built = run_cli(project, "build")
    assert "pagefind:" in built.stderr
    assert "addresses" not in built.stderr and "not cached" not in built.stderr, built.stderr
    with caplog.at_level("DEBUG", logger="generator"):
        build_pagefind(project / "site", cache=tmp_path / "cache", shard_pages=SMALL)
    left_out = [
        record.getMessage() for record in caplog.records if "left out" in record.getMessage()
    ]
    assert left_out and "/topics/" in left_out[0]
    assert all(
        record.levelname == "DEBUG"
        for record in caplog.records
        if "left out" in record.getMessage()
    )


def test_addresses_pagefind_gives_otherwise_are_said_in_a_curators_words(
    site: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(shards, "url_of", lambda page: "/elsewhere/" + page)
    with caplog.at_level("INFO", logger="generator"):
        build_pagefind(site, cache=tmp_path / "cache", shard_pages=SMALL)
    said = [record.getMessage() for record in caplog.records if record.levelname == "INFO"]
    line = next(message for message in said if "addresses" in message)
    assert "search works" in line and "the next build indexes every page again" in line
    assert "/about/" in line and "more)" in line  # a few of what Pagefind gave


def test_a_full_disk_is_named_not_taken_for_bad_json(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Pagefind exits 0 on a full disk (ENOSPC), leaving an empty entry file: the error says
    the disk is full, and where, instead of a JSON parser's complaint."""
    from generator.search import pagefind

    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "index.html").write_text(
        '<html lang="en"><body><article class="md-content__inner">A page.</article></body></html>'
    )
    real_run = pagefind.subprocess.run

    def full_disk(command: list[str], **options: object) -> object:
        result = real_run(command, **options)  # type: ignore[call-overload]
        (Path(command[command.index("--output-path") + 1]) / "pagefind-entry.json").write_text("")
        return result

    monkeypatch.setattr(pagefind.subprocess, "run", full_disk)
    free = {"bytes": 0}
    monkeypatch.setattr(
        pagefind.shutil, "disk_usage", lambda _: SimpleNamespace(free=free["bytes"])
    )
    bundle = tmp_path / "bundle"
    with pytest.raises(pagefind.ReadingListError) as raised:
        _index(pages, bundle)
    assert str(raised.value) == (
        f"{bundle}: no space left on device (0 bytes free): the search index was not written"
    )
    free["bytes"] = 1 << 30
    with pytest.raises(pagefind.ReadingListError, match="pagefind wrote a damaged index"):
        _index(pages, bundle)


def test_an_edited_abstract_on_a_site_with_redirects_updates_the_last_index(
    tmp_path: Path,
) -> None:
    """Pagefind skips redirect pages (the shipped lock file moves five topics away): the last
    index is kept all the same, and an edited abstract is indexed alone, to a cold index."""
    project = copy_project(tmp_path / "project")
    shutil.copy(REPO / "lists" / "readinglist.lock.json", project / "lists")
    run_cli(project, "build")
    site = project / "site"
    assert any(_redirects(site / page) for page in indexed_pages(site)), "a redirect to skip"
    abstracts = sorted((project / "lists").glob("*.txt"))[0]
    lines = abstracts.read_text(encoding="utf-8").split("\n")
    lines[2] += " zyxredirected"  # the list's name, a blank line, then its first abstract
    abstracts.write_text("\n".join(lines), encoding="utf-8")
    built = run_cli(project, "build").stderr
    assert "the last index updated" in built and "indexed anew" not in built, built
    assert "zyxredirect" in _postings(site / "pagefind")
    assert files_of(site / "pagefind") == files_of(_cold(site, tmp_path))


def _redirects(page: Path) -> bool:
    return 'http-equiv="refresh"' in page.read_text(encoding="utf-8")
