"""The reading group's sessions: read strictly from curation.yml, shown on the home page, the
Sessions page and each paper's page, and published as an iCalendar file a real parser reads.

Builds run with SOURCE_DATE_EPOCH=1767225600 (2026-01-01) unless a test injects another
build date: "next" is decided at build time."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import icalendar
import pytest
from bs4 import BeautifulSoup

from generator.errors import BuildFailed
from generator.export.calendar import escape_text, fold
from generator.read import load_curator_file
from tests.conftest import run_cli

ABSTRACTS = (
    "We introduce QuokkaNet, a compact convolutional network for counting marsupials in "
    "camera-trap images. QuokkaNet reaches high accuracy on a new benchmark with little memory.",
    "We study message passing on sparse graphs and prove that attention-based aggregation "
    "recovers communities at the information-theoretic threshold.",
    "This position paper argues that dataset licences should be machine readable and proposes "
    "a ledger format that records the provenance of every training example.",
)
JAN_10_2026 = "1768003200"  # a build date after the 2026-01-07 session


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# ---- reading -----------------------------------------------------------------------------


def test_sessions_are_read_in_date_order_numbered_within_their_day(tmp_path: Path) -> None:
    path = _write(tmp_path / "curation.yml", """\
sessions:
  - date: 2026-03-04
    papers: [aaaaaaaaaaaa]
  - date: "2026-01-07"
    papers: [bbbbbbbbbbbb, cccccccccccc, bbbbbbbbbbbb]
    presenters: [Ada Lovelace, "  Grace   Hopper "]
    slides: https://example.org/s.pdf
    notes: "Read *Section 3* first.\\n\\nThen the appendix."
  - date: 2026-03-04
    papers: [dddddddddddd]
""")  # fmt: skip
    sessions = load_curator_file(path).sessions
    assert [(s.date, s.number, s.line) for s in sessions] == [
        ("2026-01-07", 1, 4), ("2026-03-04", 1, 2), ("2026-03-04", 2, 9)
    ]  # fmt: skip
    first = sessions[0]
    assert first.papers == ("bbbbbbbbbbbb", "cccccccccccc")  # a repeated id once
    assert first.presenters == ("Ada Lovelace", "Grace Hopper")
    assert first.slides == "https://example.org/s.pdf" and first.recording == ""
    assert first.notes == "Read *Section 3* first.\n\nThen the appendix."


@pytest.mark.parametrize(
    ("entry", "line", "message"),
    [
        ("  - date: 2026-02-30\n    papers: [aaaaaaaaaaaa]", 2,
         "key 'date': expected a date, as 2027-01-14, but received: '2026-02-30'"),
        ("  - date: 2026-01-07 18:00\n    papers: [aaaaaaaaaaaa]", 2,
         "key 'date': expected a date"),
        ("  - papers: [aaaaaaaaaaaa]", 2, "missing key 'date'"),
        ("  - date: 2026-01-07", 2, "missing key 'papers'"),
        ("  - date: 2026-01-07\n    papers: []", 3, "(the list is empty)"),
        ("  - date: 2026-01-07\n    papers: [aaaaaaaaaaaa, Quokka]", 3,
         "(item 2 is not a paper id: 12 letters a-f and digits)"),
        ("  - date: 2026-01-07\n    papers: [aaaaaaaaaaaa]\n    slides: javascript:alert(1)", 4,
         "key 'slides': expected a web address starting with https:// or http://"),
        ("  - date: 2026-01-07\n    papers: [aaaaaaaaaaaa]\n    recording: 'https://x.org/\"a'",
         4, "key 'recording': expected a web address"),
        ("  - date: 2026-01-07\n    papers: [aaaaaaaaaaaa]\n    presenter: [Ada]", 4,
         "unknown key 'presenter' (did you mean 'presenters'?)"),
        ("  - date: 2026-01-07\n    papers: [aaaaaaaaaaaa]\n    presenters: Ada", 4,
         "key 'presenters': expected a list of names, as [Ada Lovelace]"),
        ("  - date: 2026-01-07\n    papers: [aaaaaaaaaaaa]\n    notes: 3", 4,
         "key 'notes': expected text, but received: 3 (put it in quotes to make it text)"),
        ("  - 2026-01-07", 2, "session: expected its keys (date, papers, ...)"),
    ],
)  # fmt: skip
def test_a_wrong_session_is_an_error_at_its_line(
    tmp_path: Path, entry: str, line: int, message: str
) -> None:
    path = _write(tmp_path / "curation.yml", f"sessions:\n{entry}\n")
    with pytest.raises(BuildFailed) as failure:
        load_curator_file(path)
    shown = [str(problem) for problem in failure.value.problems]
    assert any(f"curation.yml:{line}:" in text and message in text for text in shown), shown


def test_every_mistake_of_papers_and_sessions_is_reported_at_once(tmp_path: Path) -> None:
    path = _write(tmp_path / "curation.yml", """\
papers:
  aaaaaaaaaaaa: {staus: read}
sessions: {date: 2026-01-07}
date: 2026-01-07
""")  # fmt: skip
    with pytest.raises(BuildFailed) as failure:
        load_curator_file(path)
    shown = "\n".join(str(problem) for problem in failure.value.problems)
    assert "curation.yml:2:" in shown and "'staus'" in shown
    assert "curation.yml:3: error: key 'sessions': expected a list of sessions" in shown
    assert "curation.yml:4: error: 'date' is not in a session" in shown


# ---- the calendar's format ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "escaped"),
    [("a, b; c\\d", "a\\, b\\; c\\\\d"), ("one\r\ntwo\nthree", "one\\ntwo\\nthree"),
     ("bell\x07", "bell")],
)  # fmt: skip
def test_calendar_text_is_escaped_as_rfc_5545_says(text: str, escaped: str) -> None:
    assert escape_text(text) == escaped


def test_folded_lines_keep_to_75_octets_and_never_split_a_character() -> None:
    line = "SUMMARY:" + "é" * 100 + "x" * 80
    folded = fold(line).split("\r\n")
    assert all(len(part.encode("utf-8")) <= 75 for part in folded)
    assert all(part.startswith(" ") for part in folded[1:])
    assert "".join(part.removeprefix(" ") if n else part for n, part in enumerate(folded)) == line


# ---- a built site ------------------------------------------------------------------------


@pytest.fixture
def grouped(make_project) -> tuple[Path, list[str]]:
    """A project of three papers with sessions past (2025-12-10), next (2026-01-07) and later
    (2026-02-11), hostile names and notes among them; built for 2026-01-01."""
    project = make_project({"a.txt": "Group\n\n" + "\n\n".join(ABSTRACTS) + "\n"})
    run_cli(project, "generate")
    ids = [run_cli(project, "find", word).stdout.split()[0]
           for word in ("marsupials", "communities", "ledger")]  # fmt: skip
    _write(project / "lists" / "curation.yml", f"""\
sessions:
  - date: 2026-02-11
    papers: [{ids[2]}]
  - date: 2025-12-10
    papers: [{ids[0]}]
    presenters: [Grace Hopper]
    recording: https://example.org/recording
  - date: 2026-01-07
    papers: [{ids[1]}, {ids[2]}]
    presenters: [Ada Lovelace, "<img src=x onerror=alert(1)>"]
    slides: https://example.org/slides?a=1&b=2
    notes: "Read *Section 3* first, $O(n)$. <script>alert(1)</script>"
""")  # fmt: skip
    run_cli(project, "build", "--strict")
    return project, ids


def _html(project: Path, page: str) -> BeautifulSoup:
    return BeautifulSoup((project / "site" / page).read_text("utf-8"), "html.parser")


def test_the_home_page_opens_with_the_next_session_and_its_papers(grouped) -> None:
    project, ids = grouped
    content = _html(project, "index.html").select_one("article.md-content__inner")
    block = content.select_one(".rl-next-session")
    assert block is not None
    assert content.select_one("h1").find_next_sibling() is block  # above everything else
    assert block.h2.get_text() == "Next session: Wednesday 7 January 2026"
    listed = [a["href"] for a in block.select("li > a")]
    assert listed == [f"papers/{_slug(project, pid)}/" for pid in ids[1:]]
    assert block.select_one("em").get_text() == "Section 3" and block.select_one("math")
    assert "<script>alert(1)</script>" in block.get_text()  # text, not an element
    assert not block.select("script, img")
    slides = block.find("a", string="Slides")
    assert slides["href"] == "https://example.org/slides?a=1&b=2"
    assert block.find("a", string="All sessions")["href"] == "sessions/"


def _slug(project: Path, pid: str) -> str:
    for page in (project / "docs" / "papers").glob("*.md"):
        if f"id: {pid}" in page.read_text("utf-8"):
            return page.stem
    raise AssertionError(pid)


def test_the_sessions_page_lists_upcoming_then_past_and_is_in_the_header(grouped) -> None:
    project, _ = grouped
    page = _html(project, "sessions/index.html")
    headings = [h.get_text() for h in page.select("article h2, article h3")]
    assert headings == [
        "Upcoming", "Next: Wednesday 7 January 2026", "Wednesday 11 February 2026",
        "Past", "Wednesday 10 December 2025",
    ]  # fmt: skip
    assert page.select_one("#session-2025-12-10").find_next("a", string="Recording")
    tabs = [a.get_text(strip=True) for a in _html(project, "index.html").select(".md-tabs a")]
    assert "Sessions" in tabs


def test_each_paper_page_says_when_it_is_discussed(grouped) -> None:
    project, ids = grouped
    lines = {
        pid: _html(project, f"papers/{_slug(project, pid)}/index.html").select_one(".rl-when")
        for pid in ids
    }
    assert lines[ids[0]].get_text() == "Discussed on Wednesday 10 December 2025."
    assert lines[ids[2]].get_text() == (
        "To be discussed on Wednesday 7 January 2026; "
        "to be discussed on Wednesday 11 February 2026."
    )
    assert lines[ids[2]].a["href"] == "../../sessions/#session-2026-01-07"


def test_sessions_ics_is_a_calendar_a_real_parser_reads(grouped) -> None:
    project, _ = grouped
    data = (project / "site" / "sessions.ics").read_bytes()
    lines = data.split(b"\r\n")
    assert data.endswith(b"\r\n") and b"\n" not in data.replace(b"\r\n", b"")
    assert all(len(line) <= 75 for line in lines)
    calendar = icalendar.Calendar.from_ical(data)
    events = calendar.walk("VEVENT")
    assert [event.decoded("DTSTART") for event in events] == [
        dt.date(2025, 12, 10), dt.date(2026, 1, 7), dt.date(2026, 2, 11)
    ]  # fmt: skip
    assert [str(event["UID"]) for event in events] == [
        "session-2025-12-10-1@example.github.io", "session-2026-01-07-1@example.github.io",
        "session-2026-02-11-1@example.github.io",
    ]  # fmt: skip
    january = events[1]
    description = str(january["DESCRIPTION"])
    assert "Presented by Ada Lovelace, <img src=x onerror=alert(1)>" in description
    assert "Read *Section 3* first, $O(n)$." in description
    assert "Slides: https://example.org/slides?a=1&b=2" in description
    assert "; " in str(january["SUMMARY"])  # two papers, the separator unescaped again
    assert str(january["URL"]).endswith("/sessions/#session-2026-01-07")


def test_the_next_session_is_decided_by_the_build_date(grouped) -> None:
    project, ids = grouped
    before = (project / "site" / "sessions.ics").read_bytes()
    run_cli(project, "build", "--strict", env={"SOURCE_DATE_EPOCH": JAN_10_2026})
    block = _html(project, "index.html").select_one(".rl-next-session")
    assert block.h2.get_text() == "Next session: Wednesday 11 February 2026"
    past = _html(project, f"papers/{_slug(project, ids[1])}/index.html").select_one(".rl-when")
    assert past.get_text() == "Discussed on Wednesday 7 January 2026."
    assert (project / "site" / "sessions.ics").read_bytes() == before  # nothing from the clock


def test_a_session_paper_that_is_not_on_the_site_is_a_warning_strict_stops_on(grouped) -> None:
    project, ids = grouped
    curation = project / "lists" / "curation.yml"
    text = curation.read_text("utf-8").replace(ids[0], "0123456789ab")
    curation.write_text(text, "utf-8")
    failed = run_cli(project, "build", "--strict", check=False)
    assert failed.returncode != 0
    assert "curation.yml:4: warning: session of 2025-12-10: unknown paper id 0123456789ab" in (
        failed.stderr
    )
    run_cli(project, "build")  # without --strict: built, the empty session left out
    headings = [h.get_text() for h in _html(project, "sessions/index.html").select("article h3")]
    assert "Wednesday 10 December 2025" not in headings
