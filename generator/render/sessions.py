"""The reading group's sessions as the site shows them: the next one on the home page, all of
them on the Sessions page, and on each paper's page when it was (or will be) discussed.

Which session is next is decided here, from the build date the collection carries (`today`):
the first whose date is today or later. A scheduled rebuild keeps it current (README). Names
are escaped by the templates; notes are the curator's Markdown, made safe by `markup` as an
abstract is; links (http(s) only, checked when read) are written here as HTML whose every
unsafe character is a reference (`entries.attribute`). Pure.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from generator import markup
from generator.models import Session
from generator.render.entries import attribute
from generator.render.templating import Md, relative

SESSIONS_PAGE = "sessions.md"
CALENDAR_PATH = "sessions.ics"
_LINKS = (("slides", "Slides"), ("recording", "Recording"), ("notes_url", "Notes"))
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")  # fmt: skip
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@dataclass(frozen=True)
class SessionView:
    """What a page shows of one session."""

    session: Session
    label: str  # "Thursday 14 January 2027"
    anchor: str  # its id on the Sessions page
    past: bool
    notes: tuple[Md, ...]  # the curator's notes, a safe HTML paragraph each

    @property
    def papers(self) -> list[str]:
        return list(self.session.papers)

    @property
    def presenters(self) -> tuple[str, ...]:
        return self.session.presenters

    @property
    def links(self) -> Md:
        """The session's slides, recording and notes as links, " · " between them."""
        found = [(getattr(self.session, key), name) for key, name in _LINKS]
        return Md(" · ".join(f'<a href="{attribute(url)}">{name}</a>' for url, name in found
                             if url))  # fmt: skip


def day_label(date: str) -> str:
    """`2027-01-14` as "Thursday 14 January 2027", in English whatever the machine's locale."""
    day = dt.date.fromisoformat(date)
    return f"{_DAYS[day.weekday()]} {day.day} {_MONTHS[day.month - 1]} {day.year}"


def anchor(session: Session) -> str:
    """`session-2027-01-14`, with `-2` for a second session that day."""
    suffix = f"-{session.number}" if session.number > 1 else ""
    return f"session-{session.date}{suffix}"


def view(session: Session, today: str) -> SessionView:
    notes = tuple(Md(markup.parse(part).paragraph) for part in re.split(r"\n\s*\n", session.notes)
                  if part.strip())  # fmt: skip
    past = bool(today) and session.date < today
    return SessionView(session, day_label(session.date), anchor(session), past, notes)


def next_session(sessions: tuple[Session, ...], today: str) -> Session | None:
    """The first session on `today` or after it (sessions are in date order)."""
    return next((s for s in sessions if not today or s.date >= today), None)


def split(sessions: tuple[Session, ...], today: str) -> tuple[list[SessionView], list[SessionView]]:
    """(upcoming, soonest first; past, most recent first)."""
    views = [view(session, today) for session in sessions]
    return [v for v in views if not v.past], [v for v in reversed(views) if v.past]


def when_discussed(sessions: tuple[Session, ...], today: str, folder: str) -> Md:
    """A paper page's line saying when it was, or will be, discussed (each session linked to
    its place on the Sessions page); "" for a paper of no session."""
    parts = []
    for session in sessions:
        shown = view(session, today)
        link = f"{relative(SESSIONS_PAGE, folder)}#{shown.anchor}"
        date = f"[{markup.escape_markdown(shown.label)}]({link})"
        parts.append(f"discussed on {date}" if shown.past else f"to be discussed on {date}")
    if not parts:
        return Md("")
    line = "; ".join(parts)
    return Md(f"{line[0].upper()}{line[1:]}.\n{{: .rl-when }}")


def key_of(sessions: tuple[Session, ...], today: str) -> tuple[object, ...]:
    """What a page reads of `sessions`: the sessions, and which of them are past by now."""
    return tuple((session, bool(today) and session.date < today) for session in sessions)
