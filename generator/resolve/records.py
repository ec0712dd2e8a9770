"""`lists/resolved.json`: what `readinglist resolve` found of each paper, as records.

The curator commits the file, so it is written sorted, one field per line, with no abstract
in it (small diffs), and read back as untrusted input like every file in lists/: a hand edit
or a hostile service may have put anything there, so every value is checked for its kind and
cleaned by the one field cleaner (`read.fields.tidy`: a DOI a DOI, a URL http(s) or nothing)
as it is read, and a mistake is reported at its line. Owns the record's shape and its
translation into what a `Paper` carries (`Bibliographic` + `Published`); must not decide
whether a record is a match (`match`) or reach the network (`client`).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, NamedTuple

from generator.errors import BuildFailed, ConfigError
from generator.models import Bibliographic, Problem, Published
from generator.read.fields import clean_url, tidy
from generator.read.text import normalize_text

VERSION = 1
STATUSES = ("found", "review", "not-found", "rejected")
DECISIONS = ("", "accepted")
SERVICES = {"openalex": "OpenAlex", "arxiv": "arXiv", "": ""}
_ID = re.compile(r"^[0-9a-f]{12}$")
_OPENALEX = re.compile(r"^W\d{1,12}$")
_ARXIV_ID = re.compile(r"^(?:\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})$")
_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})?$")
MAX_TEXT = 1000  # a title, name or venue longer than this is not one


@dataclass(frozen=True)
class Record:
    """One paper's look-up: its status, the candidate found (empty when none) and how."""

    status: str  # one of STATUSES
    when: str  # ISO date of the look-up
    how: str = ""  # "doi", "arxiv-id", "openalex-search", "arxiv-search": how it was found
    decided: str = ""  # "accepted": the curator took it from review (`how` is kept)
    service: str = ""  # "openalex" or "arxiv": where the fields below come from
    similarity: float = 0.0  # of the candidate's own abstract to ours
    openalex: str = ""
    arxiv: str = ""
    doi: str = ""
    title: str = ""
    authors: tuple[str, ...] = ()
    year: str = ""
    venue: str = ""
    url: str = ""
    pdf: str = ""
    cited_by: int = -1
    cited_on: str = ""
    rejected: tuple[str, ...] = field(default=())  # candidates the curator refused

    def bibliographic(self) -> Bibliographic:
        return Bibliographic(title=self.title, authors=self.authors, year=self.year,
                             venue=self.venue, doi=self.doi, url=self.url)  # fmt: skip

    def published(self, gave: tuple[str, ...]) -> Published:
        return Published(SERVICES[self.service], self.when, self.openalex, self.arxiv, self.pdf,
                         self.cited_by, self.cited_on, gave)  # fmt: skip

    @property
    def candidate(self) -> str:
        """How the candidate is named to the curator: its OpenAlex or arXiv id."""
        return self.openalex or (f"arXiv:{self.arxiv}" if self.arxiv else "")

    @property
    def keys(self) -> tuple[str, ...]:
        """Every name of the candidate: a rejected one is not proposed again under another."""
        names = (self.openalex, f"arXiv:{self.arxiv}" if self.arxiv else "",
                 f"doi:{self.doi.casefold()}" if self.doi else "")  # fmt: skip
        return tuple(name for name in names if name)


Records = dict[str, Record]  # paper id -> its record


class Candidate(NamedTuple):
    """A work a service answered with: its fields (status still undecided) and its own
    abstract, which decides whether it is our paper and is never stored."""

    record: Record
    abstract: str


def read_records(path: Path) -> Records:
    """The committed records; none when the file does not exist (nothing resolved yet)."""
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ConfigError(f"unreadable ({error}); restore it from git or delete it",
                          path=path, line=getattr(error, "lineno", None)) from None  # fmt: skip
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ConfigError(f'expected an object with "version": {VERSION}', path=path, line=1)
    papers = data.get("papers", {})
    if not isinstance(papers, dict):
        line = line_of(text, "papers")
        raise ConfigError('expected "papers" to be an object', path=path, line=line)
    records, problems = {}, []
    for pid, value in papers.items():
        try:
            records[pid] = parse_record(pid, value)
        except ValueError as error:
            problems.append(Problem(path, line_of(text, pid), f"paper {pid}: {error}", "error"))
    if problems:
        raise BuildFailed(problems)
    return records


def line_of(text: str, key: str) -> int:
    """The line a key is written on (the first that holds it quoted), else 1."""
    quoted = json.dumps(key, ensure_ascii=False) + ":"
    return next((n for n, line in enumerate(text.splitlines(), 1) if quoted in line), 1)


def parse_record(pid: str, value: object) -> Record:
    """A record from its JSON object; ValueError naming the first wrong value."""
    if not _ID.match(pid):
        raise ValueError("expected a paper id of 12 hexadecimal digits")
    if not isinstance(value, dict):
        raise ValueError(f"expected an object, but received: {type(value).__name__}")
    unknown = sorted(value.keys() - {f.name for f in fields(Record)})
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r}")
    record = Record(**{name: _value(name, value[name]) for name in value})
    _check(record)
    return cleaned(record)


def _value(name: str, value: object) -> Any:
    if name in ("authors", "rejected"):
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise ValueError(f"{name}: expected a list of strings")
        return tuple(value)
    if name == "similarity" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if name == "cited_by" and isinstance(value, int) and not isinstance(value, bool):
        return value
    if name not in ("similarity", "cited_by") and isinstance(value, str):
        return value
    raise ValueError(f"{name}: unexpected {type(value).__name__}")


def _check(record: Record) -> None:
    if record.status not in STATUSES:
        raise ValueError(f"status: expected one of {', '.join(STATUSES)}, but received: "
                         f"{record.status!r}")  # fmt: skip
    if record.decided not in DECISIONS:
        raise ValueError(f"decided: expected accepted or nothing, but received: {record.decided!r}")
    if record.service not in SERVICES:
        raise ValueError(f"service: expected openalex or arxiv, but received: {record.service!r}")
    for name in ("when", "cited_on"):
        if not _DATE.match(getattr(record, name)):
            raise ValueError(f"{name}: expected a date YYYY-MM-DD")
    if record.openalex and not _OPENALEX.match(record.openalex):
        raise ValueError(f"openalex: expected an id such as W2741809807: {record.openalex!r}")
    if record.arxiv and not _ARXIV_ID.match(record.arxiv):
        raise ValueError(f"arxiv: expected an id such as 2401.01234: {record.arxiv!r}")


def cleaned(record: Record) -> Record:
    """Every text value as the field cleaner leaves it, bounded; URLs http(s) or nothing.
    Applied to what a service sent and to what the file holds alike."""
    bib, _ = tidy(record.bibliographic())
    short = [normalize_text(text)[:MAX_TEXT] for text in (bib.title, bib.venue)]
    return Record(**{**asdict(record), "title": short[0], "venue": short[1],
                     "authors": tuple(a[:MAX_TEXT] for a in bib.authors[:500]),
                     "year": bib.year, "doi": bib.doi[:MAX_TEXT], "url": bib.url[:MAX_TEXT],
                     "pdf": clean_url(record.pdf)[:MAX_TEXT],
                     "rejected": tuple(record.rejected)})  # fmt: skip


def dump_records(records: Records) -> str:
    """The file's text: sorted by id, each record's empty fields left out, stable."""
    papers = {pid: _data(record) for pid, record in sorted(records.items())}
    return json.dumps({"version": VERSION, "papers": papers}, indent=1, ensure_ascii=False,
                      sort_keys=True) + "\n"  # fmt: skip


def _data(record: Record) -> dict:
    defaults = Record(record.status, record.when)
    data = {}
    for name, value in asdict(record).items():
        if name in ("status", "when") or value != getattr(defaults, name):
            data[name] = list(value) if isinstance(value, tuple) else value
    return data
