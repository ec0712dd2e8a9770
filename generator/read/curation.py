"""The curator's corrections (`lists/curation.yml`): read and validated once, before any work.

The file is the curator's own: the generator reads it and never writes it. Entries are keyed
by paper id (`readinglist find WORDS` prints ids); applying them is `address.curation`'s.
Nothing in it is ignored: a key the generator does not know (`paper:` for `papers:`, `staus`),
a value of the wrong kind, a topic not in the taxonomy, an id given twice are all errors,
every one of the file reported at once at its key's line (`yamlfile`), with the key, status
or topic the curator most likely meant. The reading group's `sessions:` are read by `sessions`,
their mistakes reported with the rest of the file's.

    papers:
      3fa2c1d9e0ab:
        title: "Reversed Prompts as a Jailbreak (our reading group's title)"
        tags: {add: [jailbreak], remove: [understand]}
        topics: {add: [safety], remove: [alignment]}      # topic keys or names
        note: "Read with *the appendix*; see $O(n)$ claim."
        status: read                                 # to-read | reading | read
        rating: 4                                    # 1-5
        featured: true
        hidden: false
        slug: flipattack                             # a new address; the old one redirects
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from generator.address.slugs import slug_problem
from generator.models import STATUSES, Curation, Session, Taxonomy
from generator.read.sessions import SESSION_KEYS, read_sessions
from generator.read.text import normalize_text
from generator.read.yamlfile import YamlFile, key_line, shown, suggest, wrong_item

ENTRY_KEYS = ("title", "tags", "topics", "note", "status", "rating", "featured", "hidden", "slug")
_PAPER_ID = re.compile(r"[0-9a-f]{12}")
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
# What curators write for a status in their own words: difflib finds typos, not synonyms.
_STATUS_WORDS = {
    "done": "read", "finished": "read", "complete": "read", "todo": "to-read",
    "unread": "to-read", "queued": "to-read", "started": "reading", "in progress": "reading",
}  # fmt: skip
_CHANGES = "'add' and/or 'remove' lists, as {add: [a, b], remove: [c]}"
_STATUS_CHOICES = ", ".join(STATUSES[:-1]) + f" or {STATUSES[-1]}"
Curations = dict[str, tuple[Curation, int]]  # paper id -> (curation, line of the id)
TOP_KEYS = ("papers", "sessions")


class CuratorFile(NamedTuple):
    """What curation.yml says: each paper's corrections, and the reading group's sessions."""

    papers: Curations
    sessions: tuple[Session, ...] = ()


def load_curation(path: Path, *, taxonomy: Taxonomy | None = None) -> Curations:
    """paper id -> (curation, line of the id). A missing file means no curation; a file with
    mistakes raises one BuildFailed with all of them. With `taxonomy`, the topics an entry
    adds or removes must be among its keys or names."""
    return load_curator_file(path, taxonomy=taxonomy).papers


def load_curator_file(path: Path, *, taxonomy: Taxonomy | None = None) -> CuratorFile:
    """The whole file: papers as `load_curation` gives them, and the sessions (`sessions`),
    every mistake of both raised at once."""
    if not path.exists():
        return CuratorFile({})
    file = YamlFile(path)
    data = file.load()
    papers = _papers(data, file)
    sessions = read_sessions(data.get("sessions"), key_line(data, "sessions", 1), file) \
        if isinstance(data, dict) else ()  # fmt: skip
    topics = _topic_names(taxonomy)
    curations = {}
    for pid, entry in papers.items():
        line = key_line(papers, pid, 1)
        curation = _entry(str(pid), entry, line, file, topics)
        if curation is not None:
            curations[str(pid)] = (curation, line)
    file.raise_if_any()
    return CuratorFile(curations, sessions)


def _topic_names(taxonomy: Taxonomy | None) -> tuple[str, ...] | None:
    if taxonomy is None:
        return None
    return tuple(name for topic in taxonomy.topics for name in (topic.key, topic.name))


def _papers(data: object, file: YamlFile) -> dict:
    """The `papers:` mapping; an error at every other top-level key, so a misspelt `paper:`
    or ids without `papers:` above them are never read as "no curation"."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        file.expected(1, "curation.yml", "'papers:' with paper ids under it", data)
        return {}
    for key in data:
        if key not in TOP_KEYS:
            file.error(key_line(data, key, 1), _misplaced(key))
    papers = data.get("papers")
    if papers is None:  # `papers:` with every entry commented out
        return {}
    if not isinstance(papers, dict):
        wanted = "paper ids, each with its settings indented under it"
        file.expected(key_line(data, "papers", 1), "key 'papers'", wanted, papers)
        return {}
    return papers


def _misplaced(key: object) -> str:
    if _PAPER_ID.fullmatch(str(key)):
        return f"paper {key} is not under 'papers:': indent it under a 'papers:' line"
    if key in ENTRY_KEYS:
        return f"'{key}' is not under a paper: indent it under its paper's id, under 'papers:'"
    if key in SESSION_KEYS:
        return f"'{key}' is not in a session: put it under a '- date:' item, under 'sessions:'"
    return f"unknown key {shown(key)}{suggest(key, TOP_KEYS)}"


def _entry(
    pid: str, entry: object, line: int, file: YamlFile, topics: tuple[str, ...] | None
) -> Curation | None:
    """One paper's entry; every mistake in it reported, None when it is not an entry at all."""
    if pid in ENTRY_KEYS:
        file.error(line, f"'{pid}' is where a paper id belongs: indent it under its paper's id")
        return None
    if not isinstance(entry, dict):
        wanted = "its settings (such as 'status: read') indented under the id"
        file.expected(line, f"paper {pid}", wanted, entry)
        return None
    subject = f"paper {pid}: "
    file.unknown_keys(entry, ENTRY_KEYS, subject=subject)
    add_tags, remove_tags = _changes(entry, "tags", file, subject, choices=None)
    add_topics, remove_topics = _changes(entry, "topics", file, subject, choices=topics)
    return Curation(
        title=_text(entry, "title", file, subject),
        add_tags=add_tags,
        remove_tags=remove_tags,
        add_topics=add_topics,
        remove_topics=remove_topics,
        note=_text(entry, "note", file, subject),
        status=_status(entry, file, subject),
        rating=_rating(entry, file, subject),
        featured=_flag(entry, "featured", file, subject),
        hidden=_flag(entry, "hidden", file, subject),
        slug=_slug(entry, file, subject),
    )


def _text(entry: dict, key: str, file: YamlFile, subject: str) -> str:
    """Text cleaned as every input is (`normalize_text`: no bidi controls, no invisible
    characters); a note keeps its paragraphs."""
    value = file.get(entry, key, subject=subject, wanted="text", default="",
                     valid=lambda v: isinstance(v, str))  # fmt: skip
    paragraphs = (normalize_text(part) for part in _PARAGRAPH_BREAK.split(value))
    return "\n\n".join(part for part in paragraphs if part)


def _flag(entry: dict, key: str, file: YamlFile, subject: str) -> bool:
    return file.get(entry, key, subject=subject, wanted="true or false", default=False,
                    valid=lambda v: isinstance(v, bool))  # fmt: skip


def _rating(entry: dict, file: YamlFile, subject: str) -> int:
    return file.get(entry, "rating", subject=subject, wanted="a whole number from 1 to 5",
                    default=0, valid=_is_rating)  # fmt: skip


def _is_rating(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 5


def _status(entry: dict, file: YamlFile, subject: str) -> str:
    return file.get(entry, "status", subject=subject, wanted=_STATUS_CHOICES, default="",
                    valid=lambda v: v in ("", *STATUSES), hint=_status_hint)  # fmt: skip


def _status_hint(value: object) -> str:
    meant = _STATUS_WORDS.get(str(value).strip().casefold())
    return f" (did you mean '{meant}'?)" if meant else suggest(value, STATUSES, listed=False)


def _slug(entry: dict, file: YamlFile, subject: str) -> str:
    """The page address the curator chose: each reason it cannot be one said as it is."""
    wanted = "text, the page address (lower-case letters, digits and '-')"
    value = file.get(entry, "slug", subject=subject, wanted=wanted, default="", valid=_is_text)
    if not isinstance(entry.get("slug"), str):  # missing, or reported by `get`
        return ""
    if problem := slug_problem(value.strip()):
        file.error(key_line(entry, "slug", 1), f"{subject}key 'slug': {problem}")
        return ""
    return value.strip()


def _is_text(value: object) -> bool:
    return isinstance(value, str)


def _changes(
    entry: dict, key: str, file: YamlFile, subject: str, *, choices: tuple[str, ...] | None
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(added, removed) names of `tags` or `topics`; topics must be in `choices`."""
    value = file.get(entry, key, subject=subject, wanted=_CHANGES, default={},
                     valid=lambda v: isinstance(v, dict))  # fmt: skip
    file.unknown_keys(value, ("add", "remove"), subject=f"{subject}key '{key}': ")
    added = _names(value, key, "add", file, subject, choices=choices)
    removed = _names(value, key, "remove", file, subject, choices=choices)
    return added, removed


def _names(
    value: dict, key: str, action: str, file: YamlFile, subject: str, *,
    choices: tuple[str, ...] | None,
) -> tuple[str, ...]:  # fmt: skip
    """The names under `tags: add` (or remove, or of topics), each in `choices` if given."""
    label = f"{key}: {action}"
    items = file.get(value, action, subject=subject, label=label, default=[],
                     wanted="a list of names, as [a, b]", valid=_is_name_list,
                     hint=wrong_item)  # fmt: skip
    names = tuple(normalize_text(item) for item in items)
    for name in names:
        if choices is not None and name not in choices:
            near = suggest(name, choices, listed=False) or ": not a key or name in topics.yml"
            file.error(key_line(value, action), f"{subject}key '{label}': unknown topic "
                       f"'{name}'{near}")  # fmt: skip
    return names


def _is_name_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(i, str) and normalize_text(i) for i in value)
