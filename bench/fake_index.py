"""Loopback stand-ins for OpenAlex's works API and arXiv's API, for tests and the benchmark.

`Index` holds works; `serve(index)` answers on 127.0.0.1 in a thread, in the services'
documented shapes: OpenAlex's single work (`/works/doi:...`, 404 when unknown) and works list
(`/works?search=...&per-page=N`, `{"meta": ..., "results": [...]}`, each work with its
`abstract_inverted_index`), and arXiv's Atom feed (`/api/query?id_list=...` or
`search_query=abs:"..."`). Searches rank by shared words, as a real index roughly does, so a
paper of the same field comes back when ours is absent. `faults` scripts answers before the
real ones (429 with Retry-After, 500, a malformed body; "stall" answers 1.5 s late, "pass"
in time); `seen` records each request.
Nothing here reaches a real service.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit
from xml.sax.saxutils import escape

_WORD = re.compile(r"[^\W_]+")


@dataclass
class Work:
    openalex: str  # "W1"
    title: str
    abstract: str
    doi: str = ""
    arxiv: str = ""
    authors: tuple[str, ...] = ("Ada Lovelace",)
    year: int = 2024
    venue: str = "Proceedings of Loopback Learning"
    cited_by: int = 7
    pdf: str = ""


@dataclass
class Index:
    works: list[Work] = field(default_factory=list)
    key: str = ""  # when set, OpenAlex answers 401 without it
    faults: list[tuple[int, dict, bytes] | str] = field(default_factory=list)
    seen: list[str] = field(default_factory=list)  # each request's path and query

    def by_doi(self, doi: str) -> Work | None:
        doi = doi.casefold()
        for work in self.works:
            arxiv_doi = f"10.48550/arxiv.{work.arxiv}".casefold() if work.arxiv else ""
            if doi in (work.doi.casefold(), arxiv_doi):
                return work
        return None

    def ranked(self, words: str, count: int) -> list[Work]:
        """Works sharing most of `words` (as a share of the query), best first."""
        query = set(_words(words))
        scored = [(len(query & set(_words(w.abstract + " " + w.title))), w) for w in self.works]
        return [w for score, w in sorted(scored, key=lambda s: -s[0]) if score][:count]


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold())


def inverted(abstract: str) -> dict[str, list[int]]:
    index: dict[str, list[int]] = {}
    for position, word in enumerate(abstract.split()):
        index.setdefault(word, []).append(position)
    return index


def work_json(work: Work) -> dict:
    """A work as OpenAlex's API gives it (the fields the client selects)."""
    locations = (
        [
            {
                "landing_page_url": f"https://arxiv.org/abs/{work.arxiv}",
                "pdf_url": f"https://arxiv.org/pdf/{work.arxiv}",
                "source": {"display_name": "arXiv (Cornell University)"},
            }
        ]
        if work.arxiv
        else []
    )
    return {
        "id": f"https://openalex.org/{work.openalex}",
        "doi": f"https://doi.org/{work.doi}" if work.doi else None,
        "display_name": work.title, "title": work.title, "publication_year": work.year,
        "authorships": [{"author_position": "first" if n == 0 else "middle",
                         "author": {"id": f"https://openalex.org/A{n}", "display_name": name},
                         "raw_author_name": name} for n, name in enumerate(work.authors)],
        "primary_location": {"landing_page_url": f"https://doi.org/{work.doi}" if work.doi else
                             None, "pdf_url": None, "source": {"display_name": work.venue}},
        "best_oa_location": {"pdf_url": work.pdf or None} if work.pdf else None,
        "locations": locations, "cited_by_count": work.cited_by,
        "abstract_inverted_index": inverted(work.abstract),
    }  # fmt: skip


def atom(works: list[Work]) -> bytes:
    """arXiv's Atom feed of `works` (those with an arXiv id)."""
    entries = "".join(
        f"<entry><id>http://arxiv.org/abs/{w.arxiv}v2</id><updated>2024-02-01T00:00:00Z</updated>"
        f"<published>{w.year}-01-15T00:00:00Z</published><title>{escape(w.title)}</title>"
        f"<summary>  {escape(w.abstract)}\n</summary>"
        + "".join(f"<author><name>{escape(name)}</name></author>" for name in w.authors)
        + (f"<arxiv:doi>{escape(w.doi)}</arxiv:doi>" if w.doi else "")
        + f'<link href="http://arxiv.org/abs/{w.arxiv}v2" rel="alternate" type="text/html"/>'
        f'<link title="pdf" href="http://arxiv.org/pdf/{w.arxiv}v2" rel="related" '
        'type="application/pdf"/></entry>'
        for w in works
        if w.arxiv
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" '
        'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" '
        'xmlns:arxiv="http://arxiv.org/schemas/atom"><title>arXiv Query</title>'
        f"<opensearch:totalResults>{len(works)}</opensearch:totalResults>{entries}</feed>"
    ).encode()


def _handler(index: Index) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            index.seen.append(self.path)
            fault = index.faults.pop(0) if index.faults else "pass"
            if fault == "stall":  # answers, late: past a short timeout
                time.sleep(1.5)
            elif not isinstance(fault, str):
                self._send(*fault)
                return
            parts = urlsplit(self.path)
            query = {k: v[0] for k, v in parse_qs(parts.query).items()}
            if parts.path.startswith("/api/query"):
                self._send(200, {"Content-Type": "application/atom+xml"}, _arxiv(index, query))
            elif index.key and query.get("api_key") != index.key:
                self._send(401, {}, b'{"error": "API key required"}')
            else:
                self._send(*_openalex(index, unquote(parts.path), query))

        def _send(self, status: int, headers: dict, body: bytes) -> None:
            try:
                self.send_response(status)
                for name, value in {"Content-Length": str(len(body)), **headers}.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up waiting
                pass

        def log_message(self, *args: object) -> None:
            pass

    return Handler


def _openalex(index: Index, path: str, query: dict) -> tuple[int, dict, bytes]:
    json_type = {"Content-Type": "application/json"}
    if path.startswith("/works/doi:"):
        work = index.by_doi(path.removeprefix("/works/doi:"))
        if work is None:
            return 404, json_type, b'{"error": "Not found"}'
        return 200, json_type, json.dumps(work_json(work)).encode()
    if path == "/works":
        found = index.ranked(query.get("search", ""), int(query.get("per-page", "25")))
        data = {"meta": {"count": len(found), "page": 1, "per_page": len(found)},
                "results": [work_json(work) for work in found]}  # fmt: skip
        return 200, json_type, json.dumps(data).encode()
    return 404, json_type, b'{"error": "Not found"}'


def _arxiv(index: Index, query: dict) -> bytes:
    if "id_list" in query:
        return atom([w for w in index.works if w.arxiv == query["id_list"]])
    wanted = re.fullmatch(r'abs:"(.*)"', query.get("search_query", ""))
    phrase = " ".join(_words(wanted.group(1))) if wanted else "\0"
    hits = [w for w in index.works if phrase in " ".join(_words(w.abstract))]
    return atom(hits[: int(query.get("max_results", "10"))])


@contextmanager
def serve(index: Index) -> Iterator[str]:
    """The index answering on 127.0.0.1; yields its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(index))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def requests_by_kind(seen: list[str]) -> Counter[str]:
    """How many requests of each kind: singleton, search, arXiv."""
    kinds: Counter[str] = Counter()
    for path in seen:
        kinds["arxiv" if path.startswith("/api/") else
              "singleton" if path.startswith("/works/") else "search"] += 1  # fmt: skip
    return kinds
