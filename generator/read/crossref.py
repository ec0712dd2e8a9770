"""BibTeX's `crossref`: the fields an entry lacks, taken from the entry it names.

As BibTeX does it, one level deep: a field the entry has is its own, every other field of the
entry it cross-references fills the gap. A volume's (@proceedings, @book) title becomes the
entry's booktitle, as biblatex maps it, so a paper of a proceedings keeps its venue; what
belongs to the volume alone (its title, abstract, keywords, DOI, address, pages) is not the
paper's. Works on the raw field values `bibtex` collects, in place; no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bibtexparser.model import Entry

from generator.models import Problem

# Entry types that are volumes: their title is the title of the book a part of them is in.
_VOLUMES = frozenset({"proceedings", "book", "collection", "mvproceedings", "mvbook",
                      "mvcollection", "reference", "mvreference", "periodical"})  # fmt: skip
_NOT_INHERITED = frozenset({"title", "abstract", "keywords", "crossref", "xref", "ids",
                            "doi", "url", "eprint", "archiveprefix", "eprinttype", "note",
                            "pages"})  # fmt: skip


def inherit(
    entries: list[Entry],
    fields: dict[int, dict[str, str]],
    value: Callable[[str], str],
    path: Path,
    problems: list[Problem],
) -> set[int]:
    """Fill each entry's fields (`fields[id(entry)]`, raw values) from the entry its
    `crossref` names (`value` reads the raw key); the ids of the entries so named."""
    by_key: dict[str, Entry] = {}
    for entry in entries:
        by_key.setdefault(entry.key.lower(), entry)  # BibTeX's keys ignore case
    parents: set[int] = set()
    for entry in entries:
        own = fields[id(entry)]
        if "crossref" not in own:
            continue
        key = value(own["crossref"]).strip()
        parent = by_key.get(key.lower())
        if parent is None or parent is entry:
            line = (entry.start_line or 0) + 1
            problems.append(Problem(path, line, f"crossref '{key}' names no other entry of "
                                                "this file; nothing is inherited"))  # fmt: skip
            continue
        parents.add(id(parent))
        _fill(own, parent.entry_type, fields[id(parent)])
    return parents


def _fill(fields: dict[str, str], parent_type: str, parent: dict[str, str]) -> None:
    if parent_type.lower() in _VOLUMES and "title" in parent:
        fields.setdefault("booktitle", parent.get("booktitle", parent["title"]))
    for key, raw in parent.items():
        if key not in _NOT_INHERITED:
            fields.setdefault(key, raw)
