"""End to end: the four shipped lists built for real with `readinglist build --strict`."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from urllib.parse import unquote

import frontmatter
import pytest
from bs4 import BeautifulSoup

from tests.conftest import SEED_LISTS, pagefind_pages


def _html(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "lxml")


def _paragraphs(path: Path) -> int:
    text = path.read_text(encoding="utf-8").strip()
    return len(re.split(r"\n\s*\n", text)) - 1  # the first paragraph is the list name


def _paper_pages(project: Path) -> list[Path]:
    return sorted((project / "site" / "papers").glob("*/index.html"))


def test_every_abstract_becomes_one_paper_page(seed_site: Path) -> None:
    expected = sum(_paragraphs(path) for path in SEED_LISTS)
    sources = sorted((seed_site / "docs" / "papers").glob("*.md"))
    assert len(sources) == expected == 76
    assert len(_paper_pages(seed_site)) == expected


FRONT_MATTER = {"id", "title", "summary", "kind", "tags", "topics", "lists", "links",
                "first_seen", "authors", "year", "venue", "doi", "url", "status", "rating",
                "featured", "template", "hide"}  # fmt: skip


def test_paper_front_matter_has_the_documented_keys(seed_site: Path) -> None:
    for source in (seed_site / "docs" / "papers").glob("*.md"):
        meta = frontmatter.load(source).metadata
        for key in ("id", "title", "summary", "tags", "topics", "lists", "links", "kind"):
            assert key in meta, f"{source.name} lacks {key}"
        assert set(meta) <= FRONT_MATTER, source.name
        assert meta["title"] and meta["summary"]
        assert 1 <= len(meta["topics"]) <= 3
        assert meta["lists"] and all(isinstance(name, str) for name in meta["lists"])


def test_paper_pages_are_small_plain_and_say_the_abstract_once(seed_site: Path) -> None:
    """What the theme derives (JSON-LD, citation tags, the Cite box) is made when the page is
    rendered: the front matter is plain text, and the abstract is only in the body."""
    sizes = []
    for source in sorted((seed_site / "docs" / "papers").glob("*.md")):
        text = source.read_text(encoding="utf-8")
        post = frontmatter.loads(text)
        sizes.append(len(text.encode()) - len(post.content.encode()))
        assert not re.search(r"&(?:lt|gt|amp|quot|#\d+);", text.split("\n---\n", 1)[0])
        abstract = post.content.split("## Abstract", 1)[1].split("## Related papers", 1)[0]
        sentences = sorted(re.split(r"(?<=[.!?]) ", " ".join(abstract.split())), key=len)
        sentence = next(s for s in reversed(sentences) if s[:60] not in post["summary"])
        assert text.count(sentence[:60]) == 1, source.name
    assert sorted(sizes)[len(sizes) // 2] <= 1500  # bytes of front matter, the median page


def test_every_paper_is_linked_from_a_topic_page_and_a_list_page(seed_site: Path) -> None:
    site = seed_site / "site"
    papers = {page.parent.name for page in _paper_pages(seed_site)}
    for section in ("topics", "lists"):
        linked = set()
        for page in (site / section).rglob("index.html"):
            for anchor in _html(page).select("article a[href]"):
                match = re.search(r"papers/([^/]+)/", anchor["href"])
                if match:
                    linked.add(match.group(1))
        assert papers <= linked, f"not reachable from {section}: {sorted(papers - linked)[:5]}"


def test_same_name_files_form_one_list(seed_site: Path) -> None:
    names = {path.read_text(encoding="utf-8").splitlines()[0].strip() for path in SEED_LISTS}
    pages = sorted((seed_site / "site" / "lists").glob("*/index.html"))
    assert len(pages) == len(names)
    titles = {_html(page).select_one("article h1").get_text(strip=True) for page in pages}
    assert titles == names


def test_every_title_is_in_pagefinds_index_as_text(seed_site: Path) -> None:
    """Pagefind holds titles as text (its worker escapes them for the result list)."""
    indexed = {page["meta"]["title"] for page in pagefind_pages(seed_site / "site").values()}
    for source in (seed_site / "docs" / "papers").glob("*.md"):
        assert frontmatter.load(source).metadata["title"] in indexed


def test_pagefind_indexes_every_page_but_the_tag_and_kind_listings(seed_site: Path) -> None:
    """The curator's own pages are searchable; listings that repeat paper titles are not."""
    indexed = set(pagefind_pages(seed_site / "site"))
    home = min(indexed, key=len)  # the site's own path: "/readinglist/"
    addresses = {"/" + address.removeprefix(home) for address in indexed}
    papers = {f"/papers/{path.stem}/" for path in (seed_site / "docs" / "papers").glob("*.md")}
    assert papers <= addresses
    assert {"/", "/about/", "/topics/", "/lists/"} <= addresses
    assert not [a for a in addresses if a.startswith(("/tags/", "/kinds/"))]


def test_a_paper_is_indexed_by_its_own_text_not_the_page_s_furniture(seed_site: Path) -> None:
    """Search excerpts quote what Pagefind holds of a page: for a paper, its title, summary,
    authors and abstract, never the chips' labels and names ("Topics Safety & Security Lists
    ICML 2025 论文列表 Tags") nor the Abstract heading."""
    pages = {url.rstrip("/").rsplit("/", 1)[-1]: page
             for url, page in pagefind_pages(seed_site / "site").items()}  # fmt: skip
    for source in sorted((seed_site / "docs" / "papers").glob("*.md")):
        meta = frontmatter.load(source).metadata
        content = pages[source.stem]["content"]
        assert content.startswith(meta["title"]), content[:200]
        for label, names in (("Topics", meta["topics"]), ("Lists", meta["lists"]),
                             ("Tags", meta["tags"])):  # fmt: skip
            assert f"{label} {names[0]}" not in content, (source.stem, content[:400])
        assert "Abstract." not in content and "Why these topics" not in content
        abstract = _html(seed_site / "site" / "papers" / source.stem / "index.html")
        last_words = " ".join(abstract.select_one("#abstract ~ p").get_text().split()[-6:])
        assert last_words in content, (source.stem, last_words)


def test_every_title_is_in_materials_search_index(seed_material_site: Path) -> None:
    site = seed_material_site / "site"
    index = json.loads((site / "search" / "search_index.json").read_text("utf-8"))
    indexed = {doc["title"] for doc in index["docs"]}
    for source in (seed_material_site / "docs" / "papers").glob("*.md"):  # the index is HTML
        assert html.escape(frontmatter.load(source).metadata["title"], quote=False) in indexed


def test_math_is_typeset_as_mathml(seed_site: Path) -> None:
    math_pages = [
        page
        for page in _paper_pages(seed_site)
        if _html(page).select("article math mi, article math mo")
    ]
    dollar_sources = [
        s for s in (seed_site / "docs" / "papers").glob("*.md") if "<math" in s.read_text("utf-8")
    ]
    assert len(math_pages) >= 5
    assert len(math_pages) == len(dollar_sources)
    for page in math_pages:
        for formula in _html(page).select("article p math"):
            assert "$" not in formula.get_text()


def test_no_script_comes_from_content(seed_site: Path) -> None:
    for page in (seed_site / "site").rglob("*.html"):
        article = _html(page).select_one("article")
        if article is not None:
            assert not article.select("script, iframe, object, embed"), page


@pytest.mark.parametrize("section", ["topics", "lists", "tags", "kinds"])
def test_listing_sections_are_built(seed_site: Path, section: str) -> None:
    assert (seed_site / "site" / section / "index.html").exists() or section == "kinds"
    assert list((seed_site / "site" / section).glob("*/index.html"))


def _tag_chips(page: Path) -> list:
    """The tag chips a paper page shows: links to tag pages, or spans for a tag of its own."""
    for term in _html(page).find_all("dt"):
        if term.get_text(strip=True) == "Tags":
            return term.find_next_sibling("dd").select(".rl-chip")
    return []


def _papers_listed(page: Path) -> int:
    links = _html(page).find("article").find_all("a", href=True)
    return len({a["href"] for a in links if "/papers/" in a["href"]})


def test_half_the_tag_chips_lead_to_a_page_of_several_papers(seed_site: Path) -> None:
    """What a reader can click: at most six tags a paper, and at least half of all the chips
    on paper pages open a tag page listing two papers or more (the tag pages as built)."""
    chips = {page: _tag_chips(page) for page in _paper_pages(seed_site)}
    assert all(1 <= len(found) <= 6 for found in chips.values())
    leading = 0
    for page, found in chips.items():
        for chip in found:
            if chip.name == "a":
                target = (page.parent / unquote(chip["href"]) / "index.html").resolve()
                leading += _papers_listed(target) >= 2
    assert leading >= 0.5 * sum(map(len, chips.values()))


def test_second_build_rewrites_nothing(seed_site: Path) -> None:
    from tests.conftest import run_cli

    docs = seed_site / "docs"
    before = {path: path.stat().st_mtime_ns for path in docs.rglob("*") if path.is_file()}
    lock = seed_site / "lists" / "readinglist.lock.json"
    lock_mtime = lock.stat().st_mtime_ns
    run_cli(seed_site, "generate")
    after = {path: path.stat().st_mtime_ns for path in docs.rglob("*") if path.is_file()}
    assert after == before
    assert lock.stat().st_mtime_ns == lock_mtime


def test_every_generated_path_is_git_ignored(seed_site: Path) -> None:
    """Generated pages stay out of git: committing them by accident must be impossible."""
    import subprocess

    from generator.write import MANIFEST, read_manifest
    from tests.conftest import REPO

    generated = [f"docs/{path}" for path in read_manifest(seed_site / "docs")] + [
        f"docs/{MANIFEST}"
    ]
    result = subprocess.run(
        ["git", "check-ignore", "--no-index", "--stdin"],
        cwd=REPO, input="\n".join(generated), capture_output=True, text=True, check=False,
    )  # fmt: skip
    ignored = set(result.stdout.split())
    assert set(generated) == ignored, sorted(set(generated) - ignored)[:5]
    hand_written = subprocess.run(
        ["git", "check-ignore", "--no-index", "docs/stylesheets/readinglist.css"], cwd=REPO,
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert hand_written.returncode == 1  # hand-written docs files are not ignored


def test_every_paper_page_offers_its_bibtex_and_ris_records_as_downloads(seed_site: Path) -> None:
    """The Cite box's two links carry the full records in the page; decoded, a real BibTeX
    and RIS parser read one record each, keyed like the box's entry, abstract included."""
    import bibtexparser
    import rispy

    for page in _paper_pages(seed_site):
        box = _html(page).select_one("details.rl-cite")
        key = re.match(r"@\w+\{([^,]+),", box.select_one("pre").get_text()).group(1)
        links = {a["download"]: a["href"] for a in box.select("a[download]")}
        assert set(links) == {f"{key}.bib", f"{key}.ris"}, page
        bib_type, bib = links[f"{key}.bib"].split(",", 1)
        assert bib_type == "data:application/x-bibtex;charset=utf-8"
        (entry,) = bibtexparser.parse_string(unquote(bib)).entries
        assert entry.key == key and entry.fields_dict["abstract"].value
        ris_type, ris = links[f"{key}.ris"].split(",", 1)
        assert ris_type == "data:application/x-research-info-systems;charset=utf-8"
        (record,) = rispy.loads(unquote(ris))
        assert record["id"] == key and record["abstract"]
