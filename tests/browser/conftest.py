"""Browser fixtures: Debian's Chromium, driven by Playwright, against built sites on loopback.

One browser and one served seed site per test session (per xdist worker); a fresh browser
context per test, so storage (the dark-mode choice) never leaks between tests. Without
Chromium the tests skip with a reason, except in CI (CI=true), where they fail: CI must
never pass by skipping what a reader sees. Timings go through `record_property` so they reach
the terminal summary even from xdist workers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests.browser.corpus import Corpus
from tests.browser.server import SiteServer, serve
from tests.conftest import REPO, copy_project, run_cli, set_plugin_option

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip
ARTIFACTS = REPO / "test-artifacts"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SHARED_HOSTILE = REPO / "tests" / "fixtures" / "hostile"
EDGE_SITE_URL = "https://user.github.io/repo/"
DESKTOP = {"width": 1280, "height": 900}
# How long an action or an `expect` waits for the page: long enough for a loaded 2-core machine
# (the suite runs beside builds), and a failure still ends instead of hanging.
WAIT_MS = 20_000


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "scale: builds and searches a 5,000-paper site (minutes; -m 'not scale')"
    )


def _unavailable() -> str | None:
    """Why the browser tests cannot run here, or None if they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if not CHROMIUM.is_file():
        return f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)"
    return None


def cannot_run(reason: str) -> None:
    """Skip with the reason; in CI (CI=true) fail instead, so CI never passes by skipping."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def browser() -> Iterator:
    if reason := _unavailable():
        cannot_run(reason)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=WAIT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def built_site_url(site: Path) -> str:
    """The site_url the site was built with, read from the home page's canonical link."""
    html = (site / "index.html").read_text(encoding="utf-8")
    start = html.index('rel="canonical" href="') + len('rel="canonical" href="')
    return html[start : html.index('"', start)]


def serve_built(site: Path):
    """`site` served under the path of the site_url it was built with, as GitHub Pages would."""
    return serve(site, built_site_url(site))


@pytest.fixture(scope="session")
def seed_server(seed_site: Path) -> Iterator[SiteServer]:
    """The seed site served under the sub-path of its site_url, as GitHub Pages would."""
    site_url = built_site_url(seed_site / "site")
    assert urlsplit(site_url).path.strip("/"), "site_url needs a sub-path (…/REPO/) to test it"
    with serve(seed_site / "site", site_url) as server:
        yield server


@pytest.fixture(scope="session")
def seed_corpus(seed_site: Path) -> Corpus:
    return Corpus(seed_site)


def edge_lists() -> dict[str, bytes]:
    """Hostile markup and math-heavy summaries: ours, plus the shared hostile lists if any."""
    paths = sorted(FIXTURES.glob("*.txt")) + sorted(SHARED_HOSTILE.glob("*.txt"))
    return {f"{n:02}_{path.name}": path.read_bytes() for n, path in enumerate(paths)}


@pytest.fixture(scope="session")
def edge_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The edge-case lists built with `readinglist build` for a project site at /repo/."""
    project = copy_project(tmp_path_factory.mktemp("edge") / "project", lists=edge_lists())
    config = project / "mkdocs.yml"
    lines = config.read_text(encoding="utf-8").splitlines()
    lines = [
        f"site_url: {EDGE_SITE_URL}" if line.startswith("site_url:") else line for line in lines
    ]
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run_cli(project, "build")
    return project


@pytest.fixture(scope="session")
def seed_material_server(seed_material_site: Path) -> Iterator[SiteServer]:
    site = seed_material_site / "site"
    with serve_built(site) as server:
        yield server


@pytest.fixture(scope="session")
def edge_material_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SiteServer]:
    """The edge-case lists again, searched by Material's own engine (`search_engine:
    material`; the shipped configuration searches with Pagefind)."""
    project = copy_project(tmp_path_factory.mktemp("edge-material") / "project",
                           lists=edge_lists())  # fmt: skip
    set_plugin_option(project, "search_engine", "material")
    run_cli(project, "build")
    site = project / "site"
    with serve_built(site) as server:
        yield server


@pytest.fixture(scope="session")
def edge_corpus(edge_site: Path) -> Corpus:
    return Corpus(edge_site)


@pytest.fixture(scope="session")
def edge_server(edge_site: Path) -> Iterator[SiteServer]:
    with serve(edge_site / "site", EDGE_SITE_URL) as server:
        yield server


@pytest.fixture
def new_page(browser) -> Iterator[Callable[..., object]]:
    """Opens pages in fresh contexts: `new_page(width=375, color_scheme="dark")`."""
    contexts = []

    def open_page(*, width: int = DESKTOP["width"], height: int = DESKTOP["height"], **options):
        options.setdefault("color_scheme", "light")
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_page):
    """A desktop page in light mode."""
    return new_page()


@pytest.fixture
def timing(record_property) -> Callable[[str, float], None]:
    """Records a measured time (milliseconds) for the summary at the end of the run."""

    def record(label: str, milliseconds: float) -> None:
        record_property("timing", f"{label}: {milliseconds:.0f} ms")

    return record


def screenshot_path(name: str) -> Path:
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{name}.png"


# A reading group's sessions over the hostile lists: names, notes and links that try to run.
GROUP_SESSIONS = """\
sessions:
  - date: 2025-12-10
    papers: [{0}]
    presenters: ["<img src=x onerror=window.__pwned=1>"]
    recording: https://example.org/rec?a=1&amp;b=2
  - date: 2026-01-07
    papers: [{1}, {2}]
    presenters: [Ada Lovelace, "Bob</p><script>window.__pwned=1</script>"]
    slides: https://example.org/slides.pdf
    notes: "Read *Section 3*. <script>window.__pwned=1</script> [x](javascript:window.__pwned=1)"
"""


def paper_ids(project: Path) -> list[str]:
    """The ids of the project's generated paper pages, in their pages' name order."""
    pages = sorted((project / "docs" / "papers").glob("*.md"))
    return [page.read_text("utf-8").split("\nid: ", 1)[1].split("\n", 1)[0] for page in pages]


@pytest.fixture(scope="session")
def group_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The edge-case lists with a reading group's sessions (GROUP_SESSIONS, built for
    2026-01-01: one past, the next on 2026-01-07), for a project site at /repo/."""
    project = copy_project(tmp_path_factory.mktemp("group") / "project", lists=edge_lists())
    run_cli(project, "generate")
    ids = paper_ids(project)
    curation = GROUP_SESSIONS.format(*ids[:3])
    (project / "lists" / "curation.yml").write_text(curation, encoding="utf-8")
    config = project / "mkdocs.yml"
    lines = config.read_text(encoding="utf-8").splitlines()
    lines = [f"site_url: {EDGE_SITE_URL}" if line.startswith("site_url:") else line
             for line in lines]  # fmt: skip
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run_cli(project, "build")
    return project


@pytest.fixture(scope="session")
def group_server(group_site: Path) -> Iterator[SiteServer]:
    with serve(group_site / "site", EDGE_SITE_URL) as server:
        yield server
