"""OpenAlex's works API (https://developers.openalex.org), read by a thin client.

Singleton look-ups (`/works/doi:10.x/y`, free) for a DOI or an arXiv id (arXiv's DOI,
10.48550/arXiv.ID); a search (`/works?search=...`) with a small `per-page` and `select` only
the fields used, the abstract among them (`abstract_inverted_index`, rebuilt here into text).
The key goes as `api_key`, the contact address as `mailto` (the polite pool). Every value in
an answer is untrusted: a work is read defensively (a missing or wrong-typed field is empty)
and cleaned by `records.cleaned`; a body that is not the documented JSON is `Malformed`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from urllib.parse import quote

from generator.resolve.client import Http, Malformed, NotFound, where
from generator.resolve.records import Candidate, Record, cleaned

DEFAULT_URL = "https://api.openalex.org"
SELECT = ("id,doi,display_name,publication_year,authorships,primary_location,best_oa_location,"
          "locations,cited_by_count,abstract_inverted_index")  # fmt: skip
PER_PAGE = 5
SEARCH_WORDS = 40  # of our abstract: enough to be specific, short enough for a URL
MAX_POSITIONS = 20_000  # words of a rebuilt abstract: more is not an abstract
_ARXIV_PAGE = re.compile(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5})", re.I)
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(\d{4}\.\d{4,5})", re.I)


@dataclass
class OpenAlex:
    http: Http
    base: str = DEFAULT_URL
    key: str = ""
    mailto: str = ""
    today: str = ""

    def by_doi(self, doi: str) -> Candidate | None:
        """The work with this DOI, or None when OpenAlex has none."""
        try:
            body = self.http.get(f"{self.base}/works/doi:{quote(doi, safe='/')}", self._params())
        except NotFound:
            return None
        return self._work(_json(body, self.base), self.base)

    def by_arxiv(self, arxiv_id: str) -> Candidate | None:
        return self.by_doi(f"10.48550/arXiv.{arxiv_id}")

    def search(self, text: str) -> list[Candidate]:
        """The best few works for the opening words of `text`."""
        words = " ".join(re.findall(r"[^\W_]+", text)[:SEARCH_WORDS])
        params = {**self._params(), "search": words, "per-page": str(PER_PAGE)}
        data = _json(self.http.get(f"{self.base}/works", params), self.base)
        results = data.get("results") if isinstance(data, dict) else None
        if not isinstance(results, list):
            raise Malformed(f'{where(self.base)}: no "results" list in the answer')
        return [found for work in results if (found := self._work(work, self.base))]

    def _params(self) -> dict[str, str]:
        params = {"select": SELECT}
        if self.key:
            params["api_key"] = self.key
        if self.mailto:
            params["mailto"] = self.mailto
        return params

    def _work(self, work: object, base: str) -> Candidate | None:
        if not isinstance(work, dict):
            raise Malformed(f"{where(base)}: a work that is not a JSON object")
        work_id = _text(work.get("id")).rsplit("/", 1)[-1]
        if not re.fullmatch(r"W\d{1,12}", work_id):
            return None
        doi, cited_by = _text(work.get("doi")), _count(work.get("cited_by_count"))
        location = _dict(work.get("primary_location"))
        record = Record(
            status="", when=self.today, service="openalex", openalex=work_id,
            arxiv=_arxiv_id(work, doi), doi=doi, title=_text(work.get("display_name")),
            authors=_authors(work.get("authorships")), year=_text(work.get("publication_year")),
            venue=_text(_dict(location.get("source")).get("display_name")),
            url=_text(location.get("landing_page_url")) or _doi_page(doi),
            pdf=_text(_dict(work.get("best_oa_location")).get("pdf_url")),
            cited_by=cited_by, cited_on=self.today if cited_by >= 0 else "",
        )  # fmt: skip
        return Candidate(cleaned(record), rebuilt(work.get("abstract_inverted_index")))


def rebuilt(index: object) -> str:
    """The abstract from OpenAlex's inverted index ({word: [positions]}); "" for none."""
    if not isinstance(index, dict):
        return ""
    placed: dict[int, str] = {}
    for word, positions in index.items():
        if not isinstance(word, str) or not isinstance(positions, list):
            continue
        for position in positions:
            if isinstance(position, int) and 0 <= position < MAX_POSITIONS:
                placed[position] = word
    return " ".join(placed[position] for position in sorted(placed))


def _json(body: bytes, base: str) -> object:
    try:
        return json.loads(body)
    except ValueError:
        raise Malformed(f"{where(base)}: the answer is not JSON") from None


def _text(value: object) -> str:
    return str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else -1


def _authors(authorships: object) -> tuple[str, ...]:
    if not isinstance(authorships, list):
        return ()
    names = (_text(_dict(_dict(a).get("author")).get("display_name")) or
             _text(_dict(a).get("raw_author_name")) for a in authorships)  # fmt: skip
    return tuple(name for name in names if name)


def _arxiv_id(work: dict, doi: str) -> str:
    """The arXiv id of a work: from arXiv's DOI, or a location on arxiv.org."""
    found = _ARXIV_DOI.match(doi.removeprefix("https://doi.org/"))
    if found:
        return found.group(1)
    locations = work.get("locations")
    for location in locations if isinstance(locations, list) else []:
        page = _ARXIV_PAGE.search(_text(_dict(location).get("landing_page_url")))
        if page:
            return page.group(1)
    return ""


def _doi_page(doi: str) -> str:
    return doi if doi.startswith("https://doi.org/") else ""
