#!/usr/bin/env python3
"""Fit the tag phrase table (`generator/describe/tags/data/tag_phrases.json`) on the training
abstracts.

Usage: python scripts/fit_tag_phrases.py [--pairs FILE] [--out FILE]

Reads only the abstracts of the training file (`../shared/train/title_pairs.jsonl`; titles are
never read); the development sets are for measuring, never read here. Writes, sorted, so the
same file gives the same bytes:
- `df`: for each candidate phrase (as `tags.keyphrases` reads them, folded), how many abstracts
  use it, if two or more: an established term ("early stopping") against a fragment ("early
  draft head"), a compound a shorter phrase would cut ("natural language" | "processing"), a
  catch-all that fits too many papers ("generalization");
- `compounds`: a noun and a gerund that name one thing ("entity linking", "decision making"):
  used by at least `MIN_COMPOUND` abstracts, and followed by a determiner, a pronoun or another
  noun (as a verb with its object is: "data using the") at most `VERBAL_SHARE` of the time;
- `singular`: folded keys of phrases of two words or more that some abstract writes with a
  singular last word (of those in `df`): "integrated gradients" is not among them, so its tag
  keeps the plural;
- `openers`: a phrase that a training abstract mostly writes after one word the reader cuts at
  ("named" | "entity recognition", "support" | "vector machine"): at least `MIN_OPENER` times and
  `OPENER_SHARE` of its uses. Where a paper writes that word before it, the tag takes it too;
- `task_heads`: words written just before "task(s)" in at least `MIN_TASK` abstracts
  ("detection", "segmentation"), nouns made of verbs: a phrase ending on one names the task
  a paper addresses.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from training import TRAIN  # noqa: E402  (scripts/, beside this file)

from generator.describe.reading.lexicon import (  # noqa: E402
    BREAK,
    CUT_BEFORE,
    DETERMINERS,
    GENERIC,
    GENERIC_WORDS,
    NOUN,
    PRONOUNS,
    SMALL_WORDS,
    WEAK_HEADS,
    read_word,
    singular,
)
from generator.describe.tags import keyphrases  # noqa: E402
from generator.describe.tags.fitted import TagPhrases, fold  # noqa: E402

MIN_DF = 2
MIN_COMPOUND = 3
VERBAL_SHARE = 0.2
MIN_TASK = 3
MIN_OPENER, OPENER_SHARE = 3, 0.6
# A task is named by a noun made of a verb: "detection", "linking", "retrieval".
_NOMINAL = re.compile(r"(?:tion|sion|ment|ing|ance|ence|ity|sis|ics|al|ure)$")
OUT = REPO / "generator" / "describe" / "tags" / "data" / "tag_phrases.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=Path, default=TRAIN)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    rows = args.pairs.read_text(encoding="utf-8").splitlines()
    abstracts = [json.loads(row)["abstract"] for row in rows if row.strip()]
    table = fit(abstracts)
    args.out.write_text(json.dumps(table, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(abstracts)} abstracts: {len(table['df'])} phrases, "
          f"{len(table['openers'])} openers, "
          f"{len(table['compounds'])} compounds, {len(table['singular'])} singular, "
          f"{len(table['task_heads'])} task heads")  # fmt: skip
    return 0


def fit(abstracts: list[str]) -> dict[str, object]:
    tokens = [keyphrases.tokens(text) for text in abstracts]
    compounds = _compounds(tokens)
    plain = TagPhrases(len(abstracts), {}, frozenset(compounds), frozenset(), frozenset(), {})
    df: Counter[str] = Counter()
    singular: set[str] = set()
    for text in abstracts:
        phrases = keyphrases.read_text(text, plain)[0]
        df.update({fold(phrase) for phrase in phrases})
        singular.update(_written_singular(phrases, text))
    kept = {key: n for key, n in sorted(df.items()) if n >= MIN_DF}
    return {
        "abstracts": len(abstracts),
        "df": kept,
        "compounds": sorted(compounds),
        "singular": sorted(singular & kept.keys()),
        "task_heads": sorted(_task_heads(tokens)),
        "openers": _openers(tokens, kept),
    }


def _openers(tokens: list[list[str]], df: dict[str, int]) -> dict[str, str]:
    """Folded phrase -> the word the abstracts mostly write before it, where the reader cuts
    at that word (a break) and it is no small word, pronoun or determiner."""
    before: dict[str, Counter[str]] = {}
    for words in tokens:
        low = [word.lower() for word in words]
        for start in range(1, len(low)):
            for end in range(start + 1, min(start + 3, len(low))):
                key = fold("".join(low[start:end]) + singular(low[end]))
                if key in df:
                    before.setdefault(key, Counter())[low[start - 1]] += 1
    found = {}
    for key, counts in sorted(before.items()):
        word, n = min(counts.items(), key=lambda item: (-item[1], item[0]))
        if n >= MIN_OPENER and n >= OPENER_SHARE * sum(counts.values()) and _cut_at(word):
            found[key] = word
    return found


def _cut_at(word: str) -> bool:
    """A word the reader cuts at that may open a term ("named", "support", "total"): no small
    word, auxiliary, number or adverb."""
    small = SMALL_WORDS | DETERMINERS | PRONOUNS | CUT_BEFORE | _NOT_OPENERS
    plain = word.isalpha() and len(word) > 3 and not word.endswith("ly")
    return plain and word not in small and read_word(word).role == BREAK


_NOT_OPENERS = frozenset("have been were given four five nine also then".split())


def _compounds(tokens: list[list[str]]) -> set[str]:
    """Noun-and-gerund pairs used as one noun: rarely followed by an object."""
    used: Counter[str] = Counter()
    verbal: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    for words in tokens:
        pairs = set()
        for at in range(1, len(words)):
            pair = _pair(words, at)
            if pair:
                pairs.add(pair)
                seen[pair] += 1
                verbal[pair] += _object_follows(words, at)
        used.update(pairs)
    return {p for p, n in used.items() if n >= MIN_COMPOUND and verbal[p] <= VERBAL_SHARE * seen[p]}


def _pair(words: list[str], at: int) -> str:
    gerund, before = words[at], words[at - 1]
    if not gerund.endswith("ing") or not gerund.islower() or read_word(gerund).role != BREAK:
        return ""
    first = read_word(before) if before[:1].isalpha() else None
    if first is None or not first.noun_like or before.lower() in GENERIC_WORDS:
        return ""
    return f"{first.spelling} {gerund}"


def _object_follows(words: list[str], at: int) -> bool:
    if at + 1 >= len(words) or not words[at + 1][:1].isalpha():
        return False
    after = words[at + 1]
    low = after.lower()
    return low in DETERMINERS or low in PRONOUNS or read_word(after).inside


def _written_singular(phrases: Counter[str], text: str) -> set[str]:
    """Keys of the phrases of two words or more that `text` writes as they are (singular)."""
    lowered = text.lower().replace("-", " ")
    found = set()
    for phrase in phrases:
        if " " in phrase and _as_written(phrase.lower().replace("-", " "), lowered):
            found.add(fold(phrase))
    return found


def _as_written(phrase: str, lowered: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", lowered) is not None


def _task_heads(tokens: list[list[str]]) -> set[str]:
    used: Counter[str] = Counter()
    for words in tokens:
        heads = set()
        for at in range(1, len(words)):
            if words[at].lower() in ("task", "tasks"):
                word = read_word(words[at - 1]) if words[at - 1][:1].isalpha() else None
                low = words[at - 1].lower()
                if word and word.role in (NOUN, GENERIC) and _NOMINAL.search(low):
                    heads.add(low)
        used.update(heads)
    return {h for h, n in used.items() if n >= MIN_TASK and h not in WEAK_HEADS | GENERIC_WORDS}


if __name__ == "__main__":
    raise SystemExit(main())
