"""A built site served on loopback the way GitHub Pages serves a project site.

The site lives under a sub-path (`/readinglist/`), a folder answers with its index.html, and
anything missing, including everything outside the sub-path, gets the site's own 404.html
with status 404. Every miss is recorded so tests can say which link was broken.

The server stands in for the host in site_url: sitemap.xml, whose addresses Material's
instant navigation matches links against (protocol, host and port), is served with that
origin replaced by the server's, as if the site had been built for it.
"""

from __future__ import annotations

import functools
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit


@dataclass
class SiteServer:
    """Where a running server can be reached; `misses` lists the paths it answered 404."""

    root: Path
    prefix: str  # "/readinglist/": always starts and ends with "/"
    built_for: str = ""  # the origin of site_url, e.g. "https://example.github.io"
    port: int = 0
    misses: list[str] = field(default_factory=list)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base(self) -> str:
        return self.origin + self.prefix

    def url(self, path: str = "") -> str:
        """The address of `path`, relative to the site root (e.g. "topics/")."""
        return self.base + path.lstrip("/")

    def file_for(self, url_path: str) -> Path | None:
        """The file a request for `url_path` would be answered with, or None (a 404)."""
        path = unquote(urlsplit(url_path).path)
        if not path.startswith(self.prefix):
            return None
        target = (self.root / path[len(self.prefix) :]).resolve()
        if target.is_dir():
            target = target / "index.html"
        inside = target == self.root or self.root in target.parents
        return target if inside and target.is_file() else None


class _Handler(http.server.SimpleHTTPRequestHandler):
    site: SiteServer

    def __init__(self, *args, site: SiteServer, **kwargs) -> None:
        self.site = site
        super().__init__(*args, directory=str(site.root), **kwargs)

    def translate_path(self, path: str) -> str:
        relative = unquote(urlsplit(path).path)
        if not relative.startswith(self.site.prefix):
            return str(self.site.root / ".outside-the-sub-path")  # never exists: a 404
        return super().translate_path("/" + relative[len(self.site.prefix) :])

    def do_GET(self) -> None:
        if not (self.site.built_for and urlsplit(self.path).path.endswith("/sitemap.xml")):
            return super().do_GET()
        source = self.site.file_for(self.path)
        if source is None:
            return self.send_error(404)
        body = source.read_bytes().replace(self.site.built_for.encode(), self.site.origin.encode())
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None):
        page = self.site.root / "404.html"
        if code != 404 or not page.is_file():
            return super().send_error(code, message, explain)
        self.site.misses.append(self.path)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:
        """Quiet: a test run prints timings, not access logs."""


def _normal_prefix(prefix: str) -> str:
    inner = prefix.strip("/")
    return f"/{inner}/" if inner else "/"


@contextmanager
def serve(root: Path, site_url: str = "/") -> Iterator[SiteServer]:
    """Serve `root` at http://127.0.0.1:<free port><path of site_url> until the block ends."""
    parts = urlsplit(site_url)
    built_for = f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""
    site = SiteServer(root=root.resolve(), prefix=_normal_prefix(parts.path), built_for=built_for)
    handler = functools.partial(_Handler, site=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    site.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield site
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
