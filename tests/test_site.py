"""What every page needs of the collection (generator/render/site.py), on the shipped lists: the
addresses the theme and the navigation ask for, cheaply, and each paper's entry and records."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import export, pipeline
from generator.config import Settings
from generator.models import Collection
from generator.render import Site, Theme
from tests.conftest import copy_project


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_project(tmp_path_factory.mktemp("site") / "project")


@pytest.fixture(scope="module")
def collection(project: Path) -> Collection:
    return pipeline.collect(Settings.from_root(project))


def test_addresses_never_make_citation_records(
    project: Path, collection: Collection, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The plugin asks for addresses for the navigation and every paper page's chips: the
    # records of every paper at once would be made for nothing.
    def no_records(*args: object, **kwargs: object) -> None:
        raise AssertionError("citation records made for addresses")

    monkeypatch.setattr(export, "cite_published", no_records)
    site = Theme(collection, Settings.from_root(project)).site
    assert all(site.tag_path(tag) for tag in site.tags)
    assert all(site.list_path(rl.name) for rl in collection.lists)
    assert all(site.topic_path(name) for name, ids in site.topic_members.items() if ids)


def test_a_tag_of_one_paper_links_to_its_page(project: Path, collection: Collection) -> None:
    site = Site(collection, Settings.from_root(project))
    alone = [tag for tag, ids in site.tags.items() if len(ids) == 1]
    assert alone  # the shipped lists have such tags
    for tag in alone:
        assert site.tag_path(tag) == site.entries[site.tags[tag][0]].path
    shared = next(iter(site.shared_tags))
    assert site.tag_path(shared).startswith("tags/")


def test_every_published_paper_has_records_and_an_entry(
    project: Path, collection: Collection
) -> None:
    site = Site(collection, Settings.from_root(project))
    site.prepare()
    ids = [paper.id for paper in collection.papers]
    assert list(site.entries) == ids
    assert list(site.cited) == [p.id for p in collection.papers if not p.curation.hidden]
    assert site.cited == export.citations(collection, site_url=site.settings.site_url)


def test_listed_papers_link_from_the_listing_folder(project: Path, collection: Collection) -> None:
    site = Site(collection, Settings.from_root(project))
    first = collection.papers[0]
    (line,) = site.listed([first.id], "topics")
    assert f"](../papers/{first.slug}.md)" in line
    (deeper,) = site.listed([first.id], "topics/alignment")
    assert f"](../../papers/{first.slug}.md)" in deeper
