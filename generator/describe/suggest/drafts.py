"""A cluster of papers made a taxonomy entry: its keywords, its name, its description.

Keywords are the cluster's typical terms: held by two of its papers at least, and by few
papers outside it (of the papers using one, at least KEYWORD_PRECISION are in the cluster,
else pasting it pulls papers from the topics they are in), most typical first (the share of
the cluster using it times that precision; phrases before single words). Every spelling a
keyword was seen in is listed, so "dialogue system" and "dialog system" both match. The name
is the term the titles or tags of most members hold, made a heading. Pure.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from generator.describe.reading.lexicon import FIELD_WORDS, SMALL_WORDS
from generator.describe.suggest.terms import Terms, telling, term_key
from generator.describe.topics import tokens

KEYWORD_PRECISION = 0.4  # of the papers using a keyword, at least this share are members
MIN_USERS = 2  # members holding a keyword, at least
NAMED_SHARE = 1 / 3  # of the members, at least this share say what names the topic
MAX_KEYWORDS = 10
PHRASE_BONUS = 1.5  # a phrase says more than a word, and reads better as a name


@dataclass(frozen=True)
class Draft:
    name: str
    keywords: tuple[str, ...]  # as the curator will paste them: lower case, every spelling
    description: str


def draft(
    members: list[str], terms: Terms, documents: Counter[str], known: set[str], *, source: str
) -> Draft:
    """The entry for a cluster of papers (`members`, ids) now in the topic `source`, keywords
    already in the taxonomy (`known`, as keys) left out, and names the source's name holds
    ("Natural Language" in "Natural Language Processing"); no keywords if the members share
    no typical term, or if fewer than NAMED_SHARE of them say the term that names it."""
    ranked = _typical(members, terms, documents, known)
    scores = _name_scores(members, terms, documents)
    for key in [key for key in scores if key in known or key in term_key(source)]:
        del scores[key]
    key, name = _name(ranked, terms, scores)
    if NAMED_SHARE * len(members) > sum(key in terms.papers[p].counts for p in members):
        return Draft(name, (), "")  # a name most members do not say: several subjects at once
    if key in ranked:  # the keyword that names the topic leads
        ranked.insert(0, ranked.pop(ranked.index(key)))
    keywords = [spelling for key in ranked[:MAX_KEYWORDS] for spelling in _spellings(key, terms)]
    others = ", ".join(terms.shown(key).lower() for key in ranked[1:4])
    description = f"Papers on {name.lower()}" + (f": {others}." if others else ".")
    return Draft(name, tuple(keywords), description)


def _typical(
    members: list[str], terms: Terms, documents: Counter[str], known: set[str]
) -> list[str]:
    """The members' keys that may be keywords, most typical first, ties by key."""
    inside = Counter(key for paper in members for key in terms.papers[paper].counts)
    headed = Counter(key for paper in members for key in terms.papers[paper].heading)
    usable = [
        key
        for key, n in inside.items()
        if n >= MIN_USERS
        and (headed[key] or n > MIN_USERS)  # two papers sharing a passing phrase is chance
        and n >= KEYWORD_PRECISION * documents[key]
        and key not in known
        and telling(key, terms.shown(key), headed=headed[key])
    ]

    def typicality(key: str) -> float:
        share = inside[key] / len(members) * inside[key] / documents[key]
        return share * (PHRASE_BONUS if " " in key else 1.0)

    return sorted(usable, key=lambda key: (-typicality(key), key))


def _spellings(key: str, terms: Terms) -> list[str]:
    """The key's spellings the matcher tells apart ("dialogue", "dialog"), lower case, most
    common first."""
    found: dict[str, int] = {}
    for spelling, count in terms.spellings[key].items():
        if spelling.startswith("-"):
            continue  # seen inside a compound
        form = " ".join(tokens(spelling))
        found[form] = found.get(form, 0) + count
    return sorted(found, key=lambda form: (-found[form], form))


def _name(ranked: list[str], terms: Terms, scores: dict[str, float]) -> tuple[str, str]:
    """The term most members' titles or tags hold (two at least), weighed by how much of its
    use is the members'; a word gives way to a phrase holding it ("information extraction"
    before "extraction"). The term's key, and it as a heading."""
    named = sorted(scores, key=lambda key: (-scores[key], key))
    key = _phrase_for(named[0], scores) if named else ranked[0] if ranked else ""
    return key, _heading(terms.shown(key)) if key else "Suggested topic"


def _name_scores(members: list[str], terms: Terms, documents: Counter[str]) -> dict[str, float]:
    """Members holding each telling term of their titles or tags, times its precision; half
    that for a common word ("argument") that names no field."""
    inside = Counter(key for paper in members for key in terms.papers[paper].counts)
    heads = {key for paper in members for key in terms.papers[paper].heading}
    scores = {}
    for key in heads:
        headed = _headed(key, members, terms)
        shown = terms.shown(key)
        if headed >= MIN_USERS and telling(key, shown, headed=headed):
            plain = " " not in key and key not in FIELD_WORDS and shown == shown.lower()
            scores[key] = headed * (inside[key] / documents[key]) ** 0.5 * (0.5 if plain else 1)
    return scores


def _phrase_for(term: str, scores: dict[str, float]) -> str:
    """A word gives way to a phrase holding it that scores half as much, a phrase to a longer
    one that scores nearly as much: "synthetic aperture radar" before "aperture radar"."""
    holding = [key for key in scores if f" {term} " in f" {key} " and key != term]
    best = min(holding, key=lambda key: (-scores[key], key), default=term)
    share = 0.5 if " " not in term else 0.8
    return best if scores.get(best, 0.0) >= share * scores[term] else term


def _headed(key: str, members: list[str], terms: Terms) -> int:
    """How many members hold the key in their title or tags, alone or inside a longer term:
    "goal oriented dialog system" holds "dialog system"."""
    return sum(
        any(f" {key} " in f" {term} " for term in terms.papers[paper].heading) for paper in members
    )


def _heading(spelling: str) -> str:
    """ "dialogue system" -> "Dialogue Systems": words capitalised but small ones and names,
    a generic head noun ("system", "model") in the plural."""
    words = spelling.split()
    if words[-1].lower() in _COUNTED:
        words[-1] += "s"
    return " ".join(
        word if word != word.lower() or (word in SMALL_WORDS and at) else _capital(word)
        for at, word in enumerate(words)
    )


_COUNTED = frozenset("system model network method framework algorithm agent task".split())


def _capital(word: str) -> str:
    """ "sequence-to-sequence" -> "Sequence-to-Sequence"."""
    parts = word.split("-")
    return "-".join(
        part if at and part in SMALL_WORDS else part[:1].upper() + part[1:]
        for at, part in enumerate(parts)
    )


def known_keys(keywords: list[str]) -> set[str]:
    """The keys of taxonomy keywords: a term already a keyword is no new topic's."""
    return {term_key(keyword.rstrip("*")) for keyword in keywords}
