"""The reading group's sessions (`sessions:` in `lists/curation.yml`): read and validated.

Each session is a date, the papers to read for it (ids, as `readinglist find` prints them),
who presents, links to slides, a recording and notes (http(s) only: anything else never
reaches a page or the calendar), and Markdown notes, escaped like every curator's text:

    sessions:
      - date: 2027-01-14
        papers: [3fa2c1d9e0ab, 52ffe7e36c63]
        presenters: [Ada Lovelace]
        slides: https://example.org/slides.pdf
        recording: https://example.org/recording
        notes_url: https://example.org/notes
        notes: "Read *Section 3* first."

Every mistake is reported at its line, in `YamlFile`'s words, with the rest of the file's.
Whether the ids name published papers is the address stage's to say (`address.sessions`):
the papers are not known yet when this file is read. Must not read anything else.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from urllib.parse import urlsplit

from generator.models import Session
from generator.read.text import normalize_text
from generator.read.yamlfile import YamlFile, item_line, line_of, wrong_item

SESSION_KEYS = ("date", "papers", "presenters", "slides", "recording", "notes_url", "notes")
LINK_KEYS = ("slides", "recording", "notes_url")
_PAPER_ID = re.compile(r"[0-9a-f]{12}")
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_DATE = "a date, as 2027-01-14"
_LINK = "a web address starting with https:// or http://"


def read_sessions(value: object, line: int, file: YamlFile) -> tuple[Session, ...]:
    """The sessions under `sessions:` (at `line`), in date order; each mistake noted in `file`."""
    if value is None:  # `sessions:` with every entry commented out
        return ()
    if not isinstance(value, list):
        file.expected(line, "key 'sessions'", "a list of sessions, each starting with '- date:'",
                      value)  # fmt: skip
        return ()
    found = [_session(entry, item_line(value, n, line), file) for n, entry in enumerate(value)]
    sessions = sorted((s for s in found if s is not None), key=lambda s: (s.date, s.line))
    return _numbered(sessions)


def _numbered(sessions: list[Session]) -> tuple[Session, ...]:
    """Each session numbered among those of its date: with the date, it names the session in
    the calendar (its UID) whatever sessions are added on other days."""
    numbered, seen = [], dict[str, int]()
    for session in sessions:
        seen[session.date] = seen.get(session.date, 0) + 1
        numbered.append(replace(session, number=seen[session.date]))
    return tuple(numbered)


def _session(entry: object, line: int, file: YamlFile) -> Session | None:
    if not isinstance(entry, dict):
        file.expected(line, "session", "its keys (date, papers, ...) under '- '", entry)
        return None
    line = line_of(entry, line)
    subject = f"session of line {line}: "
    file.unknown_keys(entry, SESSION_KEYS, subject=subject)
    date = _date(entry, file, subject)
    papers = _papers(entry, file, subject)
    slides, recording, notes_url = (_link(entry, key, file, subject) for key in LINK_KEYS)
    presenters = file.get(entry, "presenters", subject=subject, default=[], valid=_is_names,
                          wanted="a list of names, as [Ada Lovelace]", hint=wrong_item)  # fmt: skip
    if not date or not papers:
        return None
    return Session(date=date, papers=papers, line=line, notes=_notes(entry, file, subject),
                   presenters=tuple(normalize_text(name) for name in presenters),
                   slides=slides, recording=recording, notes_url=notes_url)  # fmt: skip


def _date(entry: dict, file: YamlFile, subject: str) -> str:
    """The date as ISO text. YAML reads `2027-01-14` as a date; quoted, it is text, read too."""
    value = file.get(entry, "date", subject=subject, wanted=_DATE, required=True, valid=_is_date)
    if isinstance(value, dt.date):
        return value.isoformat()
    return value.strip() if isinstance(value, str) else ""


def _is_date(value: object) -> bool:
    if isinstance(value, dt.datetime):  # a time too: the calendar holds whole days
        return False
    if isinstance(value, dt.date):
        return True
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
        return False
    try:
        dt.date.fromisoformat(value.strip())
    except ValueError:  # 2027-02-30
        return False
    return True


def _papers(entry: dict, file: YamlFile, subject: str) -> tuple[str, ...]:
    value = file.get(entry, "papers", subject=subject, required=True, valid=_is_ids,
                     wanted="a list of paper ids, as [3fa2c1d9e0ab] (readinglist find WORDS)",
                     hint=_wrong_id)  # fmt: skip
    return tuple(dict.fromkeys(str(pid).strip() for pid in value or ()))


def _is_ids(value: object) -> bool:
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(pid, str) and _PAPER_ID.fullmatch(pid.strip()) for pid in value)
    )


def _wrong_id(value: object) -> str:
    if isinstance(value, list) and not value:
        return " (the list is empty)"
    if not isinstance(value, list):
        return ""
    for number, pid in enumerate(value, start=1):
        if not isinstance(pid, str) or not _PAPER_ID.fullmatch(pid.strip()):
            return f" (item {number} is not a paper id: 12 letters a-f and digits)"
    return ""


def _is_names(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(n, str) and normalize_text(n) for n in value)


def _link(entry: dict, key: str, file: YamlFile, subject: str) -> str:
    value = file.get(entry, key, subject=subject, wanted=_LINK, default="", valid=is_web_link)
    return value.strip()


def is_web_link(value: object) -> bool:
    """An http(s) address with a host and nothing that could end it early (spaces, quotes,
    angle brackets, control characters): what may become a link on a page or in a calendar."""
    if not isinstance(value, str):
        return False
    url = value.strip()
    if re.search(r"[\s\"'<>\\\x00-\x1f\x7f]", url):
        return False
    try:
        parts = urlsplit(url)
    except ValueError:  # a malformed [IPv6] host
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def _notes(entry: dict, file: YamlFile, subject: str) -> str:
    """Notes cleaned as every input is, paragraphs kept."""
    value = file.get(entry, "notes", subject=subject, wanted="text", default="",
                     valid=lambda v: isinstance(v, str))  # fmt: skip
    paragraphs = (normalize_text(part) for part in _PARAGRAPH_BREAK.split(value))
    return "\n\n".join(part for part in paragraphs if part)
