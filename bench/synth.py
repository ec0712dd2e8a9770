"""Synthetic reading lists of any size, derived from the shipped abstracts (deterministic).

Owns turning the ~76 real abstracts in `lists/*.txt` into N distinct, realistic ones: each
synthetic abstract starts from a real one, takes some sentences from other abstracts at the
same position, may swap two middle sentences, renames the coined names and acronyms it uses
(rewriting an acronym's spelled-out definition to match) from generated vocabularies, and
redraws its numbers. Ids, titles and tags therefore differ from paper to paper, while the
prose keeps the shape the generator is tuned for. Pure apart from `read_sources`; the same
(sources, n, seed) always gives the same bytes, and a run of n is a prefix of a run of m > n.
"""

from __future__ import annotations

import itertools
import math
import random
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

REPLACE_SENTENCE = 0.35  # chance that a sentence comes from another abstract
SWAP_SENTENCES = 0.3  # chance that two middle sentences change places
POPULAR_NAME = 0.2  # chance that a coined name is a shared "popular" one, not a fresh one
POPULAR_NAMES = 400  # size of that shared pool (fixed, so a run of n is a prefix of one of m)
PAPERS_PER_LIST = 1_000
OVERLAP_EVERY = 33  # every 33rd paper also appears in the next list (one paper, two lists)

_PROTECTED = re.compile(r"\$[^$]{1,500}\$|https?://\S+|\\[A-Za-z]+\{[^{}]*\}|\([^()]{0,200}\)")
_BOUNDARY = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_TOKEN = re.compile(r"(?<![\w.-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
_DEFINITION = re.compile(
    r"((?:[A-Za-z][A-Za-z0-9-]*\s+){1,7}?)\(([A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*?)(s?)\)"
)
_NUMBER = re.compile(r"(?<![\w.$/\\-])(\d+)(\.\d+)?(?![\w/])")
_ALWAYS_COMMON = {"AI", "ICML", "NeurIPS", "ICLR", "GPU", "GPUs", "CPU", "API"}
_PREFIXES = """Flex Neo Hyper Meta Omni Quant Graph Deep Flow Dyna Sym Prox Lat Mira Zeta Orca
Nova Vera Astra Lumen Kairo Tessa Rho Sigma Cora Helio Terra Vox Pico""".split()
_SYLLABLES = "ka lo mi ru te va xi zo be du fa ge ni po qu sa ti we yo".split()
_SUFFIXES = """Net Former Grad Mix Align Bench Prompt Tune Diff Gen Match Sched Route Probe
Guard Lens Fuse Merge Scope Quant Bot Search Distill Edit""".split()
_WORDS = """adaptive anchored bayesian bounded contrastive causal diffusion dynamic
elastic entropic factorized federated gated generative hierarchical hybrid implicit iterative
joint jittered kernel keyed latent layered manifold masked neural nonlinear orthogonal online
probabilistic progressive quantized query recurrent residual sparse spectral temporal
token uncertainty unified variational vector weighted wavelet xenial yielding zero-shot
zonal""".split()


@dataclass(frozen=True)
class Corpus:
    """The real abstracts and the names common enough to keep (used by 3+ abstracts)."""

    abstracts: tuple[str, ...]
    common: frozenset[str]
    sentences: tuple[tuple[str, ...], ...]

    @classmethod
    def from_abstracts(cls, abstracts: list[str]) -> Corpus:
        counts: Counter[str] = Counter()
        for text in abstracts:
            counts.update({_stem(token) for token in _TOKEN.findall(text) if is_coined(token)})
        common = {token for token, count in counts.items() if count >= 3} | _ALWAYS_COMMON
        sentences = tuple(tuple(split_sentences(text)) for text in abstracts)
        return cls(tuple(abstracts), frozenset(common), sentences)


def read_sources(lists_dir: Path) -> list[str]:
    """Every distinct abstract of the shipped lists, in file order."""
    seen: dict[str, str] = {}
    for path in sorted(lists_dir.glob("*.txt")):
        paragraphs = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n").split("\n\n")
        for paragraph in paragraphs[1:]:
            text = " ".join(paragraph.split())
            if text:
                seen.setdefault(fingerprint(text), text)
    return list(seen.values())


def fingerprint(text: str) -> str:
    """What the generator treats as the same paper: case and spacing do not matter."""
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()


def make_lists(sources: list[str], n: int, *, seed: int = 0) -> dict[str, str]:
    """N distinct synthetic abstracts laid out as list files: file name -> file text."""
    return layout(make_abstracts(sources, n, seed=seed))


def make_abstracts(sources: list[str], n: int, *, seed: int = 0) -> list[str]:
    corpus = Corpus.from_abstracts(sources)
    pool_rng = random.Random(f"{seed}-pool")
    pool = [coined_name(pool_rng) for _ in range(POPULAR_NAMES)]
    seen: set[str] = set(fingerprint(text) for text in sources)
    out = []
    for index in range(n):
        for attempt in range(100):
            rng = random.Random(f"{seed}-{index}-{attempt}")
            text = vary(corpus, index % len(sources), rng, pool)
            if fingerprint(text) not in seen:
                break
        seen.add(fingerprint(text))
        out.append(text)
    return out


def vary(corpus: Corpus, base: int, rng: random.Random, pool: list[str]) -> str:
    """One synthetic abstract from source number `base`."""
    sentences = recombine(corpus.sentences, base, rng)
    text = " ".join(sentences)
    text, names = rename_definitions(text, corpus.common, rng)
    text = rename_tokens(text, corpus.common, names, rng, pool)
    return redraw_numbers(text, rng)


def split_sentences(text: str) -> list[str]:
    masked = _PROTECTED.sub(lambda match: "x" * len(match.group(0)), text)
    cuts = [0, *(match.end() for match in _BOUNDARY.finditer(masked)), len(text)]
    return [text[a:b].strip() for a, b in itertools.pairwise(cuts) if text[a:b].strip()]


def recombine(sources: tuple[tuple[str, ...], ...], base: int, rng: random.Random) -> list[str]:
    """The base abstract's sentences, some replaced by a donor's at the same relative place."""
    sentences = list(sources[base])
    for index in range(1, len(sentences)):
        if rng.random() < REPLACE_SENTENCE and "://" not in sentences[index]:
            donor = rng.choice(sources)
            position = round(index / len(sentences) * len(donor))
            sentences[index] = donor[min(position, len(donor) - 1)]
    if len(sentences) > 3 and rng.random() < SWAP_SENTENCES:
        a = rng.randrange(1, len(sentences) - 2)
        sentences[a], sentences[a + 1] = sentences[a + 1], sentences[a]
    return sentences


def rename_definitions(
    text: str, common: frozenset[str], rng: random.Random
) -> tuple[str, dict[str, str]]:
    """`Long Form Words (LFW)` -> `Other Fresh Words (OFW)`; returns the acronym renames."""
    names: dict[str, str] = {}

    def rewrite(match: re.Match[str]) -> str:
        words, acronym, plural = match.group(1).split(), match.group(2), match.group(3)
        size = _definition_size(words, acronym)
        if not size or acronym in names or acronym in common:
            return match.group(0)
        fresh = [rng.choice(_WORDS) for _ in range(size)]
        if words[-size][0].isupper():
            fresh = [word.capitalize() for word in fresh]
        names[acronym] = "".join(word[0].upper() for word in fresh)
        return " ".join([*words[:-size], *fresh]) + f" ({acronym}{plural})"

    return _DEFINITION.sub(rewrite, text), names


def _definition_size(words: list[str], acronym: str) -> int:
    """How many final words spell the acronym's capitals (0: not a definition)."""
    letters = [ch.lower() for ch in acronym if ch.isupper()]
    for size in range(1, len(words) + 1):
        if [word[0].lower() for word in words[-size:]] == letters:
            return size
    return 0


def rename_tokens(
    text: str, common: frozenset[str], names: dict[str, str], rng: random.Random, pool: list[str]
) -> str:
    """Every coined name or rare acronym, consistently renamed throughout the abstract."""
    mapping = dict(names)

    def rename(match: re.Match[str]) -> str:
        token = match.group(0)
        stem = _stem(token)
        if not is_coined(token) or stem in common:
            return token
        if stem not in mapping:
            mapping[stem] = _new_name(stem, rng, pool)
        return mapping[stem] + token[len(stem) :]

    return _TOKEN.sub(rename, text)


def is_coined(token: str) -> bool:
    """`JSAEs`, `SimpleMix`, `GPT-4o`, `T2I`: capitals after the first letter, or caps+digits."""
    capitals = sum(ch.isupper() for ch in token)
    return len(token) > 1 and (capitals >= 2 or (capitals >= 1 and any(c.isdigit() for c in token)))


def _stem(token: str) -> str:
    """`LLMs` -> `LLM`: a plural s after capitals is not part of the name."""
    if len(token) > 2 and token.endswith("s") and token[-2].isupper():
        return token[:-1]
    return token


def _new_name(stem: str, rng: random.Random, pool: list[str]) -> str:
    letters = sum(ch.isupper() for ch in stem)
    if stem.replace("-", "").isupper() or letters == len(stem.replace("-", "")):
        name = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXZ") for _ in range(max(3, letters)))
    elif rng.random() < POPULAR_NAME:
        name = rng.choice(pool)
    else:
        name = coined_name(rng)
    return name + (str(rng.randint(1, 9)) if any(ch.isdigit() for ch in stem) else "")


def coined_name(rng: random.Random) -> str:
    """`NovakaGrad`, `HelioFuse`: a prefix, sometimes a syllable, then a suffix."""
    middle = rng.choice(_SYLLABLES) if rng.random() < 0.7 else ""
    return rng.choice(_PREFIXES) + middle + rng.choice(_SUFFIXES)


def redraw_numbers(text: str, rng: random.Random) -> str:
    """New digits of the same shape outside math, URLs and LaTeX; years are kept."""
    parts = []
    last = 0
    for match in _PROTECTED.finditer(text):
        parts.append(_NUMBER.sub(lambda m: _redraw(m, rng), text[last : match.start()]))
        parts.append(match.group(0))
        last = match.end()
    parts.append(_NUMBER.sub(lambda m: _redraw(m, rng), text[last:]))
    return "".join(parts)


def _redraw(match: re.Match[str], rng: random.Random) -> str:
    whole, fraction = match.group(1), match.group(2) or ""
    if len(whole) == 4 and 1900 <= int(whole) <= 2039:
        return match.group(0)
    digits = [str(rng.randint(1 if i == 0 and len(whole) > 1 else 0, 9)) for i in range(len(whole))]
    decimals = "".join(str(rng.randint(0, 9)) for _ in fraction[1:])
    return "".join(digits) + (f".{decimals}" if fraction else "")


def layout(abstracts: list[str]) -> dict[str, str]:
    """Abstracts in list files of up to PAPERS_PER_LIST. The first two files share one list
    name (one list split over two files); every OVERLAP_EVERY-th paper is in two lists."""
    count = max(4, math.ceil(len(abstracts) / PAPERS_PER_LIST))
    size = math.ceil(len(abstracts) / count)
    chunks = [abstracts[k * size : (k + 1) * size] for k in range(count)]
    for index, text in enumerate(abstracts):
        if index % OVERLAP_EVERY == 7:
            chunks[(index // size + 1) % count].append(text)
    names = [_list_name(k) for k in range(count)]
    names[1] = names[0]
    return {
        f"{k:03d}_synthetic.txt": names[k] + "\n\n" + "\n\n".join(chunk) + "\n"
        for k, chunk in enumerate(chunks)
        if chunk
    }


def _list_name(k: int) -> str:
    return f"合成论文列表 {k:02d}" if k % 2 == 0 else f"Synthetic papers {k:02d}"
