"""Reads curator input from disk: list files into `RawList`s, and the lock file.

Owns decoding (BOMs, UTF-16, line endings) and splitting a list into its name and abstracts,
with the line each abstract starts on. It does not interpret the abstracts' markup.
"""

from __future__ import annotations

import codecs
import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from .errors import ConfigError, InputError
from .models import Lock, Problem

LONG_ABSTRACT = 5_000  # characters; real abstracts stay well under this
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Characters that never belong in an abstract: C0/C1 controls except tab and line ends.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# Zero-width and other invisible characters that copy-paste from PDFs leaves behind.
_INVISIBLE = re.compile(r"[\u200b-\u200d\u2060\ufeff\u00ad]")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class RawAbstract:
    text: str  # normalised: NFC, invisible characters removed, whitespace collapsed
    line: int


@dataclass(frozen=True)
class RawList:
    path: Path
    name: str
    abstracts: tuple[RawAbstract, ...]
    problems: tuple[Problem, ...]


def list_files(lists_dir: Path) -> list[Path]:
    """Every `*.txt` in the lists folder, in name order (the curator's order of lists)."""
    return sorted(path for path in lists_dir.glob("*.txt") if path.is_file())


def read_list(path: Path) -> RawList:
    """Read one list file. Raises InputError when the file cannot be read as text at all."""
    text = decode(path.read_bytes(), path)
    return split_list(text, path)


def decode(data: bytes, path: Path) -> str:
    """Bytes to text: BOM-marked encodings, BOM-less UTF-16, then strict UTF-8, else an error."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _decode_strict(data, encoding, path)
    utf16 = _guess_bomless_utf16(data)
    if utf16:
        return _decode_strict(data, utf16, path)
    if b"\x00" in data:
        raise InputError("binary file (contains NUL bytes), not a text list", path=path)
    return _decode_strict(data, "utf-8", path)


def _guess_bomless_utf16(data: bytes) -> str | None:
    """UTF-16 without a BOM shows as NUL in every other byte of ASCII text."""
    sample = data[:400]
    if len(sample) < 8:
        return None
    even_nuls = sample[0::2].count(0) / len(sample[0::2])
    odd_nuls = sample[1::2].count(0) / len(sample[1::2])
    if odd_nuls > 0.4 and even_nuls < 0.05:
        return "utf-16-le"
    if even_nuls > 0.4 and odd_nuls < 0.05:
        return "utf-16-be"
    return None


def _decode_strict(data: bytes, encoding: str, path: Path) -> str:
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise InputError(
            f"not valid {encoding.upper().replace('-SIG', '')} (byte 0x{data[error.start]:02x}); "
            "save the file as UTF-8 (for GB18030/GBK: iconv -f GB18030 -t UTF-8)",
            path=path,
            line=line,
        ) from None
    if _CONTROL.search(text.replace("\x00", "")) and _looks_binary(text):
        raise InputError("binary file (control characters), not a text list", path=path)
    if "\x00" in text:
        raise InputError("binary file (contains NUL characters), not a text list", path=path)
    return text


def _looks_binary(text: str) -> bool:
    controls = len(_CONTROL.findall(text))
    return controls > max(2, len(text) // 100)


def normalize_text(text: str) -> str:
    """One abstract paragraph to one line: NFC, invisible and control characters dropped."""
    text = unicodedata.normalize("NFC", text)
    text = _INVISIBLE.sub("", text)
    text = _CONTROL.sub(" ", text)
    return _SPACES.sub(" ", text).strip()


def split_list(text: str, path: Path) -> RawList:
    """Header line, blank line, then abstracts separated by blank lines."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    problems: list[Problem] = []
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        problems.append(Problem(path, 1, "empty list file: no name and no abstracts"))
        return RawList(path, path.stem, (), tuple(problems))
    if first > 0:
        problems.append(Problem(path, first + 1, "blank lines before the list name"))
    name = normalize_text(lines[first])
    body_start = first + 1
    if body_start < len(lines) and lines[body_start].strip():
        problems.append(Problem(path, body_start + 1, "expected a blank line after the list name"))
    abstracts = list(_paragraphs(lines, body_start))
    if not abstracts:
        problems.append(Problem(path, first + 1, f"list '{name}' has a name but no abstracts"))
    return RawList(path, name, tuple(_dedupe(abstracts, path, problems)), tuple(problems))


def _paragraphs(lines: list[str], start: int):
    """Yield each run of non-blank lines as one abstract, with the line it starts on."""
    block: list[str] = []
    block_line = 0
    for number, line in enumerate(lines[start:], start=start + 1):
        if line.strip():
            if not block:
                block_line = number
            block.append(line)
        elif block:
            yield RawAbstract(normalize_text(" ".join(block)), block_line)
            block = []
    if block:
        yield RawAbstract(normalize_text(" ".join(block)), block_line)


def _dedupe(abstracts: list[RawAbstract], path: Path, problems: list[Problem]):
    seen: dict[str, int] = {}
    for abstract in abstracts:
        key = fingerprint(abstract.text)
        if key in seen:
            problems.append(
                Problem(
                    path,
                    abstract.line,
                    f"the same abstract as line {seen[key]}; it is listed once",
                )
            )
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
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", text)).strip().casefold()


def read_lock(path: Path) -> Lock:
    """The committed lock file; a missing file is an empty lock (first build)."""
    if not path.exists():
        return Lock()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Lock(
            paper_slugs=dict(data.get("papers", {})),
            list_slugs=dict(data.get("lists", {})),
            first_seen=dict(data.get("first_seen", {})),
        )
    except (ValueError, AttributeError, TypeError) as error:
        raise ConfigError(
            f"unreadable lock file ({error}); restore it from git", path=path
        ) from None
