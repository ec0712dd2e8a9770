"""The theme's compiled templates, kept in the build cache between builds.

Jinja compiles a template to Python the first time an environment loads it. MkDocs makes a new
environment for every build and every `mkdocs serve` rebuild, so Material's templates (a
hundred files, the page's own and every partial it includes) were compiled again each time, a
large share of what a rebuild costs whatever changed. Jinja's own bytecode cache keeps the compiled code in
files keyed by template name and checked against the template's source, so an edited
override is compiled again. The code Jinja makes also depends on Jinja itself and on the
environment MkDocs and Material set up, so each set of their versions has a folder of its own.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import jinja2

from generator import cache


def templates_cache(cache_dir: Path) -> jinja2.FileSystemBytecodeCache:
    """Jinja's bytecode cache in the project's build cache folder `cache_dir`."""
    made_by = f"{cache.versions()} jinja2 {jinja2.__version__}"
    versions = hashlib.sha256(made_by.encode()).hexdigest()[:16]
    folder = cache_dir / "templates" / versions
    folder.mkdir(parents=True, exist_ok=True)
    return jinja2.FileSystemBytecodeCache(str(folder))
