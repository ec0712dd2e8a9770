"""papers.json, every field of every published paper, and its JSON Schema.

The document is what `json.dumps(document, ensure_ascii=False)` writes, made a paper at a time
(`papers_json` yields pieces) so that it never exists whole in memory. Pure: returns text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from generator.export.citations import Citation
from generator.export.fields import joined, page_url, published, site_base
from generator.models import Collection, Paper

SCHEMA_VERSION = "1.1"  # minor: fields added; major: fields changed or removed
SCHEMA_PATH = "schema/papers.schema.json"


def papers_json(
    collection: Collection, cited: dict[str, Citation], *, site_url: str = ""
) -> Iterator[str]:
    """Every field of every published paper, plus lists and topics; see `papers_schema`.

    The text of `json.dumps(document, ensure_ascii=False)` (compact: only json's C encoder
    is fast, and it does not indent), made a paper at a time so the document never exists
    whole in memory."""
    topic_keys = {topic.name: topic.key for topic in collection.taxonomy.topics}
    head = {"$schema": site_base(site_url) + SCHEMA_PATH, "schema_version": SCHEMA_VERSION,
            "site_url": site_base(site_url)}  # fmt: skip
    tail = {
        "lists": [
            {"name": rl.name, "slug": rl.slug, "paper_ids": list(rl.paper_ids)}
            for rl in collection.lists
        ],
        "topics": [
            {"key": t.key, "name": t.name, "description": t.description}
            for t in collection.taxonomy.topics
        ],
    }
    yield _dumps(head)[:-1] + ', "papers": ['
    records = (
        _dumps(_paper_record(p, collection, cited[p.id].key, topic_keys, site_url))
        for p in published(collection)
    )
    yield from joined(", ", records)
    yield "], " + _dumps(tail)[1:] + "\n"


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def _paper_record(
    paper: Paper, collection: Collection, key: str, topic_keys: dict[str, str], site_url: str
) -> dict:
    bib, curation = paper.bib, paper.curation
    return {
        "id": paper.id, "key": key, "slug": paper.slug, "url": page_url(site_url, paper.slug),
        "title": paper.title, "title_source": paper.title_source,
        "abstract": paper.abstract, "text": paper.text, "summary": paper.summary,
        "kind": paper.kind, "tags": list(paper.tags),
        "topics": [{"key": topic_keys.get(m.topic, ""), "name": m.topic, "score": m.score,
                    "matched": list(m.matched)} for m in paper.topics],
        "lists": list(paper.lists),
        "links": [{"url": link.url, "label": link.label} for link in paper.links],
        "related": list(paper.related),
        "first_seen": collection.lock.first_seen(paper.id),
        # Only the file name: the builder's folders are nobody's business.
        "sources": [{"file": source.path.name, "line": source.line} for source in paper.sources],
        "bib": {"title": bib.title, "authors": list(bib.authors), "year": bib.year,
                "venue": bib.venue, "doi": bib.doi, "url": bib.url,
                "keywords": list(bib.keywords)},
        "published": _published(paper),
        "curation": {"title": curation.title, "add_tags": list(curation.add_tags),
                     "remove_tags": list(curation.remove_tags),
                     "add_topics": list(curation.add_topics),
                     "remove_topics": list(curation.remove_topics), "note": curation.note,
                     "status": curation.status, "rating": curation.rating,
                     "featured": curation.featured, "hidden": curation.hidden},
    }  # fmt: skip


def _published(paper: Paper) -> dict | None:
    """What `readinglist resolve` found beyond `bib` (None when nothing was resolved)."""
    found = paper.published
    if found is None:
        return None
    return {"service": found.service, "matched": found.matched, "openalex": found.openalex,
            "arxiv": found.arxiv, "pdf": found.pdf,
            "cited_by": found.cited_by if found.cited_by >= 0 else None,
            "cited_on": found.cited_on, "gave": list(found.gave)}  # fmt: skip


def papers_schema(site_url: str = "") -> str:
    """JSON Schema (2020-12) of `papers_json`'s document, for this SCHEMA_VERSION."""
    s, n, b, i = {"type": "string"}, {"type": "number"}, {"type": "boolean"}, {"type": "integer"}
    strings = {"type": "array", "items": s}
    topic = _object(key=s, name=s, score=n, matched=strings)
    paper = _object(
        id=s, key=s, slug=s, url=s, title=s, title_source=s, abstract=s, text=s, summary=s,
        kind=s, tags=strings, topics=_array(topic), lists=strings,
        links=_array(_object(url=s, label=s)), related=strings,
        first_seen={"type": "string", "pattern": r"^(\d{4}-\d{2}-\d{2})?$"},
        sources=_array(_object(file=s, line=i)),
        bib=_object(title=s, authors=strings, year=s, venue=s, doi=s, url=s, keywords=strings),
        published={"oneOf": [{"type": "null"}, _object(
            service=s, matched=s, openalex=s, arxiv=s, pdf=s,
            cited_by={"type": ["integer", "null"]}, cited_on=s, gave=strings)]},
        curation=_object(title=s, add_tags=strings, remove_tags=strings, add_topics=strings,
                         remove_topics=strings, note=s, status=s, rating=i, featured=b,
                         hidden=b),
    )  # fmt: skip
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": site_base(site_url) + SCHEMA_PATH,
        "title": "readinglist papers.json",
        "description": f"Schema version {SCHEMA_VERSION}. A minor version adds fields; a major "
        "version changes or removes them.",
        **_object(
            **{"$schema": s},
            schema_version={"const": SCHEMA_VERSION},
            site_url=s,
            papers=_array(paper),
            lists=_array(_object(name=s, slug=s, paper_ids=strings)),
            topics=_array(_object(key=s, name=s, description=s)),
        ),
    }
    return json.dumps(schema, indent=1) + "\n"


def _object(**properties: dict) -> dict:
    return {"type": "object", "properties": properties, "required": list(properties),
            "additionalProperties": False}  # fmt: skip


def _array(items: dict) -> dict:
    return {"type": "array", "items": items}
