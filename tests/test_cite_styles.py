"""APA, IEEE and Chicago citations held to the styles' published examples.

Each example is the reference as its style guide prints it (APA Style's reference examples
and the APA 7 manual, the IEEE Reference Guide, the Chicago Manual of Style's citation quick
guide), with the parts a paper here has no field for (volume, issue, pages, month) removed,
as the guides themselves do when a source lacks them. Italics are checked separately: the
plain text is what a copy button copies."""

from __future__ import annotations

import pytest

from generator.export.styles import apa, chicago, ieee, markdown_link, styled
from generator.models import Bibliographic, Name, Paper

DUCKWORTH = Bibliographic(
    title="Cognitive and noncognitive predictors of success",
    authors=("Angela L. Duckworth", "Abigail Quirk", "Robert Gallop", "Rick H. Hoyle",
             "Dennis R. Kelly", "Michael D. Matthews"),
    year="2019", venue="Proceedings of the National Academy of Sciences, USA",
    doi="10.1073/pnas.1910510116",
)  # fmt: skip
KALNAY = Bibliographic(
    title="The NCEP/NCAR 40-year reanalysis project",
    authors=tuple(f"{given} {family}" for given, family in (
        ("E.", "Kalnay"), ("M.", "Kanamitsu"), ("R.", "Kistler"), ("W.", "Collins"),
        ("D.", "Deaven"), ("L.", "Gandin"), ("M.", "Iredell"), ("S.", "Saha"), ("G.", "White"),
        ("J.", "Woollen"), ("Y.", "Zhu"), ("M.", "Chelliah"), ("W.", "Ebisuzaki"),
        ("W.", "Higgins"), ("J.", "Janowiak"), ("K. C.", "Mo"), ("C.", "Ropelewski"),
        ("J.", "Wang"), ("A.", "Leetmaa"), ("R.", "Reynolds"), ("R.", "Jenne"), ("D.", "Joseph"))),
    year="1996", venue="Bulletin of the American Meteorological Society",
)  # fmt: skip
LIU = Bibliographic(
    title="TDM and TWDM de Bruijn networks and shufflenets for optical communications",
    authors=("G. Liu", "K. Y. Lee", "H. F. Jordan"),
    year="1997",
    venue="IEEE Trans. Comp.",
)
PAYNE = Bibliographic(
    title="Wavelength-switched passively coupled single-mode optical network",
    authors=("D. B. Payne", "J. R. Stern"),
    year="1985",
    venue="Proc. IOOC-ECOC",
)
KENG = Bibliographic(
    title="Expanding College Access in Taiwan, 1978–2014: Effects on Graduate Quality and "
    "Income Inequality",
    authors=("Shao-Hsun Keng", "Chun-Hung Lin", "Peter F. Orazem"),
    year="2017",
    venue="Journal of Human Capital",
    doi="10.1086/690235",
)


def _paper(bib: Bibliographic, *, title_source: str = "source") -> Paper:
    return Paper("0123456789ab", "x", "x", "x", ("l",), (), title=bib.title, bib=bib,
                 title_source=title_source, slug="a-paper")  # fmt: skip


def _text(segments) -> str:
    return "".join(text for text, _ in segments)


@pytest.mark.parametrize(
    ("style", "bib", "published"),
    [
        (apa, DUCKWORTH,
         "Duckworth, A. L., Quirk, A., Gallop, R., Hoyle, R. H., Kelly, D. R., & Matthews, M. D. "
         "(2019). Cognitive and noncognitive predictors of success. Proceedings of the National "
         "Academy of Sciences, USA. https://doi.org/10.1073/pnas.1910510116"),
        (apa, KALNAY,
         "Kalnay, E., Kanamitsu, M., Kistler, R., Collins, W., Deaven, D., Gandin, L., Iredell, "
         "M., Saha, S., White, G., Woollen, J., Zhu, Y., Chelliah, M., Ebisuzaki, W., Higgins, "
         "W., Janowiak, J., Mo, K. C., Ropelewski, C., Wang, J., Leetmaa, A., . . . Joseph, D. "
         "(1996). The NCEP/NCAR 40-year reanalysis project. Bulletin of the American "
         "Meteorological Society."),
        (ieee, LIU,
         "G. Liu, K. Y. Lee, and H. F. Jordan, \u201cTDM and TWDM de Bruijn networks and "
         "shufflenets for optical communications,\u201d IEEE Trans. Comp., 1997."),
        (ieee, PAYNE,
         "D. B. Payne and J. R. Stern, \u201cWavelength-switched passively coupled single-mode "
         "optical network,\u201d in Proc. IOOC-ECOC, 1985."),
        (ieee, KALNAY,
         "E. Kalnay et al., \u201cThe NCEP/NCAR 40-year reanalysis project,\u201d Bulletin of "
         "the American Meteorological Society, 1996."),
        (chicago, KENG,
         "Keng, Shao-Hsun, Chun-Hung Lin, and Peter F. Orazem. \u201cExpanding College Access in "
         "Taiwan, 1978–2014: Effects on Graduate Quality and Income Inequality.\u201d Journal of "
         "Human Capital (2017). https://doi.org/10.1086/690235."),
    ],
)  # fmt: skip
def test_each_style_prints_its_published_example(style, bib: Bibliographic, published: str):
    assert _text(style(_paper(bib))) == published


@pytest.mark.parametrize(("style", "bib"), [(apa, DUCKWORTH), (ieee, LIU), (chicago, KENG)])
def test_the_venue_alone_is_italic(style, bib: Bibliographic) -> None:
    assert [text for text, italic in style(_paper(bib)) if italic] == [bib.venue]


def test_chicago_names_seven_of_more_than_ten_authors() -> None:
    cited = _text(chicago(_paper(KALNAY)))
    assert cited.startswith("Kalnay, E., M. Kanamitsu, R. Kistler, W. Collins, D. Deaven, "
                            "L. Gandin, M. Iredell, et al. \u201cThe NCEP")  # fmt: skip


# Names in the parts the BibTeX reader gives them: `{Google DeepMind}`, "García Márquez,
# Gabriel", "van Beethoven, Ludwig", "King, Jr., Martin Luther".
ORGANISATION = Bibliographic(
    title="Gemini: a family of multimodal models", authors=("Google DeepMind",), year="2023",
    names=(Name(last="Google DeepMind"),),
)  # fmt: skip
PEOPLE = Bibliographic(
    title="A title",
    authors=("Gabriel García Márquez", "Ludwig van Beethoven", "Martin Luther King Jr."),
    year="2020",
    names=(Name("Gabriel", "", "García Márquez"), Name("Ludwig", "van", "Beethoven"),
           Name("Martin Luther", "", "King", "Jr.")),
)  # fmt: skip
KING_FIRST = Bibliographic(title="A title", authors=PEOPLE.authors[::-1], year="2020",
                           names=PEOPLE.names[::-1])  # fmt: skip


@pytest.mark.parametrize(
    ("style", "bib", "published"),
    [(apa, ORGANISATION, "Google DeepMind (2023). Gemini: a family of multimodal models."),
     (ieee, ORGANISATION,
      "Google DeepMind, \u201cGemini: a family of multimodal models,\u201d 2023."),
     (chicago, ORGANISATION,
      "Google DeepMind. \u201cGemini: a family of multimodal models.\u201d 2023."),
     (apa, PEOPLE, "García Márquez, G., van Beethoven, L., & King, M. L., Jr. (2020). A title."),
     (ieee, PEOPLE,
      "G. García Márquez, L. van Beethoven, and M. L. King Jr., \u201cA title,\u201d 2020."),
     (chicago, PEOPLE, "García Márquez, Gabriel, Ludwig van Beethoven, and Martin Luther King "
      "Jr. \u201cA title.\u201d 2020."),
     (chicago, KING_FIRST, "King, Martin Luther, Jr., Ludwig van Beethoven, and Gabriel García "
      "Márquez. \u201cA title.\u201d 2020.")],
)  # fmt: skip
def test_names_are_cited_in_the_parts_the_source_gave(style, bib, published) -> None:
    assert _text(style(_paper(bib))) == published


@pytest.mark.parametrize(
    ("author", "cited"),
    [("Aidan N. Gomez", "Gomez, A. N."), ("Jean-Paul Sartre", "Sartre, J.-P."),
     ("Ludwig van Beethoven", "van Beethoven, L."), ("Martin Luther King Jr.", "King, M. L., Jr."),
     ("Google DeepMind", "Google DeepMind"), ("OpenAI", "OpenAI")],
)  # fmt: skip
def test_a_name_without_parts_is_split_as_the_reader_splits_it(author: str, cited: str) -> None:
    bib = Bibliographic(title="T", authors=(author,), year="2020")  # a record made without parts
    assert _text(apa(_paper(bib))) == f"{cited} (2020). T."


def test_a_derived_title_is_cited_in_brackets_as_the_citer_s_own() -> None:
    paper = _paper(Bibliographic(title="", year="2025"), title_source="derived")
    paper = Paper(**{**paper.__dict__, "title": "Sparse autoencoders for vision"})
    for cited in styled(paper)[:3]:
        assert "[Sparse autoencoders for vision]" in cited.text, cited
    assert _text(apa(paper)) == "[Sparse autoencoders for vision]. (2025)."


def test_the_markdown_link_escapes_its_text_and_prefers_the_doi() -> None:
    bib = Bibliographic(title="[Evil](javascript:x) *bold*", doi="10.1/a(b)")
    assert markdown_link(_paper(bib)) == (
        "[\\[Evil\\](javascript:x) \\*bold\\*](https://doi.org/10.1/a%28b%29)"
    )
    plain = _paper(Bibliographic(title="Plain"))
    assert markdown_link(plain, site_url="https://u.github.io/r/") == (
        "[Plain](https://u.github.io/r/papers/a-paper/)"
    )


@pytest.mark.parametrize(
    ("bib", "published"),
    [(Bibliographic(title="A title"), "\u201cA title.\u201d"),
     (Bibliographic(title="A title", year="2024", url="https://x.org/a"),
      "\u201cA title,\u201d 2024. [Online]. Available: https://x.org/a"),
     (Bibliographic(title="A title", venue="ICML", doi="10.5/x"),
      "\u201cA title,\u201d in ICML, doi: 10.5/x.")],
)  # fmt: skip
def test_ieee_leaves_out_what_a_paper_lacks(bib: Bibliographic, published: str) -> None:
    assert _text(ieee(_paper(bib))) == published


def test_a_doi_is_linked_quoted_and_cited_bare() -> None:
    sici = "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0"
    quoted = "https://doi.org/10.1002/(SICI)1097-4571(199806)49:8%3C693::AID-ASI4%3E3.0.CO;2-0"
    paper = _paper(Bibliographic(title="T", year="1998", doi=sici))
    assert _text(apa(paper)).endswith(f" {quoted}")
    assert _text(chicago(paper)).endswith(f" {quoted}.")
    assert _text(ieee(paper)).endswith(f", doi: {sici}.")  # IEEE cites the DOI itself
    link = quoted.replace("(", "%28").replace(")", "%29")
    assert markdown_link(paper) == f"[T]({link})"
