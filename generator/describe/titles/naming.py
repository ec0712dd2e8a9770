"""Which of an abstract's names its title leads with ("Name: Description"), if any.

The candidates are the names `names.name_scores` credits (introduced after "we propose",
"named", defined as an acronym, marked in bold, the code's repository) and every other word
shaped like a coined name (KVShard, PA-GD, ELLA) that is not a common acronym. Each is read
as a few numbers (`name_features`: its points, how often and how early it appears, its shape),
and the fitted `names` model of `model` says how likely the title leads with it. Pure
functions over one analysed `Abstract`.
"""

from __future__ import annotations

import math

from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.names import NAME_TOKEN, Name, acceptable, name_scores
from generator.describe.titles.model import TitleModel


def name_features(parts: Abstract) -> dict[str, tuple[float, ...]]:
    """Each candidate name -> what the abstract says of it, in the order the model weighs."""
    scores = name_scores(parts)
    found = set(scores)
    for plain in parts.plain:
        found |= {t for t in NAME_TOKEN.findall(plain) if NAME_TOKEN.fullmatch(t)}
    found = {name for name in found if acceptable(name)}
    total = len(parts.plain)
    best = parts.plain[parts.ranking[0]]
    return {name: _features(name, scores.get(name, 0.0), parts, best, total) for name in found}


def _features(
    name: str, points: float, parts: Abstract, best: str, total: int
) -> tuple[float, ...]:
    uses = [plain.count(name) for plain in parts.plain]
    first = next((at for at, count in enumerate(uses) if count), total)
    long = parts.long_forms.get(name, "")
    capitals = sum(ch.isupper() for ch in name)
    return (
        points,
        float(points >= 3),
        math.log1p(sum(uses)),
        first / total,
        float(name in best),
        float(bool(uses[0])),
        float(bool(long)),
        float(bool(long) and Name(name, long).proper),
        float(any(ch == "-" or ch.isdigit() for ch in name)),
        float(capitals > 1 and any(ch.islower() for ch in name[1:])),
        float(name.isupper()),
        float(len(name.split())),
        float(sum(plain.startswith(name + " ") for plain in parts.plain)),
        capitals / len(name),
    )


def choose_name(parts: Abstract, model: TitleModel) -> Name | None:
    """The name the title most likely leads with, when that is likely enough."""
    chances = {
        name: model.names.probability(values) for name, values in name_features(parts).items()
    }
    if not chances:
        return None
    best = min(chances, key=lambda name: (-chances[name], name))
    if chances[best] < model.name_threshold:
        return None
    return Name(best, parts.long_forms.get(best, ""))
