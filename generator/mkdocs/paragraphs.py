"""The HTML paragraphs the markup stage wrote into generated pages, kept from Python-Markdown.

An abstract (and each paragraph of a curator's note) reaches a generated page as one line of
HTML that `markup` made safe: every character escaped, only known tags. Python-Markdown passes
such a block through unchanged, but only after its HTML parser has walked every tag of it, so
an abstract of tens of thousands of formulas (three MathML tags each) could cost more than the
rest of the site. So each such
paragraph is set aside before Python-Markdown reads the page (`hide`) and put back in the HTML
it made (`restore`), which is then what Python-Markdown would have made of it, in a fraction
of the time.

Any other block the generator makes as HTML is set aside the same way (`aside`: the
listings, `blocks`). Only for generated pages (the caller decides): a curator's own page is
the curator's Markdown.
"""

from __future__ import annotations

import hashlib
import re

# A block of one line, `<p>...</p>`, between blank lines (or the page's ends).
_PARAGRAPH = re.compile(r"(?:^|(?<=\n\n))(<p>[^\n]*</p>)(?=\n\n|\n?\Z)")


class Paragraphs:
    """The paragraphs set aside from one page, each behind a placeholder of its own."""

    def __init__(self, markdown: str) -> None:
        # Named after the page itself, so no text of the page can spell a placeholder.
        self.prefix = "rlpara" + hashlib.sha256(markdown.encode("utf-8")).hexdigest()[:24]
        self.kept: dict[str, str] = {}

    def hide(self, markdown: str) -> str:
        """`markdown` with each HTML paragraph replaced by a placeholder paragraph."""
        return _PARAGRAPH.sub(self._keep, markdown)

    def aside(self, html: str) -> str:
        """A placeholder paragraph (a block of its own) that `restore` replaces by `html`."""
        placeholder = f"{self.prefix}x{len(self.kept)}"
        self.kept[placeholder] = html
        return placeholder

    def restore(self, html: str) -> str:
        """Python-Markdown's HTML with each placeholder paragraph replaced by its paragraph."""
        for placeholder, paragraph in self.kept.items():
            html = html.replace(f"<p>{placeholder}</p>", paragraph, 1)
        return html

    def _keep(self, found: re.Match[str]) -> str:
        return self.aside(found[1])
