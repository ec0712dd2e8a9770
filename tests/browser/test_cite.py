"""The Cite box as a reader uses it: both downloads save a file holding the paper's record."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("label", "first_line"), [("BibTeX", "@"), ("RIS", "TY  - ")])
def test_each_cite_download_saves_the_papers_record(seed_server, seed_corpus, page, tmp_path,
                                                    label, first_line):  # fmt: skip
    paper = seed_corpus.papers[0]
    page.goto(seed_server.url(paper.path))
    page.locator("details.rl-cite summary").click()
    link = page.locator("details.rl-cite a[download]", has_text=label)
    with page.expect_download() as pending:
        link.click()
    download = pending.value
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    text = saved.read_text(encoding="utf-8")
    key = page.locator("details.rl-cite pre").inner_text().split("{", 1)[1].split(",", 1)[0]
    assert download.suggested_filename == f"{key}.{'bib' if label == 'BibTeX' else 'ris'}"
    assert text.startswith(first_line) and key in text
    assert paper.title.split(":")[0] in text
