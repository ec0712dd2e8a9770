"""The name a paper coins for its method, benchmark or dataset, and the acronyms it defines.

Authors introduce a name in a handful of ways: right after "we propose/introduce/present",
after "named/dubbed/called", as an acronym defined in that sentence ("Long Form (LF)"),
marked in bold or typewriter, as the repository of the code URL, and then keep using it as the
subject of later sentences. Names used before the paper introduces anything are prior work.
`coined_name` scores the candidates found these ways. Pure functions over an analysed
`Abstract`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from generator import markup
from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.claims import Claim
from generator.describe.reading.lexicon import COMMON_ACRONYMS, INTRO_VERBS, KIND_NOUNS, SMALL_WORDS

# A name token: mixed case (KVShard, scDiffuse), capitals (GLINT, X-NET), or letters with digits.
# It starts where a run of letters starts (a later start inside one never matches where the
# run's start did not), so a run of 100,000 letters is read once, not once per letter.
_TOKEN = (
    r"(?<![A-Za-z])"
    r"(?:(?:[A-Za-z][a-z]*[A-Z][\w+-]*|[A-Z][A-Z0-9][\w+-]*|[A-Za-z][a-z]*-?\d[\w.-]*)"
    r"(?:\.[A-Z][\w+-]*)?)"  # "GeoMa.X"
)
_LINK = r"(?:(?:of|and)\s+)?"  # "Bag of Tricks"; not "Lumen for CDNs"
_CAPITALISED = rf"[A-Z][\w'+-]*(?:\s+{_LINK}[A-Z][\w'+-]*){{0,5}}"
_AFTER_NAME = r"(?=\s*[,:(—–;]|\s+(?:that|which|to|for|as|is)\b|\.?\s*$)"
_NAME_AT = re.compile(
    rf"(?:(?:the|an?)\s+)?(?:({_CAPITALISED}){_AFTER_NAME}|({_TOKEN})(?!\s+[A-Z]))"
)
_TOKEN_RE = re.compile(_TOKEN)
NAME_TOKEN = _TOKEN_RE  # one word a coined name can be
_TO_INTRODUCE = re.compile(r"to (?:propose|introduce|present|develop|design|build) ")
_NAMING = ("named ", "dubbed ", "called ", "termed ", "coined ")
_MARKED = (
    re.compile(r"\*\*([^*]{2,60})\*\*"),
    re.compile(r"\\text(?:bf|tt|sc)\{([^{}]{2,60})\}"),
    re.compile(r"\*([^*\s][^*]{1,59})\*"),  # after "**": bold is matched first
)


@dataclass(frozen=True)
class Name:
    """A coined name: `short` as the paper writes it, `long` what an acronym stands for."""

    short: str
    long: str = ""

    @property
    def proper(self) -> bool:
        """Capitalised long forms are brand names (TRACE); lowercase ones describe (GNNs).
        Capitals inside words count too: "Parallel dAta Compression" spells out its acronym."""
        words = [w for w in self.long.split() if w.lower() not in SMALL_WORDS]
        return not words or sum(w != w.lower() for w in words) * 2 > len(words)


def coined_name(abstract: Abstract) -> Name | None:
    """The name the paper coins, or None. Candidates are scored by how they are introduced."""
    scores = name_scores(abstract)
    if not scores:
        return None
    first = {name: _first_index(name, abstract.plain) for name in scores}
    short = max(sorted(scores), key=lambda name: (scores[name], -first[name]))
    return Name(short, abstract.long_forms.get(short, "")) if scores[short] >= 3 else None


def name_scores(abstract: Abstract) -> dict[str, float]:
    """Each name the abstract introduces or marks -> points for how it does (3 or more: coined)."""
    sentences = abstract.plain
    long_forms = abstract.long_forms
    scores: defaultdict[str, float] = defaultdict(float)  # name -> points (halves too)
    introduced_at = len(sentences)
    for index, sentence in enumerate(zip(sentences, abstract.lower, abstract.claims, strict=True)):
        if _score_sentence(*sentence, scores, long_forms):
            introduced_at = min(introduced_at, index)
    _score_marked(abstract, scores)
    _score_repository(abstract.source, scores)
    for short, long in long_forms.items():
        scores[short] += scores.pop(long, 0)
    main = sentences[abstract.ranking[0]]  # what the paper says it contributes first
    for name in sorted(scores):
        scores[name] += 0.5 * min(3, sum(s.startswith(name + " ") for s in sentences))
        scores[name] += _MAIN_BONUS if name in main else 0
        if _first_index(name, sentences) < introduced_at < len(sentences):
            scores[name] -= 3  # used before the paper introduces anything: prior work
    return dict(scores)


def _score_sentence(
    plain: str,
    lower: str,
    found: tuple[Claim, ...],
    scores: defaultdict[str, float],
    long_forms: dict[str, str],
) -> bool:
    """Credit names right after "we propose", "named", or a colon in a sentence that
    introduces something; return whether the sentence introduces anything."""
    offered = [*_after_claims(plain, found), *_after_aims(lower), *_after_namings(lower)]
    for at, points in offered:
        name = _name_at(plain, at, long_forms)
        if name:
            scores[name] += points
    return bool(offered)


def _after_claims(plain: str, found: tuple[Claim, ...]) -> list[tuple[int, int]]:
    """(Where a name may start, its points) after "we propose" and after a colon that follows."""
    offered = []
    for claim in found:
        if claim.verb in INTRO_VERBS:
            offered.append((claim.end + 1, 4))
            colon = plain.find(": ", claim.end)
            if colon > 0:
                offered.append((colon + 2, 3))
    return offered


def _after_aims(lower: str) -> list[tuple[int, int]]:
    """ "we aim to propose X", "this motivates us to propose X"."""
    if not (lower.startswith("we ") or " we " in lower or " us to " in lower):
        return []
    return [(match.end(), 3) for match in _TO_INTRODUCE.finditer(lower)]


def _after_namings(lower: str) -> list[tuple[int, int]]:
    """ "named X", "dubbed (as) X"."""
    offered = []
    for naming in _NAMING:
        at = lower.find(naming)
        if at >= 0:
            at += len(naming) + (3 if lower.startswith("as ", at + len(naming)) else 0)
            offered.append((at, 5))
    return offered


def _name_at(sentence: str, start: int, long_forms: dict[str, str]) -> str | None:
    """The name that starts at `start` (after an article and up to two adjectives)."""
    window = sentence[start : start + 160]
    # The first long form, and the longest there: "X for Domain Generalization (QT-DoG)" is
    # QT-DoG, not DG.
    found = sorted(
        (window.find(long), -len(long), short, long) for short, long in long_forms.items()
    )
    for at, _, short, long in found:
        if at >= 0 and len(window[:at].split()) <= 3 and _ends_name(window[at + len(long) :]):
            return short
    match = _NAME_AT.match(sentence, start)
    if not match:
        return None
    name = match.group(1) or match.group(2)
    return name if acceptable(name) else None


def _ends_name(rest: str) -> bool:
    """After "Long Form (LF)": punctuation, a kind noun or a clause, not more noun phrase."""
    rest = _LEADING_PARENTHESES.sub("", rest).lstrip()
    return not rest or rest[0] in ",.;:—–" or rest.startswith((*KIND_NOUNS, *_CLAUSE_GOES_ON))


_MAIN_BONUS = 1.5
_CLAUSE_GOES_ON = ("that", "which", "for", "and ", "to ", "with ", "in ", "on ", "as ", "is ")


def acceptable(name: str) -> bool:
    """Whether `name` can be a coined name at all (not "LLMs", not "We ...")."""
    words = name.split()
    return (
        name not in COMMON_ACRONYMS
        and len(name) >= 2
        and 0 < len(words) <= 6
        and words[-1].lower() not in SMALL_WORDS
        and not name.lower().startswith(("we ", "our ", "this ", "in ", "to "))
    )


def _score_marked(abstract: Abstract, scores: defaultdict[str, float]) -> None:
    """Bold, typewriter or emphasised capitalised names: authors mark what they coin."""
    marked = {
        markup.parse(raw).text for pattern in _MARKED for raw in pattern.findall(abstract.source)
    }
    for name in sorted(marked):
        if name[:1].isupper() and acceptable(name):
            introduced = any(name in s and " we " in f" {s}" for s in abstract.plain)
            scores[name] += 3 if introduced else 2


def _score_repository(source: str, scores: defaultdict[str, float]) -> None:
    """The code's repository is usually named after the method: github.com/owner/Name."""
    for repo in _REPOSITORY.findall(source):
        repo = repo.removesuffix(".git").strip(".")
        matches = [name for name in scores if name.lower() == repo.lower()]
        if matches:
            scores[matches[0]] += 3
        elif _TOKEN_RE.fullmatch(repo) and acceptable(repo):
            scores[repo] += 3


def _first_index(name: str, sentences: tuple[str, ...]) -> int:
    return next((i for i, s in enumerate(sentences) if name in s), len(sentences))


_LEADING_PARENTHESES = re.compile(r"^\s*\([^()]*\)")
_REPOSITORY = re.compile(r"github\.com/[\w.-]+/([\w.-]+)")
