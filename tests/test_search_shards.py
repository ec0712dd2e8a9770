"""The search index in shards (generator/search/shards.py) and in a fixed order (stable.py),
on the shipped lists built for real: each page in one shard, kept by its address; an edited
page indexed again in its shard alone, giving the very bytes of a cold index; Pagefind's
filter files sorted and named by their content."""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import shutil
from pathlib import Path

import pytest

from generator.search import build_pagefind, shards, stable
from generator.search.pagefind import indexed_pages
from tests.golden_tree import files_of

SMALL = 30  # pages a shard: the shipped lists' 110 indexed pages make 4 shards


@pytest.fixture
def site(seed_site: Path, tmp_path: Path) -> Path:
    """A copy of the seed site, to index again."""
    return Path(shutil.copytree(seed_site / "site", tmp_path / "site"))


def _pagefind(site: Path) -> dict[str, bytes]:
    return files_of(site / "pagefind")


def test_every_page_is_in_one_shard_and_stays_there_as_pages_are_added() -> None:
    pages = [f"papers/p{n}/index.html" for n in range(300)]
    planned = shards.plan(pages, shard_pages=100)
    assert len(planned) == 4 and sorted(p for shard in planned for p in shard) == sorted(pages)
    assert all(40 <= len(shard) <= 110 for shard in planned), [len(s) for s in planned]
    more = shards.plan([*pages, "papers/new/index.html"], shard_pages=100)
    assert [[p for p in shard if p in pages] for shard in more] == planned
    assert shards.shard_count(401, shard_pages=100) == 8
    assert shards.plan([]) == [[]]


def test_a_sharded_index_lists_its_shards_and_holds_every_page_once(site: Path) -> None:
    pages = indexed_pages(site)
    build_pagefind(site, shard_pages=SMALL)
    folders = json.loads((site / "pagefind" / shards.SHARD_LIST).read_text())
    assert folders == ["shard-1/", "shard-2/", "shard-3/"]
    bundles = [site / "pagefind", *(site / "pagefind" / name for name in folders)]
    counts = [_entry(bundle)["languages"]["en"]["page_count"] for bundle in bundles]
    assert sum(counts) == len(pages) == 110 and min(counts) > 0
    assert (site / "pagefind" / "pagefind.js").is_file()
    assert not (site / "pagefind" / "shard-1" / "pagefind.js").exists(), "the first shard's"
    papers = [name for bundle in bundles for name in _filter_values(bundle)]
    assert sorted(papers) == sorted(p.removesuffix("index.html") for p in pages
                                    if p.startswith("papers/"))  # fmt: skip


def test_an_edited_page_is_indexed_again_in_its_shard_alone_as_a_cold_index_would_be(
    site: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    cache = tmp_path / "cache"
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == 4
    assert build_pagefind(site, cache=cache, shard_pages=SMALL) == 0, "nothing changed"
    page = site / "papers" / sorted(p.name for p in (site / "papers").iterdir())[0] / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("<p>", "<p>Zyxwvut ", 1), "utf-8")
    with caplog.at_level(logging.INFO, logger="generator.search"):
        assert build_pagefind(site, cache=cache, shard_pages=SMALL) == 1
    assert "4 shards, 1 indexed, 3 from the cache" in caplog.text
    cold = Path(shutil.copytree(site, tmp_path / "cold"))
    build_pagefind(cold, shard_pages=SMALL)
    assert _pagefind(site) == _pagefind(cold)
    assert len(list(cache.iterdir())) == 4, "the edited shard's old bundle is dropped"


def test_filters_are_sorted_and_files_named_by_their_content(site: Path) -> None:
    build_pagefind(site)
    bundle = site / "pagefind"
    values = _filter_values(bundle)
    assert len(values) == 76 and values == sorted(values)
    meta_name = _entry(bundle)["languages"]["en"]["hash"]
    meta = stable.read(bundle / f"pagefind.{meta_name}.pf_meta")
    [[key, name]] = meta[stable.META_FILTERS]
    assert key == "paper"
    assert name == "en_" + _payload_sha1(bundle / "filter" / f"{name}.pf_filter")[:7]
    assert meta_name == "en_" + _payload_sha1(bundle / f"pagefind.{meta_name}.pf_meta")[:10]
    before = _pagefind(site)
    stable.stabilise(bundle)
    assert _pagefind(site) == before, "a sorted bundle is left as it is"


def _entry(bundle: Path) -> dict:
    return json.loads((bundle / "pagefind-entry.json").read_text(encoding="utf-8"))


def _filter_values(bundle: Path) -> list[str]:
    [path] = (bundle / "filter").glob("*.pf_filter")
    _key, values = stable.read(path)
    return [value for value, _pages in values]


def _payload_sha1(path: Path) -> str:
    data = gzip.decompress(path.read_bytes()).removeprefix(stable.PREFIX)
    return hashlib.sha1(data).hexdigest()
