"""A Content-Security-Policy for every built page: the second wall behind escaping.

GitHub Pages sets no headers, so the policy travels in the page, as a `<meta http-equiv>` at the
top of `<head>`. Scripts and styles may come only from the site itself; the inline scripts the
theme and this plugin put around a page's content are allowed by their hashes, worked out from
each page as MkDocs wrote it, and none in the content itself (the HTML made of the page's
Markdown): a script that escaping ever let through there, or that someone planted in a built
page, does not run. No
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


def with_policy(html: str, content: str = "") -> str:
    """`html` with its Content-Security-Policy meta tag first in `<head>`; `content` is the
    HTML of the page's Markdown that `html` shows ("" for a page of the theme's alone)."""
    head = _HEAD.search(html)
    if head is None:
        return html
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy(html, content)}">'
    return html[: head.end()] + meta + html[head.end() :]


def policy(html: str, content: str = "") -> str:
    """The policy that lets the inline scripts and styles of the theme around `content` (and
    nothing else) run: no script found in `content` is allowed, even one the theme has too
    (that page alone then loses it), wherever in `html` a forger may have moved it."""
    planted = set(_scripts(content))
    scripts = [body for body in _scripts(html) if body not in planted]
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


def _scripts(html: str) -> list[str]:
    """The bodies of the inline scripts in `html` that run (not data blocks)."""
    return [body for attributes, body in _INLINE_SCRIPT.findall(html)
            if not _DATA_TYPE.search(attributes)]  # fmt: skip


def _hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"
