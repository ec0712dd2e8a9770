"""Which paths a build may read, and the curator's two YAML files read behind that check.

Owns refusing what must never reach a page or block a build: a symbolic link (in `lists/`, or
as the lists folder, the taxonomy, the curation or the lock) that leads outside the project
(`lists/evil.txt -> /etc/passwd`); the same for every link in the folders the site is built from
(docs/ and the project's theme folder, `overrides/`), which MkDocs would follow and publish;
and anything that is not what it poses as: a folder named
`x.txt`, a named pipe (opening one waits forever for a writer), a device. The file's type is
looked at before anything opens it. Refusals are errors naming the file; nothing is read from
a refused path. Then `load_curator_files` reads the taxonomy and the curation together, so a
curator sees the mistakes of both at once.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from generator.config import Settings
from generator.errors import BuildFailed
from generator.models import Problem, Taxonomy
from generator.read.curation import CuratorFile, load_curator_file
from generator.read.taxonomy import load_taxonomy

_Loaded = TypeVar("_Loaded")
_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISREG, "a file"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def refusal(path: Path, root: Path, *, folder: bool = False) -> str | None:
    """Why `path` must not be read; None when it may be (or does not exist at all)."""
    try:
        target = path.resolve(strict=True)
        mode = target.stat().st_mode
    except FileNotFoundError:
        if path.is_symlink():
            return f"a symbolic link to {os.readlink(path)}, which does not exist: not read"
        return None
    except (OSError, RuntimeError):  # RuntimeError: links that lead in a circle
        return "a symbolic link that cannot be followed (it leads in a circle?): not read"
    if not target.is_relative_to(root.resolve()):
        return f"a symbolic link to {target}, outside the project: not read (copy it in instead)"
    wanted = "a folder" if folder else "a file"
    kind = next((name for test, name in _KINDS if test(mode)), "not a file")
    return None if kind == wanted else f"{kind}, not {wanted}: not read"


def check_input_paths(settings: Settings) -> list[Problem]:
    """An error for the lists folder, taxonomy, curation, lock or resolved records when one
    must not be read, and for each link out of the project in the folders the site is built
    from."""
    site = site_links(settings)
    folder = refusal(settings.lists_dir, settings.root, folder=True)
    if folder:  # the files inside it would repeat the same refusal
        return [Problem(settings.lists_dir, 0, folder, severity="error"), *site]
    paths = (settings.taxonomy_path, settings.curation_path, settings.lock_path,
             settings.resolved_path)  # fmt: skip
    return [
        *(Problem(path, 0, why, severity="error")
          for path in paths if (why := refusal(path, settings.root))),
        *site,
    ]  # fmt: skip


def site_links(settings: Settings) -> list[Problem]:
    """An error for each symbolic link in docs/ or the theme folder (and in the folders links
    inside the project lead to) that leads out of the project, or nowhere: MkDocs follows
    links, so what one points to would be published."""
    seen: set[Path] = set()
    return [
        Problem(path, 0, why, severity="error")
        for folder in settings.site_folders
        for path, why in _links_out(folder, settings.root, seen)
    ]


def _links_out(folder: Path, root: Path, seen: set[Path]) -> Iterator[tuple[Path, str]]:
    """(link, why refused) under `folder`, depth first, each folder walked once."""
    if folder.is_symlink() and (why := refusal(folder, root, folder=True)):
        yield folder, why
        return
    real = folder.resolve()
    if real in seen or not folder.is_dir():
        return
    seen.add(real)
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:  # an unreadable folder is reported by what reads it
        return
    for entry in entries:
        path = Path(entry.path)
        if entry.is_symlink() and (why := _link_refusal(path, root)):
            yield path, why
        elif entry.is_dir():  # follows a link that stays in the project, as MkDocs does
            yield from _links_out(path, root, seen)


def _link_refusal(path: Path, root: Path) -> str | None:
    """Why the link at `path` must not be followed: it leads out of the project or nowhere."""
    why = refusal(path, root, folder=path.is_dir())
    return why if why and "symbolic link" in why else None


def load_curator_files(settings: Settings) -> tuple[Taxonomy, CuratorFile]:
    """The taxonomy and the curation, once every input path has been checked; one BuildFailed
    with every problem of the paths, or of both files (the curation is checked even when the
    taxonomy has mistakes, only its topics then go unchecked)."""
    refused = check_input_paths(settings)
    if refused:
        raise BuildFailed(refused)
    taxonomy, problems = _attempt(load_taxonomy, settings.taxonomy_path)
    curations, found = _attempt(
        lambda path: load_curator_file(path, taxonomy=taxonomy), settings.curation_path
    )
    if problems or found:
        raise BuildFailed([*problems, *found])
    assert taxonomy is not None and curations is not None  # no problems: both were read
    return taxonomy, curations


def _attempt(load: Callable[[Path], _Loaded], path: Path) -> tuple[_Loaded | None, list[Problem]]:
    try:
        return load(path), []
    except BuildFailed as failure:
        return None, list(failure.problems)
