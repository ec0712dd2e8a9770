"""What a reader does, as small helpers the browser tests share: search, follow links, read
the visible links of a page, wait for instant navigation.

The search helper times the site's own search in the page itself (performance.now() at the
keystroke, and when the first result appears), so the number excludes the test driver.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit

try:  # the tests assert through Playwright's waiting `expect`, never a snapshot of the page
    from playwright.sync_api import expect
except ImportError:  # the browser fixture then skips, or fails in CI, with the reason
    expect = None

CONTENT = "article.md-content__inner"  # search results are <article>s too
SEARCH_INPUT = "input[data-md-component=search-query]"
RESULT_LINKS = ".md-search-result__item > a"

PROBES = Path(__file__).resolve().parent / "probes"


def probe(name: str) -> str:
    """A JavaScript function from probes/, for page.evaluate()."""
    return (PROBES / f"{name}.js").read_text(encoding="utf-8")


@dataclass(frozen=True)
class SearchOutcome:
    query: str
    paths: tuple[str, ...]  # result addresses relative to the site root, best first
    titles: tuple[str, ...]
    milliseconds: float  # last keystroke -> first result (or "no matching documents")


def open_search(page) -> None:
    """Focus the search box, as a reader does by clicking it (or the icon on a phone)."""
    field, button = page.locator(SEARCH_INPUT), "label[for=__search].md-header__button"
    # Either the box or, on a phone, the button that opens it: waited for, then chosen.
    page.locator(f"{SEARCH_INPUT}:visible, {button}:visible").first.wait_for()
    if not field.is_visible():
        page.locator(button).click()
    field.click()


def search(page, query: str, base: str) -> SearchOutcome:
    """Type `query` into the site's search and wait for its answer. The box is cleared first
    and every step waits for the search to answer, so no stale result is ever read."""
    open_search(page)
    field = page.locator(SEARCH_INPUT)
    _enter(field, "")
    page.wait_for_function(_IDLE, timeout=15_000)
    if len(query) > 1:
        _enter(field, query[:-1])
        page.wait_for_function(_ANSWERED, timeout=15_000)
    page.evaluate(probe("search_timer"))
    field.press(query[-1])
    page.wait_for_function("() => window.__searchProbe.done !== null", timeout=15_000)
    timer = page.evaluate("() => window.__searchProbe")
    links = page.locator(RESULT_LINKS)
    hrefs = [] if timer["empty"] else links.evaluate_all("els => els.map(e => e.href)")
    titles = [] if timer["empty"] else links.locator("h1, h2").all_inner_texts()
    return SearchOutcome(
        query=query,
        paths=tuple(site_path(href, base) for href in hrefs),
        titles=tuple(titles),
        milliseconds=timer["done"] - timer["down"],
    )


_META = "document.querySelector('.md-search-result__meta').textContent"
_ITEM = "document.querySelector('.md-search-result__item')"
_IDLE = f"() => !{_ITEM} && !/matching/i.test({_META})"  # "Type to start searching"
_ANSWERED = f"() => !!{_ITEM} || /no matching/i.test({_META})"


def _enter(field, text: str) -> None:
    """Put `text` in the box; the theme searches on keyup, which fill() does not send."""
    field.fill(text)
    field.press("End")


def site_path(url: str, base: str) -> str:
    """`url` relative to the site root, without query or fragment ("papers/x/")."""
    path = urlsplit(url).path
    root = urlsplit(base).path
    return path[len(root) :] if path.startswith(root) else path


def visible_links(page) -> list[str]:
    """Absolute addresses of the links a reader can see (and so click) on the page."""
    hrefs = page.locator("a[href]").evaluate_all(
        "els => els.filter(e => e.checkVisibility({visibilityProperty: true})"
        " && e.getClientRects().length).map(e => e.href)"
    )
    return [urljoin(page.url, href) for href in hrefs]


def visit(page, url: str) -> None:
    """Load `url` and wait until instant navigation is armed: Material intercepts clicks only
    once it has read sitemap.xml, which it fetches after the page has loaded."""
    page.goto(url)
    page.wait_for_load_state("networkidle")


def mark_document(page) -> None:
    """Tag the live document: the tag survives instant navigation but not a full reload."""
    page.evaluate("() => { window.__sameDocument = true; }")


def same_document(page) -> bool:
    return page.evaluate("() => window.__sameDocument === true")


def heading(page) -> str:
    return page.locator(f"{CONTENT} h1").first.inner_text().strip()


def wait_for_heading(page, text: str) -> None:
    """Wait until the page shows `text` as its heading (instant navigation swaps content
    after the address has already changed)."""
    page.wait_for_function(
        "([selector, text]) => document.querySelector(selector)?.textContent.trim() === text",
        arg=[f"{CONTENT} h1", text],
    )
