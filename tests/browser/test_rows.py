"""What stays on one row: each tag's count beside its name on the tags page, and the header
with its tabs on a 390 px phone (the site's name whole, every tab in one row)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Tags whose count's box is not on the chip's line, right of it.
COUNT_OFF_ITS_LINE = """() => [...document.querySelectorAll('.rl-tag-cloud .rl-tag')]
.filter(tag => {
  const chip = tag.querySelector('.rl-chip').getBoundingClientRect();
  const count = tag.querySelector('.rl-count').getBoundingClientRect();
  return !(count.top < chip.bottom && count.bottom > chip.top && count.left >= chip.right - 1);
}).map(tag => tag.textContent.trim())"""
# The header's rows: the top of each tab, the tab row's height against one tab's, and whether
# the site's name is cut (its text wider than its box).
HEADER = """() => {
  const tabs = [...document.querySelectorAll('.md-tabs__item')];
  const name = document.querySelector('.md-header__title .md-header__topic .md-ellipsis');
  return {
    tops: [...new Set(tabs.map(tab => Math.round(tab.getBoundingClientRect().top)))],
    row: document.querySelector('.md-tabs').getBoundingClientRect().height,
    tab: Math.max(...tabs.map(tab => tab.getBoundingClientRect().height)),
    name: name.textContent.trim(),
    cut: name.scrollWidth > name.clientWidth,
  };
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_each_tag_s_count_is_on_the_tag_s_line(seed_server, new_page, width):
    page = new_page(width=width, height=844)
    page.goto(seed_server.url("tags/"))
    expect(page.locator(".rl-tag-cloud .rl-tag .rl-count").last).to_be_visible()
    assert page.locator(".rl-tag-cloud .rl-tag").count() > 50
    assert page.evaluate(COUNT_OFF_ITS_LINE) == []


def test_the_header_is_one_row_of_tabs_under_the_whole_name_at_390px(
    seed_server, seed_corpus, new_page
):
    page = new_page(width=390, height=844, is_mobile=True, has_touch=True)
    longest = max(seed_corpus.papers, key=lambda paper: len(paper.title))
    for path in ("", "tags/", longest.path):
        page.goto(seed_server.url(path))
        expect(page.locator(".md-tabs__item").last).to_be_visible()
        header = page.evaluate(HEADER)
        assert len(header["tops"]) == 1, f"{path or 'home'}: tabs on {len(header['tops'])} rows"
        assert header["row"] <= header["tab"] + 1, header
        assert header["name"] == "ICML 2025 Reading List" and not header["cut"], header
