"""Text as the rest of the build trusts it: one line, NFC, nothing invisible; and its fingerprint.

Every value read from a list (abstracts, titles, names) passes `normalize_text`, so later
stages compare and hash text without caring how an editor or a PDF copy left it.
`fingerprint` is what makes two abstracts the same paper.
"""

from __future__ import annotations

import re
import unicodedata

# Characters that never belong in an abstract: C0/C1 controls except tab and line ends.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# Invisible characters that copy-paste from PDFs leaves behind, the bidi embedding and
# override controls, which can make a title display as something other than its text, and
# what no text may hold: lone surrogates (a CSL-JSON "\\ud800" decodes to one, and no page
# could be written in UTF-8 with it) and the non-characters U+FFFE and U+FFFF.
_INVISIBLE = re.compile(
    "[\u200b-\u200d\u2060\ufeff\u00ad\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]"
)


def normalize_text(text: str) -> str:
    """One paragraph to one line: NFC, invisible and control characters dropped."""
    text = unicodedata.normalize("NFC", text)
    text = CONTROL.sub(" ", _INVISIBLE.sub("", text))
    return collapse_spaces(text)


def collapse_spaces(text: str) -> str:
    """Runs of whitespace (as `str.isspace` counts it) to one space, none at the ends."""
    return " ".join(text.split())


def normalize_newlines(text: str) -> str:
    """CRLF and CR line ends as LF, so every line number is the one the editor shows."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


def fingerprint(text: str) -> str:
    """What makes two abstracts the same paper: case and spacing do not matter."""
    return collapse_spaces(unicodedata.normalize("NFKC", text)).casefold()
