"""The kind of paper: position, benchmark, theory, empirical study or method.

The kind comes from cue phrases in one abstract: "This position paper", "we introduce ... a
benchmark", proofs and bounds, studies that propose nothing. It never looks at other papers.
"""

from __future__ import annotations

import re

from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.grammar import first_clause
from generator.describe.reading.lexicon import INTRO_VERBS

KINDS = ("position", "benchmark", "theory", "empirical", "method")
KIND_LABELS = {
    "position": "Position paper",
    "benchmark": "Benchmark / dataset",
    "theory": "Theory",
    "empirical": "Empirical study",
    "method": "Method",
}
_STUDY_VERBS = frozenset(
    """study investigate analyze analyse examine evaluate observe find measure
    compare benchmark conduct perform quantify""".split()
)


def is_position(lower: str) -> bool:
    """Whether the (lowercase) abstract presents itself as a position paper."""
    return "position paper" in lower or "this position" in lower or "take the position" in lower


def classify(abstract: Abstract) -> str:
    """One of KINDS, from cue phrases in the abstract's sentences."""
    lower = abstract.text
    if is_position(lower):
        return "position"
    objects, verbs = _introduced(abstract)
    kinds = [_object_kind(obj) for obj in objects]  # in order: "benchmark", "study", "artefact"
    if next((kind for kind in kinds if kind != "study"), "") == "benchmark":
        return "benchmark"
    theory, experiments = _count_cues(lower, _THEORY), _count_cues(lower, _EXPERIMENT)
    if theory >= 4 and theory >= 2 * experiments:
        return "theory"
    if "study" in kinds and "artefact" not in kinds:
        return "empirical"
    if not objects and verbs & _STUDY_VERBS and (not theory or experiments >= theory):
        return "empirical"  # a study that introduces nothing
    return "method"


def _count_cues(lower: str, cues: tuple[str, ...]) -> int:
    """Occurrences of every cue, each counted on its own."""
    return sum(map(lower.count, cues))


def _object_kind(obj: str) -> str:
    if _STUDY.match(obj):
        return "study"
    return "benchmark" if _BENCHMARK.search(obj) else "artefact"


_BENCHMARK = re.compile(
    r"(?:benchmark|dataset|test ?bed|suite|corpus|corpora|leaderboard|arena|environment)s?\b"
)
_THEORY = (
    *"""theorem lemma proof bound regret minimax tight provabl guarantee asymptotic np-hard
    hardness tractab theoretical characteriz closed-form optimality""".split(),
    *("we prove", "prove that", "sample complexity", "convergence rate", "polynomial time"),
    *("polynomial-time", "approximation ratio", "approximation algorithm", "our theory"),
    *("necessary and sufficient", "error rate"),
)
_EXPERIMENT = ("experiment", "empirical", "benchmark", "dataset", "state-of-the-art",
               "outperform", "accuracy", "real-world", "we evaluate", "simulation")  # fmt: skip
_STUDY = re.compile(
    r"(?:an? |the |our )?(?:[\w-]+ ){0,3}(?:study|studies|analysis|analyses|evaluation|"
    r"investigation|comparison|examination|survey|audit|assessment|measurement)\b"
)


def _introduced(abstract: Abstract) -> tuple[list[str], set[str]]:
    """What each "we introduce/propose/conduct ..." introduces (with its appositive), and
    every verb the authors use about themselves."""
    objects, verbs = [], set()
    for lower, found in zip(abstract.lower, abstract.claims, strict=True):
        for claim in found:
            verbs.add(claim.verb)
            rest = lower[claim.end :]
            if rest.startswith(" to "):
                continue  # "we propose to benchmark ...": a step, not an artefact
            if claim.verb in INTRO_VERBS or (claim.verb in ("conduct", "perform")
                                             and rest.startswith((" a ", " an "))):  # fmt: skip
                objects.append(_object_of(rest))
    return objects, verbs


def _object_of(rest: str) -> str:
    rest = rest.lstrip()
    head = first_clause(rest)
    appositive = _OBJECT_APPOSITIVE.match(rest[len(head) :])
    return head + (" " + first_clause(appositive.group(1)) if appositive else "")


_OBJECT_APPOSITIVE = re.compile(r"\s*(?:\([^()]*\))?\s*[,:]\s*((?:an?|the)\s.+)")
