"""A Content-Security-Policy for every built page: the second wall behind escaping.

GitHub Pages sets no headers, so the policy travels in the page, as a `<meta http-equiv>` at the
top of `<head>`. Scripts and styles may come only from the site itself; the theme's own inline
scripts are allowed by their hashes, worked out from each page as MkDocs wrote it, so a script
that escaping ever let through (or that someone planted in a built page) does not run. No
'unsafe-inline' or 'unsafe-eval' for scripts; 'wasm-unsafe-eval' lets Pagefind's WebAssembly
search run. Data blocks (`application/json`, `application/ld+json`) are never executed, so
they need no hash.
"""

from __future__ import annotations

import base64
import hashlib
import re

_INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)([^>]*)>(.*?)</script>", re.DOTALL)
_INLINE_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.DOTALL)
_DATA_TYPE = re.compile(r"""\stype=["']?application/(?:ld\+)?json""")
_HEAD = re.compile(r"<head[^>]*>")


def with_policy(html: str) -> str:
    """`html` with its Content-Security-Policy meta tag first in `<head>`."""
    head = _HEAD.search(html)
    if head is None:
        return html
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(html)}">'
    return html[: head.end()] + meta + html[head.end() :]


def policy(html: str) -> str:
    """The policy that lets this page's own inline scripts and styles, and nothing else, run."""
    scripts = [body for attributes, body in _INLINE_SCRIPT.findall(html)
               if not _DATA_TYPE.search(attributes)]  # fmt: skip
    styles = _INLINE_STYLE.findall(html)
    directives = {
        "default-src": ["'self'"],
        "script-src": ["'self'", "'wasm-unsafe-eval'", *map(_hash, scripts)],
        "style-src": ["'self'", *map(_hash, styles)],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
    }
    return "; ".join(
        f"{name} {' '.join(dict.fromkeys(values))}" for name, values in directives.items()
    )


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"
