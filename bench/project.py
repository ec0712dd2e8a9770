"""Bench projects: a folder laid out like the repository, with synthetic lists instead of the
shipped ones, and the two MkDocs configurations the benchmark builds it with.

`mkdocs.full.yml` inherits the repository's `mkdocs.yml` and only adds a hook that records the
navigation, page titles and paper page contexts the readinglist plugin produced.
`mkdocs.plain.yml` inherits it too but drops the readinglist plugin and replays them, so plain
MkDocs builds the very same pages without generating anything.
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import shutil
import subprocess
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
HOOKS = Path(__file__).resolve().parent / "hooks"
CAPTURE = ".bench-capture.json"
FULL_CONFIG = "mkdocs.full.yml"
PLAIN_CONFIG = "mkdocs.plain.yml"
PLAIN_SITE = "site.plain"


def make_project(root: Path, lists: dict[str, str]) -> Path:
    """A fresh project at `root`: the repository's tracked theme and docs, the taxonomy, and
    `lists` (file name -> text) as its only lists. No lock file: every paper is new.

    A previous project there is moved aside and deleted when the benchmark ends: on ext4,
    creating files within about 30 s of deleting many (dirty_expire_centisecs) makes the
    kernel look over each recently freed inode, which cost a cold run up to ~1 ms per file."""
    if root.exists():
        trash = _trash(root.parent)
        root.rename(trash / f"{root.name}-{len(list(trash.iterdir()))}")
    root.mkdir(parents=True)
    for relative in _tracked("mkdocs.yml", "overrides", "docs"):
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / relative, target)
    (root / "lists").mkdir()
    shutil.copy2(REPO / "lists" / "topics.yml", root / "lists" / "topics.yml")
    for name, text in lists.items():
        (root / "lists" / name).write_text(text, encoding="utf-8")
    _write_config(root / FULL_CONFIG, {"hooks": [*_parent_hooks(root), str(HOOKS / "capture.py")]})
    return root


@functools.cache
def _trash(folder: Path) -> Path:
    """Where replaced projects wait until the benchmark exits."""
    trash = folder / f".trash-{os.getpid()}"
    trash.mkdir(parents=True)
    atexit.register(shutil.rmtree, trash, ignore_errors=True)
    return trash


def _tracked(*paths: str) -> list[str]:
    """Files git tracks under `paths`: the curator's files, never generated pages."""
    result = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z", *paths],
        capture_output=True, check=True,
    )  # fmt: skip
    names = [name for name in result.stdout.decode().split("\0") if name]
    return [name for name in names if (REPO / name).is_file()]


def _parent_config(root: Path) -> dict:
    from mkdocs.utils.yaml import get_yaml_loader, yaml_load

    with open(root / "mkdocs.yml", "rb") as handle:
        return yaml_load(handle, get_yaml_loader()) or {}


def _parent_hooks(root: Path) -> list[str]:
    return [str(root / hook) for hook in _parent_config(root).get("hooks", [])]


def _write_config(path: Path, overrides: dict) -> None:
    text = "INHERIT: mkdocs.yml\n" + yaml.safe_dump(overrides, allow_unicode=True, sort_keys=False)
    path.write_text(text, encoding="utf-8")


def write_plain_config(root: Path) -> Path:
    """The plain configuration; needs the capture of a full build of the same pages."""
    captured = json.loads((root / CAPTURE).read_text(encoding="utf-8"))
    plugins = [entry for entry in _parent_config(root).get("plugins", []) if not _is_ours(entry)]
    path = root / PLAIN_CONFIG
    _write_config(
        path,
        {
            "plugins": plugins,
            "nav": captured["nav"],
            "hooks": [*_parent_hooks(root), str(HOOKS / "plain.py")],
            "site_dir": PLAIN_SITE,
        },
    )
    return path


def _is_ours(entry: object) -> bool:
    """A plugins entry is a name, or a one-key mapping of its name to its settings."""
    if isinstance(entry, dict):
        return "readinglist" in entry
    return entry == "readinglist"


def generated_files(docs: Path) -> list[str]:
    """Paths (relative to docs/) the generator's manifest says it owns."""
    path = docs / ".readinglist-manifest.json"
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    files = data.get("files", data) if isinstance(data, dict) else data
    return sorted(files)


def remove_generated(docs: Path) -> None:
    """Back to a checkout: the generated pages and the manifest go, the curator's files stay."""
    for relative in generated_files(docs):
        (docs / relative).unlink(missing_ok=True)
    (docs / ".readinglist-manifest.json").unlink(missing_ok=True)
    for folder in sorted(docs.rglob("*"), key=lambda p: len(p.parts), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


def change_one_abstract(root: Path) -> str:
    """Edit one abstract in the middle of the first list (a sentence appended); returns it."""
    path = sorted((root / "lists").glob("*.txt"))[0]
    header, *abstracts = path.read_text(encoding="utf-8").split("\n\n")
    index = len(abstracts) // 2
    abstracts[index] = abstracts[index].rstrip("\n") + " Code will be released."
    path.write_text("\n\n".join([header, *abstracts]), encoding="utf-8")
    return abstracts[index]
