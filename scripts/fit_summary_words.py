#!/usr/bin/env python3
"""Write the word list the summary reads glued words against
(`generator/describe/data/summary_words.txt`): every lower-case word at least `MIN_ABSTRACTS`
of the training abstracts use.

Usage: python scripts/fit_summary_words.py [--pairs FILE] [--out FILE]

Reads only the abstracts of the training file (`../shared/train/title_pairs.jsonl`, never its
titles, never the development sets). A word the list lacks that splits into a function word and
a listed word ("thedesign", "humansand") is a source's missing space (`summaries.flaws`). Sorted,
so the same file gives the same bytes.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
from training import TRAIN  # noqa: E402  (scripts/, beside this file)

OUT = REPO / "generator" / "describe" / "data" / "summary_words.txt"
MIN_ABSTRACTS = 3
WORD = re.compile(r"(?<![\w-])[a-z]{2,}(?![\w-])")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=Path, default=TRAIN)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    with args.pairs.open(encoding="utf-8") as lines:
        for line in lines:
            counts.update(set(WORD.findall(json.loads(line)["abstract"].lower())))
    words = sorted(word for word, count in counts.items() if count >= MIN_ABSTRACTS)
    header = "# words in at least %d training abstracts (scripts/fit_summary_words.py)\n"
    args.out.write_text(header % MIN_ABSTRACTS + "\n".join(words) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
