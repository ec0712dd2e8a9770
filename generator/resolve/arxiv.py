"""arXiv's API (https://info.arxiv.org/help/api/user-manual.html), read by a thin client.

`id_list=ID` for an arXiv id, `search_query=abs:"..."` for a phrase of our abstract (an exact
phrase of a dozen words finds few papers but ours), `max_results` small; answers are Atom
feeds. arXiv asks for at most one request every three seconds (`PACE`, which the command
gives this service's `Http`). The feed is untrusted XML: one with a DOCTYPE or an entity
declaration is refused before parsing (no entity expansion), and every value is cleaned by
`records.cleaned`; a body that is not an Atom feed is `Malformed`.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass

from generator.resolve.client import Http, Malformed, where
from generator.resolve.records import Candidate, Record, cleaned

DEFAULT_URL = "https://export.arxiv.org/api/query"
PACE = 3.0
MAX_RESULTS = 3
PHRASE_WORDS = 12
_ATOM = "{http://www.w3.org/2005/Atom}"
_ARXIV = "{http://arxiv.org/schemas/atom}"
_ID = re.compile(r"arxiv\.org/abs/(\d{4}\.\d{4,5}|[a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?$")
_PLAIN = re.compile(r"[A-Za-z][A-Za-z\-]*[,.;:]?")
_UNSAFE = re.compile(rb"<!(?:DOCTYPE|ENTITY)", re.I)


@dataclass
class Arxiv:
    http: Http
    base: str = DEFAULT_URL
    today: str = ""

    def by_id(self, arxiv_id: str) -> list[Candidate]:
        return self._feed({"id_list": arxiv_id, "max_results": "1"})

    def search(self, text: str) -> list[Candidate]:
        """Entries whose abstract holds a phrase of `text` (its words from the second sentence
        on, where the opening's boilerplate is past)."""
        query = phrase(text)
        if not query:
            return []
        return self._feed({"search_query": f'abs:"{query}"', "max_results": str(MAX_RESULTS)})

    def _feed(self, params: dict[str, str]) -> list[Candidate]:
        body = self.http.get(self.base, params)
        if _UNSAFE.search(body):
            raise Malformed(f"{where(self.base)}: a feed with a DOCTYPE or entity; refused")
        try:
            root = ElementTree.fromstring(body)
        except ElementTree.ParseError:
            raise Malformed(f"{where(self.base)}: the answer is not XML") from None
        if root.tag != f"{_ATOM}feed":
            raise Malformed(f"{where(self.base)}: the answer is not an Atom feed")
        return [found for entry in root.iter(f"{_ATOM}entry") if (found := self._entry(entry))]

    def _entry(self, entry: ElementTree.Element) -> Candidate | None:
        found = _ID.search(_text(entry, "id"))
        if not found:  # arXiv's error entries have no abs/ id
            return None
        pdf = next((link.get("href", "") for link in entry.iter(f"{_ATOM}link")
                    if link.get("title") == "pdf"), "")  # fmt: skip
        names = (_text(author, "name") for author in entry.iter(f"{_ATOM}author"))
        record = Record(
            status="", when=self.today, service="arxiv", arxiv=found.group(1),
            doi=_text(entry, "doi", _ARXIV), title=_text(entry, "title"),
            authors=tuple(name for name in names if name),
            year=_text(entry, "published")[:4], venue=_text(entry, "journal_ref", _ARXIV),
            url=f"https://arxiv.org/abs/{found.group(1)}", pdf=pdf,
        )  # fmt: skip
        return Candidate(cleaned(record), _text(entry, "summary"))


def phrase(text: str) -> str:
    """Up to PHRASE_WORDS consecutive plain words of `text` (the first run of at least
    six, from its second sentence when it has one): no digit, quote or symbol, so arXiv
    reads the phrase as written."""
    sentences = re.split(r"(?<=[.!?])\s+", text.strip())
    source = " ".join(sentences[1:]) if len(sentences) > 1 else text
    run: list[str] = []
    for word in source.split():
        if not _PLAIN.fullmatch(word):
            if len(run) >= 6:
                break
            run = []
            continue
        run.append(word.rstrip(",.;:"))
        if len(run) == PHRASE_WORDS:
            break
    return " ".join(run) if len(run) >= 6 else ""


def _text(element: ElementTree.Element, name: str, space: str = _ATOM) -> str:
    child = element.find(f"{space}{name}")
    return " ".join((child.text or "").split()) if child is not None else ""
