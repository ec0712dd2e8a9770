"""A small HTTP client that a curator can trust with a key and a daily allowance.

One `Http` per service: GET only; a timeout on every request; pacing (at least `pace`
seconds between two requests, the service's published limit); retries with exponential
backoff on a timeout, a dropped connection, 429 and 5xx, waiting what `Retry-After` asks
(capped); redirects followed to http(s) only; a body larger than `max_bytes` refused
(`Malformed`, as the parsers call an answer not in the documented shape). What it
returns is untrusted bytes. A URL is never put in a message or a log line whole: its query may
hold the key (`where` names the host and path alone). Owns the transport; must not parse.
"""

from __future__ import annotations

import email.utils
import logging
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from generator import __version__

log = logging.getLogger(__name__)
MAX_BYTES = 4_000_000
MAX_WAIT = 60.0  # seconds: a longer Retry-After is a daily limit, not a pause
RETRIED = (429, 500, 502, 503, 504)


class LookupFailed(Exception):
    """A request that could not be made or answered: said in one line, never with the URL's
    query (it may hold the key)."""


class Malformed(LookupFailed):
    """The service answered, but not in its documented shape (or too much): this paper's
    look-up failed, while the service is still there for the next paper."""


class NotFound(Exception):
    """The service answered 404: it has no such record."""


@dataclass(frozen=True)
class _Retry:
    """A request to try again after `wait` seconds; `failure` is raised when none is left."""

    wait: float
    failure: LookupFailed


class _HttpOnlyRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        if urlsplit(newurl).scheme not in ("http", "https"):
            raise LookupFailed(f"{where(req.full_url)}: redirected away from http(s)")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


@dataclass
class Http:
    """GET with timeout, pacing, retries and a size bound; `requests` counts what was sent."""

    pace: float = 0.0
    timeout: float = 20.0
    attempts: int = 4
    backoff: float = 1.0
    max_bytes: int = MAX_BYTES
    contact: str = ""  # an address for the service's operators (User-Agent)
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic
    requests: int = 0
    _last: float = field(default=-1e9, repr=False)

    def get(self, url: str, params: Mapping[str, str] | None = None) -> bytes:
        """The body of a 200 answer; NotFound on 404; LookupFailed when no answer came."""
        full = f"{url}?{urlencode(params)}" if params else url
        outcome = self._try(full, self.backoff)
        for attempt in range(1, self.attempts):
            if not isinstance(outcome, _Retry):
                break
            log.info("retrying %s in %.0fs", where(full), outcome.wait)
            self.sleep(outcome.wait)
            outcome = self._try(full, self.backoff * 2**attempt)
        if isinstance(outcome, _Retry):
            raise outcome.failure
        return outcome

    def _try(self, url: str, backoff: float) -> bytes | _Retry:
        """One request: the body, or how long to wait before the next attempt and what to say
        if there is none."""
        self._wait_for_pace()
        self.requests += 1
        try:
            with _opener().open(self._request(url), timeout=self.timeout) as response:
                return _bounded(response, self.max_bytes, url)
        except urllib.error.HTTPError as error:
            if error.code == 404:
                raise NotFound(where(url)) from None
            failure = LookupFailed(f"{where(url)}: HTTP {error.code} {error.reason}")
            if error.code not in RETRIED:
                raise failure from None
            return _Retry(_retry_after(error.headers.get("Retry-After"), backoff), failure)
        except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
            return _Retry(backoff, LookupFailed(f"{where(url)}: {_reason(error)}"))

    def _request(self, url: str) -> urllib.request.Request:
        agent = f"readinglist/{__version__}" + (f" (mailto:{self.contact})" if self.contact else "")
        headers = {"User-Agent": agent, "Accept-Encoding": "identity"}
        return urllib.request.Request(url, headers=headers)

    def _wait_for_pace(self) -> None:
        ahead = self._last + self.pace - self.clock()
        if ahead > 0:
            self.sleep(ahead)
        self._last = self.clock()


def _opener() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(_HttpOnlyRedirects)


def _bounded(response: object, limit: int, url: str) -> bytes:
    body = response.read(limit + 1)  # type: ignore[attr-defined]
    if len(body) > limit:
        raise Malformed(f"{where(url)}: answer larger than {limit} bytes; refused")
    return bytes(body)


def _retry_after(value: str | None, default: float) -> float:
    """Seconds to wait: `Retry-After` in seconds or as an HTTP date, capped; else `default`."""
    if not value:
        return min(default, MAX_WAIT)
    if value.strip().isdigit():
        return min(float(value), MAX_WAIT)
    try:
        moment = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return min(default, MAX_WAIT)
    return max(0.0, min(moment.timestamp() - time.time(), MAX_WAIT))


def _reason(error: Exception) -> str:
    reason = getattr(error, "reason", error)
    if isinstance(reason, TimeoutError):
        return "no answer in time"
    return f"unreachable ({reason})"


def where(url: str) -> str:
    """The host and path of `url`, without its query (which may hold the key)."""
    parts = urlsplit(url)
    return f"{parts.netloc}{parts.path}"
