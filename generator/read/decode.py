"""A list file's bytes as text, in whatever encoding a curator's editor saved it.

In order: a BOM (UTF-8, UTF-16, UTF-32) decides; UTF-16 without a BOM is recognised by its
NUL bytes; then strict UTF-8. Bytes that are not UTF-8 are tried as GB18030 (what Chinese
Windows editors save) and kept only when the result is plausibly Chinese: at least two
ideographs, and nearly every non-ASCII character inside GB2312, the common set real Chinese
text uses. Latin-1 or cp1252 bytes decoded as GB18030 land outside it, so they stop the build
with a message naming the file and line instead of becoming mojibake. A file with many
control characters is binary and stops the build too, as does a NUL, which no text holds;
each at the line it is on. Line ends may be CRLF, LF or CR; the text comes out with LF.
"""

from __future__ import annotations

import codecs
import re
import stat
from pathlib import Path
from typing import AnyStr

from generator.errors import InputError
from generator.models import Problem
from generator.read.text import CONTROL, normalize_newlines

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_CONTROL_BYTES = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
GB18030_NOTE = (
    "not UTF-8: read as GB18030 (Chinese); to silence this, convert it with: "
    "iconv -f GB18030 -t UTF-8"
)


def read_text(path: Path) -> tuple[str, list[Problem]]:
    """A file's text, and a note when it was not UTF-8; InputError when it is not text."""
    text, encoding = _decode(read_bytes(path), path)
    notes = [Problem(path, 1, GB18030_NOTE)] if encoding == "gb18030" else []
    return normalize_newlines(text), notes


def read_bytes(path: Path) -> bytes:
    """A regular file's bytes; InputError for anything else (opening a named pipe would block
    the build) or for a file the system will not let us read."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise InputError("not a regular file: not read", path=path)
        return path.read_bytes()
    except OSError as error:
        raise InputError(f"cannot be read: {error.strerror or error}", path=path) from None


def decode(data: bytes, path: Path) -> str:
    """Bytes to text with LF line ends (see the module docstring for the order), or InputError."""
    return normalize_newlines(_decode(data, path)[0])


def _decode(data: bytes, path: Path) -> tuple[str, str]:
    """The text and the name of the encoding it was read with."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _decode_strict(data, encoding, path), encoding
    utf16 = _guess_bomless_utf16(data)
    if utf16:
        return _decode_strict(data, utf16, path), utf16
    _refuse_controls(data, _CONTROL_BYTES, b"\x00", path)
    try:
        return _decode_strict(data, "utf-8", path), "utf-8"
    except UnicodeDecodeError as error:
        chinese = _decode_chinese(data)
        if chinese is None:
            raise _undecodable(data, error, "UTF-8 (nor Chinese in GB18030)", path) from None
        return chinese, "gb18030"


def _guess_bomless_utf16(data: bytes) -> str | None:
    """UTF-16 without a BOM shows as NUL in every other byte of ASCII text."""
    sample = data[:400]
    if len(sample) < 4 or len(data) % 2:  # UTF-16 text is a whole number of 2-byte units
        return None
    even_nuls = sample[0::2].count(0) / len(sample[0::2])
    odd_nuls = sample[1::2].count(0) / len(sample[1::2])
    if odd_nuls > 0.4 and even_nuls < 0.05:
        return "utf-16-le"
    if even_nuls > 0.4 and odd_nuls < 0.05:
        return "utf-16-be"
    return None


def _refuse_controls(data: AnyStr, controls: re.Pattern[AnyStr], nul: AnyStr, path: Path) -> None:
    """InputError when the start of the file has many control characters (a binary file: at
    the line of the first) or anywhere holds a NUL, which no text does (at its line); a stray
    bell or escape is let through (`normalize_text` drops it)."""
    sample = data[:65536]
    if _too_many(len(controls.findall(sample)), len(sample)):
        first = controls.search(sample)
        line = line_at(data, first.start() if first else 0)
        raise InputError("binary file (control characters), not a text list", path=path, line=line)
    position = data.find(nul)
    if position >= 0:
        message = "a NUL character (byte 0x00), which no text holds: remove it"
        raise InputError(message, path=path, line=line_at(data, position))


def line_at(text: str | bytes, position: int) -> int:
    """The editor's line of `position`, whatever the line ends (CRLF, LF or CR)."""
    before = text[:position]
    if isinstance(before, bytes):
        before = before.decode("latin-1")  # one character per byte: line ends stay where they are
    return before.count("\n") + before.count("\r") - before.count("\r\n") + 1


def _too_many(controls: int, length: int) -> bool:
    """More than 1% control characters (and more than two) is not text a person typed."""
    return controls > max(2, length // 100)


def _decode_strict(data: bytes, encoding: str, path: Path) -> str:
    """Decode; UnicodeDecodeError for UTF-8 (the caller tries GB18030), else InputError."""
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        if encoding == "utf-8":
            raise
        name = encoding.upper().replace("-SIG", "")
        raise _undecodable(data, error, f"{name} (as its byte order mark says)", path) from None
    _refuse_controls(text, CONTROL, "\x00", path)
    return text


def _undecodable(data: bytes, error: UnicodeDecodeError, tried: str, path: Path) -> InputError:
    # Decoded up to the bad byte, so UTF-16's line ends are counted as characters, not bytes.
    before = data[: error.start].decode(error.encoding, errors="replace")
    line = line_at(before, len(before))
    return InputError(
        f"cannot decode: byte 0x{data[error.start]:02x} is not valid {tried}; "
        "save the file as UTF-8",
        path=path,
        line=line,
    )


def _decode_chinese(data: bytes) -> str | None:
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        return None
    return text if plausibly_chinese(text) else None


def plausibly_chinese(text: str) -> bool:
    """Two or more ideographs, and at least 95% of the non-ASCII characters in GB2312."""
    wide = [char for char in text if ord(char) > 0x7F]
    ideographs = sum(1 for char in wide if "\u4e00" <= char <= "\u9fff")
    return ideographs >= 2 and sum(map(_in_gb2312, wide)) >= 0.95 * len(wide)


def _in_gb2312(char: str) -> bool:
    try:
        char.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True
