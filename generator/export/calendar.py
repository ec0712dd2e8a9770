"""sessions.ics: the reading group's sessions as an iCalendar file (RFC 5545) to subscribe to.

Each session is a whole-day event (the curator gives dates, not times): its summary names the
papers, its description says who presents, what to read (with each paper's address when the
site's is known), the links and the notes as the curator wrote them. Text is escaped as
RFC 5545 3.3.11 says (backslash, comma, semicolon, line breaks) and every line is folded at 75
octets (3.1), never inside a UTF-8 character; lines end with CRLF. Nothing comes from the
clock: an event's UID is its date and its number that day (stable whatever else changes), and
its DTSTAMP, which must be a UTC time, is derived from the session's date, so the same input
gives the same bytes. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from urllib.parse import urlsplit

from generator.export.fields import clean
from generator.models import Session

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_LINE_OCTETS = 75


def calendar(
    sessions: tuple[Session, ...],
    title: Callable[[str], str],
    *,
    site_name: str,
    site_url: str = "",
    paths: Callable[[str], str] = lambda pid: "",
) -> str:
    """The calendar of `sessions`; `title(id)` names a paper, `paths(id)` gives its page's
    address under the site's (joined to `site_url` when it is known)."""
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//readinglist//sessions//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(clean(site_name) + ': sessions')}",
    ]
    host = urlsplit(site_url).hostname or "readinglist.invalid"
    for session in sessions:
        lines += _event(session, title, host=host, site_url=site_url, paths=paths)
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)


def _event(
    session: Session,
    title: Callable[[str], str],
    *,
    host: str,
    site_url: str,
    paths: Callable[[str], str],
) -> Iterator[str]:
    day = date.fromisoformat(session.date)
    titles = [clean(title(pid)) for pid in session.papers]
    yield "BEGIN:VEVENT"
    yield f"UID:session-{session.date}-{session.number}@{host}"
    yield f"DTSTAMP:{day.strftime('%Y%m%d')}T000000Z"
    yield f"DTSTART;VALUE=DATE:{day.strftime('%Y%m%d')}"
    yield f"DTEND;VALUE=DATE:{(day + timedelta(days=1)).strftime('%Y%m%d')}"
    yield f"SUMMARY:{escape_text('Reading group: ' + '; '.join(titles))}"
    yield f"DESCRIPTION:{escape_text(_description(session, titles, site_url, paths))}"
    if site_url:
        anchor = f"session-{session.date}" + (f"-{session.number}" if session.number > 1 else "")
        yield f"URL:{site_url.rstrip('/')}/sessions/#{anchor}"
    yield "END:VEVENT"


def _description(
    session: Session, titles: list[str], site_url: str, paths: Callable[[str], str]
) -> str:
    parts = []
    if session.presenters:
        parts.append("Presented by " + ", ".join(clean(name) for name in session.presenters))
    read = []
    for pid, name in zip(session.papers, titles, strict=True):
        address = f" {site_url.rstrip('/')}/{paths(pid)}" if site_url and paths(pid) else ""
        read.append(f"- {name}{address}")
    parts.append("Read:\n" + "\n".join(read))
    links = [f"{label}: {url}" for label, url in (("Slides", session.slides),
             ("Recording", session.recording), ("Notes", session.notes_url)) if url]  # fmt: skip
    if links:
        parts.append("\n".join(links))
    if session.notes:
        parts.append(session.notes)
    return "\n\n".join(parts)


def escape_text(text: str) -> str:
    """A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, line breaks as
    `\\n`; other control characters, which no TEXT may hold, dropped."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = _CONTROL.sub("", text)
    text = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return text.replace("\n", "\\n")


def fold(line: str) -> str:
    """`line` folded (RFC 5545 3.1): no line longer than 75 octets, each continuation starting
    with a space, never splitting a UTF-8 character."""
    pieces: list[str] = []
    current, size = "", 0
    for char in line:
        octets = len(char.encode("utf-8"))
        limit = _LINE_OCTETS if not pieces else _LINE_OCTETS - 1  # the leading space counts
        if size + octets > limit:
            pieces.append(current)
            current, size = "", 0
        current += char
        size += octets
    pieces.append(current)
    return "\r\n ".join(pieces)
