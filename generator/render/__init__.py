"""Pages from templates, and the page context for the theme.

Owns the generated Markdown pages (papers, listings, the home page, redirects), each made
from a Jinja2 template in `templates/` with Markdown escaping by default and small, plain
front matter; and what the theme shows of a paper beyond that page (`Theme`: chips with their
addresses, the Cite box, JSON-LD, Highwire tags, topic evidence), made when MkDocs renders
it. Must not read or write files (the writer writes what `render_site` returns) or derive
metadata (describe's and export's).
"""

from __future__ import annotations

from generator.export.citations import Citation
from generator.render.entries import Entry
from generator.render.pages import Batch, render_site, render_site_reusing
from generator.render.site import RecordsByPaper, Site
from generator.render.templating import Md
from generator.render.theme import PaperView, Theme, title_as_html

# The records of `RecordsByPaper`, for the build cache to read back (`buildcache.codec`).
CACHED = (Entry, Md, Citation)

__all__ = [
    "CACHED",
    "Batch",
    "PaperView",
    "RecordsByPaper",
    "Site",
    "Theme",
    "render_site",
    "render_site_reusing",
    "title_as_html",
]
