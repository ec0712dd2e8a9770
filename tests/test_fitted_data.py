"""The shipped word tables are what their fitting scripts make from the training pairs, byte for
byte: a rule changed beside a table without a refit shows here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.test_title_model import TRAIN

FITTED = [
    ("fit_tag_phrases.py", "generator/describe/tags/data/tag_phrases.json"),
    ("fit_summary_words.py", "generator/describe/data/summary_words.txt"),
]


@pytest.mark.slow
@pytest.mark.skipif(not TRAIN.is_file(), reason="the training pairs are not beside the repository")
@pytest.mark.parametrize(("script", "shipped"), FITTED)
def test_the_shipped_table_is_what_its_fit_script_makes(
    tmp_path: Path, script: str, shipped: str
) -> None:
    out = tmp_path / Path(shipped).name
    command = [sys.executable, str(REPO / "scripts" / script), "--pairs", str(TRAIN)]
    subprocess.run([*command, "--out", str(out)], check=True, capture_output=True, timeout=600)
    assert out.read_bytes() == (REPO / shipped).read_bytes()
