"""Reads curator input from disk: list files into `RawList`s.

Owns decoding and splitting a list into its name and abstracts, with the line each abstract
starts on. It does not interpret the abstracts' markup.

Decoding, in order: a BOM (UTF-8, UTF-16, UTF-32) decides; UTF-16 without a BOM is recognised
by its NUL bytes; then strict UTF-8. Bytes that are not UTF-8 are tried as GB18030 (what
Chinese Windows editors save) and kept only when the result is plausibly Chinese: at least
two ideographs, and nearly every non-ASCII character inside GB2312, the common set real
Chinese text uses. Latin-1 or cp1252 bytes decoded as GB18030 land outside it, so they stop
the build with a message naming the file and line instead of becoming mojibake. A file with
NUL bytes or many control characters is binary and stops the build too. Line ends may be
CRLF, LF or CR.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from generator.errors import InputError
from generator.models import Bibliographic, Problem

LONG_ABSTRACT = 5_000  # characters; real abstracts stay well under this
LONG_NAME = 120  # characters; a longer first line is probably an abstract
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Characters that never belong in an abstract: C0/C1 controls except tab and line ends.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_CONTROL_BYTES = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Invisible characters that copy-paste from PDFs leaves behind, and the bidi embedding and
# override controls, which can make a title display as something other than its text.
_INVISIBLE = re.compile(r"[\u200b-\u200d\u2060\ufeff\u00ad\u202a-\u202e\u2066-\u2069]")


@dataclass(frozen=True)
class RawAbstract:
    text: str  # normalised: NFC, invisible characters removed, whitespace collapsed
    line: int
    bib: Bibliographic = Bibliographic()  # filled by bibliographic sources (.bib/.json/.csv)


@dataclass(frozen=True)
class RawList:
    path: Path
    name: str
    abstracts: tuple[RawAbstract, ...]
    problems: tuple[Problem, ...]


def read_inputs(lists_dir: Path) -> list[tuple[str, bytes]]:
    """Every file of the lists folder (name, bytes), in name order: what a build depends on."""
    return [
        (path.name, path.read_bytes())
        for path in sorted(lists_dir.iterdir())
        if path.is_file() and not path.name.startswith(".")
    ]


def read_list(path: Path) -> RawList:
    """Read one list file. Raises InputError when the file cannot be read as text at all."""
    text, encoding = decode_with_encoding(path.read_bytes(), path)
    raw = split_list(text, path)
    if encoding != "gb18030":
        return raw
    note = Problem(path, 1, "not UTF-8: read as GB18030 (Chinese); to silence this, convert "
                            "it with: iconv -f GB18030 -t UTF-8")  # fmt: skip
    return replace(raw, problems=(note, *raw.problems))


def decode(data: bytes, path: Path) -> str:
    """Bytes to text (see the module docstring for the order), or InputError."""
    return decode_with_encoding(data, path)[0]


def decode_with_encoding(data: bytes, path: Path) -> tuple[str, str]:
    """The text and the name of the encoding it was read with."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _decode_strict(data, encoding, path), encoding
    utf16 = _guess_bomless_utf16(data)
    if utf16:
        return _decode_strict(data, utf16, path), utf16
    if b"\x00" in data or _looks_binary(data):
        raise InputError("binary file (control bytes), not a text list", path=path)
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


def _looks_binary(data: bytes) -> bool:
    sample = data[:65536]
    return _too_many(len(_CONTROL_BYTES.findall(sample)), len(sample))


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
    if "\x00" in text or _too_many(len(_CONTROL.findall(text)), len(text)):
        raise InputError("binary file (control characters), not a text list", path=path)
    return text


def _undecodable(data: bytes, error: UnicodeDecodeError, tried: str, path: Path) -> InputError:
    line = data[: error.start].count(b"\n") + 1
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


def normalize_text(text: str) -> str:
    """One abstract paragraph to one line: NFC, invisible and control characters dropped."""
    text = unicodedata.normalize("NFC", text)
    if not text.isascii():  # every invisible character is non-ASCII
        text = _INVISIBLE.sub("", text)
    text = _CONTROL.sub(" ", text)
    return collapse_spaces(text)


def collapse_spaces(text: str) -> str:
    """Runs of whitespace to one space, none at the ends: what `re.sub(r"\\s+", " ", text)
    .strip()` does (both use str.isspace's whitespace), several times faster."""
    return " ".join(text.split())


def split_list(text: str, path: Path) -> RawList:
    """Header line, blank line, then abstracts separated by blank lines."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    first = next((i for i, line in enumerate(lines) if normalize_text(line)), None)
    if first is None:
        problem = Problem(path, 1, "empty list file: no name and no abstracts")
        return RawList(path, path.stem, (), (problem,))
    name = normalize_text(lines[first])
    problems = _header_problems(lines, first, name, path)
    abstracts = list(_paragraphs(lines, first + 1))
    if not abstracts:
        problems.append(Problem(path, first + 1, f"list '{name}' has a name but no abstracts"))
    return RawList(path, name, tuple(_dedupe(abstracts, path, problems)), tuple(problems))


def _header_problems(lines: list[str], first: int, name: str, path: Path) -> list[Problem]:
    found = []
    if first > 0:
        found.append((first + 1, "blank lines before the list name"))
    if name in ("---", "+++"):
        found.append((first + 1, f"the file starts with '{name}': list files have no front "
                                 "matter; the first line is the list's name"))  # fmt: skip
    elif len(name) > LONG_NAME:
        found.append((first + 1, f"list name of {len(name):,} characters: the first line "
                                 "should be the list's name, not an abstract"))  # fmt: skip
    if first + 1 < len(lines) and normalize_text(lines[first + 1]):
        found.append((first + 2, "expected a blank line after the list name"))
    return [Problem(path, line, message) for line, message in found]


def _paragraphs(lines: list[str], start: int) -> Iterator[RawAbstract]:
    """Yield each run of non-blank lines as one abstract, with the line it starts on."""
    block: list[str] = []
    block_line = 0
    normalised = ""  # of the block's only line: most abstracts are one line, normalised once
    for number, line in enumerate(lines[start:], start=start + 1):
        text = normalize_text(line)
        if text:
            if not block:
                block_line, normalised = number, text
            block.append(line)
        elif block:
            yield _abstract(block, normalised, block_line)
            block = []
    if block:
        yield _abstract(block, normalised, block_line)


def _abstract(block: list[str], first_normalised: str, line: int) -> RawAbstract:
    if len(block) == 1:
        return RawAbstract(first_normalised, line)
    return RawAbstract(normalize_text(" ".join(block)), line)


def _dedupe(
    abstracts: list[RawAbstract], path: Path, problems: list[Problem]
) -> Iterator[RawAbstract]:
    seen: dict[str, int] = {}
    for abstract in abstracts:
        key = fingerprint(abstract.text)
        if key in seen:
            message = f"the same abstract as line {seen[key]}; it is listed once"
            problems.append(Problem(path, abstract.line, message))
            continue
        seen[key] = abstract.line
        problems.extend(_oddities(abstract, path))
        yield abstract


def _oddities(abstract: RawAbstract, path: Path) -> list[Problem]:
    words = len(abstract.text.split())
    if words < 5:
        return [Problem(path, abstract.line, f"abstract of {words} word(s): a stray line?")]
    if len(abstract.text) > LONG_ABSTRACT:
        return [
            Problem(
                path,
                abstract.line,
                f"abstract of {len(abstract.text):,} characters: "
                "several abstracts without a blank line between them?",
            )
        ]
    return []


def fingerprint(text: str) -> str:
    """What makes two abstracts the same paper: case and spacing do not matter."""
    return collapse_spaces(unicodedata.normalize("NFKC", text)).casefold()


def read_cache(path: Path) -> bytes | None:
    """The build cache's bytes, or None when there is none (see `cache`)."""
    try:
        return path.read_bytes()
    except OSError:
        return None
