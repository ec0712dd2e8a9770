"""sources: BibTeX, CSL-JSON and CSV lists read into RawLists, from realistic exports.

The fixtures in tests/fixtures/sources/ are written in each tool's own format: Zotero's BibTeX,
CSV and CSL-JSON exports, a JabRef file, a Crossref item, a spreadsheet saved with a BOM and
CRLF line ends. Expected lines are found by searching the fixture text, so a fixture can grow
without its tests being renumbered by hand.
"""

from __future__ import annotations

import codecs
import json
import time
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from generator import markup
from generator.config import Settings
from generator.errors import InputError
from generator.markup.latex import ACCENTS, accents_to_unicode
from generator.models import Bibliographic, Name
from generator.read import RawAbstract, RawList, bibtex, csvfile, merge
from generator.read import fields as bibfields
from generator.read import files as sources

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "sources"


def line_of(name: str, needle: str) -> int:
    """The 1-based line of the first line of fixture `name` that contains `needle`."""
    lines = (FIXTURES / name).read_text(encoding="utf-8-sig").splitlines()
    return next(number for number, line in enumerate(lines, 1) if needle in line)


def by_title(raw: RawList) -> dict[str, RawAbstract]:
    return {abstract.bib.title: abstract for abstract in raw.abstracts}


def messages(raw: RawList, line: int) -> list[str]:
    return [problem.message for problem in raw.problems if problem.line == line]


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    data = content.encode("utf-8") if isinstance(content, str) else content
    path.write_bytes(data)
    return path


@pytest.fixture(scope="module")
def zotero_bib() -> RawList:
    return sources.read_list(FIXTURES / "zotero_export.bib")


@pytest.fixture(scope="module")
def jabref_bib() -> RawList:
    return sources.read_list(FIXTURES / "jabref_named.bib")


@pytest.fixture(scope="module")
def zotero_json() -> RawList:
    return sources.read_list(FIXTURES / "zotero_items.json")


@pytest.fixture(scope="module")
def spreadsheet_csv() -> RawList:
    return sources.read_list(FIXTURES / "spreadsheet.csv")


@pytest.fixture(scope="module")
def zotero_csv() -> RawList:
    return sources.read_list(FIXTURES / "zotero_export.csv")


# BibTeX ------------------------------------------------------------------------------------


def test_zotero_bibtex_titles_are_unicode_without_braces(zotero_bib):
    assert set(by_title(zotero_bib)) == {
        "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding",
        "Deep Learning für élèves: ça marche avec GPT",
        "Attention Is All You Need",
        "Adam: A Method for Stochastic Optimization",
    }


def test_zotero_bibtex_fields(zotero_bib):
    papers = by_title(zotero_bib)
    bert = papers[
        "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding"
    ]
    assert bert.bib.authors == (
        "Jacob Devlin",
        "Ming-Wei Chang",
        "Kenton Lee",
        "Kristina Toutanova",
    )
    assert bert.bib.year == "2019"
    assert bert.bib.doi == "10.18653/v1/N19-1423"
    assert bert.bib.url == "https://aclanthology.org/N19-1423"
    assert bert.bib.keywords == ("Computer Science - Computation and Language", "transformers")
    # @string macro, `#` concatenation and braces inside the quoted part
    assert bert.bib.venue == (
        "Proceedings of the 2019 Conference of the North American Chapter of the Association "
        "for Computational Linguistics: Human Language Technologies"
    )


ICLR_2015 = (
    "3rd International Conference on Learning Representations, ICLR 2015, San Diego, CA, "
    "USA, May 7-9, 2015"
)


def test_bibtex_crossref_fills_missing_fields_from_the_volume() -> None:
    """JabRef's shape: the paper has only its own fields and `crossref`; its venue (the
    volume's title, as booktitle) and year come from the @proceedings entry, as in BibTeX."""
    raw = sources.read_list(FIXTURES / "jabref_crossref.bib")
    papers = by_title(raw)
    adam = papers["Adam: A Method for Stochastic Optimization"].bib
    assert (adam.venue, adam.year) == (ICLR_2015, "2015")
    assert adam.url == "" and adam.keywords == ()  # the volume's own address and keywords
    # A field the entry has is its own; the key is matched whatever its case.
    adamw = papers["Decoupled Weight Decay Regularization"].bib
    assert (adamw.venue, adamw.year) == (
        "7th International Conference on Learning Representations (ICLR)", "2019")  # fmt: skip
    # The volume, which has no abstract, is no paper of the list and gets no warning.
    assert len(raw.abstracts) == 3
    assert not any("ICLR2015" in problem.message for problem in raw.problems)
    assert messages(raw, 23) == [
        "crossref 'NoSuchVolume' names no other entry of this file; nothing is inherited"
    ]


def test_bibtex_names_accents_and_others(zotero_bib):
    muller = by_title(zotero_bib)["Deep Learning für élèves: ça marche avec GPT"]
    assert muller.bib.authors == ("Jörg Müller", "François García", "Søren Østergaard")
    assert muller.bib.doi == "10.1038/s41467-021-00001-x"  # resolver prefix dropped
    assert muller.bib.venue == "Nature Communications"


def test_bibtex_abstract_keeps_its_latex_on_one_line(zotero_bib):
    papers = by_title(zotero_bib)
    bert = papers[
        "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding"
    ]
    assert "called BERT, which" in bert.text  # BibTeX's case-protecting braces dropped
    assert r"80.5\% (7.7\% point" in bert.text and "$93.2$" in bert.text
    muller = papers["Deep Learning für élèves: ça marche avec GPT"]
    assert "how übung and résumé style" in muller.text
    end = r"with $\mathcal{O}(n \log n)$ tutors. Students improved by 12\% on average."
    assert muller.text.endswith(end)


def test_bibtex_lines_are_where_entries_start(zotero_bib):
    found = {abstract.bib.title.split(":")[0]: abstract.line for abstract in zotero_bib.abstracts}
    name = "zotero_export.bib"
    assert found["BERT"] == line_of(name, "@inproceedings{devlin_bert_2019")
    assert found["Attention Is All You Need"] == line_of(name, "@misc{vaswani_attention_2017")
    assert found["Adam"] == line_of(name, "@inproceedings{kingma_adam_2015")


def test_bibtex_problems_are_warnings_at_their_entry(zotero_bib):
    name = "zotero_export.bib"
    (book,) = messages(zotero_bib, line_of(name, "@book{goodfellow_deep_2016"))
    assert "'goodfellow_deep_2016' has no abstract: skipped" in book
    (broken,) = messages(zotero_bib, line_of(name, "@article{broken_entry_2020"))
    assert broken.startswith("malformed BibTeX entry skipped")
    (unsafe,) = messages(zotero_bib, line_of(name, "@inproceedings{kingma_adam_2015"))
    assert "'javascript:alert(1)' is not an http(s) address" in unsafe
    assert all(problem.severity == "warning" for problem in zotero_bib.problems)
    assert len(zotero_bib.problems) == 3  # month = jun / mar are BibTeX's own macros


def test_bibtex_arxiv_eprint_gives_address_and_venue(zotero_bib):
    attention = by_title(zotero_bib)["Attention Is All You Need"]
    assert attention.bib.url == "https://arxiv.org/abs/1706.03762"
    assert attention.bib.venue == "arXiv"
    assert attention.bib.authors == ("Ashish Vaswani", "Noam Shazeer", "Niki Parmar")


def test_bibtex_stem_names_the_list(zotero_bib):
    assert zotero_bib.name == "Zotero export"


def test_jabref_comment_names_the_list(jabref_bib):
    assert jabref_bib.name == "Reading Group: Optimisation"


def test_jabref_capitalised_fields_quotes_and_bare_numbers(jabref_bib):
    robbins = by_title(jabref_bib)["A Stochastic Approximation Method"]
    assert robbins.bib.authors == ("Herbert Robbins", "Sutton Monro")
    assert robbins.bib.year == "1951"
    assert robbins.bib.keywords == ("stochastic approximation", "optimisation")
    assert robbins.text.startswith("Let $M(x)$ denote the expected value")
    assert robbins.line == line_of("jabref_named.bib", "@Article{Robbins1951")


def test_undefined_string_macro_is_named(jabref_bib):
    duchi = next(a for a in jabref_bib.abstracts if a.bib.title.startswith("Adaptive"))
    assert duchi.bib.venue == "conf_colt"
    assert messages(jabref_bib, duchi.line) == [
        "@string macro 'conf_colt' is not defined; its name is used as text"
    ]


def test_bibtex_duplicates(tmp_path):
    abstract = "We show that a repeated abstract is one paper with the details of both entries."
    text = (
        f"@article{{a, title = {{First}}, abstract = {{{abstract}}}}}\n"
        f"@misc{{a, doi = {{10.1000/xyz}}, title = {{Second}}, abstract = {{{abstract}}}}}\n"
        "@article{c, title = {x}, title = {y}, abstract = {Five words make an abstract.}}\n"
    )
    raw = sources.read_list(write(tmp_path, "dups.bib", text))
    assert [(a.bib.title, a.bib.doi, a.line) for a in raw.abstracts] == [
        ("First", "10.1000/xyz", 1),
        ("x", "", 3),
    ]
    assert messages(raw, 2) == [
        "citation key 'a' is used again (first on line 1); this entry is read too",
        "the same abstract as line 1; it is listed once",
    ]
    assert messages(raw, 3) == ["field(s) title given twice; the first is used"]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("\n\n@article{x,\n  title = {never closed,\n", 3, "no BibTeX entry could be read"),
        ("@article{x, title = {a}", 1, "Unexpectedly reached end of file"),
    ],
)
def test_bibtex_without_a_readable_entry_stops(tmp_path, text, line, message):
    with pytest.raises(InputError) as caught:
        sources.read_list(write(tmp_path, "broken.bib", text))
    assert caught.value.line == line and message in caught.value.message


def test_bibtex_without_entries_warns(tmp_path):
    raw = sources.read_list(write(tmp_path, "notes.bib", "Just notes, no entries.\n"))
    assert raw.abstracts == ()
    assert [p.message for p in raw.problems] == [
        "no entries found: nothing from this file is listed"
    ]


@pytest.fixture(scope="module")
def latex_bib() -> dict[str, RawAbstract]:
    """The entries of latex_fields.bib by citation key."""
    raw = sources.read_list(FIXTURES / "latex_fields.bib")
    assert raw.problems == ()
    lines = {abstract.line: abstract for abstract in raw.abstracts}
    keys = ("accents2021", "braces2019", "formatting2020", "specials2018", "math2017",
            "unknown2016")  # fmt: skip
    return {key: lines[line_of("latex_fields.bib", "{" + key + ",")] for key in keys}


@pytest.mark.parametrize(
    ("key", "field", "value"),
    [
        ("accents2021", "title", "Über Élèves: Ça va, Straße and Ångström"),
        (
            "accents2021",
            "authors",
            ("Jörg Müller", "François García", "Søren Østergaard", "Łukasz Šarůnas"),
        ),
        ("accents2021", "venue", "Revue d'Économíe"),
        ("accents2021", "keywords", ("naïve Bayes", "deep learning")),
        ("braces2019", "title", "BERT and GPT: Deep Learning for NLP"),
        ("braces2019", "authors", ("DeepMind AlphaFold Team", "Simon and Schuster")),
        ("braces2019", "venue", "Proceedings of the ACM SIGKDD Conference"),
        ("formatting2020", "title", "Attention is all you need, really – or is it?"),
        ("formatting2020", "authors", ("D. E. Knuth", "Jan van der Berg")),
        ("formatting2020", "url", "https://example.org/papers/attention_all"),
        ("formatting2020", "venue", ""),  # howpublished holds an address, not a venue
        (
            "specials2018",
            "title",
            "Pre-training – and fine-tuning — Q&A at 50% cost, 3 times faster",
        ),
        ("specials2018", "venue", "Journal of Testing & Verification"),
        ("math2017", "title", "Sparse ℓ_1 Recovery in O(n log n) Time for α ≤ 1"),
        ("unknown2016", "title", "The Bar Model, Tricks and Files"),
        ("unknown2016", "venue", "Journal of Unknown Commands"),
    ],
)
def test_latex_fields_read_as_plain_text(latex_bib, key, field, value):
    """Accents, braces, formatting, dashes, escaped specials, math, `\\url` and unknown commands
    in titles, names, venues and keywords, as a LaTeX-heavy library spells them."""
    assert getattr(latex_bib[key].bib, field) == value


def test_latex_field_abstracts_keep_their_latex_less_bibtex_syntax(latex_bib):
    assert latex_bib["accents2021"].text == (
        "We show that übung and résumé style exercises help, as François observed in 2019."
    )
    assert "are BibTeX's syntax" in latex_bib["braces2019"].text


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        (r"{D}eep {{BERT}} f{\"u}r {\'e}l{\`e}ves", "Deep BERT für élèves"),
        (r"\c{c}a {\c c}a Garc{\'\i}a", "ça ça García"),
        (r"{\O}stergaard S{\o}ren Stra{\ss}e \AA{}ngstr{\"o}m", "Østergaard Søren Straße Ångström"),
        (r"Sch\"{o}n \v{S}ar{\'u}n \H{o} \~{n}", "Schön Šarún ő ñ"),
        (r"Q\&A at 50\% -- and 50% too", "Q&A at 50% – and 50% too"),
        (r"$\ell_1$-regularised \emph{sparse} models", "ℓ_1-regularised sparse models"),
        (r"see \url{https://x.org/a_b}", "see https://x.org/a_b"),
        # A brace BibTeX did not pair is no syntax of BibTeX's: it shows, as in abstracts.
        ("a {nested {deep} group} and a } stray brace", "a nested deep group and a } stray brace"),
        (
            r"{\bf Bold}, {\em slanted} and {\LaTeX} {Q\&A} on {$x$}-nets",
            "Bold, slanted and LaTeX Q&A on x-nets",
        ),
        (r"\foo{kept} \bar words", "kept bar words"),  # unknown commands: argument, or name
        (r"\input{/etc/passwd} kept", "kept"),
        ("", ""),
    ],
)
def test_field_text(latex, text):
    assert bibtex.field_text(latex) == text


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        (r"how {\"u}bung and r\'esum\'e", "how übung and résumé"),
        (r"called {BERT}, then {{GPT}} and {{{{deep}}}}", "called BERT, then GPT and deep"),
        (r"Garc{\'\i}a \c{c}a {\o}ster {\'E}cole", "García ça øster École"),
        (
            r"\emph{x}, \href{a}{b}, x^{2}, \textbf{{BERT}}",
            r"\emph{x}, \href{a}{b}, x^{2}, \textbf{BERT}",
        ),
        (
            r"$\mathbf{B}$ and $\{a\}$ and $${x}$$ but {y}",
            r"$\mathbf{B}$ and $\{a\}$ and $${x}$$ but y",
        ),
        (r"\(\frac{a}{b}\) and \[{c}\] and {d}", r"\(\frac{a}{b}\) and \[{c}\] and d"),
        (r"costs \$5 {a} and \$6", r"costs \$5 a and \$6"),
        (r"{\bf bold} stays scoped", r"{\bf bold} stays scoped"),
        (r"the sets {1, 2} and \{3\}", r"the sets 1, 2 and \{3\}"),
        (r"{Q\&A}, {\emph{y}}, {$x$}-nets, {a}{b}", r"Q\&A, \emph{y}, $x$-nets, ab"),
        (r"\section*{x} and \item[a]{b}", r"\section*{x} and \item[a]{b}"),
    ],
)
def test_without_bibtex(latex, text):
    assert markup.without_bibtex(latex) == text


def _accent_form(mark: str, letter: str, form: int) -> str:
    """One way BibTeX files write `mark` over `letter`: braced, touching, grouped, spaced."""
    if mark.isalpha():  # a letter accent needs a brace or a space before its letter
        return (rf"\{mark}{{{letter}}}", rf"\{mark} {letter}", rf"{{\{mark} {letter}}}",
                rf"\{mark} {{{letter}}}")[form]  # fmt: skip
    return (rf"\{mark}{{{letter}}}", rf"\{mark}{letter}", rf"{{\{mark}{letter}}}",
            rf"\{mark} {{{letter}}}")[form]  # fmt: skip


ACCENTED = st.tuples(
    st.sampled_from(sorted(ACCENTS)),
    st.sampled_from(["a", "e", "n", "o", "u", "z", "A", "E", "O", "S", "\\i"]),
    st.integers(0, 3),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(ACCENTED, min_size=1, max_size=6))
def test_every_accent_bibtex_writes_becomes_one_letter(accents):
    latex = ", ".join(_accent_form(*accent) for accent in accents)
    letters = bibtex.field_text(latex).split(", ")
    expected = [(letter[-1] + ACCENTS[mark]) for mark, letter, _ in accents]
    assert [unicodedata.normalize("NFD", letter) for letter in letters] == [
        unicodedata.normalize("NFD", letter) for letter in expected
    ]


LATEX_PIECES = st.sampled_from(
    [
        *(f"\\{mark}{{{letter}}}" for mark in ACCENTS for letter in ("a", "\\i")),
        *(f"\\{mark}e" for mark in ACCENTS if not mark.isalpha()),
        *(f"\\{mark}\\i{{}}" for mark in ACCENTS),  # a letter after \\i would make another command
        *(f"\\{letter}" for letter in ("i", "j", "o", "O", "ss", "ae", "AA", "l")),
        *("{}", "a", "e", "u", "c", "N", "ite", "-", "."),
    ]
)


@settings(max_examples=200, deadline=None)
@given(st.lists(LATEX_PIECES, max_size=12).map("".join))
def test_abstracts_and_bibtex_fields_read_accents_alike(latex):
    """Written without spaces, an accent or letter command is the same letter to the markup
    parser (text lists) as to the BibTeX pre-pass: they share one table."""
    assert markup.parse(accents_to_unicode(latex)).text == markup.parse(latex).text


SPACES_AND_BRACES = [" ", "\n", "{", "}", *(f"\\{mark}" for mark in ACCENTS), "'", '"']


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.one_of(LATEX_PIECES, st.sampled_from(SPACES_AND_BRACES)), max_size=12).map("".join)
)
@example('\\"\n\n\\i')  # a blank line ends the accent: it has no letter
@example("\\ss\n\nx")  # ... and is no space a letter macro eats
def test_any_field_is_one_line_of_text(latex):
    text = bibtex.field_text(latex)
    assert "\n" not in text and text == " ".join(text.split())


@pytest.mark.parametrize(
    ("raw", "names"),
    [
        ("Devlin, Jacob and Chang, Ming-Wei", ("Jacob Devlin", "Ming-Wei Chang")),
        ("Jacob Devlin and Ming-Wei Chang and others", ("Jacob Devlin", "Ming-Wei Chang")),
        (
            "van der Berg, Jan and Ludwig van Beethoven",
            ("Jan van der Berg", "Ludwig van Beethoven"),
        ),
        ("Smith, Jr., John", ("John Smith Jr.",)),
        ('{Simon and Schuster} and M{\\"u}ller, J{\\"o}rg', ("Simon and Schuster", "Jörg Müller")),
        ("{DeepMind AlphaFold Team}", ("DeepMind AlphaFold Team",)),
        ("", ()),
    ],
)
def test_bibtex_people(raw, names):
    assert bibtex.people(raw) == names


@pytest.mark.parametrize(
    ("raw", "strings", "text", "undefined"),
    [
        ("{A {B} C}", {}, "A {B} C", set()),
        ('"quoted {"} value"', {}, 'quoted {"} value', set()),
        ("2021", {}, "2021", set()),
        ('acl # " 2019"', {"acl": "ACL"}, "ACL 2019", set()),
        ("ACL # {#1}", {"acl": "ACL"}, "ACL#1", set()),
        ("jun", bibtex.PREDEFINED, "June", set()),
        ("nips", {}, "nips", {"nips"}),
    ],
)
def test_bibtex_field_value(raw, strings, text, undefined):
    missing: set[str] = set()
    assert bibtex.field_value(raw, strings, missing) == text
    assert missing == undefined


# CSL-JSON ----------------------------------------------------------------------------------


def test_csl_json_items(zotero_json):
    found = {
        a.bib.title: (a.bib.authors, a.bib.year, a.bib.venue, a.bib.doi)
        for a in zotero_json.abstracts
    }
    assert found == {
        "Denoising Diffusion Probabilistic Models": (
            ("Jonathan Ho", "Ajay Jain", "Pieter Abbeel"),
            "2020",
            "Advances in Neural Information Processing Systems",
            "",
        ),
        "Highly accurate protein structure prediction with AlphaFold": (
            ("John Jumper", "Richard Evans", "DeepMind AlphaFold Team"),
            "2021",
            "Nature",
            "10.1038/s41586-021-03819-2",
        ),
        "Learning representations by back-propagating errors": (
            ("David E. Rumelhart", "Geoffrey E. Hinton", "Ronald J. Williams"),
            "1986",
            "Nature",
            "10.1038/323533a0",
        ),
        "Self-Supervised Learning of Pretext-Invariant Representations": ((), "2020", "", ""),
        "Een studie van de leerregels": (("Jan van den Berg",), "2019", "", ""),
    }


def test_csl_json_markup_tags_removed(zotero_json):
    papers = by_title(zotero_json)
    crossref = papers["Learning representations by back-propagating errors"]
    assert crossref.text == (
        "We describe a new learning procedure, back-propagation, "
        "for networks of neurone-like units."
    )
    diffusion = papers["Denoising Diffusion Probabilistic Models"]
    assert diffusion.bib.keywords == ("diffusion", "generative models")
    assert diffusion.bib.url.startswith("https://proceedings.neurips.cc/paper/2020/")


def test_csl_json_lines_and_problems(zotero_json):
    name = "zotero_items.json"
    item_line = {  # each item's "{" is on the line above its "id"
        key: line_of(name, f'"id": "{key}"') - 1 for key in ("crossref-item", "odd-types")
    }
    lines = {a.bib.title[:8]: a.line for a in zotero_json.abstracts}
    assert lines["Learning"] == item_line["crossref-item"]
    assert lines["Self-Sup"] == item_line["odd-types"]
    assert messages(zotero_json, item_line["odd-types"]) == [
        "item 'odd-types': 'author' is text, not a list of names; ignored",
        "item 'odd-types': 'container-title' is an object, not text; ignored",
    ]
    assert messages(zotero_json, line_of(name, '"not an item"')) == [
        "an item is text, not an object; skipped"
    ]
    (skipped,) = messages(zotero_json, line_of(name, '"id": "no-abstract"') - 1)
    assert "'no-abstract' has no abstract: skipped" in skipped
    (doi,) = messages(zotero_json, line_of(name, '"id": "particles"') - 1)
    assert doi == "'not-a-doi' is not a DOI (10.NNNN/...); ignored"
    assert zotero_json.name == "Zotero items"


def test_csl_json_object_names_its_list():
    raw = sources.read_list(FIXTURES / "named_items.json")
    assert raw.name == "Vision: Spring Reading"
    (resnet,) = raw.abstracts
    assert resnet.line == line_of("named_items.json", '"id": "resnet"') - 1
    assert resnet.bib.venue.startswith("2016 IEEE Conference on Computer Vision")
    assert raw.problems == ()


def _item(key: str, **fields: object) -> dict:
    """A CSL item with an abstract of its own, and `fields` (`id=None`: no id)."""
    abstract = f"We study a small thing ({key}) in depth and report what we found about it."
    item = {"id": key, "title": key.upper(), "abstract": abstract, **fields}
    return {name: value for name, value in item.items() if value is not None}


WRONG_TYPES = [  # an item -> what is said of it (every value of a wrong type is named)
    (_item("a", title=5), "item 'a': 'title' is a number, not text; ignored"),
    (_item("b", abstract=["a"]), "item 'b': 'abstract' is a list, not text; ignored"),
    (_item("c", author=[{"a": 1}]),
     "item 'c': author 1 has no name ('family', 'given' or 'literal'); ignored"),
    (_item("d", author=[5, {"family": "Ng"}]),
     "item 'd': author 1 is a number, not a name; ignored"),
    (_item("e", id=None, DOI=10.1), "item 5: 'DOI' is a number, not text; ignored"),
    (_item("f", author=[{"family": 7}]),
     "item 'f': author 1's 'family' is a number, not text; ignored"),
]  # fmt: skip


def test_csl_json_values_of_the_wrong_type_are_named_with_file_and_item(tmp_path):
    """Never coerced in silence: each is a warning at its item's line, naming the item."""
    items = ",\n".join(json.dumps(item) for item, _ in WRONG_TYPES)
    text = '{"name": {"a": 1}, "items": [\n' + items + "\n]}\n"
    raw = sources.read_list(write(tmp_path, "typed.json", text))
    said = [(problem.path.name, problem.line, problem.message) for problem in raw.problems]
    assert ("typed.json", 1, "the list's 'name' is an object, not text; the list is named "
            "after the file") in said  # fmt: skip
    for line, (_, message) in enumerate(WRONG_TYPES, start=2):
        assert ("typed.json", line, message) in said, said
    by_id = {abstract.bib.title: abstract for abstract in raw.abstracts}
    assert "B" not in by_id  # its abstract was not text: skipped, and said so
    assert by_id["D"].bib.authors == ("Ng",) and by_id["E"].bib.doi == ""
    assert raw.name == "Typed"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('[\n  {"title": "x",}\n]', 2, "not valid JSON"),
        ('{"readinglist": {"papers": {}}}', 1, "not CSL-JSON"),
        ('"just a string"', 1, "not CSL-JSON"),
        pytest.param("[" * 100_000, 1, "nested too deeply", id="deeply-nested"),
    ],
)
def test_json_that_is_not_a_list_stops(tmp_path, text, line, message):
    with pytest.raises(InputError) as caught:
        sources.read_list(write(tmp_path, "bad.json", text))
    assert message in caught.value.message
    assert (caught.value.line or 1) == line


def test_csl_json_empty_array_warns(tmp_path):
    raw = sources.read_list(write(tmp_path, "empty.json", "[ ]"))
    assert raw.abstracts == () and len(raw.problems) == 1


# CSV ---------------------------------------------------------------------------------------


def test_csv_with_bom_crlf_and_multiline_quoted_fields(spreadsheet_csv):
    data = (FIXTURES / "spreadsheet.csv").read_bytes()
    assert data.startswith(codecs.BOM_UTF8) and data.count(b"\r\n") == 10  # as Excel saves
    gan = by_title(spreadsheet_csv)["Generative Adversarial Nets"]
    assert gan.line == 2
    assert "two models: a generative model G that captures" in gan.text
    assert 'The "minimax" game has a unique solution.' in gan.text
    assert gan.bib.authors == ("Ian Goodfellow", "Jean Pouget-Abadie", "Mehdi Mirza")
    assert gan.bib.keywords == ("GANs", "generative models")
    assert gan.bib.venue == "Advances in Neural Information Processing Systems"
    dropout = by_title(spreadsheet_csv)[
        "Dropout: A Simple Way to Prevent Neural Networks from Overfitting"
    ]
    assert dropout.line == line_of("spreadsheet.csv", "Dropout: A Simple Way")
    assert dropout.bib.authors == ("Nitish Srivastava", "Geoffrey Hinton", "Alex Krizhevsky")
    assert dropout.bib.doi == "10.5555/2627435.2670313"


def test_csv_problems(spreadsheet_csv):
    name = "spreadsheet.csv"
    (missing,) = messages(spreadsheet_csv, line_of(name, "A Paper Without An Abstract"))
    assert "'A Paper Without An Abstract' has no abstract: skipped" in missing
    (misaligned,) = messages(spreadsheet_csv, line_of(name, "Batch Normalization"))
    assert misaligned.startswith("10 fields but 8 columns")
    assert "Batch Normalization" not in by_title(spreadsheet_csv)
    (formula,) = messages(spreadsheet_csv, line_of(name, "Layer Normalization"))
    assert "=HYPERLINK" in formula and "not an http(s) address" in formula
    assert by_title(spreadsheet_csv)["Layer Normalization"].bib.url == ""


def test_zotero_csv_columns(zotero_csv):
    clip, lecun = zotero_csv.abstracts
    assert clip.bib.authors == ("Alec Radford", "Jong Wook Kim", "Chris Hallacy")
    assert clip.bib.year == "2021"
    assert clip.bib.venue == "Proceedings of the 38th International Conference on Machine Learning"
    assert clip.bib.keywords == ("CLIP", "contrastive learning")
    assert "object categories. Learning directly" in clip.text
    assert (lecun.line, lecun.bib.doi, lecun.bib.year) == (4, "10.1038/nature14539", "2015")
    assert zotero_csv.problems == ()


ABSTRACT = "We study how column names vary between spreadsheets and find that case does not matter."


@pytest.mark.parametrize(
    ("header", "row"),
    [
        ("title,abstract,authors,year,venue", 'T,"{a}","Ada Lovelace",1843,V'),
        ("TITLE,ABSTRACT,AUTHOR,YEAR,JOURNAL", 'T,"{a}","Lovelace, Ada",1843,V'),
        ("Title;Abstract_Note;Authors;Publication Year;Booktitle", "T;{a};Lovelace, Ada;1843;V"),
        ("Title\tAbstract\tAuthors\tDate\tPublication-Title", "T\t{a}\tAda Lovelace\t1843-01\tV"),
        (
            " Title , Abstract , Authors , Year , Book Title ",
            ' T , "{a}" , Ada Lovelace , 1843 , V',
        ),
    ],
)
def test_csv_column_names_are_lenient(tmp_path, header, row):
    path = write(tmp_path, "list.csv", f"{header}\n{row.format(a=ABSTRACT)}\n")
    (paper,) = sources.read_list(path).abstracts
    assert paper.text == ABSTRACT
    expected = Bibliographic(title="T", authors=("Ada Lovelace",), year="1843", venue="V",
                             names=(Name("Ada", "", "Lovelace"),))  # fmt: skip
    assert paper.bib == expected


def test_csv_from_excel_unicode_text(tmp_path):
    """Excel's "Unicode Text": UTF-16 with a BOM, tab-separated."""
    text = f"Title\tAbstract\r\nÜber Modelle\t{ABSTRACT}\r\n"
    raw = sources.read_list(write(tmp_path, "excel.csv", text.encode("utf-16")))
    assert [(a.bib.title, a.text, a.line) for a in raw.abstracts] == [("Über Modelle", ABSTRACT, 2)]


def test_csv_without_abstract_column_stops(tmp_path):
    with pytest.raises(InputError) as caught:
        sources.read_list(write(tmp_path, "x.csv", "\nTitle,Notes\nA,B\n"))
    assert caught.value.line == 2
    assert "no abstract column (columns: Title, Notes)" in caught.value.message


def test_csv_with_an_unclosed_quote_stops(tmp_path):
    """An unclosed quote swallows the rest of the file into one field, past csv's limit."""
    text = f'Title,Abstract\nT,{ABSTRACT}\nU,"{"word " * 40_000}\n'
    with pytest.raises(InputError) as caught:
        sources.read_list(write(tmp_path, "x.csv", text))
    assert "not readable as CSV: field larger than field limit" in caught.value.message
    assert caught.value.line == 3


@pytest.mark.parametrize(
    ("name", "column"),
    [
        ("Abstract_Note", "abstract note"),
        (" PUBLICATION  year", "publication year"),
        ("book-title", "book title"),
        ("\ufeffTitle", "title"),
    ],
)
def test_normalize_column(name, column):
    assert csvfile.normalize_column(name) == column


# Field tidying and merge keys --------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "doi"),
    [
        ("10.1038/nature14539", "10.1038/nature14539"),
        ("https://doi.org/10.1038/nature14539", "10.1038/nature14539"),
        ("http://dx.doi.org/10.1145/3386569.3392400", "10.1145/3386569.3392400"),
        ("doi: 10.48550/arXiv.1706.03762", "10.48550/arXiv.1706.03762"),
        ("not-a-doi", ""),
        ("10.1/x", ""),
        ("10.1038/with space", ""),
        ("", ""),
    ],
)
def test_clean_doi(raw, doi):
    assert bibfields.clean_doi(raw) == doi


@pytest.mark.parametrize(
    ("raw", "url"),
    [
        ("https://arxiv.org/abs/1706.03762", "https://arxiv.org/abs/1706.03762"),
        (" HTTP://Example.org/a?b=c#d ", "HTTP://Example.org/a?b=c#d"),
        ("javascript:alert(1)", ""),
        ("data:text/html,<script>", ""),
        ("www.example.org", ""),
        ("https://", ""),
        ("https://[::1", ""),
        ("https://example.org/a b", ""),
    ],
)
def test_clean_url(raw, url):
    assert bibfields.clean_url(raw) == url


@pytest.mark.parametrize(
    ("raw", "year"),
    [
        ("2021", "2021"),
        ("2021-03-01", "2021"),
        ("March 2021", "2021"),
        ("in press", ""),
        ("123456", ""),
        ("", ""),
    ],
)
def test_year_of(raw, year):
    assert bibfields.year_of(raw) == year


@pytest.mark.parametrize(
    ("raw", "keywords"),
    [
        ("a, b; c", ("a", "b", "c")),
        ("Deep Learning\ndeep learning\nGANs", ("Deep Learning", "GANs")),
        (" , ;", ()),
    ],
)
def test_split_keywords(raw, keywords):
    assert bibfields.split_keywords(raw) == keywords


@pytest.mark.parametrize(
    ("raw", "names"),
    [
        ("Vaswani, Ashish; Shazeer, Noam", ("Ashish Vaswani", "Noam Shazeer")),
        (
            "Ashish Vaswani, Noam Shazeer, Niki Parmar",
            ("Ashish Vaswani", "Noam Shazeer", "Niki Parmar"),
        ),
        ("Vaswani, A., Shazeer, N.", ("A. Vaswani", "N. Shazeer")),
        ("Vaswani, Ashish", ("Ashish Vaswani",)),
        ("van der Berg, Jan", ("Jan van der Berg",)),
        ("Smith, Jr., John", ("John Smith Jr.",)),
        ("Ada Lovelace and Charles Babbage", ("Ada Lovelace", "Charles Babbage")),
        ("Ada Lovelace", ("Ada Lovelace",)),
        ("", ()),
    ],
)
def test_split_people(raw, names):
    assert bibfields.split_people(raw) == names


@pytest.mark.parametrize(
    ("bib", "keys"),
    [
        (
            Bibliographic(title="Attention Is All You Need", doi="10.48550/arXiv.1706.03762"),
            (
                "doi:10.48550/arxiv.1706.03762",
                "arxiv:1706.03762",
                "title:attention is all you need",
            ),
        ),
        (
            Bibliographic(
                title="Attention is all you need.", url="https://arxiv.org/abs/1706.03762v5"
            ),
            ("arxiv:1706.03762", "title:attention is all you need"),
        ),
        (
            Bibliographic(title="Über  Modelle für Schüler, Teil 2"),
            ("title:uber modelle fur schuler teil 2",),
        ),
        (
            Bibliographic(title="Deep learning", doi="10.1038/NATURE14539"),
            ("doi:10.1038/nature14539",),
        ),
        (Bibliographic(), ()),
    ],
)
def test_merge_keys(bib, keys):
    assert bibfields.merge_keys(bib) == keys


def test_merge_keys_meet_across_formats(zotero_bib, tmp_path):
    """The arXiv preprint in Zotero's BibTeX and its arXiv DOI in a CSV are one paper."""
    attention = by_title(zotero_bib)["Attention Is All You Need"]
    text = f"Title,DOI,Abstract\nAttention is all you need,10.48550/arXiv.1706.03762,{ABSTRACT}\n"
    (row,) = sources.read_list(write(tmp_path, "x.csv", text)).abstracts
    shared = set(bibfields.merge_keys(attention.bib)) & set(bibfields.merge_keys(row.bib))
    assert shared == {"arxiv:1706.03762", "title:attention is all you need"}


# Files, names, dispatch --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("stem", "name"),
    [
        ("zotero_export", "Zotero export"),
        ("01-deep_learning", "Deep learning"),
        ("LLM_papers", "LLM papers"),
        ("2024", "2024"),
        ("2024-papers", "Papers"),
    ],
)
def test_list_name(stem, name):
    assert sources.list_name(Path(f"{stem}.bib")) == name


def test_list_files_and_dispatch(tmp_path):
    project = Settings.from_root(tmp_path)
    project.lists_dir.mkdir()
    known = ("topics.yml", "curation.yml", "readinglist.lock.json", ".gitkeep")
    for name in ("b.bib", "a.txt", "c.csv", "d.json", "notes.pdf", *known):
        (project.lists_dir / name).write_text("x", encoding="utf-8")
    files, problems = sources.list_files(project)
    assert [path.name for path in files] == ["a.txt", "b.bib", "c.csv", "d.json"]
    assert [(p.path.name, p.severity) for p in problems] == [("notes.pdf", "warning")]
    assert sources.SUFFIXES == (".txt", ".bib", ".json", ".csv")
    assert sources.list_files(Settings.from_root(tmp_path / "missing")) == ([], [])
    with pytest.raises(InputError, match=r"not a list file: expected one of \.txt, \.bib"):
        sources.read_list(project.lists_dir / "topics.yml")


def test_same_abstract_in_text_and_bibtex_lists_is_one_paper(tmp_path, zotero_bib):
    """Papers are keyed by the abstract's fingerprint: a .txt paragraph and a .bib entry meet,
    also when one spells the accents in Unicode and the other in LaTeX."""
    adam = by_title(zotero_bib)["Adam: A Method for Stochastic Optimization"]
    muller = (
        "We study how übung and résumé style exercises help students learn with "
        r"$\mathcal{O}(n \log n)$ tutors. Students improved by 12\% on average."
    )
    text = f"Optimisers\n\n{adam.text.upper()}\n\n{muller}\n"
    raws = [
        sources.read_list(write(tmp_path, "a.txt", text)),
        sources.read_list(FIXTURES / "zotero_export.bib"),
    ]
    papers, lists, _ = merge(raws)
    shared = {p.bib.title: p for p in papers if len(p.sources) == 2}
    assert set(shared) == {adam.bib.title, "Deep Learning für élèves: ça marche avec GPT"}
    paper = shared[adam.bib.title]
    assert [source.path.suffix for source in paper.sources] == [".txt", ".bib"]
    assert paper.bib == adam.bib  # the text list has none: the BibTeX entry's is kept
    assert [rl.name for rl in lists] == ["Optimisers", "Zotero export"]


# Robustness --------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "latex",
    [
        "\\(a " * 20_000,
        "\\[a " * 20_000,
        "{" * 50_000 + "}" * 50_000,
        "\\c " * 50_000,
        "\\x{" * 30_000 + "}" * 30_000,
        "{\\bf " * 20_000 + "}" * 20_000,
    ],
    ids=["parens", "brackets", "braces", "accents", "arguments", "declarations"],
)
def test_hostile_bibtex_fields_stay_linear(latex):
    """Four times the hostile field costs about four times the time, not sixteen: the unbounded
    formula scan this guards against was quadratic. Best of three CPU times, so a busy
    machine's pauses and other processes do not count; a ratio, so the machine's speed does not
    either."""
    small, large = latex[: len(latex) // 4], latex
    ratio = _best_time(large) / max(_best_time(small), 1e-4)
    assert ratio < 9, f"{ratio:.1f}x the time for 4x the text"


def _best_time(latex: str) -> float:
    times = []
    for _ in range(3):
        start = time.process_time()
        bibtex.field_text(latex)
        markup.without_bibtex(latex)
        times.append(time.process_time() - start)
    return min(times)


BIBTEX_ALPHABET = st.sampled_from([*'@{}"#,=%\\ \n\tabc', "@article{k,", "title = ", "and "])


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    suffix=st.sampled_from(sources.SUFFIXES),
    text=st.one_of(st.text(max_size=200), st.lists(BIBTEX_ALPHABET, max_size=60).map("".join)),
)
def test_any_text_is_a_list_or_an_input_error(tmp_path, suffix, text):
    path = write(tmp_path, f"fuzz{suffix}", text)
    try:
        raw = sources.read_list(path)
    except InputError as error:
        assert error.path == path
        return
    assert all(abstract.text and abstract.line >= 1 for abstract in raw.abstracts)
