"""Where the fitting scripts find the training pairs: `../shared/train/title_pairs.jsonl`,
beside the repository or beside the folder of worktrees it is one of."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
_SHARED = next(
    (path for path in (REPO.parent / "shared", REPO.parent.parent / "shared") if path.is_dir()),
    REPO.parent / "shared",
)
TRAIN = _SHARED / "train" / "title_pairs.jsonl"
