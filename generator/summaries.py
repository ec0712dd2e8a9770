"""The contribution sentence (`summary`) and the kind of paper (`kind`).

Both read the abstract's sentences only; they never look at other papers.
"""

from __future__ import annotations

import re

from .markup import parse
from .sentences import split_sentences

KINDS = ("position", "benchmark", "theory", "empirical", "method")
KIND_LABELS = {
    "position": "Position paper",
    "benchmark": "Benchmark / dataset",
    "theory": "Theory",
    "empirical": "Empirical study",
    "method": "Method",
}

_CONTRIBUTION = re.compile(
    r"\b(we|this (?:paper|work|study|position paper)|our (?:work|paper))\s+"
    r"(?:\w+ly\s+)?(propose|introduce|present|develop|design|establish|show|prove|demonstrate|"
    r"study|investigate|analy[sz]e|argue|provide|derive|formulate|identify|find|explore|"
    r"address|tackle|examine|characteri[sz]e|revisit|consider|focus|put forward|offer|"
    r"contribute|bridge|take|leverage|unify|extend|reveal|theoretically)\b",
    re.IGNORECASE,
)
_STRONG_VERB = re.compile(r"\b(propose|introduce|present|develop|argue|design)s?\b", re.I)
_BACKGROUND = re.compile(
    r"^(recent|however|despite|although|while|existing|current|traditional|prior|"
    r"previous|many|most|in recent|over the past|as\b|with the)",
    re.IGNORECASE,
)
_PREAMBLE = re.compile(
    r"^(?:in|within) (?:this|the present) (?:paper|work|study|note|article)\s*,?\s*"
    r"|^(?:here|to (?:this end|address (?:this|these)[^,]*|bridge this gap|fill this gap)),\s*",
    re.IGNORECASE,
)


def contribution_index(sentences: list[str]) -> int:
    """Index of the sentence that best states what the paper contributes."""
    best, best_score = 0, float("-inf")
    for index, sentence in enumerate(sentences):
        score = _contribution_score(sentence, index)
        if score > best_score:
            best, best_score = index, score
    return best


def _contribution_score(sentence: str, index: int) -> float:
    score = 0.0
    if _CONTRIBUTION.search(sentence):
        score += 3
    if _STRONG_VERB.search(sentence):
        score += 2
    if re.search(r"\b(in this (paper|work)|this paper|position paper)\b", sentence, re.I):
        score += 1.5
    if _BACKGROUND.match(sentence):
        score -= 2.5
    if re.search(r"\b(experiments?|results) (show|demonstrate|confirm|indicate)", sentence, re.I):
        score -= 1
    return score - 0.15 * index


def summarize(abstract: str) -> str:
    """The contribution sentence, as a source fragment, cleaned of its preamble."""
    sentences = split_sentences(abstract)
    if not sentences:
        return abstract
    sentence = _PREAMBLE.sub("", sentences[contribution_index(sentences)]).strip()
    return sentence[:1].upper() + sentence[1:]


def classify(abstract: str) -> str:
    """One of KINDS, from cue phrases in the abstract's plain text."""
    text = parse(abstract).text.lower()
    if re.search(r"\bposition paper\b|\bthis position\b|\bwe take the position\b", text):
        return "position"
    if re.search(
        r"\b(?:introduce|present|propose|release|construct|build|curate|create)\b[^.]{0,80}"
        r"\b(?:benchmarks?|datasets?|test ?beds?|suites?|corpus|corpora|leaderboard)\b",
        text,
    ):
        return "benchmark"
    theory = len(re.findall(
        r"\b(?:theorem|lemma|we prove|proofs?|upper bounds?|lower bounds?|regret|minimax|"
        r"sample complexity|convergence rate|tight bound|provabl[ey]|guarantees?)\b",
        text,
    ))  # fmt: skip
    experiments = len(re.findall(r"\b(?:experiments?|empirical(?:ly)?|benchmarks?)\b", text))
    if theory >= 3 and theory > experiments:
        return "theory"
    proposes = re.search(r"\bwe (?:propose|introduce|present|develop|design)\b", text)
    if not proposes and re.search(
        r"\b(?:empirical(?:ly)? (?:study|analysis|investigation)|we (?:study|investigate|"
        r"analy[sz]e|examine|evaluate|find|observe)|systematic(?:ally)?|large-scale study)\b",
        text,
    ):
        return "empirical"
    return "method"
