"""The page policy allows the inline scripts the theme and the plugin put around a page's
content, and none in the content itself: a script that got past escaping into a page's body
is not let run by its own hash. Built for real: a hand page whose Markdown holds an inline
script (as escaping failing would leave one), its built HTML read back."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tests.conftest import copy_project, run_cli
from tests.test_validation import ABSTRACTS

PLANTED = "window.__planted = true;"
HAND_PAGE = f"# Planted\n\nSome text.\n\n<script>{PLANTED}</script>\n\nMore text.\n"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lists = {"a.txt": "Policy Test\n\n" + "\n\n".join(ABSTRACTS) + "\n"}
    project = copy_project(tmp_path_factory.mktemp("csp") / "project", lists=lists)
    (project / "docs" / "planted.md").write_text(HAND_PAGE, encoding="utf-8")
    run_cli(project, "build")
    return project / "site"


def _hash(body: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(body.encode()).digest()).decode() + "'"


def _policy(soup: BeautifulSoup) -> list[str]:
    meta = soup.find("meta", attrs={"http-equiv": "Content-Security-Policy"})
    directives = dict(part.strip().split(" ", 1) for part in meta["content"].split(";"))
    return directives["script-src"].split()


def _inline_scripts(soup: BeautifulSoup) -> list[str]:
    """The bodies of the page's inline scripts that run (not its data blocks)."""
    return [script.string or "" for script in soup.find_all("script")
            if not script.get("src") and "json" not in script.get("type", "")]  # fmt: skip


def test_a_script_in_a_page_s_content_is_not_allowed(site: Path) -> None:
    soup = BeautifulSoup((site / "planted" / "index.html").read_text("utf-8"), "html.parser")
    assert PLANTED in soup.find("article").decode()  # it is there, in the content
    assert _hash(PLANTED) not in _policy(soup)


@pytest.mark.parametrize("page", ["planted/index.html", "index.html", "404.html"])
def test_every_script_of_the_theme_is_allowed(site: Path, page: str) -> None:
    soup = BeautifulSoup((site / page).read_text("utf-8"), "html.parser")
    article = soup.find("article")
    theirs = [body for body in _inline_scripts(soup) if body != PLANTED]
    assert theirs  # the theme's own (Material's, overrides/main.html's)
    allowed = _policy(soup)
    assert all(_hash(body) in allowed for body in theirs)
    if article is not None:  # none of the theme's scripts is in the content
        assert not any(re.search(re.escape(body), article.decode()) for body in theirs)
