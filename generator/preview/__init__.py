"""Looking at the built site: `readinglist serve`.

Owns serving the built folder (site/) on loopback under the path of its published address, as
GitHub Pages serves a project site: folders answer with their index.html, misses with the
site's 404.html, text compressed. Must not build, write or watch anything: `readinglist build`
makes the site and `mkdocs serve` previews with live reload.
"""

from __future__ import annotations

from generator.preview.server import SiteHandler, mount_path, open_server, serve_site, site_server

__all__ = ["SiteHandler", "mount_path", "open_server", "serve_site", "site_server"]
