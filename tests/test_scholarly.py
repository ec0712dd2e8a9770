"""export.fields and export.metadata: shared citation values, JSON-LD that cannot leave its
<script>, Highwire tags.

The JSON-LD is embedded in an HTML page exactly as the paper template prints it and read back
by two HTML parsers (html5lib, as browsers parse, and lxml): one script element, the same data,
nothing after it turned into markup. A naive `json.dumps` embedding fails the same check.
"""

from __future__ import annotations

import html
import json
from dataclasses import replace

import pytest
from bs4 import BeautifulSoup

from generator.export import fields, metadata
from generator.models import Link
from tests.test_exports import HOSTILE, make_paper

SITE = "https://example.org/list/"
# A real DOI form (SICI) with characters a URL path may not hold as they are.
SICI = "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0"
SICI_URL = "https://doi.org/10.1002/(SICI)1097-4571(199806)49:8%3C693::AID-ASI4%3E3.0.CO;2-0"
PARSERS = ["html5lib", "lxml"]


def page_with(script: str, meta: list[tuple[str, str]] = ()) -> str:
    tags = "".join(f'<meta name="{html.escape(n)}" content="{html.escape(c)}">' for n, c in meta)
    return (f'<!doctype html><html><head><title>t</title>{tags}'
            f'<script type="application/ld+json">{script}</script></head>'
            f'<body><p id="after">after</p></body></html>')  # fmt: skip


@pytest.mark.parametrize(
    ("value", "cleaned"),
    [
        ("  two\n\tlines\r\n ", "two lines"),
        ("nul\x00bell\x07esc\x1b", "nulbellesc"),
        ("c1\x85next\x9f", "c1 next"),
        ("bad \ufffe\uffff \ud800 end", "bad end"),
        ("中文 ünï 🚀", "中文 ünï 🚀"),
        ("nbsp\xa0and\u2028ls", "nbsp and ls"),
    ],
)
def test_clean_keeps_one_line_of_printable_text(value, cleaned):
    assert fields.clean(value) == cleaned


@pytest.mark.parametrize(
    ("venue", "kind"),
    [
        ("", ""),
        ("  ", ""),
        ("ICML 2025", "conference"),
        ("Advances in Neural Information Processing Systems", "conference"),
        ("Journal of Machine Learning Research", "journal"),
        ("Transactions on Machine Learning Research", "journal"),
        ("Physical Review Letters", "journal"),
        ("arXiv", "preprint"),
        ("CoRR abs/2501.00001", "preprint"),
    ],
)
def test_venue_kind(venue, kind):
    assert fields.venue_kind(venue) == kind


@pytest.mark.parametrize(
    ("url", "links", "pdf"),
    [
        ("https://x.org/paper.pdf", (), "https://x.org/paper.pdf"),
        ("https://x.org/PAPER.PDF?dl=1", (), "https://x.org/PAPER.PDF?dl=1"),
        ("https://openreview.net/pdf?id=abc", (), "https://openreview.net/pdf?id=abc"),
        ("https://arxiv.org/abs/2501.00001", ("https://arxiv.org/pdf/2501.00001",),
         "https://arxiv.org/pdf/2501.00001"),
        ("https://x.org/abstract", ("https://github.com/x/pdf-tools",), ""),
        ("javascript:alert(1)//.pdf", (), ""),
        ("", (), ""),
    ],
)  # fmt: skip
def test_pdf_url_only_when_known(url, links, pdf):
    paper = replace(make_paper(url=url), links=tuple(Link(u, "link") for u in links))
    assert fields.pdf_url(paper) == pdf


def test_keywords_are_tags_then_new_source_keywords():
    paper = make_paper(keywords=("llm", "Interpretability", "interpretability", " "))
    assert fields.keywords(paper) == ["sparse autoencoder", "LLM", "Interpretability"]


# JSON-LD -----------------------------------------------------------------------------------


@pytest.mark.parametrize("parser", PARSERS)
@pytest.mark.parametrize("hostile", HOSTILE)
def test_json_ld_stays_inside_its_script(hostile, parser):
    paper = make_paper(title=hostile, authors=(hostile,), venue=hostile)
    soup = BeautifulSoup(page_with(metadata.json_ld(paper, site_url=SITE)), parser)
    (script,) = soup.find_all("script")
    assert json.loads(script.string) == metadata.scholarly_article(paper, site_url=SITE)
    assert json.loads(script.string)["name"] == fields.clean(hostile)
    assert [p["id"] for p in soup.body.find_all("p")] == ["after"]
    assert soup.body.get_text() == "after"


def test_a_naive_embedding_would_break_out():
    """The check above has teeth: plain json.dumps lets `</script>` end the script."""
    article = metadata.scholarly_article(make_paper(title=HOSTILE[0]), site_url=SITE)
    soup = BeautifulSoup(page_with(json.dumps(article)), "html5lib")
    assert len(soup.find_all("script")) > 1


def test_json_ld_says_what_is_known():
    paper = make_paper("p1", title="Sparse", authors=("Ann Smith", "Bob Jones"), year="2025",
                       venue="ICML", doi="10.1/x", url="https://x.org/p")  # fmt: skip
    article = json.loads(metadata.json_ld(paper, site_url=SITE))
    assert article["@type"] == "ScholarlyArticle"
    assert article["@id"] == article["url"] == SITE + "papers/slug-p1/"
    assert article["author"] == [{"@type": "Person", "name": "Ann Smith"},
                                 {"@type": "Person", "name": "Bob Jones"}]  # fmt: skip
    assert article["datePublished"] == "2025"
    assert article["isPartOf"] == {"@type": "CreativeWork", "name": "ICML"}
    assert article["identifier"]["value"] == "10.1/x"
    assert article["sameAs"] == ["https://doi.org/10.1/x", "https://x.org/p"]
    assert article["description"] == "We study Sparse."
    assert article["about"] == [{"@type": "Thing", "name": "Large Language Models"}]


def test_json_ld_invents_nothing():
    article = json.loads(metadata.json_ld(make_paper(), site_url=""))
    assert set(article) == {"@context", "@type", "name", "headline", "abstract", "description",
                            "keywords", "about"}  # fmt: skip


# Highwire ----------------------------------------------------------------------------------


def test_highwire_tags_for_a_conference_paper():
    paper = make_paper("p1", title="Sparse", authors=("Ann Smith", "Bob Jones"), year="2025",
                       venue="ICML", doi="10.1/x", url="https://x.org/p.pdf")  # fmt: skip
    assert metadata.highwire(paper, site_url=SITE) == [
        ("citation_title", "Sparse"),
        ("citation_author", "Ann Smith"),
        ("citation_author", "Bob Jones"),
        ("citation_publication_date", "2025"),
        ("citation_conference_title", "ICML"),
        ("citation_doi", "10.1/x"),
        ("citation_abstract_html_url", SITE + "papers/slug-p1/"),
        ("citation_pdf_url", "https://x.org/p.pdf"),
        ("citation_keywords", "sparse autoencoder"),
        ("citation_keywords", "LLM"),
    ]


@pytest.mark.parametrize(
    ("venue", "name"),
    [("Journal of ML", "citation_journal_title"), ("ICML", "citation_conference_title")],
)
def test_highwire_venue_tag_follows_the_venue(venue, name):
    pairs = metadata.highwire(make_paper(venue=venue), site_url=SITE)
    assert (name, venue) in pairs


def test_highwire_invents_nothing():
    names = [name for name, _ in metadata.highwire(make_paper(venue="arXiv"), site_url="")]
    assert names == ["citation_title", "citation_keywords", "citation_keywords"]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_highwire_values_survive_html_attributes(hostile):
    pairs = metadata.highwire(make_paper(title=hostile, authors=(hostile,)), site_url=SITE)
    soup = BeautifulSoup(page_with("{}", pairs), "html5lib")
    read = [(m["name"], m["content"]) for m in soup.head.find_all("meta")]
    assert read == pairs
    assert ("citation_title", fields.clean(hostile)) in read


def test_a_doi_with_characters_a_url_may_not_hold_is_linked_quoted():
    paper = make_paper(doi=SICI)
    article = json.loads(metadata.json_ld(paper, site_url=SITE))
    assert article["sameAs"] == [SICI_URL]
    assert article["identifier"]["value"] == SICI  # the DOI itself, as it is written
    assert fields.doi_url(SICI) == SICI_URL and fields.doi_url("") == ""
