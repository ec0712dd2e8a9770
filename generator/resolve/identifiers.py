"""The identifiers a paper carries itself: a DOI or an arXiv id in its source's fields, its
abstract's text or its links. Looked up first: one free singleton request each. Pure.

An abstract may cite another paper's identifier, so what an identifier finds is still
compared with our abstract before it is accepted (`match`).
"""

from __future__ import annotations

import re

from generator.models import Paper
from generator.read.fields import clean_doi

_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"<>]+)")
_ARXIV = re.compile(
    r"(?:arxiv\.org/(?:abs|pdf)/|arxiv:\s*|10\.48550/arxiv\.)(\d{4}\.\d{4,5})(?:v\d+)?", re.I
)
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.", re.I)


def identifiers(paper: Paper) -> tuple[list[str], list[str]]:
    """The paper's DOIs (arXiv's own left out) and arXiv ids, each once, in the order found."""
    text = " ".join((paper.bib.doi, paper.bib.url, paper.text,
                     *(link.url for link in paper.links)))  # fmt: skip
    dois = [clean_doi(found.rstrip(".,;:)]}")) for found in _DOI.findall(text)]
    arxiv = [found for found in _ARXIV.findall(text)]
    kept = [doi for doi in dois if doi and not _ARXIV_DOI.match(doi)]
    return list(dict.fromkeys(kept)), list(dict.fromkeys(arxiv))
