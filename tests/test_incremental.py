"""An edit costs what it changes: a build after one edit builds again only the pages whose
output changes, and leaves the very site a cold build of the same inputs makes.

A page MkDocs did not build again is the stored HTML of the last build, copied into the site
with the time it was built (`generator/mkdocs/reuse.py`): its file in site/ has the same
modification time as before the edit, so the tests read what was built again from the site
itself. Whatever every page shows (the
theme, mkdocs.yml, the navigation, the generator's code) builds every page again. The search
index is compared too: after an edit Pagefind is given the changed pages alone, and the
index updated for them is a cold build's, byte for byte. A curator's page is built again when
a page its links name appears, and the gzipped sitemap keeps a cold build's date when every page
is reused. Seeded sequences of edits of every kind, each built on the last, are each compared
with a cold build of the same inputs (`test_random_edits_each_build_the_cold_site`).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from conftest import bench_synth, copy_project, run_cli

from generator.search import build_pagefind
from generator.write import MANIFEST, read_manifest
from tests.golden_tree import files_of

PAPERS = 200
GIVEN = re.compile(r"pagefind: (\d+) pages, (\d+) given to Pagefind")


def _synthetic_project(tmp_path_factory: pytest.TempPathFactory, command: str) -> Path:
    """A project of PAPERS synthetic papers, made once with `readinglist <command>`."""
    synth = bench_synth()
    lists = synth.make_lists(synth.read_sources(Path(__file__).parent.parent / "lists"), PAPERS)
    project = copy_project(tmp_path_factory.mktemp(command) / "project", lists=lists)
    run_cli(project, command, "--strict")
    return project


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 200-paper project of synthetic lists, built once."""
    return _synthetic_project(tmp_path_factory, "build")


@pytest.fixture
def project(built: Path, tmp_path: Path) -> Path:
    """A copy of the built project, its cache and site as they are: `cp -a` keeps the hard
    links between the site's pages and the stored HTML."""
    copy = tmp_path / "project"
    subprocess.run(["cp", "-a", str(built), str(copy)], check=True)
    return copy


def _pages(site: Path) -> dict[str, tuple[int, int]]:
    """Every built HTML page: (size, modification time), which a page taken from the store
    keeps from the build that made it."""
    return {path.relative_to(site).as_posix(): _made(path) for path in site.rglob("*.html")}


def _made(path: Path) -> tuple[int, int]:
    return path.stat().st_size, path.stat().st_mtime_ns


def _tree(site: Path) -> dict[str, bytes]:
    return {
        path.relative_to(site).as_posix(): path.read_bytes()
        for path in sorted(site.rglob("*"))
        if path.is_file()
    }


def _cold(project: Path, tmp_path: Path) -> Path:
    """The same inputs built from nothing: no cache, no site, no generated pages."""
    cold = tmp_path / "cold"
    shutil.copytree(project, cold, ignore=shutil.ignore_patterns(".cache", "site"))
    run_cli(cold, "build", "--strict")
    return cold / "site"


def _rebuilt(project: Path) -> set[str]:
    """Build after an edit; the HTML pages built again (new files, not the stored ones)."""
    return _build(project)[0]


def _build(project: Path) -> tuple[set[str], int, int]:
    """Build after an edit: the HTML pages built again, the pages Pagefind indexes, and how
    many of them it was given (the others' index came from the last build's)."""
    before = _pages(project / "site")
    log = run_cli(project, "build", "--strict").stderr
    after = _pages(project / "site")
    [(indexed, given)] = GIVEN.findall(log)
    rebuilt = {page for page, made in after.items() if before.get(page) != made}
    return rebuilt, int(indexed), int(given)


def _cold_index(site: Path, tmp_path: Path) -> dict[str, bytes]:
    """The site's pages indexed from nothing, in a copy: its pagefind/ folder."""
    cold = shutil.copytree(site, tmp_path, ignore=shutil.ignore_patterns("pagefind"))
    build_pagefind(Path(cold))
    return files_of(Path(cold) / "pagefind")


def _abstracts(project: Path) -> Path:
    return sorted((project / "lists").glob("*.txt"))[0]


def _edit_first_abstract(project: Path, word: str) -> None:
    path = _abstracts(project)
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[2] += f" {word}"  # the list's name, a blank line, then its first abstract
    path.write_text("\n".join(lines), encoding="utf-8")


def test_an_edited_abstract_then_a_curated_title_build_few_pages_and_the_cold_site(
    project: Path, tmp_path: Path
) -> None:
    site = project / "site"
    _edit_first_abstract(project, "zyxwordedited")
    rebuilt, indexed, given = _build(project)
    assert any("zyxwordedited" in (site / page).read_text("utf-8") for page in rebuilt)
    assert len(rebuilt) < len(_pages(site)) / 4, sorted(rebuilt)
    assert 0 < given <= len(rebuilt) and given < indexed / 4, (given, indexed)
    assert files_of(site / "pagefind") == _cold_index(site, tmp_path / "edited")

    found = run_cli(project, "find", "the").stdout.split()[0]  # a paper's id
    curation = project / "lists" / "curation.yml"
    curation.write_text(f'papers:\n  {found}:\n    title: "A Curated Zyxtitle"\n', "utf-8")
    rebuilt, indexed, given = _build(project)
    assert any("A Curated Zyxtitle" in (site / page).read_text("utf-8") for page in rebuilt)
    assert len(rebuilt) < len(_pages(site)) / 4, sorted(rebuilt)
    assert 0 < given <= len(rebuilt) and given < indexed / 4, (given, indexed)
    assert files_of(site / "pagefind") == _cold_index(site, tmp_path / "titled")

    assert _tree(site) == _tree(_cold(project, tmp_path))
    _the_store_holds_the_last_sites_pages(project)


def test_a_paper_added_then_one_removed_index_the_site_as_a_cold_build(
    project: Path, tmp_path: Path
) -> None:
    """Pages numbered by address: a page more or less renumbers the index, made anew."""
    path = _abstracts(project)
    text = path.read_text(encoding="utf-8")
    extra = "A zyxadded study of graph attention, with a new benchmark of thirty tasks."
    path.write_text(f"{text.rstrip()}\n\n{extra}\n", encoding="utf-8")
    _, indexed, given = _build(project)
    assert given == indexed
    site = project / "site"
    assert files_of(site / "pagefind") == _cold_index(site, tmp_path / "added")

    paragraphs = path.read_text(encoding="utf-8").split("\n\n")
    path.write_text("\n\n".join([paragraphs[0], *paragraphs[2:]]), encoding="utf-8")
    _, indexed, given = _build(project)
    assert files_of(site / "pagefind") == _cold_index(site, tmp_path / "removed")
    assert _tree(site) == _tree(_cold(project, tmp_path))


def _the_store_holds_the_last_sites_pages(project: Path) -> None:
    """Each stored page is a page of the site; the others' HTML went when they did."""
    store = project / ".cache" / "readinglist" / "pages"
    stored = {_made(path) for path in store.glob("*.html")}
    site = set(_pages(project / "site").values())
    assert stored <= site and len(stored) > len(site) / 2
    assert {path.suffix for path in store.iterdir()} == {".html", ".json"}


@pytest.mark.parametrize(
    ("what", "path", "old", "new"),
    [
        ("theme", "overrides/main.html", "{% block", "{#- edited -#}\n{% block"),
        ("mkdocs.yml", "mkdocs.yml", 'copyright: "', 'copyright: "Zyxcopy. '),
    ],
)
def test_what_every_page_shows_builds_every_page(
    project: Path, what: str, path: str, old: str, new: str
) -> None:
    target = project / path
    text = target.read_text(encoding="utf-8")
    assert old in text, f"{path} changed: pick another edit"
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert _rebuilt(project) == set(_pages(project / "site")), what


def test_an_edited_theme_template_is_compiled_again_not_taken_from_the_cache(
    project: Path,
) -> None:
    """The theme's templates are compiled in memory at every build (no compiled code is read
    from the build cache); an edit of one shows on every page built with it."""
    assert not (project / ".cache" / "readinglist" / "templates").exists()
    main = project / "overrides" / "main.html"
    text = main.read_text(encoding="utf-8")
    marker = '<meta charset="utf-8">'
    assert marker in text, "overrides/main.html changed: pick another edit"
    main.write_text(text.replace(marker, marker + '<meta name="zyx" content="edited">'), "utf-8")
    rebuilt = _rebuilt(project)
    assert rebuilt == set(_pages(project / "site"))
    for page in rebuilt:
        assert '<meta name="zyx" content="edited">' in (project / "site" / page).read_text("utf-8")


def test_a_new_list_changes_the_navigation_and_builds_every_page(project: Path) -> None:
    """A list is an entry of the navigation every page shows."""
    source = _abstracts(project).read_text(encoding="utf-8").split("\n\n")
    (project / "lists" / "zz-new.txt").write_text(
        "\n\n".join(["Zyx New List", *source[1:3]]), encoding="utf-8"
    )
    assert _rebuilt(project) == set(_pages(project / "site"))
    assert "Zyx New List" in (project / "site" / "lists" / "index.html").read_text("utf-8")


def test_the_generators_code_is_part_of_every_pages_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """A change to the generator (its digest) changes every page's key."""
    from mkdocs.config import load_config

    from generator.buildcache import keys as cache
    from generator.mkdocs import reuse

    root = Path(__file__).parent.parent
    config = load_config(str(root / "mkdocs.yml"))
    before = reuse.site_key(config, root=root, serving=False)
    monkeypatch.setattr(cache, "code_digest", lambda: "another generator")
    assert reuse.site_key(config, root=root, serving=False) != before
    assert reuse.site_key(config, root=root, serving=True) != before


@pytest.mark.parametrize(
    "changed", ["describe/titles/data/title_model.json", "scaffold/templates/gitignore"]
)
def test_every_file_of_the_package_is_part_of_the_code_digest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, changed: str
) -> None:
    """A refitted model or any other data file the package ships changes what it derives, so
    it invalidates the build cache as code does."""
    from generator.buildcache import keys as cache

    package = tmp_path / "generator"
    shutil.copytree(Path(cache.__file__).parent.parent, package,
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    monkeypatch.setattr(cache, "_PACKAGE", package)
    cache.code_digest.cache_clear()
    try:
        before = cache.code_digest()
        with (package / changed).open("ab") as file:
            file.write(b" ")
        cache.code_digest.cache_clear()
        assert cache.code_digest() != before
    finally:
        cache.code_digest.cache_clear()


def test_a_fresh_checkout_with_the_build_cache_builds_nothing_again(project: Path) -> None:
    """What the Pages workflow does (it restores .cache/readinglist/ from the last deploy): a
    clone has no generated pages and no site, yet every page comes from the store."""
    site = project / "site"
    before = _tree(site)
    stored = {_made(path) for path in (project / ".cache/readinglist/pages").glob("*.html")}
    generated = read_manifest(project / "docs")
    for path in generated:
        (project / "docs" / path).unlink()
    (project / "docs" / MANIFEST).unlink()
    shutil.rmtree(site)
    run_cli(project, "build", "--strict")
    assert _tree(site) == before
    again = {page for page, made in _pages(site).items() if made not in stored}
    assert again == {"404.html"}, sorted(again)  # the theme's, made at every build


# The generator alone: each kind of edit, generated again from the last run's cache, gives the
# very docs/ tree, manifest and lock a cold run of the same inputs gives, and the log says how
# little was done again (so the fast path is held, not just the result).


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 200-paper project of synthetic lists, generated once."""
    return _synthetic_project(tmp_path_factory, "generate")


def _paragraphs(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n\n")


def _edit_an_abstract(project: Path) -> None:
    _edit_first_abstract(project, "zyxwordedited")


def _curate_a_title(project: Path) -> None:
    found = run_cli(project, "find", "the").stdout.split()[0]
    (project / "lists" / "curation.yml").write_text(
        f'papers:\n  {found}:\n    title: "A Curated Zyxtitle"\n', "utf-8"
    )


def _add_a_list_of_ten(project: Path) -> None:
    """Ten new abstracts (ten of the collection's, each with a sentence of its own)."""
    source = _paragraphs(_abstracts(project))[1:11]
    added = [
        f"{text.rstrip()} Zyxadded study number {n} closes it." for n, text in enumerate(source)
    ]
    (project / "lists" / "zz-added.txt").write_text("\n\n".join(["Zyx Added", *added]), "utf-8")


def _change_a_topics_keywords(project: Path) -> None:
    taxonomy = project / "lists" / "topics.yml"
    text = taxonomy.read_text(encoding="utf-8")
    old = "keywords: [optimization algorithm*,"
    assert old in text, "topics.yml changed: pick another keyword"
    taxonomy.write_text(text.replace(old, "keywords: [zyxoptimizer, optimization algorithm*,"))


def _remove_a_paper(project: Path) -> None:
    path = _abstracts(project)
    parts = _paragraphs(path)
    path.write_text("\n\n".join(parts[:3] + parts[4:]), encoding="utf-8")


def _generated_tree(project: Path) -> dict[str, bytes]:
    """docs/ (the manifest with it) and the lock, byte for byte."""
    docs = project / "docs"
    tree = {
        path.relative_to(docs).as_posix(): path.read_bytes()
        for path in sorted(docs.rglob("*"))
        if path.is_file()
    }
    return {**tree, "lock": (project / "lists" / "readinglist.lock.json").read_bytes()}


def _generated_cold(project: Path, tmp_path: Path) -> Path:
    """The same inputs generated from nothing: no cache, no generated pages (the lock is an
    input: the curator commits it)."""
    cold = tmp_path / "cold"
    shutil.copytree(project, cold, ignore=shutil.ignore_patterns(".cache", "site"))
    for path in read_manifest(cold / "docs"):
        (cold / "docs" / path).unlink()
    (cold / "docs" / MANIFEST).unlink()
    run_cli(cold, "generate", "--strict")
    return cold


def _counts(log: str, stage: str) -> dict[str, int]:
    """The counts of a stage's summary line ("describe  200 papers, 1 described, ...")."""
    line = next(line for line in log.splitlines() if f" {stage} " in f" {line} ")
    found = re.findall(r"(\d+) ([a-z][a-z ]*?)(?=,| in \d)", line.split(stage, 1)[1])
    return {what: int(number) for number, what in found}


@pytest.mark.parametrize(
    ("edit", "described", "read_for_tags", "topics_at_most", "rendered_at_most"),
    [
        # An edited abstract's title and summary change on every listing that shows it: the
        # same batches as a curated title below (63 made, 20 written, of 629).
        (_edit_an_abstract, 1, 1, 0.05, 0.12),
        # A listing is one batch: every page of each topic, tag and list listing that shows the
        # curated title is made again, written or not (63 made, 26 written, of 628 with the
        # derived titles of this branch: which listings hold the paper follows its topics and
        # tags, which its derived title feeds). 0.12 bounds that, not one listing's length.
        (_curate_a_title, 0, 0, 0, 0.12),
        # Ten more papers weigh every phrase again (the idf of each), so tags move elsewhere.
        (_add_a_list_of_ten, 10, 10, 0.5, 0.5),
        (_change_a_topics_keywords, 0, 0, 1, 0.5),
        (_remove_a_paper, 0, 0, 0.5, 0.25),
    ],
    ids=lambda value: value.__name__.strip("_") if callable(value) else str(value),
)
def test_an_edit_generated_again_does_what_it_changes_and_gives_the_cold_tree(
    generated: Path,
    tmp_path: Path,
    edit: Callable[[Path], None],
    described: int,
    read_for_tags: int,
    topics_at_most: float,
    rendered_at_most: float,
) -> None:
    """`*_at_most`: the share of papers whose topics, of pages that are made again."""
    project = tmp_path / "project"
    shutil.copytree(generated, project)
    edit(project)
    log = run_cli(project, "generate", "--strict").stderr
    describing = _counts(log, "describe")
    assert (describing["described"], describing["read for tags"]) == (described, read_for_tags)
    assert describing["topics assigned"] <= topics_at_most * describing["papers"], log
    written = _counts(log, "render+write")
    assert written["rendered"] <= rendered_at_most * written["pages"], log
    assert _generated_tree(project) == _generated_tree(_generated_cold(project, tmp_path))


# A few dozen papers, built at a time of day other than midnight (SOURCE_DATE_EPOCH): MkDocs
# dates each page by its day and a page-less gzip header by the instant, so the two differ.

SMALL = 12
EPOCH = {"SOURCE_DATE_EPOCH": "1767240000"}  # 2026-01-01 04:00 UTC


def _build_at_epoch(project: Path) -> None:
    run_cli(project, "build", env=EPOCH)  # not --strict: a hand page's link may be broken


def _truly_cold(project: Path, tmp_path: Path) -> Path:
    """The same inputs built from nothing: no cache, no site, no generated pages (the lock is
    an input: the curator commits it)."""
    cold = _cold_inputs(project, tmp_path / "cold")
    _build_at_epoch(cold)
    return cold


def _cold_inputs(project: Path, cold: Path) -> Path:
    """A copy of `project`'s inputs at `cold`: without its cache, site or generated pages."""
    shutil.copytree(project, cold, ignore=shutil.ignore_patterns(".cache", "site"))
    for path in read_manifest(cold / "docs"):
        (cold / "docs" / path).unlink()
    (cold / "docs" / MANIFEST).unlink()
    return cold


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A project of SMALL synthetic papers, built once."""
    synth = bench_synth()
    sources = synth.read_sources(Path(__file__).parent.parent / "lists")
    lists = synth.layout(synth.make_abstracts(sources, SMALL))
    project = copy_project(tmp_path_factory.mktemp("small") / "project", lists=lists)
    _build_at_epoch(project)
    return project


@pytest.fixture
def small_copy(small: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    subprocess.run(["cp", "-a", str(small), str(copy)], check=True)
    return copy


# A page of the curator's own, titled in its front matter (so that it can be reused).
HAND_PAGE = "---\ntitle: About 2\n---\n\n# About 2\n\n"


def _some_paper(project: Path) -> str:
    papers = json.loads((project / "docs" / "papers.json").read_text(encoding="utf-8"))
    return str(papers["papers"][0]["id"])


def test_a_hand_pages_link_resolves_once_a_curated_slug_makes_its_target(
    small_copy: Path, tmp_path: Path
) -> None:
    """A hand page links to a page that does not exist yet: MkDocs leaves the `.md` link as it
    is. Once a curator's `slug:` makes the page, the hand page links to it, as in a cold build,
    though its own source is unchanged."""
    about2 = small_copy / "docs" / "about2.md"
    about2.write_text(f"{HAND_PAGE}See [the paper](papers/custom-slug-zzz.md).\n", "utf-8")
    _build_at_epoch(small_copy)
    page = small_copy / "site" / "about2" / "index.html"
    assert 'href="papers/custom-slug-zzz.md"' in page.read_text("utf-8")

    curation = small_copy / "lists" / "curation.yml"
    curation.write_text(f"papers:\n  {_some_paper(small_copy)}:\n    slug: custom-slug-zzz\n")
    _build_at_epoch(small_copy)
    assert 'href="../papers/custom-slug-zzz/"' in page.read_text("utf-8")
    assert _tree(small_copy / "site") == _tree(_truly_cold(small_copy, tmp_path) / "site")


def test_the_sitemaps_gzip_time_is_a_cold_builds_when_every_page_is_reused(
    small_copy: Path, tmp_path: Path
) -> None:
    """An edited stylesheet changes no page: every page is reused, and the gzipped sitemap still
    records the pages' date, not the time of the build."""
    css = small_copy / "docs" / "stylesheets" / "readinglist.css"
    css.write_text(css.read_text(encoding="utf-8") + "\n.zyx { color: red; }\n", "utf-8")
    before = _pages(small_copy / "site")
    _build_at_epoch(small_copy)
    rebuilt = {page for page, made in _pages(small_copy / "site").items() if before[page] != made}
    assert rebuilt == {"404.html"}  # the theme's, made at every build
    sitemap = "sitemap.xml.gz"
    cold = _truly_cold(small_copy, tmp_path) / "site" / sitemap
    assert (small_copy / "site" / sitemap).read_bytes() == cold.read_bytes()


# The differential check: seeded sequences of edits of every kind, each built on the last (with
# the build cache as it left it), each site and docs/ compared with a cold build's, byte for byte.

STEPS = 15
TOPIC_WORDS = ("attention", "graph*", "policy", "sparse", "language model*", "benchmark*")


class Edits:
    """One seeded sequence of a curator's edits to a copy of `small`. Curation names only
    `curated` papers (the first of each list file), which no edit removes."""

    def __init__(self, project: Path, seed: int, pool: list[str]) -> None:
        self.project, self.rng, self.pool = project, random.Random(seed), pool
        papers = json.loads((project / "docs" / "papers.json").read_text(encoding="utf-8"))
        self.curated = sorted(
            paper["id"] for paper in papers["papers"] if paper["sources"][0]["line"] == 3
        )
        self.curation: dict[str, dict[str, object]] = {}
        self.count = 0

    def kinds(self) -> list[Callable[[], str]]:
        return [self.edit_abstract, self.add_abstract, self.remove_abstract, self.rename_list,
                self.retitle_list, self.add_list, self.curate_title, self.curate_slug,
                self.hide, self.add_keyword, self.hand_page, self.css]  # fmt: skip

    def sequence(self) -> list[Callable[[], str]]:
        """Every kind once, and more of any, in a seeded order."""
        kinds = self.kinds()
        chosen = kinds + [self.rng.choice(kinds) for _ in range(STEPS - len(kinds))]
        self.rng.shuffle(chosen)
        return chosen

    def _lists(self) -> list[Path]:
        return sorted((self.project / "lists").glob("*.txt"))

    def _abstract_to_change(self) -> tuple[Path, list[str], int] | None:
        """A list file and one of its abstracts after the first (none is curated)."""
        files = [path for path in self._lists() if len(_paragraphs(path)) > 2]
        if not files:
            return None
        path = self.rng.choice(files)
        parts = _paragraphs(path)
        return path, parts, self.rng.randrange(2, len(parts))

    def edit_abstract(self) -> str:
        if (found := self._abstract_to_change()) is None:
            return self.add_abstract()
        path, parts, index = found
        parts[index] = f"{parts[index].rstrip()} Zyxedit{self._next()} closes it.\n"
        path.write_text("\n\n".join(parts), encoding="utf-8")
        return f"abstract {index} of {path.name} edited"

    def add_abstract(self) -> str:
        path = self.rng.choice(self._lists())
        path.write_text(f"{path.read_text('utf-8').rstrip()}\n\n{self.pool.pop()}\n", "utf-8")
        return f"abstract added to {path.name}"

    def remove_abstract(self) -> str:
        if (found := self._abstract_to_change()) is None:
            return self.add_abstract()
        path, parts, index = found
        path.write_text("\n\n".join(parts[:index] + parts[index + 1 :]), encoding="utf-8")
        return f"abstract {index} of {path.name} removed"

    def rename_list(self) -> str:
        path = self.rng.choice(self._lists())
        path.rename(path.with_name(f"{path.stem}-renamed{self._next()}.txt"))
        return f"{path.name} renamed"

    def retitle_list(self) -> str:
        path = self.rng.choice(self._lists())
        parts = _paragraphs(path)
        path.write_text("\n\n".join([f"Zyx List {self._next()}", *parts[1:]]), "utf-8")
        return f"{path.name} retitled"

    def add_list(self) -> str:
        number = self._next()
        abstracts = [self.pool.pop() for _ in range(2)]
        path = self.project / "lists" / f"zz-{number}.txt"
        path.write_text("\n\n".join([f"Zyx New List {number}", *abstracts]) + "\n", "utf-8")
        return f"{path.name} added"

    def curate_title(self) -> str:
        return self._curate("title", f"A Curated Zyxtitle {self._next()}")

    def curate_slug(self) -> str:
        """The first slug is the one a hand page links to; later ones are new addresses."""
        taken = any("slug" in entry for entry in self.curation.values())
        return self._curate("slug", f"zyx-slug-{self._next()}" if taken else "custom-slug-zzz")

    def hide(self) -> str:
        paper = self.rng.choice(self.curated)
        hidden = not self.curation.get(paper, {}).get("hidden", False)
        return self._curate("hidden", hidden, paper=paper)

    def _curate(self, key: str, value: object, *, paper: str | None = None) -> str:
        paper = paper or self.rng.choice(self.curated)
        self.curation.setdefault(paper, {})[key] = value
        text = yaml.safe_dump({"papers": self.curation}, allow_unicode=True)
        (self.project / "lists" / "curation.yml").write_text(text, encoding="utf-8")
        return f"curation: {paper} {key} {value}"

    def add_keyword(self) -> str:
        taxonomy = self.project / "lists" / "topics.yml"
        lines = taxonomy.read_text(encoding="utf-8").split("\n")
        at = self.rng.choice([n for n, line in enumerate(lines) if "keywords: [" in line])
        word = self.rng.choice(TOPIC_WORDS)
        lines[at] = lines[at].replace("keywords: [", f"keywords: [{word}, ", 1)
        taxonomy.write_text("\n".join(lines), encoding="utf-8")
        return f"topics.yml: {word} at line {at + 1}"

    def hand_page(self) -> str:
        page = self.project / "docs" / "about2.md"
        if page.exists() and self.rng.random() < 0.3:
            page.unlink()
            return "about2.md removed"
        links = "[the paper](papers/custom-slug-zzz.md), [the lists](lists/index.md)"
        page.write_text(f"{HAND_PAGE}Version {self._next()}: {links}.\n", encoding="utf-8")
        return "about2.md written"

    def css(self) -> str:
        css = self.project / "docs" / "stylesheets" / "readinglist.css"
        css.write_text(f"{css.read_text('utf-8')}\n.zyx{self._next()} {{ color: red; }}\n", "utf-8")
        return "readinglist.css edited"

    def _next(self) -> int:
        self.count += 1
        return self.count


def _differing(built: dict[str, bytes], cold: dict[str, bytes]) -> list[str]:
    return sorted(path for path in built.keys() | cold.keys() if built.get(path) != cold.get(path))


def _both_trees(project: Path) -> dict[str, bytes]:
    """site/, docs/ and the lock, byte for byte."""
    site = {f"site/{path}": data for path, data in _tree(project / "site").items()}
    return {**site, **{f"docs/{path}": data for path, data in _generated_tree(project).items()}}


class ColdBuild:
    """A cold build of a project's inputs as they are now, in a process of its own: it runs
    while the next edit is built (a core each)."""

    def __init__(self, project: Path, cold: Path) -> None:
        self.cold = _cold_inputs(project, cold)
        command = [sys.executable, "-m", "generator.cli", "build"]
        env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH["SOURCE_DATE_EPOCH"],
               "PYTHONPATH": str(Path(__file__).parent.parent)}  # fmt: skip
        self.process = subprocess.Popen(
            command,
            cwd=self.cold,
            env=env,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )

    def trees(self) -> dict[str, bytes]:
        log, _ = self.process.communicate()
        assert self.process.returncode == 0, log
        return _both_trees(self.cold)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_edits_each_build_the_cold_site(small_copy: Path, tmp_path: Path, seed: int) -> None:
    """STEPS seeded edits of every kind (abstracts, lists, curation with slugs and hidden papers,
    topics, a hand page, CSS), each built on the last: site/ and docs/ (with the lock) are after
    each a cold build's of the same inputs, byte for byte."""
    synth = bench_synth()
    sources = synth.read_sources(Path(__file__).parent.parent / "lists")
    pool = synth.make_abstracts(sources, SMALL + 3 * STEPS)[SMALL:]
    edits = Edits(small_copy, seed, pool)
    done: list[str] = []
    behind: tuple[list[str], dict[str, bytes], ColdBuild] | None = None
    for step, edit in enumerate(edits.sequence()):
        done.append(edit())
        _build_at_epoch(small_copy)
        now = (list(done), _both_trees(small_copy), ColdBuild(small_copy, tmp_path / f"{step}"))
        if behind is not None:
            _same_as_cold(*behind, seed=seed)
        behind = now
    assert behind is not None
    _same_as_cold(*behind, seed=seed)


def _same_as_cold(done: list[str], built: dict[str, bytes], cold: ColdBuild, *, seed: int) -> None:
    differing = _differing(built, cold.trees())
    assert not differing, f"seed {seed}, after {done}: {differing[:10]}"
    shutil.rmtree(cold.cold)
