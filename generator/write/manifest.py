"""Which files under docs/ are the generator's: the manifest, and what it says about the tree.

The manifest (`docs/.readinglist-manifest.json`) lists every file the generator wrote, with its
SHA-256. Files in it may be replaced or removed; any other file in docs/ is the curator's and is
never touched. Generated paths are checked to stay inside docs/ and out of dot-folders (MkDocs
skips those, so a page there would vanish without a word).

The manifest only says which of the generator's files are its own: it is followed only inside
the generated area the README names (`GENERATED`: the generator's folders and its files at the
top of docs/), as any file there is the generator's. A manifest that lists anything else (a
page of the curator's, `docs/stylesheets/...`) is not the generator's record: it is refused
with a warning and never followed, so no edit of it can make a run replace or remove a file of
the curator's.

A copy is kept beside the build cache. A manifest deleted or damaged is rebuilt from what the
generator can show it wrote: each file of the copy that still holds the bytes it wrote; and
the writer takes over any file that already holds exactly what it would write (`tree`).
"""

from __future__ import annotations

import contextlib
import json
import logging
from pathlib import Path, PurePosixPath

from generator.write.files import WriteError, holds

log = logging.getLogger(__name__)

MANIFEST = ".readinglist-manifest.json"
# Where the generator writes under docs/ (README, Generated files), and nowhere else.
GENERATED_FOLDERS = ("papers", "topics", "lists", "tags", "kinds", "browse", "map", "my-list",
                     "feeds", "schema")  # fmt: skip
GENERATED_FILES = ("index.md", "browse.md", "map.md", "sessions.md", "sessions.ics", "papers.bib",
                   "papers.csv", "papers.json", "papers.ris")  # fmt: skip


def generated(path: str) -> bool:
    """Whether `path` (relative to docs/) lies in the generated area."""
    top, _, rest = path.partition("/")
    return top in GENERATED_FOLDERS if rest else path in GENERATED_FILES


def read_manifest(root: Path, *, name: str = MANIFEST) -> dict[str, str]:
    """Generated path (relative, POSIX) -> digest; empty when nothing was generated yet."""
    path = root / name
    if not path.exists():
        return {}
    try:
        files = json.loads(path.read_text(encoding="utf-8"))["files"]
        owned = {safe_relative(name): str(digest) for name, digest in files.items()}
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        message = f"unreadable manifest ({error}); `readinglist build` rebuilds it"
        raise WriteError(message, path=path) from None
    if foreign := sorted(name for name in owned if not generated(name)):
        raise WriteError(f"refused: it lists {len(foreign)} file(s) outside the generated "
                         f"folders, first: {foreign[0]}, which readinglist never writes; not "
                         "followed", path=path)  # fmt: skip
    return owned


def owned_files(root: Path, backup: Path | None, *, warn: bool = True) -> dict[str, str]:
    """The manifest; when it is missing or damaged, rebuilt from the copy at `backup`: the
    files that still hold what the generator wrote."""
    try:
        files = read_manifest(root)
    except WriteError as error:
        if warn:
            log.warning("%s: rebuilt from the files readinglist wrote", error)
        return _proven(root, backup)
    return files or _proven(root, backup)


def _proven(root: Path, backup: Path | None) -> dict[str, str]:
    try:
        copy = read_manifest(backup.parent, name=backup.name) if backup else {}
    except WriteError as error:
        log.warning("%s", error)
        return {}
    return {path: known for path, known in copy.items() if holds(root / path, known)}


def manifest_bytes(files: dict[str, str]) -> bytes:
    return json.dumps({"version": 1, "files": files}, indent=1).encode("utf-8")


def safe_relative(path: str) -> str:
    """The path as relative POSIX, or WriteError when it would leave docs/ or hide in a
    dot-folder."""
    pure = PurePosixPath(path)
    normal = bool(pure.parts) and pure.as_posix() == path and "\\" not in path
    if not normal or pure.is_absolute() or any(part.startswith(".") for part in pure.parts):
        raise WriteError(f"refusing to write outside the docs folder: {path!r}")
    return pure.as_posix()


def generated_relative(path: str) -> str:
    """`path`, made safe, if it lies in the generated area; WriteError otherwise."""
    if not generated(relative := safe_relative(path)):
        raise WriteError(f"refusing to write outside the generated folders: {path!r}")
    return relative


def snapshot(root: Path, backup: Path | None = None) -> dict[str, str]:
    """The generated files as they are now, to put back with `write_tree` if a later step
    fails. Files listed in the manifest but missing on disk are left out."""
    files = {}
    for path in owned_files(root, backup, warn=False):
        with contextlib.suppress(FileNotFoundError):
            files[path] = (root / path).read_bytes().decode("utf-8")
    return files


def foreign_pages(root: Path) -> list[str]:
    """Markdown pages under `root` the generator did not write (the curator's own)."""
    generated = set(read_manifest(root))
    pages = (path.relative_to(root) for path in root.rglob("*.md"))
    return sorted(
        page.as_posix()
        for page in pages
        if page.as_posix() not in generated and not any(p.startswith(".") for p in page.parts)
    )


def tree_intact(root: Path) -> bool:
    """Every file the manifest lists is still on disk (so the build cache may be used)."""
    try:
        files = read_manifest(root)
    except WriteError:
        return False
    return bool(files) and all((root / path).is_file() for path in files)
