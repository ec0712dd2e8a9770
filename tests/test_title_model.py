"""The fitted title model: the shipped file loads fast and small, and the fit script that makes
it is deterministic and gives a model the title code runs with.

The fit runs here on the invented abstracts and titles of `fixtures/other_field/` (the training
pairs live outside the repository); with the training file beside the repository, the slow test
re-fits the whole model and compares it with the shipped bytes.
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

import pytest

from generator.describe.reading.abstracts import analyse
from generator.describe.titles import model
from generator.describe.titles.candidates import derive_title
from tests.conftest import REPO

FIT = REPO / "scripts" / "fit_title_model.py"
OTHER_FIELD = Path(__file__).parent / "fixtures" / "other_field"
TRAIN = next(
    (folder / "train" / "title_pairs.jsonl" for folder in (REPO.parent / "shared",
     REPO.parent.parent / "shared") if (folder / "train").is_dir()),
    REPO / "missing",
)  # fmt: skip
SHIPPED = resources.files("generator.describe.titles").joinpath("data", model.MODEL_FILE)


def test_the_shipped_model_is_small_plain_data_that_loads_fast() -> None:
    data = SHIPPED.read_bytes()
    assert len(data) < 1_000_000
    start = time.process_time()
    loaded = model.TitleModel.from_data(json.loads(data))
    assert time.process_time() - start < 0.5
    assert model.dumps(loaded).encode() == data  # the file is exactly what the fit writes
    assert len(loaded.ranker.weights) == len(loaded.ranker.mean) == len(loaded.ranker.scale)
    assert 0 < loaded.name_threshold < 1 and loaded.field_terms


def test_a_linear_score_is_its_standardised_weighted_sum_and_refuses_other_sizes() -> None:
    linear = model.Linear(weights=(2.0, -1.0), bias=0.5, mean=(1.0, 3.0), scale=(2.0, 0.5))
    assert linear.score((5.0, 4.0)) == pytest.approx(0.5 + 2.0 * (5 - 1) / 2 - (4 - 3) / 0.5)
    assert linear.probability((1.0, 3.0)) == pytest.approx(1 / (1 + 2.718281828459045**-0.5))
    with pytest.raises(ValueError, match="3 features for a model of 2"):
        linear.score((1.0, 2.0, 3.0))  # a model fitted on other features is never misread


def _other_field_pairs(path: Path) -> Path:
    text = (OTHER_FIELD / "other_field.txt").read_text(encoding="utf-8")
    abstracts = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()][1:]
    rows = [json.loads(line) for line in (OTHER_FIELD / "titles.jsonl").open(encoding="utf-8")]
    pairs = [{"venue": f"v{at % 4}", "title": row["title"], "abstract": abstracts[row["index"]]}
             for at, row in enumerate(rows)]  # fmt: skip
    path.write_text("".join(json.dumps(pair) + "\n" for pair in pairs), encoding="utf-8")
    return path


def _fit(pairs: Path, out: Path, *extra: str) -> bytes:
    command = [sys.executable, str(FIT), "--pairs", str(pairs), "--out", str(out), *extra]
    subprocess.run(command, check=True, capture_output=True, cwd=REPO)
    return out.read_bytes()


def test_the_fit_is_deterministic_and_its_model_titles_abstracts(tmp_path: Path) -> None:
    pairs = _other_field_pairs(tmp_path / "pairs.jsonl")
    first = _fit(pairs, tmp_path / "a.json")
    assert first == _fit(pairs, tmp_path / "b.json")
    fitted = model.TitleModel.from_data(json.loads(first))
    for line in pairs.read_text(encoding="utf-8").splitlines()[:4]:
        title = derive_title(analyse(json.loads(line)["abstract"]), fitted)
        assert title and title != "Untitled"


def test_the_model_holds_no_title_of_its_training_pairs(tmp_path: Path) -> None:
    """Weights and word statistics only: no string of the file is a title or a title's words."""
    pairs = _other_field_pairs(tmp_path / "pairs.jsonl")
    text = _fit(pairs, tmp_path / "m.json").decode().lower()
    for line in pairs.read_text(encoding="utf-8").splitlines():
        title = json.loads(line)["title"].lower()
        assert title not in text and title.split(":")[-1].strip() not in text


@pytest.mark.slow
@pytest.mark.skipif(not TRAIN.is_file(), reason="the training pairs are not beside the repository")
def test_the_shipped_model_is_what_the_fit_script_makes(tmp_path: Path) -> None:
    # Digests, not the bytes: pytest's diff of two 460 kB strings ran for over ten minutes.
    made = hashlib.sha256(_fit(TRAIN, tmp_path / "model.json")).hexdigest()
    shipped = hashlib.sha256(SHIPPED.read_bytes()).hexdigest()
    assert made == shipped, "the shipped model is not what scripts/fit_title_model.py makes"
