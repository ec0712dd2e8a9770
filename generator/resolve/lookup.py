"""One paper looked up, surest and cheapest first, and the outcome as a record.

1. Each identifier the paper carries (`identifiers`): OpenAlex's free singleton look-up, and
   for an arXiv id arXiv's own when OpenAlex has none.
2. OpenAlex's works search on our abstract's opening words.
3. arXiv's `abs:` phrase search.

It stops at the first candidate whose own abstract matches ours (`match.ACCEPT`), so most
papers cost one or two requests and none more than a handful. A candidate the curator
rejected is never proposed again. The best candidate short of accepted is kept for review
when it is close (`match.REVIEW`); below that, "not found" is recorded with the best score,
and no stranger's title or authors with it. Never writes; a failed request propagates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from generator.models import Paper
from generator.resolve.arxiv import Arxiv
from generator.resolve.identifiers import identifiers
from generator.resolve.match import ACCEPT, similarity, verdict
from generator.resolve.openalex import OpenAlex
from generator.resolve.records import Candidate, Record

Ask = tuple[str, Callable[[], "list[Candidate] | Candidate | None"]]  # how, the request


@dataclass
class Services:
    openalex: OpenAlex | None
    arxiv: Arxiv | None
    today: str


def look_up(paper: Paper, services: Services, *, rejected: tuple[str, ...] = ()) -> Record:
    """The paper's record: found, for review or not found (with the best score seen)."""
    best: tuple[float, str, Candidate] | None = None
    for how, ask in _asks(paper, services):
        for candidate in _listed(ask()):
            if set(candidate.record.keys) & set(rejected):
                continue
            score = similarity(paper.text, candidate.abstract)
            if best is None or score > best[0]:
                best = (score, how, candidate)
        if best is not None and best[0] >= ACCEPT:
            break
    return _record(best, services.today, rejected)


def _asks(paper: Paper, services: Services) -> Iterator[Ask]:
    """The requests to try, in order; each made only if the ones before found nothing."""
    dois, arxiv_ids = identifiers(paper)
    oa, ax = services.openalex, services.arxiv
    if oa is not None:
        yield from (("doi", lambda doi=doi: oa.by_doi(doi)) for doi in dois[:2])  # type: ignore[misc]
        yield from (("arxiv-id", lambda i=i: oa.by_arxiv(i)) for i in arxiv_ids[:2])  # type: ignore[misc]
    if ax is not None:
        yield from (("arxiv-id", lambda i=i: ax.by_id(i)) for i in arxiv_ids[:1])  # type: ignore[misc]
    if oa is not None:
        yield "openalex-search", lambda: oa.search(paper.text)
    if ax is not None:
        yield "arxiv-search", lambda: ax.search(paper.text)


def _listed(answer: list[Candidate] | Candidate | None) -> list[Candidate]:
    if answer is None:
        return []
    return answer if isinstance(answer, list) else [answer]


def _record(
    best: tuple[float, str, Candidate] | None, today: str, rejected: tuple[str, ...]
) -> Record:
    if best is None:
        return Record("not-found", today, rejected=rejected)
    score, how, candidate = best
    status = verdict(score)
    if status == "not-found":  # a stranger's fields are never kept
        return Record("not-found", today, similarity=score, rejected=rejected)
    return replace(candidate.record, status=status, when=today, how=how, similarity=score,
                   rejected=rejected)  # fmt: skip
