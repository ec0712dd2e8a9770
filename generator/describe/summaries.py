"""The contribution sentence (`summary`) and the kind of paper (`kind`).

Both read one abstract's sentences only; they never look at other papers. The contribution
sentence is the one where the authors say what they do ("we propose", "this paper argues"),
not background or results; the summary is that sentence's source fragment (same LaTeX and
Markdown, so listings render its math) without connectives such as "To address this,". The
kind comes from cue phrases: "This position paper", "we introduce ... a benchmark", proofs
and bounds, studies that propose nothing.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from generator.describe.sentences import analyse, base_form, first_clause

KINDS = ("position", "benchmark", "theory", "empirical", "method")
KIND_LABELS = {
    "position": "Position paper",
    "benchmark": "Benchmark / dataset",
    "theory": "Theory",
    "empirical": "Empirical study",
    "method": "Method",
}

# Verbs (base form) after "we" or "this paper": introducing something, or stating a result.
INTRO_VERBS = frozenset(
    """propose introduce present develop design build construct create curate
    release offer contribute establish formulate describe""".split()
)
STATE_VERBS = frozenset(
    """show prove demonstrate derive study investigate analyze analyse argue
    provide identify find explore address tackle examine characterize characterise revisit consider
    reveal unify extend bridge formalize formalise conduct perform evaluate quantify compare
    benchmark observe uncover""".split()
)
_STUDY_VERBS = frozenset(
    """study investigate analyze analyse examine evaluate observe find measure
    compare benchmark conduct perform quantify""".split()
)
_SUBJECT = re.compile(r"we (?:[a-z]+ly )?(?:also |further |then |first |now |here )?([a-z]+)")
_THIS = re.compile(
    r"this (?:paper|work|study|article|note|position paper) (?:[a-z]+ly )?(?:also |further )?"
    r"([a-z]+)"
)
# How sentences open: background, a secondary contribution, the paper itself.
_BACKGROUND = (
    *"""recent however despite although though while existing current traditional prior previous
    conventional standard typically""".split(),
    *("many ", "most ", "as ", "with the"),
)
_SECONDARY = (
    *"""additionally furthermore moreover finally lastly second third besides beyond""".split(),
    *("we also", "we further", "we then", "we finally", "we additionally", "in addition"),
    *("then,", "next,", "to further", "as a side", "as a final"),
)
_HERE = ("in this paper", "in this work", "in this study", "this paper", "this work", "here we",
         "here, we", "in this note", "in this article")  # fmt: skip
_OUTCOME_VERBS = ("show", "demonstrat", "confirm", "indicat", "validat", "verif", "reveal")


class Claim(NamedTuple):
    """ "we propose", "this paper argues": where the authors say what they do."""

    start: int
    end: int  # just after the verb
    verb: str  # base form: "propose"


@lru_cache(maxsize=1024)
def claims(lower: str) -> tuple[Claim, ...]:
    """Every "we <verb>" / "this paper <verb>s" in a lowercase sentence, in order."""
    found = []
    patterns = ((_SUBJECT,) if "we " in lower else ()) + ((_THIS,) if "this " in lower else ())
    for pattern in patterns:  # each starts with its literal: most sentences skip both
        for match in pattern.finditer(lower):
            if match.start() == 0 or not lower[match.start() - 1].isalnum():
                found.append(Claim(match.start(), match.end(), base_form(match.group(1))))
    return tuple(sorted(found)) if len(found) > 1 else tuple(found)


def is_position(lower: str) -> bool:
    """Whether the (lowercase) abstract presents itself as a position paper."""
    return "position paper" in lower or "this position" in lower or "take the position" in lower


@lru_cache(maxsize=64)
def ranking(abstract: str) -> tuple[int, ...]:
    """Sentence indices (in `analyse(abstract)`), best statement of the contribution first."""
    return rank_sentences(analyse(abstract).lower)


def focus_index(abstract: str) -> int:
    """Index of the sentence that states the contribution."""
    return ranking(abstract)[0]


def rank_sentences(sentences: tuple[str, ...] | list[str]) -> tuple[int, ...]:
    """Indices of lowercase `sentences`, best statement of the contribution first."""
    scores = [_contribution_score(sentence, index) for index, sentence in enumerate(sentences)]
    return tuple(sorted(range(len(scores)), key=lambda i: (-scores[i], i))) or (0,)


def _contribution_score(lower: str, index: int) -> float:
    verbs = {claim.verb for claim in claims(lower)}
    if not verbs:  # background or results: only the order among them matters
        return (-3.0 if lower.startswith(_BACKGROUND) else 0.0) - 0.1 * index
    introduces = not verbs.isdisjoint(INTRO_VERBS)
    if introduces:  # "we propose to ..." is usually a step, not the paper's thing
        score = 4.0 if "propose to " in lower or "proposes to " in lower else 5.0
    elif not verbs.isdisjoint(STATE_VERBS):
        score = 3.0
    else:
        score = 1.5
    if "position paper" in lower:
        score += 6
    if lower.startswith(_HERE) or "in this work" in lower or ", in this paper" in lower:
        score += 2
    if lower.startswith(_SECONDARY):
        score -= 2.5
    if not introduces and _reports_outcome(lower):
        score -= 3
    if "github" in lower or ("code" in lower and "available" in lower):
        score -= 5
    return score - 0.1 * index


def _reports_outcome(lower: str) -> bool:
    """ "Experiments show that ...": results, not the contribution."""
    if "experiment" in lower or "result" in lower or "evaluation" in lower or "empiric" in lower:
        return any(verb in lower for verb in _OUTCOME_VERBS)
    return False


def summarize(abstract: str) -> str:
    """The contribution sentence, as a source fragment, cleaned of its preamble."""
    return strip_preamble(analyse(abstract).sources[focus_index(abstract)])


# Opening phrases that only connect a sentence to the ones before it, or frame it.
_CONNECTIVE = re.compile(
    r"(?:to (?:this end|that end|address|tackle|solve|bridge|fill|overcome|remedy|mitigate|"
    r"alleviate|close|fix|handle|resolve|answer|fully|further|better)|motivated|inspired|based|"
    r"building|guided|driven|given|towards?|against|in (?:light|response|contrast|particular|"
    r"practice|summary|short|addition|an effort)|as (?:such|a result)|therefore|thus|hence|"
    r"consequently|accordingly|however|moreover|furthermore|additionally|specifically|instead|"
    r"conversely|first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|lastly|overall|then|next|"
    r"notably|importantly|concretely|here|with this|in this (?:paper|work|study|note|article)|"
    r"while|although|though|whereas|despite|unlike|rather than|instead of|as|to \w+)\b",
    re.IGNORECASE,
)
# Up to the first comma that the authors' own subject follows: "..., we propose".
_OPENING = re.compile(
    r"([^;:()$]{2,240}?),\s+(?=[*_]*(?:we|this (?:paper|work|study|position paper)|our|here|"
    r"in this)\b)",
    re.IGNORECASE,
)
_BACK_REFERENCE = re.compile(r"\b(?:this|these|those|such|above|aforementioned)\b", re.I)
_RESTART = re.compile(r"[^.!?\s] In this (?:paper|work|study), ")
_HERE_WE = re.compile(r"^(?:here|in this (?:paper|work|study)),?\s+(?=we\b)", re.IGNORECASE)


def strip_preamble(sentence: str) -> str:
    """Drop "In this paper,", "To address this," and the like; capitalise what is left."""
    # "... (Smith, 2024) In this work, we": a lost full stop (the literal test spares a scan)
    restart = _RESTART.search(sentence) if " In this " in sentence else None
    sentence = sentence[restart.start() + 1 :] if restart else sentence
    for _ in range(3):  # "However, in this paper, we ..." has two
        stripped = _HERE_WE.sub("", sentence)
        opening = _OPENING.match(stripped) if "," in stripped else None
        if opening and _is_preamble(opening.group(1)):
            stripped = stripped[opening.end() :]
        if stripped == sentence:
            break
        sentence = stripped
    return _capitalise(sentence)


def _is_preamble(phrase: str) -> bool:
    """A connective or framing phrase, not a clause of its own ("we find that ...")."""
    if len(phrase.split()) > 25 or claims(phrase.lower()):
        return False
    return bool(_CONNECTIVE.match(phrase) or _BACK_REFERENCE.search(phrase))


def _capitalise(sentence: str) -> str:
    match = _LETTER.search(sentence)
    if not match:
        return sentence
    at = match.start()
    return sentence[:at] + sentence[at].upper() + sentence[at + 1 :]


def classify(abstract: str) -> str:
    """One of KINDS, from cue phrases in the abstract's sentences."""
    lower = analyse(abstract).text
    if is_position(lower):
        return "position"
    objects, verbs = _introduced(analyse(abstract).lower)
    kinds = [_object_kind(obj) for obj in objects]  # in order: "benchmark", "study", "artefact"
    if next((kind for kind in kinds if kind != "study"), "") == "benchmark":
        return "benchmark"
    theory = _count_cues(lower, _THEORY)
    experiments = _count_cues(lower, _EXPERIMENT) if theory >= 4 else -1  # -1: not counted
    if theory >= 4 and theory >= 2 * experiments:
        return "theory"
    if "study" in kinds and "artefact" not in kinds:
        return "empirical"
    if not objects and verbs & _STUDY_VERBS:  # a study that introduces nothing
        if not theory:
            return "empirical"
        if experiments < 0:
            experiments = _count_cues(lower, _EXPERIMENT)
        if experiments >= theory:
            return "empirical"
    return "method"


def _count_cues(lower: str, cues: tuple[str, ...]) -> int:
    """Occurrences of every cue, each counted on its own."""
    return sum(lower.count(cue) for cue in cues)


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


def _introduced(sentences: tuple[str, ...]) -> tuple[list[str], set[str]]:
    """What each "we introduce/propose/conduct ..." introduces (with its appositive), and
    every verb the authors use about themselves."""
    objects, verbs = [], set()
    for lower in sentences:
        for claim in claims(lower):
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


_LETTER = re.compile(r"[A-Za-z]")
_OBJECT_APPOSITIVE = re.compile(r"\s*(?:\([^()]*\))?\s*[,:]\s*((?:an?|the)\s.+)")
