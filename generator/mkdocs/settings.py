"""The plugin's options in mkdocs.yml, and the project's `Settings` a build makes of them."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.utils.yaml import yaml_load

from generator.config import Settings


class ReadingListConfig(base.Config):
    lists_dir = c.Type(str, default="lists")
    related = c.Type(int, default=5)
    page_size = c.Type(int, default=200)
    # "pagefind": Pagefind's chunked index behind Material's search box (README, Searching);
    # "material": Material's own search (one index, built in the reader's browser).
    search_engine = c.Choice(("pagefind", "material"), default="pagefind")


def settings_of(config: MkDocsConfig, options: ReadingListConfig, *, site_name: str) -> Settings:
    """The settings of the project `config` builds, with the plugin's `options`."""
    root = Path(config.config_file_path or ".").parent
    return Settings.from_root(
        root,
        lists=options.lists_dir,
        docs=str(Path(config.docs_dir).relative_to(root.resolve())),
        site_name=site_name,
        site_url=_published_url(config),
        related_count=options.related,
        page_size=options.page_size,
        pagefind=options.search_engine == "pagefind",
        theme_dir=_theme_dir(config),
    )


def _theme_dir(config: MkDocsConfig) -> Path | None:
    custom = config.theme.custom_dir
    return Path(custom).absolute() if custom else None


def project_root(config: MkDocsConfig) -> Path:
    return Path(config.config_file_path or ".").parent.resolve()


def _published_url(config: MkDocsConfig) -> str:
    """The site's address as configured (`mkdocs serve` puts its own in `site_url`): pages,
    exports and feeds are the published site's, so serve and build rewrite nothing."""
    if not config.config_file_path:
        return config.site_url or ""
    with open(config.config_file_path, encoding="utf-8") as file:
        configured = yaml_load(file).get("site_url")  # MkDocs' own reading: !ENV, INHERIT
    return str(configured or config.site_url or "")
