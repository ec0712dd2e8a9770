"""Code and data links found in an abstract, labelled by what they most likely point to."""

from __future__ import annotations

import re

from generator.models import Link

_CODE_HOSTS = re.compile(r"^https?://(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|"
                         r"codeberg\.org|sourceforge\.net)/", re.I)  # fmt: skip
_DATA = re.compile(r"huggingface\.co/datasets/|zenodo\.org|kaggle\.com|/datasets?/|\bdata\b", re.I)
_PROJECT = re.compile(r"\.github\.io|sites\.google\.com|/project", re.I)
_MODEL = re.compile(r"huggingface\.co/", re.I)


def label_for(url: str) -> str:
    if _CODE_HOSTS.match(url):
        return "code"
    if _DATA.search(url):
        return "data"
    if _MODEL.search(url):
        return "models"
    if _PROJECT.search(url):
        return "project"
    return "link"


def find_links(urls: tuple[str, ...]) -> tuple[Link, ...]:
    """Distinct URLs in order of appearance, each with its label."""
    seen: dict[str, Link] = {}
    for url in urls:
        key = url.rstrip("/").lower()
        if key not in seen:
            seen[key] = Link(url=url, label=label_for(url))
    return tuple(seen.values())
