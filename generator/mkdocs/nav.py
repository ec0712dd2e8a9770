"""What MkDocs is told of the generated pages: the navigation, and which pages stay out of it.

Papers stay out of the navigation: Material embeds the whole navigation in every page, so
listing papers there grows as N^2; they are reached from the listings instead.
"""

from __future__ import annotations

from pathlib import Path

import pathspec

from generator.render import Site
from generator.write import foreign_pages, read_manifest


def navigation(site: Site, docs: Path) -> list:
    """Home, browse, the map, topics, lists, tags, the reader's own list, the reading group's
    sessions (when there are any), then the curator's own pages. Entries are paths: their titles are
    the pages' own, escaped like every title."""
    topics = [site.topic_path(t.name) for t in site.collection.taxonomy.topics
              if site.topic_members[t.name]]  # fmt: skip
    lists = [site.list_path(rl.name) for rl in site.collection.lists]
    return [
        {"Home": "index.md"},
        {"Browse": "browse.md"},
        {"Map": "map.md"},
        {"Topics": ["topics/index.md", *topics]},
        {"Lists": ["lists/index.md", *lists]},
        {"Tags": "tags/index.md"},
        {"My list": "my-list/index.md"},
        *([{"Sessions": "sessions.md"}] if site.collection.sessions else []),
        *foreign_pages(docs),  # the curator's own pages
    ]


def generated(docs: Path) -> pathspec.GitIgnoreSpec:
    """The generated pages, reached from listings rather than the navigation (so MkDocs need
    not list them as left out of it): their folders, and the generated files at the top."""
    tops = {path.split("/")[0] + ("/" if "/" in path else "") for path in read_manifest(docs)}
    return pathspec.GitIgnoreSpec.from_lines(f"/{top}" for top in sorted(tops))
