"""Published addresses stay: re-derived titles never move a page; a curated move redirects."""

from __future__ import annotations

import itertools
from pathlib import Path

import frontmatter
import pytest

from generator import pipeline
from generator.config import Settings
from generator.describe import stage as enrich
from tests.conftest import run_cli

ABSTRACTS = [
    "We introduce KoalaNet, a network for counting koalas in drone images of eucalyptus "
    "forests, and show that it halves the counting error of previous detectors.",
    "This paper studies the convergence of stochastic gradient descent with heavy-tailed "
    "noise and proves matching upper and lower bounds on its rate.",
]


def _pages(project: Path) -> dict[str, str]:
    """paper id -> the page's file name (its address)."""
    return {
        frontmatter.load(path)["id"]: path.name
        for path in (project / "docs" / "papers").glob("*.md")
    }


@pytest.fixture
def project(make_project) -> Path:
    folder = make_project({"a.txt": "Addresses\n\n" + "\n\n".join(ABSTRACTS) + "\n"})
    run_cli(folder, "generate")
    return folder


def test_a_new_title_derivation_moves_no_page(project: Path, monkeypatch) -> None:
    before = _pages(project)
    numbers = itertools.count()
    monkeypatch.setattr(enrich.titles, "derive_title", lambda _: f"Other Title {next(numbers)}")
    (project / ".cache" / "readinglist" / "collection.cbor").unlink()  # derive again
    pipeline.generate(Settings.from_root(project))
    assert _pages(project) == before
    titles = [frontmatter.load(project / "docs" / "papers" / name)["title"]
              for name in before.values()]  # fmt: skip
    assert all(title.startswith("Other Title") for title in titles)


def test_a_curated_address_moves_the_page_and_the_old_one_redirects(project: Path) -> None:
    pid, old = next(iter(sorted(_pages(project).items())))
    (project / "lists" / "curation.yml").write_text(f"papers:\n  {pid}:\n    slug: koalas\n")
    run_cli(project, "build")
    assert _pages(project)[pid] == "koalas.md"
    redirect = project / "site" / "papers" / old.removesuffix(".md") / "index.html"
    assert 'content="0; url=../koalas/"' in redirect.read_text(encoding="utf-8")
    assert (project / "site" / "papers" / "koalas" / "index.html").exists()


def test_an_address_in_use_is_refused(project: Path) -> None:
    (first, _), (second, taken) = sorted(_pages(project).items())
    slug = taken.removesuffix(".md")
    (project / "lists" / "curation.yml").write_text(f"papers:\n  {first}:\n    slug: {slug}\n")
    result = run_cli(project, "generate")
    assert f"paper {first}: slug not changed: the address '{slug}' is already used" in result.stderr
    assert _pages(project)[second] == taken


def test_a_lock_file_cannot_choose_paths_outside_the_papers_folder(project: Path) -> None:
    lock = project / "lists" / "readinglist.lock.json"
    text = lock.read_text(encoding="utf-8").replace('"moved": {}', '"moved": {"../../x": "y"}')
    lock.write_text(text, encoding="utf-8")
    result = run_cli(project, "generate", check=False)
    assert result.returncode == 1
    assert "unsafe address '../../x'" in result.stderr
