"""The project as its mkdocs.yml describes it: the configuration loaded through MkDocs, the
readinglist plugin in it, and the `Settings` the commands run with.

Owns turning every mistake there (no project, no such file, broken YAML, a configuration
MkDocs refuses, the plugin not enabled) into one `ConfigError` naming the file and, for YAML,
the line, and what stopped MkDocs' build of the site into an error that says it
(`build_error`). Must not print or choose exit codes (the CLI does); MkDocs is imported only when a
mkdocs.yml is read, so a project without one never pays for it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.config import Settings
from generator.errors import ConfigError, ReadingListError

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

    from generator.mkdocs.plugin import ReadingListPlugin


def config_path(root: Path, given: Path | None) -> Path:
    """The mkdocs.yml in use: the one given, else the project folder's."""
    return given or root / "mkdocs.yml"


def load_config(root: Path, given: Path | None, *, strict: bool = False) -> MkDocsConfig:
    """mkdocs.yml through MkDocs itself; its mistakes become one line naming the file."""
    from mkdocs.config import load_config as mkdocs_load
    from mkdocs.exceptions import MkDocsException

    path = config_path(root, given)
    if given is not None and not path.is_file():
        raise ConfigError("no such file", path=path)
    if not path.is_file():
        raise ConfigError(f"{no_project(root)} (no mkdocs.yml here)")
    try:
        return mkdocs_load(str(path), strict=strict)
    except MkDocsException as error:
        raise _config_error(error, path) from None


def _config_error(error: Exception, path: Path) -> ConfigError:
    """MkDocs' message, or for a YAML mistake the curator's words at its line."""
    import yaml

    from generator.read.yamlsyntax import syntax_message

    cause = error.__cause__ or error.__context__
    if isinstance(cause, yaml.YAMLError):
        line, message = syntax_message(cause, path.read_text(encoding="utf-8"))
        return ConfigError(f"invalid YAML: {message}", path=path, line=line)
    message = " ".join(str(error).split()) or "invalid configuration (see above)"
    return ConfigError(message, path=path)


def build_error(error: Exception) -> Exception:
    """What stopped MkDocs' build, said where it happened: for MkDocs' own "Aborted with a
    BuildError!", the error it aborted on (a plugin's: Pagefind's, say); for a syntax error
    in a template (an override), the template and its line, which Jinja's message lacks."""
    from jinja2 import TemplateSyntaxError
    from mkdocs.exceptions import Abort

    if isinstance(error, Abort) and isinstance(error.__context__, Exception):
        error = error.__context__  # Abort is raised while handling it
    if isinstance(error, TemplateSyntaxError) and error.filename:
        message = f"template syntax error: {error.message}"
        return ReadingListError(message, path=Path(error.filename), line=error.lineno)
    return error


def no_project(root: Path) -> str:
    return f"not a readinglist project: {root.resolve()}"


def plugin_of(config: MkDocsConfig, path: Path) -> ReadingListPlugin:
    """The readinglist plugin of `config` (read from `path`), which must be enabled."""
    plugin = config.plugins.get("readinglist")
    if plugin is None:
        raise ConfigError("the readinglist plugin is not enabled under `plugins:`", path=path)
    return plugin  # type: ignore[return-value]


def settings(root: Path, given: Path | None) -> Settings:
    """The project's settings: from the plugin's entry in mkdocs.yml when there is one, so that
    `generate` writes exactly what `mkdocs build` would."""
    if not (root / "lists").is_dir():
        raise ConfigError(f"{no_project(root)} (no lists/ folder)")
    if given is None and not (root / "mkdocs.yml").is_file():
        return Settings.from_root(root)
    config = load_config(root, given)
    return plugin_of(config, config_path(root, given)).settings(config)
