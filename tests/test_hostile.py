"""Untrusted input, built for real: `tests/fixtures/hostile/` through `readinglist build`.

The lists carry script tags, event handlers, `javascript:` and `data:` links, template syntax,
front matter fences, attribute-list and md_in_html tricks, HTML entities, path-like names and
colliding titles. The built HTML, the search index, the data files and the sitemap are parsed
and searched for anything live that came from them; the text must still show, literally.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from pathlib import Path
from xml.etree import ElementTree

import frontmatter
import pytest
from bs4 import BeautifulSoup, Tag

from generator.address.lockfile import read_lock
from generator.address.slugs import is_safe_slug
from tests.conftest import FIXTURES, copy_project, pagefind_pages, run_cli, set_plugin_option

HOSTILE = FIXTURES / "hostile"
LIST_NAME = (HOSTILE / "hostile.txt").read_text(encoding="utf-8").splitlines()[0]
# Material 9.8's own inline scripts; anything else inline must be JSON data.
MATERIAL_INLINE = ("__md_scope=", "var palette=", "var target=")
# The theme's own inline script, as overrides/main.html writes it: the notice on file:// pages.
THEME_INLINE = (
    'if (location.protocol === "file:") document.currentScript.previousElementSibling.hidden'
    " = false;",
)
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "srcdoc", "xlink:href", "poster"}
FORBIDDEN = {"iframe", "object", "embed", "frame", "base", "applet", "style"}
SEARCH_ELEMENTS = {"p", "ul", "ol", "li", "em", "strong", "code", "sub", "sup", "br", "a",
                   "span", "div", "dl", "dt", "dd", "math"}  # fmt: skip


# A page of the curator's own, whose front-matter title Material would print raw.
CURATOR_TITLE = "<script>alert('own')</script> Notes & \"Q&A\" <b>bold</b>"
CURATOR_PAGE = f"---\ntitle: {json.dumps(CURATOR_TITLE)}\n---\n\nThe curator's own words.\n"


def hostile_project(folder: Path) -> Path:
    lists = {path.name: path.read_bytes() for path in HOSTILE.glob("*.txt")}
    project = copy_project(folder, lists=lists)
    (project / "docs" / "notes.md").write_text(CURATOR_PAGE, encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = hostile_project(tmp_path_factory.mktemp("hostile") / "project")
    run_cli(project, "build")
    return project


@pytest.fixture(scope="module")
def hostile_material_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same lists built with `search_engine: material`: Material's own index is filled."""
    project = hostile_project(tmp_path_factory.mktemp("hostile-material") / "project")
    set_plugin_option(project, "search_engine", "material")
    run_cli(project, "build")
    return project


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "lxml")


def _pages(project: Path, section: str = "") -> list[Path]:
    return sorted((project / "site" / section).rglob("*.html"))


def _paper(project: Path, name: str) -> BeautifulSoup:
    """The built page of the paper whose coined name is `name`."""
    for source in (project / "docs" / "papers").glob("*.md"):
        if name in frontmatter.load(source).metadata["summary"]:
            return _soup(project / "site" / "papers" / source.stem / "index.html")
    raise AssertionError(f"no paper mentions {name}")


def _abstract(soup: BeautifulSoup) -> str:
    heading = soup.select_one("article h2#abstract")
    assert heading is not None
    parts = []
    for sibling in heading.find_next_siblings():
        if sibling.name == "h2" or sibling.find("h2"):  # the next section, maybe wrapped
            break
        parts.append(sibling.get_text())
    return " ".join(parts)


def live_markup(root: Tag) -> list[str]:
    """Everything under `root` that could run or restyle: scripts not the theme's own, event
    handlers, script-bearing URLs, embedding elements, ids and classes the fixtures inject."""
    found = []
    for element in root.find_all(True):
        found += _live_script(element) if element.name == "script" else []
        if element.name in FORBIDDEN and element.find_parent("head") is None:
            found.append(f"<{element.name}>")
        for name, value in element.attrs.items():
            value = " ".join(value) if isinstance(value, list) else value
            if name.lower().startswith("on"):
                found.append(f"<{element.name} {name}=...>")
            squeezed = re.sub(r"[\s\x00-\x1f]", "", html.unescape(value)).lower()
            scheme = re.match(r"(javascript|data|vbscript):", squeezed)
            if name in URL_ATTRIBUTES and scheme and not _citation_download(element, value):
                found.append(f"<{element.name} {name}={value[:40]!r}>")
            if name in ("id", "class") and re.search(r"pwn|evil", value):
                found.append(f"<{element.name} {name}={value!r}>")
    return found


# The paper page's citation downloads: a data: URL whose type the theme fixes (a citation
# format, never HTML) and whose payload is percent-encoded through and through, on a link
# the browser saves rather than opens.
CITATION_DOWNLOAD = re.compile(
    r"data:application/(?:x-bibtex|x-research-info-systems);charset=utf-8,[A-Za-z0-9%._~/-]*"
)


def _citation_download(element: Tag, url: str) -> bool:
    return (
        element.name == "a"
        and element.has_attr("download")
        and bool(CITATION_DOWNLOAD.fullmatch(url))
    )


def _live_script(script: Tag) -> list[str]:
    source, text = script.get("src"), script.string or ""
    if source is not None:
        ours = re.match(r"(/[\w-]+/|(\.\./)*)(assets|javascripts)/[\w./-]+\.js$", source)
        return [] if ours else [f"<script src={source!r}>"]
    if script.get("type") in ("application/json", "application/ld+json"):
        try:
            urls = _json_urls(json.loads(text))
        except ValueError:
            return [f"broken JSON in <script type={script.get('type')}>: {text[:60]!r}"]
        return [f"{url!r} in JSON" for url in urls if re.match(r"(javascript|data):", url)]
    if text.strip().startswith(MATERIAL_INLINE) or text.strip() in THEME_INLINE:
        return []
    return [f"<script>{text[:60]}"]


def _without_navigation(soup: BeautifulSoup) -> BeautifulSoup:
    """The page minus the site navigation, which lists the list names: those are tested by
    `test_list_names_show_as_text_everywhere`, so a failure here points at the abstracts."""
    for nav in soup.select("nav.md-nav--primary, .md-tabs"):
        nav.decompose()
    return soup


# --- nothing live -----------------------------------------------------------------------
def test_paper_pages_run_nothing_from_the_abstracts(hostile_site: Path) -> None:
    pages = _pages(hostile_site, "papers")
    assert len(pages) == 22
    for page in pages:
        assert live_markup(_without_navigation(_soup(page))) == [], page


def test_every_page_of_the_site_runs_nothing_from_the_input(hostile_site: Path) -> None:
    for page in _pages(hostile_site):
        assert live_markup(_soup(page)) == [], page


def test_list_names_show_as_text_everywhere(hostile_site: Path) -> None:
    page = next(_soup(p) for p in _pages(hostile_site, "lists") if "7-7" in p.parent.name)
    assert page.title.get_text().startswith(LIST_NAME)
    assert page.select_one("article h1").get_text() == LIST_NAME
    nav_titles = [a.get_text(" ", strip=True) for a in page.select("nav.md-nav--primary a")]
    assert LIST_NAME in nav_titles
    assert live_markup(page) == []


def test_search_index_holds_escaped_text(hostile_material_site: Path) -> None:
    """Material's search client renders titles and text as HTML: both must be escaped."""
    site = hostile_material_site / "site"
    index = json.loads((site / "search/search_index.json").read_text("utf-8"))
    for doc in index["docs"]:
        for field in ("title", "text"):
            fragment = BeautifulSoup(doc[field], "html.parser")
            assert {e.name for e in fragment.find_all(True)} <= SEARCH_ELEMENTS, doc
            assert live_markup(fragment) == [], doc
        assert all(re.fullmatch(r"[\w' +.-]+", tag) for tag in doc.get("tags", []))
    texts = " ".join(BeautifulSoup(d["text"], "html.parser").get_text() for d in index["docs"])
    assert "<script>alert(1)</script>ScriptNet" in texts  # shown, as text


DATA_FILES = ("*.json", "*.xml", "*.csv", "*.bib", "*.ris")
URL_KEYS = {"url", "href", "link", "location", "page", "@id", "sameAs", "src"}


def test_data_files_link_only_to_the_web(hostile_site: Path) -> None:
    """Search index, sitemap, feeds and exports: every URL field is http(s) or a path of the
    site, whatever the abstracts linked to."""
    site = hostile_site / "site"
    files = [path for pattern in DATA_FILES for path in site.rglob(pattern)]
    assert {"search_index.json", "sitemap.xml"} <= {path.name for path in files}
    for path in files:
        for url in _urls_in(path):
            assert not re.match(r"[a-z][a-z0-9+.-]*:", url) or url.startswith("http"), (path, url)


def _urls_in(path: Path) -> list[str]:
    """The URL-valued fields of a data file: where a `javascript:` link would hide."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return _json_urls(json.loads(text))
    if path.suffix == ".xml":
        elements = list(ElementTree.fromstring(text).iter())
        return [e.text or "" for e in elements if e.tag.endswith(("loc", "uri", "id"))] + [
            value for e in elements for key, value in e.attrib.items() if key in URL_KEYS
        ]
    if path.suffix == ".csv":
        rows = list(csv.DictReader(io.StringIO(text)))
        return [row[key] for row in rows for key in row if key in URL_KEYS and row[key]]
    patterns = {
        ".bib": r"^\s*url\s*=\s*[{\"](.*?)[}\"]|\\url\{(.*?)\}",
        ".ris": r"^(?:UR|L\d)  - (.*)$()",
    }
    found = re.findall(patterns[path.suffix], text, re.MULTILINE | re.IGNORECASE)
    return [(field or macro).strip() for field, macro in found]


def _json_urls(value: object, key: str = "") -> list[str]:
    if isinstance(value, dict):
        return [url for name, item in value.items() for url in _json_urls(item, name)]
    if isinstance(value, list):
        return [url for item in value for url in _json_urls(item, key)]
    return [value.strip()] if isinstance(value, str) and key in URL_KEYS else []


def test_sitemap_lists_only_pages_of_the_site(hostile_site: Path) -> None:
    tree = ElementTree.parse(hostile_site / "site" / "sitemap.xml")
    locations = [e.text or "" for e in tree.iter() if e.tag.endswith("loc")]
    assert locations
    for location in locations:
        assert re.fullmatch(r"https://example\.github\.io/readinglist/[a-z0-9/-]*", location)


# --- the text still shows ---------------------------------------------------------------
def test_template_syntax_shows_literally(hostile_site: Path) -> None:
    abstract = _abstract(_paper(hostile_site, "TemplateNet"))
    assert "{{ 7*7 }}" in abstract
    assert "{% for x in range(3) %}{{ x }}{% endfor %}" in abstract
    assert "{# a comment #}" in abstract and "49" not in abstract
    assert abstract.strip().endswith("in the template engine.")  # the stray $ swallowed nothing


def test_a_front_matter_fence_in_an_abstract_stays_text(hostile_site: Path) -> None:
    page = _paper(hostile_site, "FenceNet")
    assert "title: Pwned By Front Matter" in _abstract(page)
    assert "Pwned" not in page.title.get_text() + page.select_one("article h1").get_text()


def test_leading_key_value_lines_are_not_swallowed_as_metadata(hostile_site: Path) -> None:
    page = _paper(hostile_site, "LabelNet")
    abstract = " ".join(_abstract(page).split())
    assert abstract.startswith("Background: abstracts copied from proceedings pages")
    assert "Title: Pwned By Metadata Methods: we propose LabelNet" in abstract
    assert "Pwned" not in page.title.get_text()


def test_proceedings_tags_render_as_the_formatting_they_mean(hostile_site: Path) -> None:
    page = _paper(hostile_site, "EmphNet")
    abstract = page.select_one("article h2#abstract").find_next_sibling("p")
    assert [e.get_text() for e in abstract.find_all("em")] == ["EmphNet", "italic"]
    assert [e.get_text() for e in abstract.find_all("strong")] == ["bold", "strong"]
    assert abstract.find("sub").get_text() == abstract.find("sup").get_text() == "2"
    assert abstract.find("br") is not None


@pytest.mark.parametrize(
    ("name", "literal"),
    [
        ("ScriptNet", "<script>alert(1)</script>ScriptNet"),
        ("ImgNet", "<img src=x onerror=alert(2)>"),
        ("LinkNet", '<a href="javascript:alert(3)">here</a>, [click](javascript:alert(4))'),
        ("QuoteNet", "\"Q&A\" for <Net> models #1 & 'best' > all < none, 50% of a:b"),
        ("AttrNet", '{: onclick="alert(5)" } and { #pwn .evil onmouseover=alert(6) }'),
        ("DivNet", '<div markdown="1">inner</div> and <details open ontoggle=alert(7)>x</details>'),
        ("EntityNet", "<script>alert(10)</script> and <img src=x onerror=alert(11)>"),
        ("AutoNet", "<javascript:alert(12)> and <http://example.com/ok> and a comment <!– hidden"),
        ("LatexNet", "click me (javascript:alert(13)) and javascript:alert(14)"),
    ],
)
def test_hostile_text_is_shown_as_written(hostile_site: Path, name: str, literal: str) -> None:
    assert literal in " ".join(_abstract(_paper(hostile_site, name)).split())


def test_titles_are_escaped_once_in_title_heading_and_search(
    hostile_site: Path, hostile_material_site: Path
) -> None:
    """Pagefind holds titles as text; Material's index as HTML, which reads as the title."""
    material = hostile_material_site / "site/search/search_index.json"
    indexed = {d["location"]: BeautifulSoup(d["title"], "html.parser").get_text()
               for d in json.loads(material.read_text("utf-8"))["docs"]}  # fmt: skip
    pagefind = pagefind_pages(hostile_site / "site")
    special = 0
    for source in sorted((hostile_site / "docs" / "papers").glob("*.md")):
        title = frontmatter.load(source).metadata["title"]  # plain text, as written
        special += bool(re.search(r"[<>&\"]", title))
        page = _soup(hostile_site / "site" / "papers" / source.stem / "index.html")
        assert page.title.get_text() == f"{title} - ICML 2025 Reading List"
        assert page.select_one("article h1").get_text() == title
        assert page.select_one(".md-header__topic:last-child").get_text(strip=True) == title
        assert page.select_one('meta[property="og:title"]')["content"] == title
        assert indexed[f"papers/{source.stem}/"] == title
        assert pagefind[f"/papers/{source.stem}/"]["meta"]["title"] == title
    assert special >= 3  # the fixture's titles do carry <, >, & and quotes


def test_titles_reach_the_machine_readable_metadata_as_text(hostile_site: Path) -> None:
    """JSON-LD, Highwire tags and the Cite box are made when the page is rendered: the
    hostile title arrives in each as the same text, never as markup."""
    for source in sorted((hostile_site / "docs" / "papers").glob("*.md")):
        title = frontmatter.load(source).metadata["title"]
        page = _soup(hostile_site / "site" / "papers" / source.stem / "index.html")
        (script,) = page.select('script[type="application/ld+json"]')
        assert json.loads(script.string)["name"] == title
        assert page.select_one('meta[name="citation_title"]')["content"] == title
        cite = page.select_one("details.rl-cite")
        assert cite.select_one("pre code").find(True) is None  # text only
        for style in ("apa", "ieee", "chicago", "markdown"):  # each style: the title as text
            cited = cite.select_one(f"#rl-cite-{style}")
            assert " ".join(title.split()) in cited.get_text().replace("\\", ""), style
            assert all(tag.name in ("i", "code") for tag in cited.find_all(True)), style
        assert live_markup(cite) == []


def test_the_curators_own_page_title_is_text_everywhere(
    hostile_site: Path, hostile_material_site: Path
) -> None:
    page = _soup(hostile_site / "site" / "notes" / "index.html")
    assert page.title.get_text() == f"{CURATOR_TITLE} - ICML 2025 Reading List"
    assert page.select_one("article h1").get_text() == CURATOR_TITLE
    assert page.select_one('meta[property="og:title"]')["content"] == CURATOR_TITLE
    nav = [a.get_text(" ", strip=True) for a in page.select("nav.md-nav--primary a")]
    assert " ".join(CURATOR_TITLE.split()) in nav
    assert live_markup(page) == []
    material = hostile_material_site / "site/search/search_index.json"
    (doc,) = [d for d in json.loads(material.read_text("utf-8"))["docs"]
              if d["location"] == "notes/"]  # fmt: skip
    assert BeautifulSoup(doc["title"], "html.parser").get_text() == CURATOR_TITLE


CACHE_FILES = ["collection.cbor", "manifest.json", "pagefind", "pages", "run.lock", "site.digest"]
# The pages of the last site, named by the digest of their inputs, and the last search index
# (its files named by Pagefind, by their content), never by a curator's name.
STORED_PAGE = re.compile(
    r"\.cache/readinglist/(pages/([0-9a-f]{64}\.html|index\.json)|pagefind/last(/[\w./-]+)?)"
)


# --- addresses --------------------------------------------------------------------------
def test_names_never_steer_where_files_are_written(hostile_site: Path) -> None:
    project = hostile_site
    outside = sorted(p.name for p in project.iterdir())
    assert outside == [".cache", "docs", "lists", "mkdocs.yml", "overrides", "site"]
    cached = sorted(p.relative_to(project).as_posix() for p in (project / ".cache").rglob("*"))
    stored = [path for path in cached if STORED_PAGE.fullmatch(path)]
    assert stored and [path for path in cached if path not in stored] == [
        ".cache/readinglist",
        *(f".cache/readinglist/{name}" for name in CACHE_FILES),
    ]
    assert not Path("/tmp/pwned").exists() and not Path("/tmp/pwned-list").exists()
    lock = read_lock(project / "lists" / "readinglist.lock.json")
    slugs = [entry.slug for entry in lock.papers.values()] + list(lock.lists.values())
    assert slugs and all(is_safe_slug(slug) for slug in slugs), slugs
    for path in (project / "docs").rglob("*"):
        assert path.resolve().is_relative_to((project / "docs").resolve())


def test_colliding_titles_and_list_names_all_get_pages(hostile_site: Path) -> None:
    twins = [p for p in (hostile_site / "docs" / "papers").glob("twinnet*.md")]
    assert len(twins) == 3
    lists = {
        _soup(page).select_one("article h1").get_text(): page.parent.name
        for page in _pages(hostile_site, "lists")
        if page.parent.name != "lists"
    }
    assert {"Graph Learning!", "graph learning?", "index", "!!!"} <= set(lists)
    assert len(set(lists.values())) == len(lists)
    assert (hostile_site / "site" / "lists" / "index.html").exists()


# --- determinism ------------------------------------------------------------------------
def test_same_input_gives_byte_identical_pages_and_a_rerun_writes_nothing(
    hostile_site: Path, tmp_path: Path
) -> None:
    again = hostile_project(tmp_path / "again")
    run_cli(again, "build")
    assert _tree(again / "docs") == _tree(hostile_site / "docs")
    assert _tree(again / "lists") == _tree(hostile_site / "lists")
    before = _mtimes(again / "docs") | _mtimes(again / "lists")
    run_cli(again, "build")
    assert _mtimes(again / "docs") | _mtimes(again / "lists") == before


def test_generate_after_build_writes_nothing(hostile_site: Path) -> None:
    before = _mtimes(hostile_site / "docs")
    result = run_cli(hostile_site, "generate")
    assert "0 page(s) written, 0 removed" in result.stdout
    assert _mtimes(hostile_site / "docs") == before


def _mtimes(root: Path) -> dict[Path, int]:
    return {path: path.stat().st_mtime_ns for path in root.rglob("*")}


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}
