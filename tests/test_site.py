"""What every page needs of the collection (generator/site.py), on the shipped lists: the
addresses the theme and the navigation ask for, cheaply, and each paper's entry and records."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import pipeline
from generator.config import Settings
from generator.export import formats as exports
from generator.models import Collection
from generator.render.site import Site
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
    # The plugin asks for addresses twice per MkDocs build: at 5,000 papers, the records of
    # every paper would cost about a second each time.
    def no_records(*args: object, **kwargs: object) -> None:
        raise AssertionError("citation records made for addresses")

    monkeypatch.setattr(exports, "citer", no_records)
    site = Site(collection, Settings.from_root(project))
    urls = site.urls()
    assert set(urls["tags"]) == set(site.shared_tags) and urls["topics"] and urls["lists"]
    assert all(site.tag_path(tag) for tag in site.tags)
    assert site.topic_members()


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
    assert site.cited == exports.citations(collection, site_url=site.settings.site_url)
