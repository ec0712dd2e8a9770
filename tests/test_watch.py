"""What `mkdocs serve`'s watcher sees of a write: no staging folders come and go inside docs/.

watchdog registers a new folder's subfolders as it finds them; a folder made with one inside it
at once (the staging area and its process's folder, as staging inside docs/ did) races that
registration and prints a RuntimeWarning of a few KB on rebuilds. Staging beside docs/ leaves
the watched tree only the pages and the folders they go to.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.write import write_tree


def test_a_write_makes_no_folder_in_docs_but_the_pages_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    write_tree(docs, {"index.md": "# Home\n", "papers/a.md": "# A\n"})
    made: list[Path] = []
    real_mkdir, real_path_mkdir = os.mkdir, Path.mkdir

    def mkdir(path, *args, **kwargs):
        made.append(Path(path))
        return real_mkdir(path, *args, **kwargs)

    def path_mkdir(self, *args, **kwargs):
        made.append(Path(self))
        return real_path_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(os, "mkdir", mkdir)
    monkeypatch.setattr(Path, "mkdir", path_mkdir)
    write_tree(docs, {"index.md": "# Home again\n", "papers/a.md": "# A\n", "topics/t.md": "# T\n"})
    inside = {path for path in made if docs in path.parents}  # Path.mkdir calls os.mkdir
    assert inside == {docs / "topics"}  # the new page's folder, nothing staged
    assert any(path.parent == tmp_path for path in made)  # the staging area, beside docs/
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"]  # staging cleared away
