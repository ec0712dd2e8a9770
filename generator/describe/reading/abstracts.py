"""One abstract, analysed once: its sentences as source and as plain text, the authors' claims
in each, the order in which they state the contribution, and the acronyms it defines.

Title, summary, kind and tags all read this one analysis (`analyse`), made once per paper by
the stage and passed on.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.describe.reading.acronyms import Definition, as_written, find_definitions
from generator.describe.reading.claims import Claim, claims, rank_sentences
from generator.describe.reading.sentences import lowercase, plain_sentence, split_sentences


@dataclass(frozen=True)
class Abstract:
    """One abstract, split into sentences and read."""

    source: str  # as the list gives it: LaTeX and Markdown included
    sources: tuple[str, ...]  # its sentences, as source fragments
    plain: tuple[str, ...]  # their plain text, without URLs: a link never says anything
    lower: tuple[str, ...]  # `plain` in lower case, as long, so offsets carry over
    text: str  # all of `lower`, for "is this word anywhere" tests
    claims: tuple[tuple[Claim, ...], ...]  # per sentence
    ranking: tuple[int, ...]  # sentence indices, best statement of the contribution first
    definitions: tuple[Definition, ...]  # the acronyms it defines
    long_forms: dict[str, str]  # acronym -> long form, as written: what titles spell out


def analyse(source: str) -> Abstract:
    """`source` split into sentences and read."""
    sources = tuple(split_sentences(source)) or (source,)
    plain = tuple(plain_sentence(sentence) for sentence in sources)
    lower = tuple(lowercase(sentence) for sentence in plain)
    found = tuple(claims(sentence) for sentence in lower)
    ranking = rank_sentences(lower, found)
    defined = find_definitions(plain)
    text = " ".join(lower)
    return Abstract(
        source, sources, plain, lower, text, found, ranking, defined, as_written(defined)
    )
