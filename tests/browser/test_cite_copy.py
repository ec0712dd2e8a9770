"""The Cite box's styles as a reader uses them, on a desktop and a 390 px phone: each copy
button (the site's own script, loaded when the box opens) puts exactly the shown citation on
the clipboard, and a derived title is said to be one."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser
STYLES = ["APA", "IEEE", "Chicago", "Markdown", "BibTeX"]


@pytest.mark.parametrize("width", [1280, 390])
def test_each_copy_button_copies_its_citation(seed_server, seed_corpus, new_page, width):
    page = new_page(width=width, permissions=["clipboard-read", "clipboard-write"])
    paper = seed_corpus.papers[0]
    page.goto(seed_server.url(paper.path))
    cite = page.locator("details.rl-cite")
    cite.locator("summary").click()
    expect(cite.locator(".rl-cite__derived")).to_contain_text("not the paper's own")
    for style in STYLES:
        button = cite.get_by_role("button", name=f"Copy {style}")
        expect(button).to_be_visible()
        button.click()
        expect(button).to_have_text("Copied")
        expect(cite.locator(".rl-copy__status")).to_have_text(f"{style} copied.")
        shown = cite.locator(f"#rl-cite-{style.lower()}").inner_text().strip()
        assert page.evaluate("() => navigator.clipboard.readText()") == shown
        assert shown
    apa = cite.locator("#rl-cite-apa").inner_text()
    assert apa == f"[{paper.title}]. (n.d.)."  # no author, no year: the title first
    markdown = cite.locator("#rl-cite-markdown").inner_text()
    assert markdown.endswith(f"{paper.path})") and markdown.startswith("[")


def test_without_javascript_the_citations_are_there_and_no_dead_button(
    seed_server, seed_corpus, new_page
):
    page = new_page(java_script_enabled=False)
    page.goto(seed_server.url(seed_corpus.papers[0].path))
    page.locator("details.rl-cite summary").click()
    expect(page.locator("#rl-cite-chicago")).to_be_visible()
    expect(page.locator("button.rl-copy").first).to_be_hidden()
