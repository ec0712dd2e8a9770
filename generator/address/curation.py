"""The curator's corrections (`lists/curation.yml`): loaded and validated once, applied purely.

The file is the curator's own: the generator reads it and never writes it. Entries are keyed by
paper id (`readinglist find WORDS` prints ids). An entry whose id is no longer a paper (its
abstract was edited) follows the lock's aliases to the edited paper, and is reported either
way, with the closest current paper when the alias is unknown: an edit is never dropped silently.

    papers:
      3fa2c1d9e0ab:
        title: "FlipAttack: Jailbreak LLMs via Flipping"
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

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import yaml

from generator.address.assign import resolve
from generator.address.sketches import similarity, sketch
from generator.address.slugs import is_safe_slug
from generator.config import LineLoader
from generator.errors import ConfigError
from generator.models import STATUSES, Curation, Lock, Paper, Problem, Taxonomy, TopicMatch

_KEYS = {"title", "tags", "topics", "note", "status", "rating", "featured", "hidden", "slug",
         "__line__"}  # fmt: skip

# parse_entry's `fail(key, expected)`: the error to raise for a key with the wrong value.
_Fail = Callable[[str, str], ConfigError]


def load_curation(path: Path) -> dict[str, tuple[Curation, int]]:
    """paper id -> (curation, line). A missing file means no curation."""
    if not path.exists():
        return {}
    try:
        data = yaml.load(path.read_text(encoding="utf-8-sig"), Loader=LineLoader) or {}
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise ConfigError(f"invalid YAML: {getattr(error, 'problem', error)}", path=path,
                          line=mark.line + 1 if mark else None) from None  # fmt: skip
    papers = data.get("papers", {}) if isinstance(data, dict) else None
    if not isinstance(papers, dict):
        raise ConfigError("expected a mapping with a 'papers' mapping", path=path, line=1)
    line = papers.pop("__line__", 1)
    return {
        str(pid): (parse_entry(entry, path, str(pid), line), _line(entry, line))
        for pid, entry in papers.items()
    }


def _line(entry: object, default: int) -> int:
    return entry.get("__line__", default) if isinstance(entry, dict) else default


def parse_entry(entry: object, path: Path, pid: str, line: int) -> Curation:
    if not isinstance(entry, dict):
        raise ConfigError(f"paper {pid}: expected a mapping, but received: {entry!r}",
                          path=path, line=line)  # fmt: skip
    line = entry.get("__line__", line)

    def fail(key: str, expected: str) -> ConfigError:
        return ConfigError(f"paper {pid}: key '{key}': expected {expected}, but received: "
                           f"{entry.get(key)!r}", path=path, line=line)  # fmt: skip

    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        allowed = ", ".join(sorted(_KEYS - {"__line__"}))
        message = f"paper {pid}: unknown key '{unknown[0]}' (allowed: {allowed})"
        raise ConfigError(message, path=path, line=line)
    return Curation(
        title=_text(entry, "title", fail),
        add_tags=_change(entry, "tags", "add", fail),
        remove_tags=_change(entry, "tags", "remove", fail),
        add_topics=_change(entry, "topics", "add", fail),
        remove_topics=_change(entry, "topics", "remove", fail),
        note=_text(entry, "note", fail),
        status=_status(entry, fail),
        rating=_rating(entry, fail),
        featured=_flag(entry, "featured", fail),
        hidden=_flag(entry, "hidden", fail),
        slug=_slug(entry, fail),
    )


def _text(entry: dict, key: str, fail: _Fail) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str):
        raise fail(key, "text")
    return value.strip()


def _change(entry: dict, key: str, action: str, fail: _Fail) -> tuple[str, ...]:
    value = entry.get(key, {})
    if not isinstance(value, dict) or set(value) - {"add", "remove", "__line__"}:
        raise fail(key, "a mapping with 'add' and/or 'remove' lists")
    items = value.get(action, [])
    if not isinstance(items, list) or not all(isinstance(i, str) and i.strip() for i in items):
        raise fail(key, f"'{action}' as a list of names")
    return tuple(item.strip() for item in items)


def _status(entry: dict, fail: _Fail) -> str:
    value = entry.get("status", "")
    if value not in ("", *STATUSES):
        raise fail("status", " or ".join(STATUSES))
    return value


def _rating(entry: dict, fail: _Fail) -> int:
    value = entry.get("rating", 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        raise fail("rating", "a whole number from 1 to 5")
    return value


def _slug(entry: dict, fail: _Fail) -> str:
    value = _text(entry, "slug", fail)
    if value and not is_safe_slug(value):
        raise fail("slug", "lower-case letters, digits and '-' (the page address)")
    return value


def _flag(entry: dict, key: str, fail: _Fail) -> bool:
    value = entry.get(key, False)
    if not isinstance(value, bool):
        raise fail(key, "true or false")
    return value


def apply_curation(
    papers: list[Paper],
    curations: dict[str, tuple[Curation, int]],
    *,
    taxonomy: Taxonomy,
    lock: Lock,
    path: Path,
) -> tuple[list[Paper], list[Problem]]:
    """Papers with the curator's changes; problems for entries that need the curator's eye."""
    by_id = {paper.id: paper for paper in papers}
    problems: list[Problem] = []
    resolved: dict[str, Curation] = {}
    for pid, (curation, line) in curations.items():
        current = resolve(lock, pid)
        if current not in by_id:
            problems.append(Problem(path, line, _orphan_message(pid, papers, lock)))
            continue
        if current != pid:
            problems.append(Problem(path, line, f"paper {pid} was edited and is now {current}: "
                                    "the entry applies to it; update the id"))  # fmt: skip
        resolved[current] = curation
    curated = []
    for paper in papers:
        own = resolved.get(paper.id)
        if own is None:
            curated.append(paper)
            continue
        paper, found = _apply(paper, own, taxonomy)
        curated.append(paper)
        problems.extend(Problem(path, curations.get(paper.id, (None, 1))[1], message)
                        for message in found)  # fmt: skip
    return curated, problems


def _apply(paper: Paper, curation: Curation, taxonomy: Taxonomy) -> tuple[Paper, list[str]]:
    problems: list[str] = []
    tags = [t for t in paper.tags if t not in curation.remove_tags]
    tags += [t for t in curation.add_tags if t not in tags]
    topics = [
        m for m in paper.topics if not _names_topic(curation.remove_topics, m.topic, taxonomy)
    ]
    for wanted in curation.add_topics:
        topic = next((t for t in taxonomy.topics if wanted in (t.key, t.name)), None)
        if topic is None:
            problems.append(f"paper {paper.id}: unknown topic '{wanted}' (not in the taxonomy)")
        elif topic.name not in [m.topic for m in topics]:
            topics.insert(0, _curator_match(topic.name))
    if len(topics) > 1:
        topics = [m for m in topics if m.topic != taxonomy.catch_all.name]
    title, title_source = (
        (curation.title, "curator") if curation.title else (paper.title, paper.title_source)
    )
    changed = replace(
        paper,
        tags=tuple(tags),
        topics=tuple(topics) or paper.topics,
        curation=curation,
        title=title,
        title_source=title_source,
    )
    return changed, problems


def _names_topic(names: tuple[str, ...], topic: str, taxonomy: Taxonomy) -> bool:
    return any(name in (topic, taxonomy.by_name(topic).key) for name in names)


def _curator_match(topic: str) -> TopicMatch:
    return TopicMatch(topic, 0.0, ("chosen by the curator",))


def _orphan_message(pid: str, papers: list[Paper], lock: Lock) -> str:
    entry = lock.papers.get(pid)
    if entry is None or not entry.sketch:
        return f"curation entry for unknown paper id {pid}: no such paper in any list"
    scored = [(similarity(entry.sketch, sketch(p.text)), p) for p in papers]
    score, closest = max(scored, key=lambda item: (item[0], item[1].id), default=(0.0, None))
    hint = f"; closest current paper: {closest.id} \"{closest.title}\" ({score:.0%} similar)" \
        if closest is not None else ""  # fmt: skip
    return f"curation entry for paper {pid}, which is no longer in any list{hint}"
