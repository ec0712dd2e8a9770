"""An HTTP server for a built site, on loopback, the way GitHub Pages serves it.

Browsers allow neither the search index nor ES modules nor the service of a `fetch` from a page
opened from disk (file://), so the built site must be looked at over HTTP. The server answers
only under the site's path (`/readinglist/` for https://USER.github.io/readinglist/); `/`
redirects there, so the address printed is the one to open. Connections are answered by a
few workers and closed when idle (`connections`).
"""

from __future__ import annotations

import contextlib
import gzip
import http.server
import logging
import posixpath
import sys
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from generator.errors import ReadingListError
from generator.preview.connections import IDLE_SECONDS, WaitingRoom

log = logging.getLogger(__name__)

# Text that GitHub Pages sends gzip-compressed when the browser accepts it.
COMPRESSED = {".html", ".css", ".js", ".mjs", ".json", ".xml", ".svg", ".txt", ".bib", ".ris",
              ".csv", ".map"}  # fmt: skip
CACHE_SECONDS = 600  # GitHub Pages' max-age


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves `directory` under `prefix` ("/readinglist/"); everything else is a 404."""

    protocol_version = "HTTP/1.1"  # keep-alive, as a real host
    timeout = IDLE_SECONDS  # a kept-alive or stalled connection gives its worker back

    def __init__(self, *args: object, directory: str, prefix: str, **kwargs: object) -> None:
        self.prefix = prefix
        super().__init__(*args, directory=directory, **kwargs)  # type: ignore[arg-type]

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(getattr(self.server, "idle", IDLE_SECONDS))

    def do_GET(self) -> None:
        self._answer(body=True)

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def _answer(self, *, body: bool) -> None:
        path = unquote(urlsplit(self.path).path)
        if path != self.prefix and path in ("/", self.prefix.rstrip("/")):
            self._redirect(self.prefix)
            return
        file = self._file_for(path)
        if file is not None and file.is_dir():
            self._redirect(path + "/")  # a folder's address ends with "/", as on Pages
            return
        if file is None or not file.is_file():
            self._send(Path(self.directory) / "404.html", status=404, body=body)
            return
        self._send(file, status=200, body=body)

    def _file_for(self, path: str) -> Path | None:
        """The file under the site folder for `path`, or None (outside the prefix, or climbing
        out of the folder)."""
        if not path.startswith(self.prefix):
            return None
        relative = posixpath.normpath(path[len(self.prefix) :] or ".")
        if relative.startswith(("..", "/")):
            return None
        target = Path(self.directory) / relative
        if path.endswith("/") and target.is_dir():
            return target / "index.html"
        return target

    def _redirect(self, location: str) -> None:
        self.send_response(301)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _send(self, file: Path, *, status: int, body: bool) -> None:
        data = file.read_bytes() if file.is_file() else b"Not found"
        self.send_response(status)
        self.send_header("Content-Type", self.guess_type(str(file)))
        if file.suffix in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", ""):
            data = gzip.compress(data, compresslevel=6, mtime=0)
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", f"max-age={CACHE_SECONDS}")
        self.end_headers()
        if body:
            self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        log.debug(format, *args)


class QuietServer(http.server.HTTPServer):
    """Connections answered by a few workers once they send (`connections`), idle ones
    closed after `idle` seconds; a connection the browser resets (a closed tab, a cancelled
    prefetch) or lets stall is no fault: the reader lost nothing."""

    def __init__(self, address: tuple[str, int], handler: Any, *,
                 idle: float = IDLE_SECONDS) -> None:  # fmt: skip
        super().__init__(address, handler)
        self.idle = idle
        self.room = WaitingRoom(self._answer, self.shutdown_request, idle=idle)

    def process_request(self, request: Any, client_address: Any) -> None:
        self.room.admit(request, client_address)

    def _answer(self, request: Any, client_address: Any) -> None:
        """What ThreadingMixIn does in a thread of its own, on a worker."""
        try:
            self.finish_request(request, client_address)
        except Exception:
            self.handle_error(request, client_address)
        finally:
            self.shutdown_request(request)

    def server_close(self) -> None:
        super().server_close()
        self.room.shut()

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exception(), ConnectionError | TimeoutError):
            log.debug("%s closed its connection, or let it stall", client_address)
            return
        super().handle_error(request, client_address)


def mount_path(url_path: str) -> str:
    """The path a site is served under, from its address's path: "/repo/" or "/"."""
    return f"/{url_path.strip('/')}/" if url_path.strip("/") else "/"


def open_server(
    site: Path, site_url: str, *, host: str, port: int
) -> tuple[http.server.HTTPServer, str]:
    """A server for the site built in `site` for `site_url`, bound, and its address."""
    if not (site / "index.html").is_file():
        raise ReadingListError(f"no built site in {site}: run `readinglist build` first")
    prefix = mount_path(urlsplit(site_url or "/").path)
    try:
        server = site_server(site, prefix, host=host, port=port)
    except OSError as error:
        raise ReadingListError(f"cannot serve on {host}:{port}: {error}") from None
    return server, f"http://{host}:{server.server_port}{prefix}"


def site_server(site: Path, prefix: str, *, host: str, port: int,
                idle: float = IDLE_SECONDS) -> http.server.HTTPServer:  # fmt: skip
    """A server for `site` under `prefix` (a `mount_path`), bound but not yet serving;
    `idle`: the seconds a connection may send nothing before it is closed."""
    handler = partial(SiteHandler, directory=str(site), prefix=prefix)
    return QuietServer((host, port), handler, idle=idle)


def serve_site(server: http.server.HTTPServer) -> None:
    """Serve until interrupted (Ctrl-C: the normal way to stop, not a failure)."""
    with server, contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
