#!/usr/bin/env python3
"""Fit the title model (`generator/describe/titles/data/title_model.json`) on the training pairs.

Usage: python scripts/fit_title_model.py [--pairs FILE] [--limit N] [--out FILE] [--cv]

Reads only the training file (`../shared/train/title_pairs.jsonl`: real titles and their
abstracts); the development sets are for measuring, never read here. Four fits, each on what
the one before gave, all numpy and scipy, so the same file gives the same bytes:
1. word statistics: for each content word of the abstracts, the smoothed log-odds that the
   title uses it too (words in at least `MIN_ABSTRACTS` abstracts; each training abstract sees
   the counts without itself, so no feature knows its own title); and the field's terms, the
   noun phrases many abstracts use (the title check's "bare field term"), and the common
   phrases, every run of content words at least 0.1% of the abstracts use ("bare field
   phrase");
2. names: a logistic model of "the title leads with this name" over each abstract's candidate
   names (`titles.naming.name_features`), and the threshold that decides best;
3. salience: a logistic model of "the title uses this word" (`titles.salience.signals`);
4. the ranker: a linear score over each abstract's candidate titles (`titles.ranking.features`),
   fitted so that the softmax of the scores matches a softmax of each candidate's content-word
   F1 against the real title (a listwise ranker), among the candidates the title check passes.
`--cv` prints the mean F1 of the chosen candidate under leave-venues-out cross-validation for
the ranker's settings, which is how `TEMPERATURE` and `L2` were chosen. The titles are read to
fit, never kept: the file holds weights and word statistics.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from training import TRAIN  # noqa: E402  (scripts/, beside this file)

from generator.describe.reading.abstracts import Abstract, analyse  # noqa: E402
from generator.describe.titles import model as title_model  # noqa: E402
from generator.describe.titles.candidates import compose  # noqa: E402
from generator.describe.titles.model import Linear, TitleModel  # noqa: E402
from generator.describe.titles.naming import name_features  # noqa: E402
from generator.describe.titles.phrasing import candidates, noun_phrases  # noqa: E402
from generator.describe.titles.ranking import Reading, features  # noqa: E402
from generator.describe.titles.salience import content_words, salience, signals  # noqa: E402

OUT = REPO / "generator" / "describe" / "titles" / "data" / title_model.MODEL_FILE
MIN_ABSTRACTS = 5  # a word's statistics are kept when this many abstracts use it
FIELD_TERM_ABSTRACTS = 20
COMMON_SHARE = 0.001  # of the abstracts, that use a phrase the title check calls the field's
COMMON_WORDS = 5  # words at most in such a phrase
SMOOTHING = 10.0  # pseudo-abstracts at the average rate
TEMPERATURE = 0.2  # of the target softmax over candidates' F1
L2 = 1.0
FOLDS = 4


def main() -> int:
    args = _parser().parse_args()
    started = time.perf_counter()
    rows = [json.loads(line) for line in args.pairs.open(encoding="utf-8") if line.strip()]
    rows = rows[: args.limit] if args.limit else rows
    papers = [analyse(row["abstract"]) for row in rows]
    titles = [set(content_words(row["title"])) for row in rows]
    counts, kept = _word_counts(papers, titles)
    words = {word: _log_odds(*counts[word], counts[""]) for word in kept}
    rarity = {word: math.log(len(papers) / counts[word][0]) for word in kept}
    terms, common = _field_terms(papers), _common_phrases(papers)
    empty = Linear((), 0.0, (), ())
    names, threshold = _fit_names(papers, rows)
    model = TitleModel(words, rarity, empty, names, threshold, empty, terms, common)
    salient = _fit_salience(papers, titles, counts, model)
    model = TitleModel(words, rarity, salient, names, threshold, empty, terms, common)
    groups = _ranking_groups(papers, titles, model)
    if args.cv:
        _cross_validate(groups, [row.get("venue", "") for row in rows])
    ranker = _fit_ranker(groups)
    model = TitleModel(words, rarity, salient, names, threshold, ranker, terms, common)
    args.out.write_text(title_model.dumps(model), encoding="utf-8")
    size = args.out.stat().st_size
    print(f"{len(rows)} pairs, {len(words)} words, {size / 1000:.0f} kB -> {args.out} "
          f"({time.perf_counter() - started:.0f} s)")  # fmt: skip
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=Path, default=TRAIN)
    parser.add_argument("--limit", type=int, default=0, help="the first N pairs only")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--cv", action="store_true", help="cross-validate the ranker's settings")
    return parser


def f1(candidate: str, title: set[str]) -> float:
    """Content-word F1 of `candidate` against the words of a real title."""
    words = set(content_words(candidate))
    shared = len(words & title)
    return 2 * shared / (len(words) + len(title)) if shared else 0.0


def _word_counts(
    papers: list[Abstract], titles: list[set[str]]
) -> tuple[dict[str, tuple[int, int]], list[str]]:
    """Word -> (abstracts using it, of which titles using it too); "" -> the totals."""
    used, titled = Counter[str](), Counter[str]()
    for parts, title in zip(papers, titles, strict=True):
        words = _abstract_words(parts)
        used.update(words)
        titled.update(words & title)
    counts = {word: (used[word], titled[word]) for word in used}
    counts[""] = (sum(used.values()), sum(titled.values()))
    return counts, sorted(word for word in used if used[word] >= MIN_ABSTRACTS)


def _field_terms(papers: list[Abstract]) -> frozenset[str]:
    """The noun phrases (as content words) that at least `FIELD_TERM_ABSTRACTS` abstracts use:
    what the whole field says, which no title leads with alone. Abstracts only, no titles."""
    used = Counter[str]()
    for parts in papers:
        used.update({" ".join(content_words(p)) for p in noun_phrases(parts.plain)} - {""})
    return frozenset(term for term, count in used.items() if count >= FIELD_TERM_ABSTRACTS)


def _common_phrases(papers: list[Abstract]) -> frozenset[str]:
    """Every run of one to `COMMON_WORDS` content words (inside one sentence) that at least
    `COMMON_SHARE` of the abstracts use: the phrases a title made only of is a bare field.
    Abstracts only, no titles."""
    used = Counter[str]()
    for parts in papers:
        runs = set()
        for plain in parts.plain:
            words = content_words(plain)
            for size in range(1, COMMON_WORDS + 1):
                runs.update(" ".join(words[at : at + size]) for at in range(len(words) - size + 1))
        used.update(runs)
    least = max(2, math.ceil(COMMON_SHARE * len(papers)))
    return frozenset(phrase for phrase, count in used.items() if count >= least)


def _abstract_words(parts: Abstract) -> set[str]:
    return {word for plain in parts.plain for word in content_words(plain)}


def _log_odds(used: int, titled: int, totals: tuple[int, int]) -> float:
    rate = totals[1] / totals[0]
    smoothed = (titled + SMOOTHING * rate) / (used + SMOOTHING)
    return math.log(smoothed / (1 - smoothed)) - math.log(rate / (1 - rate))


def _priors_without(
    parts: Abstract, title: set[str], counts: dict[str, tuple[int, int]]
) -> dict[str, float]:
    """The word statistics of `parts`'s words as if this pair were not in the training file."""
    found = {}
    for word in _abstract_words(parts):
        used, titled = counts[word]
        if used - 1 >= MIN_ABSTRACTS:
            found[word] = _log_odds(used - 1, titled - (word in title), counts[""])
    return found


def _fit_names(papers: list[Abstract], rows: list[dict[str, str]]) -> tuple[Linear, float]:
    """The names model, and the chance above which a name leads the title."""
    examples, labels, owners = [], [], []
    gold = [_leading_name(row["title"], row["abstract"]).lower() for row in rows]
    for at, parts in enumerate(papers):
        for name, values in sorted(name_features(parts).items()):
            examples.append(values)
            labels.append(bool(gold[at]) and name.lower() == gold[at])
            owners.append(at)
    x, y = np.array(examples, dtype=float), np.array(labels, dtype=bool)
    model = _logistic(x, y.astype(float))
    best, right = np.zeros(len(papers)), np.zeros(len(papers), dtype=bool)
    for chance, label, owner in zip(_probabilities(model, x), y, owners, strict=True):
        if chance > best[owner]:
            best[owner], right[owner] = chance, label
    return model, _threshold(best, right, np.array([bool(name) for name in gold]))


def _threshold(best: np.ndarray, right: np.ndarray, named: np.ndarray) -> float:
    """The chance above which the likeliest name leads the title: the one with the most right
    names among named titles less false names among the others, each as a share of its own
    (Youden's J), so that how rare named titles are in the training file does not decide."""
    options = np.round(np.arange(0.01, 0.96, 0.01), 2)
    found = [
        np.mean((best >= t) & right, where=named) - np.mean(best >= t, where=~named)
        for t in options
    ]
    return float(options[int(np.argmax(found))])


def _leading_name(title: str, abstract: str) -> str:
    """The name a real title leads with ("Name: ..."), one or two words the abstract uses."""
    head, colon, _ = title.partition(":")
    words = head.split()
    if not colon or not 0 < len(words) <= 2 or head.lower().startswith("position"):
        return ""
    return head.strip() if head.strip().lower() in abstract.lower() else ""


def _fit_salience(
    papers: list[Abstract],
    titles: list[set[str]],
    counts: dict[str, tuple[int, int]],
    model: TitleModel,
) -> Linear:
    examples, labels = [], []
    for parts, title in zip(papers, titles, strict=True):
        draft = compose(parts, model)
        priors = _priors_without(parts, title, counts)
        found = signals(parts, draft.name, draft.title, priors, model.rarity)
        for word, values in found.items():
            examples.append(values)
            labels.append(word in title)
    return _logistic(np.array(examples, dtype=float), np.array(labels, dtype=float))


def _logistic(x: np.ndarray, y: np.ndarray, l2: float = 1.0, rounds: int = 30) -> Linear:
    """L2-regularised logistic regression by Newton's method, on standardised features."""
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0] = 1.0
    z = np.hstack([np.ones((len(x), 1)), (x - mean) / scale])
    weights = np.zeros(z.shape[1])
    penalty = l2 * np.eye(z.shape[1])
    penalty[0, 0] = 0.0  # the bias is not shrunk
    for _ in range(rounds):
        p = 1 / (1 + np.exp(-z @ weights))
        gradient = z.T @ (p - y) + penalty @ weights
        hessian = (z * (p * (1 - p))[:, None]).T @ z + penalty
        weights -= np.linalg.solve(hessian, gradient)
    return Linear(tuple(map(float, weights[1:])), float(weights[0]), tuple(map(float, mean)),
                  tuple(map(float, scale)))  # fmt: skip


def _ranking_groups(
    papers: list[Abstract], titles: list[set[str]], model: TitleModel
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per abstract: the features and F1 of each candidate the title check passes."""
    groups = []
    for parts, title in zip(papers, titles, strict=True):
        draft = compose(parts, model)
        chances = salience(parts, draft.name, model, draft.title)
        reading = Reading(parts, chances, model.words)
        found = candidates(parts, draft.title, chances, prefix=draft.prefix)
        kept = [c for c in found if c.acceptable(claim=draft.claim, model=model)]
        kept = kept or found[:1]
        x = [features(c.text, reading, composed=c.composed, prefix=draft.prefix) for c in kept]
        y = [f1(c.titled(), title) for c in kept]
        groups.append((np.array(x, dtype=float), np.array(y)))
    return groups


def _fit_ranker(
    groups: list[tuple[np.ndarray, np.ndarray]], temperature: float = TEMPERATURE, l2: float = L2
) -> Linear:
    """A listwise linear ranker: softmax of scores fitted to the softmax of F1 / temperature."""
    stacked = np.vstack([x for x, _ in groups])
    mean, scale = stacked.mean(axis=0), stacked.std(axis=0)
    scale[scale == 0] = 1.0
    z = (stacked - mean) / scale
    starts = np.cumsum([0] + [len(x) for x, _ in groups[:-1]])
    target = np.concatenate([_softmax(y / temperature) for _, y in groups])

    def loss(weights: np.ndarray) -> tuple[float, np.ndarray]:
        scores = z @ weights
        shift = np.repeat(np.maximum.reduceat(scores, starts), np.diff([*starts, len(z)]))
        exp = np.exp(scores - shift)
        sums = np.add.reduceat(exp, starts)
        log_sum = np.repeat(np.log(sums), np.diff([*starts, len(z)])) + shift
        chosen = exp / np.repeat(sums, np.diff([*starts, len(z)]))
        total = 0.5 * l2 * weights @ weights - target @ (scores - log_sum)
        return float(total), l2 * weights + z.T @ (chosen - target)

    fitted = minimize(loss, np.zeros(z.shape[1]), jac=True, method="L-BFGS-B")
    return Linear(tuple(map(float, fitted.x)), 0.0, tuple(map(float, mean)),
                  tuple(map(float, scale)))  # fmt: skip


def _probabilities(model: Linear, x: np.ndarray) -> np.ndarray:
    return 1 / (1 + np.exp(-(model.bias + _scores(model, x))))


def _scores(ranker: Linear, x: np.ndarray) -> np.ndarray:
    return ((x - np.array(ranker.mean)) / np.array(ranker.scale)) @ np.array(ranker.weights)


def _softmax(values: np.ndarray) -> np.ndarray:
    exp = np.exp(values - values.max())
    return exp / exp.sum()


def _cross_validate(groups: list[tuple[np.ndarray, np.ndarray]], venues: list[str]) -> None:
    """Mean F1 of the chosen candidate on held-out venues, for each setting of the ranker."""
    names = sorted(set(venues))
    fold_of = {venue: at % FOLDS for at, venue in enumerate(names)}
    for temperature in (0.05, 0.1, 0.2, 0.3, 0.5):
        for l2 in (0.1, 1.0, 10.0):
            scores = []
            for fold in range(FOLDS):
                train = [g for g, v in zip(groups, venues, strict=True) if fold_of[v] != fold]
                test = [g for g, v in zip(groups, venues, strict=True) if fold_of[v] == fold]
                ranker = _fit_ranker(train, temperature, l2)
                scores += [y[int(np.argmax(_scores(ranker, x)))] for x, y in test]
            print(f"temperature {temperature} l2 {l2}: cv mean F1 {np.mean(scores):.4f}")
    oracle = np.mean([y.max() for _, y in groups])
    print(f"oracle {oracle:.4f}")


if __name__ == "__main__":
    raise SystemExit(main())
