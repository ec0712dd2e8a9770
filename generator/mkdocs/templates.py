"""The theme's compiled templates, kept in the build cache between builds.

Jinja compiles a template to Python the first time an environment loads it, and MkDocs makes
a new environment for every build and every `mkdocs serve` rebuild: without a cache, every
rebuild would compile Material's templates (the page's own and every partial it includes)
again, whatever changed. Jinja's own bytecode cache keeps the compiled code in files keyed by
template name and checked against the template's source, so an edited override is compiled
again. The code Jinja makes also depends on Jinja itself, on the environment MkDocs and
Material set up (its extensions and syntax settings), so each set of their versions and
settings has a folder of its own.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import jinja2

from generator import cache


def templates_cache(cache_dir: Path, env: jinja2.Environment) -> jinja2.FileSystemBytecodeCache:
    """Jinja's bytecode cache for `env` in the project's build cache folder `cache_dir`."""
    made_by = f"{cache.versions()} jinja2 {jinja2.__version__} {_compiled_with(env)}"
    versions = hashlib.sha256(made_by.encode()).hexdigest()[:16]
    folder = cache_dir / "templates" / versions
    folder.mkdir(parents=True, exist_ok=True)
    return jinja2.FileSystemBytecodeCache(str(folder))


def _compiled_with(env: jinja2.Environment) -> str:
    """What of `env` shapes the code a template compiles to: its syntax, its extensions and
    whether it finalizes output (by name: a function's repr holds its address)."""
    syntax = (
        env.block_start_string, env.block_end_string, env.variable_start_string,
        env.variable_end_string, env.comment_start_string, env.comment_end_string,
        env.line_statement_prefix, env.line_comment_prefix, env.trim_blocks, env.lstrip_blocks,
        env.newline_sequence, env.keep_trailing_newline, env.optimized, env.is_async,
    )  # fmt: skip
    finalize = getattr(env.finalize, "__qualname__", None)
    return repr((syntax, sorted(env.extensions), finalize))
