"""The fitted parameters titles are chosen with, loaded once from `data/title_model.json`.

`scripts/fit_title_model.py` regenerates that file from the training pairs; nothing is fitted
here. A `Linear` scores a feature vector (standardised, then weighted); the `TitleModel` holds
one per decision: how likely a word is to be a title word (`salience`), which of an abstract's
names is the one its title leads with (`names`, accepted above `name_threshold`), and which
candidate title to keep (`ranker`). `words` is word statistics only: for a word of the
abstract, the log-odds that the title uses it too, relative to the average word; and
`field_terms` and `common_phrases` are phrase statistics of the abstracts alone: the noun
phrases many use, and every run of content words at least 0.1% of them use.
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from typing import Any

MODEL_FILE = "title_model.json"


@dataclass(frozen=True)
class Linear:
    """bias + Σ weight · (feature - mean) / scale."""

    weights: tuple[float, ...]
    bias: float
    mean: tuple[float, ...]
    scale: tuple[float, ...]

    def score(self, features: Sequence[float]) -> float:
        coefficients, offset = self._folded
        if len(features) != len(coefficients):
            raise ValueError(f"{len(features)} features for a model of {len(coefficients)}")
        # map(), not a generator: each candidate title and each word of every abstract is
        # scored, and the products are summed in the same order either way.
        return offset + sum(map(operator.mul, coefficients, features))

    @cached_property
    def _folded(self) -> tuple[tuple[float, ...], float]:
        """The standardisation folded into the weights: one product per feature, scored often."""
        coefficients = tuple(w / s for w, s in zip(self.weights, self.scale, strict=True))
        offset = self.bias - math.fsum(c * m for c, m in zip(coefficients, self.mean, strict=True))
        return coefficients, offset

    def probability(self, features: Sequence[float]) -> float:
        return 1 / (1 + math.exp(-min(max(self.score(features), -30.0), 30.0)))

    def as_data(self) -> dict[str, Any]:
        return {"weights": self.weights, "bias": self.bias, "mean": self.mean,
                "scale": self.scale}  # fmt: skip

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Linear:
        return cls(tuple(data["weights"]), float(data["bias"]), tuple(data["mean"]),
                   tuple(data["scale"]))  # fmt: skip


@dataclass(frozen=True)
class TitleModel:
    """Everything the title decisions read that was fitted."""

    words: Mapping[str, float]
    rarity: Mapping[str, float]  # log(abstracts / abstracts using the word)
    salience: Linear
    names: Linear
    name_threshold: float
    ranker: Linear
    field_terms: frozenset[str]  # content words of noun phrases common across abstracts
    # runs of content words found in at least 0.1% of the abstracts: the field's phrases
    common_phrases: frozenset[str]

    def as_data(self) -> dict[str, Any]:
        return {
            "words": dict(sorted(self.words.items())),
            "rarity": dict(sorted(self.rarity.items())),
            "salience": self.salience.as_data(),
            "names": self.names.as_data(),
            "name_threshold": self.name_threshold,
            "ranker": self.ranker.as_data(),
            "field_terms": sorted(self.field_terms),
            "common_phrases": sorted(self.common_phrases),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TitleModel:
        return cls(
            dict(data["words"]),
            dict(data["rarity"]),
            Linear.from_data(data["salience"]),
            Linear.from_data(data["names"]),
            float(data["name_threshold"]),
            Linear.from_data(data["ranker"]),
            frozenset(data["field_terms"]),
            frozenset(data["common_phrases"]),
        )


@cache
def shipped() -> TitleModel:
    """The model the package ships."""
    text = resources.files(__package__).joinpath("data", MODEL_FILE).read_text(encoding="utf-8")
    return TitleModel.from_data(json.loads(text))


def dumps(model: TitleModel) -> str:
    """`model` as the shipped file holds it: sorted keys, floats rounded to 6 digits."""
    return json.dumps(_rounded(model.as_data()), sort_keys=True, separators=(",", ":")) + "\n"


def _rounded(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 6)
    if isinstance(value, dict):
        return {key: _rounded(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_rounded(item) for item in value]
    return value
