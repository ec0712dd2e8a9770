"""The reader's own list: its page (`my-list/`), which the reader's-list script fills from the
browser's storage, and the small file of the site's paper ids that page reads.

The list itself never leaves the reader's browser: the site only says which papers it has, so
that a stored paper the curator removed is shown as gone (never dropped), and which citation
key each has, so that an export can take the paper's records from the site's own files. One
line per published paper, `id key`: a few tens of KB at a whole conference, where papers.json
is megabytes. Pure: returns text.
"""

from __future__ import annotations

from generator.render.site import Site
from generator.render.templating import page

PAGE = "my-list/index.md"
IDS = "my-list/ids.txt"


def my_list_files(site: Site) -> list[tuple[str, str]]:
    """The my-list page and the ids file beside it."""
    meta = {"title": "My list", "search": {"exclude": True}, "hide": ["toc"]}
    text = page("my-list.md.j2", PAGE, meta, listed=site.listed, ids="ids.txt")
    return [(PAGE, text), (IDS, site_ids(site))]


def site_ids(site: Site) -> str:
    """`id key` of every published paper, in the collection's order."""
    return "".join(f"{paper_id} {citation.key}\n" for paper_id, citation in site.cited.items())
