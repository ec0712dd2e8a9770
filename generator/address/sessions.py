"""The reading group's sessions (read by `read.sessions`) tied to the published papers.

A session names papers by id; an id of an edited abstract follows the lock's aliases to the
edited paper (and says so), and an id that names no published paper (a typo, a hidden paper,
an abstract no longer in any list) is left out of the session with a warning at the
session's line: `--strict` makes it fatal, and a session is never shown with a paper that
is not there. Which session is next is decided when the site is rendered, from the build
date. Pure.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from generator.address.assign import resolve
from generator.models import Lock, Paper, Problem, Session


def place_sessions(
    sessions: tuple[Session, ...], papers: list[Paper], *, lock: Lock, path: Path
) -> tuple[tuple[Session, ...], list[Problem]]:
    """Sessions whose papers are all published papers' current ids; a problem for each paper
    left out, and for each session left with no paper."""
    published = {paper.id for paper in papers}
    placed, problems = [], []
    for session in sessions:
        ids = []
        for pid in session.papers:
            current = resolve(lock, pid)
            if current not in published:
                problems.append(_problem(path, session, _unknown(pid, lock)))
                continue
            if current != pid:
                edited = f"paper {pid} was edited and is now {current}: update the id"
                problems.append(_problem(path, session, edited))
            ids.append(current)
        if ids:
            placed.append(replace(session, papers=tuple(dict.fromkeys(ids))))
        else:
            problems.append(_problem(path, session, "no paper of this session is on the "
                                     "site: the session is left out"))  # fmt: skip
    return tuple(placed), problems


def _problem(path: Path, session: Session, message: str) -> Problem:
    return Problem(path, session.line, f"session of {session.date}: {message}")


def _unknown(pid: str, lock: Lock) -> str:
    if pid in lock.papers:
        return f"paper {pid} is hidden or no longer in any list: left out of the session"
    return f"unknown paper id {pid} (readinglist find WORDS prints ids): left out of the session"


def sessions_of(sessions: tuple[Session, ...]) -> dict[str, tuple[Session, ...]]:
    """Paper id -> the sessions that discuss it, in date order."""
    found: dict[str, list[Session]] = {}
    for session in sessions:
        for pid in session.papers:
            found.setdefault(pid, []).append(session)
    return {pid: tuple(each) for pid, each in found.items()}
