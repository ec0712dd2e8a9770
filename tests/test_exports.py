"""exports: BibTeX, RIS, JSON and CSV, each read back by a real parser.

Hostile values (markup, format specials, formula starts, control characters, other scripts)
go in; bibtexparser (+ pylatexenc to decode LaTeX), rispy, json + jsonschema and csv read the
output back, and what they read must be exactly the cleaned value: no field escapes its record.
The last tests run every export over the shipped lists.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import bibtexparser
import feedparser
import jsonschema
import pytest
import rispy
from bibtexparser.middlewares import SeparateCoAuthors
from bibtexparser.middlewares.names import parse_single_name_into_parts
from hypothesis import given, settings
from hypothesis import strategies as st
from pylatexenc.latex2text import LatexNodes2Text

from generator import export as exports
from generator import pipeline
from generator.config import Settings
from generator.export import feeds
from generator.export.fields import clean
from generator.models import (
    Bibliographic,
    Collection,
    Curation,
    Link,
    Lock,
    LockedPaper,
    Name,
    Paper,
    ReadingList,
    Source,
    Taxonomy,
    Topic,
    TopicMatch,
)
from generator.read.files import read_list
from generator.read.text import normalize_text
from tests.conftest import copy_project

SITE = "https://example.org/list/"
HOSTILE = [
    "</script><script>alert(1)</script>",
    "A & B <i>x</i> \"quoted\" 'single'",
    "{Unbalanced} } { \\textbf{x} 50% $x^2$ #1 a_b ~tilde ^caret \\",
    "@inproceedings{evil, title={x}}",
    '=HYPERLINK("http://evil.example","x")',
    "line\nbreak\r\nER  - injected\nTY  - JOUR",
    "nul\x00 bell\x07 esc\x1b[31m del\x7f",
    "中文标题 ünïcödé 🚀 Łukasz",
    "]]> <!-- --> <![CDATA[x]]>",
]


def make_paper(pid: str = "a1", *, title: str = "A Title", hidden: bool = False, **bib) -> Paper:
    return Paper(
        id=pid,
        abstract=f"Source *{title}* abstract with $x$.",
        text=f"Plain {title} abstract.",
        markdown=f"Source *{title}* abstract with $x$.",
        lists=("Main list",),
        sources=(Source(Path("/home/curator/project/lists/a.txt"), 3),),
        title=title,
        summary=f"We study *{title}*.",
        kind="method",
        tags=("sparse autoencoder", "LLM"),
        topics=(TopicMatch("Large Language Models", 4.5, ("llm",)),),
        links=(Link("https://github.com/x/y", "code"),),
        slug=f"slug-{pid}",
        bib=Bibliographic(**bib),
        curation=Curation(hidden=hidden, note="keep", rating=4),
    )


def make_collection(*papers: Paper, dates: dict[str, str] | None = None) -> Collection:
    dates = dates or {}
    taxonomy = Taxonomy((Topic("llms", "Large Language Models", "LLM papers", ("llm",)),
                         Topic("other", "Other", "", (), catch_all=True)))  # fmt: skip
    lock = Lock(papers={p.id: LockedPaper(p.slug, dates.get(p.id, "2025-01-01")) for p in papers})
    lists = (ReadingList("Main list", (Path("a.txt"),), tuple(p.id for p in papers), "main"),)
    return Collection(tuple(papers), lists, taxonomy, lock)


def parse_bibtex(text: str, *, split_authors: bool = False) -> bibtexparser.Library:
    middleware = [SeparateCoAuthors()] if split_authors else []
    library = bibtexparser.parse_string(text, append_middleware=middleware)
    assert not library.failed_blocks
    return library


def decoded(value: str) -> str:
    """What LaTeX prints for a field value (pylatexenc, as bibtexparser's decoder uses)."""
    # pylatexenc maps \textasciicircum to U+02C6 (modifier letter); LaTeX prints "^".
    return LatexNodes2Text().latex_to_text(value).replace("\u02c6", "^")


def typeset(value: str) -> str:
    """The cleaned value as LaTeX prints it: "--" and "---" are dashes there, on purpose."""
    return clean(value).replace("---", "\u2014").replace("--", "\u2013")


# Citation keys -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("authors", "year", "title", "key"),
    [
        (("Ann Smith", "Bob Jones"), "2025", "Attention Is All You Need", "smith2025attention"),
        (("Smith, Ann",), "2025", "On the Convergence of SGD", "smith2025convergence"),
        (("Ann Smith",), "", "Attention", "smithattention"),
        (("Łukasz Kaiser",), "2017", "Transformers", "kaiser2017transformers"),
        (("张伟",), "2025", "图神经网络", "zhangwei2025tu"),
        (("Ann O'Neil-Smith",), "2024", "{X}: $Y$", "oneilsmith2024x"),
        (("Martin Luther King Jr.",), "1963", "Dream", "king1963dream"),
        (("King, Martin Luther, Jr.",), "1963", "Dream", "king1963dream"),
        (("Ludwig van Beethoven",), "1808", "Symphony", "beethoven1808symphony"),
        ((), "2025", "Attention", "paper-a1"),
        (("  ",), "2025", "Attention", "paper-a1"),
    ],
)
def test_citation_key_from_author_year_title(authors, year, title, key):
    paper = make_paper("a1", title=title, authors=authors, year=year)
    assert exports.citation_keys(make_collection(paper)) == {"a1": key}


def test_clashing_keys_go_to_the_paper_seen_first_whatever_the_order():
    old, new = (make_paper(pid, authors=("Ann Smith",), year="2025") for pid in ("ff", "00"))
    dates = {"ff": "2024-05-01", "00": "2025-02-02"}
    keys = exports.citation_keys(make_collection(new, old, dates=dates))
    assert keys == {"ff": "smith2025title", "00": "smith2025title-2"}
    newest = make_paper("0a", authors=("Ann Smith",), year="2025")
    more = exports.citation_keys(make_collection(new, newest, old, dates={**dates, "0a": "2026"}))
    assert {pid: more[pid] for pid in keys} == keys
    assert more["0a"] == "smith2025title-3"


# BibTeX ------------------------------------------------------------------------------------


def decoded_name(raw: str) -> str:
    """A BibTeX name as "First von Last Jr", split by bibtexparser, each part decoded."""
    parts = parse_single_name_into_parts(raw, strict=False)
    words = (parts.first, parts.von, parts.last, parts.jr)
    return " ".join(filter(None, (decoded(" ".join(part)) for part in words)))


@pytest.mark.parametrize("hostile", HOSTILE)
def test_bibtex_field_values_read_back_exactly(hostile):
    author = normalize_text(hostile)  # as the reader leaves a name (a control is a space)
    paper = make_paper(title=hostile, authors=(author, "Johnson and Johnson"), venue=hostile)
    text = exports.bibtex_entry(paper, "key1", site_url=SITE)
    (entry,) = parse_bibtex(text, split_authors=True).entries
    assert entry.key == "key1"
    assert decoded(entry["title"]) == typeset(hostile)
    assert [decoded_name(a) for a in entry["author"]] == [
        " ".join(typeset(author).split()),
        "Johnson and Johnson",
    ]
    assert decoded(entry["booktitle"]) == typeset(hostile)


# The four shapes of name: a suffix, an organisation, a particle, a plain two-part name.
FOUR_NAMES = [
    ("Martin Luther King Jr.", Name("Martin Luther", "", "King", "Jr."),
     "King, Jr., Martin Luther"),
    ("Google DeepMind", Name(last="Google DeepMind"), "{Google DeepMind}"),
    ("Ludwig van Beethoven", Name("Ludwig", "van", "Beethoven"), "van Beethoven, Ludwig"),
    ("Ada Lovelace", Name("Ada", "", "Lovelace"), "Lovelace, Ada"),
]  # fmt: skip
AS_BIBTEX = (
    "King, Jr., Martin Luther and {Google DeepMind} and Ludwig van Beethoven and Lovelace, Ada"
)
AS_CSL = [{"family": "King", "given": "Martin Luther", "suffix": "Jr."},
          {"literal": "Google DeepMind"},
          {"family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van"},
          {"family": "Lovelace", "given": "Ada"}]  # fmt: skip
AS_CSV = "; ".join(shown for shown, _, _ in FOUR_NAMES)


def read_back(path: Path) -> Bibliographic:
    """The one entry's fields, as the project's own reader reads the file."""
    (abstract,) = read_list(path).abstracts
    return abstract.bib


@pytest.mark.parametrize(
    ("name", "text"),
    [("names.bib", f"@article{{k, author = {{{AS_BIBTEX}}}, title = {{T}},\n"
                   "  abstract = {We study names.}}\n"),
     ("names.json", json.dumps([{"id": "k", "title": "T", "author": AS_CSL,
                                 "abstract": "We study names."}])),
     ("names.csv", f'title,authors,abstract\nT,"{AS_CSV}",We study names.\n')],
    ids=["bibtex", "csl-json", "csv"],
)  # fmt: skip
def test_bibtex_names_are_written_last_jr_first_and_read_back_the_same(tmp_path, name, text):
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    bib = read_back(source)
    assert bib.authors == tuple(shown for shown, _, _ in FOUR_NAMES)
    assert bib.names == tuple(parts for _, parts, _ in FOUR_NAMES)

    exported = exports.bibtex_entry(make_paper(**vars(bib)), "k")
    (entry,) = parse_bibtex(exported, split_authors=True).entries
    assert entry["author"] == [written for _, _, written in FOUR_NAMES]
    # Through pylatexenc: bibtexparser splits each name, pylatexenc decodes each part.
    for raw, (_, parts, _) in zip(entry["author"], FOUR_NAMES, strict=True):
        split = parse_single_name_into_parts(raw, strict=False)
        got = Name(*(decoded(" ".join(words)) for words in (split.first, split.von, split.last,
                                                               split.jr)))  # fmt: skip
        assert got == parts
    # Through the project's own reader: the same names, in the same parts.
    again = tmp_path / "again.bib"
    again.write_text(exported.replace("}\n", "  abstract = {We study names.}}\n"), "utf-8")
    assert read_back(again).authors == bib.authors
    assert read_back(again).names == bib.names


@pytest.mark.parametrize(
    ("parts", "written"),
    [(Name("Charles", "de la", "Vallée Poussin"), "de la Vallée Poussin, Charles"),
     (Name("Vincent", "Van", "Gogh"), "Van Gogh, Vincent"),
     (Name("Ann", "", "de Souza"), "{de Souza}, Ann"),
     (Name("", "", "King", "Jr."), "King, Jr.,"),
     (Name("A, B", "", "C"), "C, {A, B}"),
     (Name(last="Plato"), "Plato")],
)  # fmt: skip
def test_bibtex_name_parts_are_braced_only_where_bibtex_would_split_them(parts, written):
    shown = " ".join(filter(None, (parts.first, parts.von, parts.last, parts.jr)))
    paper = make_paper(authors=(shown,), names=(parts,))
    (entry,) = parse_bibtex(exports.bibtex_entry(paper, "k"), split_authors=True).entries
    assert entry["author"] == [written]


@given(st.text(max_size=80))
@settings(max_examples=200, deadline=None)
def test_no_text_escapes_its_bibtex_field(text):
    paper = make_paper(title=text, venue="ICML", authors=(text,), url=text, doi=text)
    (entry,) = parse_bibtex(exports.bibtex_entry(paper, "k", site_url=SITE)).entries
    assert entry.key == "k"
    assert entry["booktitle"] == "ICML"
    assert entry["note"] == f"Reading list: \\url{{{SITE}papers/slug-a1/}}"


@pytest.mark.parametrize(
    ("venue", "entry_type", "field"),
    [
        ("ICML", "inproceedings", "booktitle"),
        ("Proceedings of the 42nd International Conference on Machine Learning", "inproceedings",
         "booktitle"),
        ("Journal of Machine Learning Research", "article", "journal"),
        ("IEEE Transactions on Pattern Analysis", "article", "journal"),
        ("TMLR", "article", "journal"),
        ("arXiv preprint arXiv:2501.00001", "misc", "howpublished"),
    ],
)  # fmt: skip
def test_bibtex_entry_type_follows_the_venue(venue, entry_type, field):
    text = exports.bibtex_entry(make_paper(venue=venue), "k")
    (entry,) = parse_bibtex(text).entries
    assert entry.entry_type == entry_type
    assert decoded(entry[field]) == venue


def test_bibtex_has_only_what_is_known():
    (entry,) = parse_bibtex(exports.bibtex_entry(make_paper(), "k")).entries
    assert entry.entry_type == "misc"
    assert set(entry.fields_dict) == {"title", "abstract", "keywords"}
    assert entry["keywords"] == "sparse autoencoder, LLM"


def test_bibtex_doi_and_url_are_verbatim_with_braces_encoded():
    paper = make_paper(doi="10.1000/a_b{1}", url="https://x.org/a_b%20c d", year="2025",
                       authors=("Ann Smith",))  # fmt: skip
    (entry,) = parse_bibtex(exports.bibtex_entry(paper, "k")).entries
    assert entry["doi"] == "10.1000/a_b%7B1%7D"
    assert entry["url"] == "https://x.org/a_b%20c%20d"
    assert entry["year"] == "2025"


def test_site_url_with_tex_specials_is_escaped_text_in_the_note():
    text = exports.bibtex_entry(make_paper(), "k", site_url="https://x.org/a%20b#{}/")
    (entry,) = parse_bibtex(text).entries
    assert decoded(entry["note"]) == "Reading list: https://x.org/a%20b#{}/papers/slug-a1/"


# RIS ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("hostile", HOSTILE)
def test_ris_values_read_back_exactly(hostile):
    paper = make_paper(title=hostile, authors=(hostile, "Bob Jones"), venue="ICML", year="2025")
    text = exports.ris_record(paper, "key1", site_url=SITE)
    assert all(re.fullmatch(r"[A-Z][A-Z0-9]  - .*", line) for line in text.split("\r\n")[:-1])
    (record,) = rispy.loads(text)
    assert record["title"] == clean(hostile)
    assert record["authors"] == [clean(hostile), "Bob Jones"]
    assert record["type_of_reference"] == "CONF"
    assert record["id"] == "key1"
    assert record["year"] == "2025"
    assert record["notes"] == [f"Reading list: {SITE}papers/slug-a1/"]


def test_ris_has_only_what_is_known():
    (record,) = rispy.loads(exports.ris_record(make_paper(), "k"))
    assert set(record) == {"type_of_reference", "id", "title", "abstract", "keywords"}
    assert record["type_of_reference"] == "GEN"
    assert record["keywords"] == ["sparse autoencoder", "LLM"]


def test_whole_list_bib_and_ris_leave_hidden_papers_out():
    shown = [make_paper(f"p{n}", title=title) for n, title in enumerate(HOSTILE)]
    collection = make_collection(*shown, make_paper("hidden", hidden=True))
    cited = exports.citations(collection, site_url=SITE)
    library = parse_bibtex("".join(exports.papers_bib(cited)))
    assert [entry.key for entry in library.entries] == [f"paper-p{n}" for n in range(len(shown))]
    records = rispy.loads("".join(exports.papers_ris(cited)))
    assert [record["id"] for record in records] == [f"paper-p{n}" for n in range(len(shown))]


# JSON --------------------------------------------------------------------------------------


def _papers_json(collection: Collection) -> str:
    return "".join(exports.papers_json(collection, exports.citations(collection), site_url=SITE))


def test_json_keeps_every_field_and_matches_its_schema():
    paper = make_paper("p1", title=HOSTILE[0], authors=("Ann Smith",), year="2025",
                       venue="ICML", doi="10.1/x", keywords=("k",))  # fmt: skip
    collection = make_collection(paper, make_paper("hidden", hidden=True))
    document = json.loads(_papers_json(collection))
    jsonschema.validate(document, json.loads(exports.papers_schema(SITE)))
    assert document["schema_version"] == exports.SCHEMA_VERSION
    assert document["$schema"] == SITE + "schema/papers.schema.json"
    (record,) = document["papers"]
    assert record["title"] == HOSTILE[0]
    assert record["abstract"] == paper.abstract
    assert record["url"] == SITE + "papers/slug-p1/"
    assert record["key"] == "smith2025script"
    assert record["sources"] == [{"file": "a.txt", "line": 3}]
    assert record["topics"] == [
        {"key": "llms", "name": "Large Language Models", "score": 4.5, "matched": ["llm"]}
    ]
    assert record["bib"]["authors"] == ["Ann Smith"]
    assert record["curation"]["rating"] == 4
    assert document["lists"] == [{"name": "Main list", "slug": "main",
                                  "paper_ids": ["p1", "hidden"]}]  # fmt: skip


def test_schema_rejects_an_undocumented_field():
    document = json.loads(_papers_json(make_collection(make_paper())))
    document["papers"][0]["surprise"] = 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(document, json.loads(exports.papers_schema(SITE)))


# CSV ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+33 6 12", "'+33 6 12"),
        ("-2", "'-2"),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("\t=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
        ("\r\n-1", "'-1"),
        ("a = b", "a = b"),
        ("Sparse\nAutoencoders", "Sparse Autoencoders"),
        ("", ""),
    ],
)
def test_csv_cell_disarms_formulas(value, cell):
    assert exports.csv_cell(value) == cell


def test_csv_reads_back_one_row_per_paper():
    papers = [make_paper(f"p{n}", title=title, authors=("A, B", "C D")) for n, title in
              enumerate(HOSTILE)]  # fmt: skip
    collection = make_collection(*papers, make_paper("h", hidden=True))
    text = "".join(exports.papers_csv(collection, exports.citations(collection), site_url=SITE))
    header, *rows = csv.reader(io.StringIO(text, newline=""))
    assert tuple(header) == exports.CSV_COLUMNS
    assert len(rows) == len(HOSTILE)
    for row, title in zip(rows, HOSTILE, strict=True):
        record = dict(zip(header, row, strict=True))
        assert record["title"] == exports.csv_cell(title)
        assert record["authors"] == "A, B; C D"
        assert record["page"].startswith(SITE + "papers/")
        assert not any(cell.startswith(("=", "+", "-", "@")) for cell in row)


def test_cite_box_records_are_the_short_entry_and_the_full_records():
    paper = make_paper(title=HOSTILE[2], authors=("Ann Smith",), year="2025")
    citation = exports.cite(paper, "smith2025unbalanced", site_url=SITE)
    (entry,) = parse_bibtex(citation.short).entries
    assert entry.key == citation.key == "smith2025unbalanced"
    assert set(entry.fields_dict) == {"title", "author", "year", "note"}  # short: no abstract
    (download,) = parse_bibtex(citation.bibtex).entries  # the full record, to download
    assert download.key == entry.key and "abstract" in download.fields_dict
    (record,) = rispy.loads(citation.ris)
    assert record["id"] == entry.key and record["abstract"]


# The shipped lists, through every export ----------------------------------------------------


@pytest.fixture(scope="module")
def shipped_collection(tmp_path_factory) -> Collection:
    project = copy_project(tmp_path_factory.mktemp("exports") / "project")
    return pipeline.collect(Settings.from_root(project))


def test_shipped_lists_export_and_parse(shipped_collection):
    cited = exports.citations(shipped_collection, site_url=SITE)
    files = {
        path: "".join(pieces)
        for path, pieces in exports.export_files(shipped_collection, cited, site_url=SITE)
    }
    count = len(shipped_collection.papers)
    assert len(files) == 5
    document = json.loads(files["papers.json"])
    jsonschema.validate(document, json.loads(files["schema/papers.schema.json"]))
    assert len(document["papers"]) == count
    assert len(parse_bibtex(files["papers.bib"]).entries) == count
    assert len(rispy.loads(files["papers.ris"])) == count
    assert len(list(csv.reader(io.StringIO(files["papers.csv"], newline="")))) == count + 1


def test_shipped_lists_feeds_are_valid_atom(shipped_collection):
    files = feeds.feed_files(shipped_collection, site_url=SITE, site_name="Reading list")
    files = {path: text for path, text in files.items() if not path.endswith("/sitemap.xml")}
    assert len(files) == 1 + len(shipped_collection.taxonomy.topics)
    for path, text in files.items():
        parsed = feedparser.parse(text)
        assert not parsed.bozo, (path, parsed.get("bozo_exception"))
        assert parsed.version == "atom10"
    assert len(feedparser.parse(files["feeds/all.xml"]).entries) == min(
        50, len(shipped_collection.papers)
    )


def test_json_made_a_paper_at_a_time_is_exactly_what_json_dumps_writes():
    """papers.json is assembled from pieces; re-dumping what it parses to gives the same text."""
    papers = [make_paper(f"p{n}", title=title) for n, title in enumerate(HOSTILE)]
    text = _papers_json(make_collection(*papers))
    assert text == json.dumps(json.loads(text), ensure_ascii=False) + "\n"
    assert _papers_json(make_collection()).startswith('{"$schema": ')
    assert json.loads(_papers_json(make_collection()))["papers"] == []
