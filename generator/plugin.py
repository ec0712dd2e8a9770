"""MkDocs plugin: plain `mkdocs build` and `mkdocs serve` generate the pages first.

Thin by design (Material's plugins are the model): it turns MkDocs settings into `Settings`,
runs the pipeline, builds the navigation, hands the theme the addresses it needs for the paper
header, and watches `lists/` while serving. All the work lives in the pipeline.
"""

from __future__ import annotations

import html
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, get_plugin_logger

from . import pipeline
from .config import Settings
from .errors import BuildFailed, ReadingListError
from .models import Collection
from .render import Site
from .writer import foreign_pages

log = get_plugin_logger(__name__)


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


class ReadingListConfig(base.Config):
    lists_dir = c.Type(str, default="lists")
    related = c.Type(int, default=5)
    page_size = c.Type(int, default=200)


class ReadingListPlugin(BasePlugin[ReadingListConfig]):
    def __init__(self) -> None:
        self.collection: Collection | None = None
        self.pregenerated = False  # set by the CLI, which generates before it builds

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Defining on_startup keeps one plugin instance across `mkdocs serve` rebuilds."""

    def settings(self, config: MkDocsConfig) -> Settings:
        root = Path(config.config_file_path or ".").parent
        return Settings.from_root(
            root,
            lists=self.config.lists_dir,
            docs=str(Path(config.docs_dir).relative_to(root.resolve())),
            site_name=config.site_name,
            site_url=config.site_url or "",
            related_count=self.config.related,
            page_size=self.config.page_size,
        )

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        if self.pregenerated and self.collection is not None:
            self.pregenerated = False  # only the first build; serve rebuilds regenerate
        else:
            self.collection = self.generate(config)
        if config.nav is None:
            config.nav = self.navigation(config)
        return config

    def generate(self, config: MkDocsConfig) -> Collection:
        try:
            report = pipeline.generate(self.settings(config))
        except BuildFailed as failure:
            for problem in failure.problems:
                log.error(str(problem))
            raise PluginError(str(failure)) from None
        except ReadingListError as error:
            raise PluginError(str(error)) from None
        for problem in report.collection.problems:
            log.warning(str(problem))
        log.info(
            "%d papers, %d pages written, %d removed in %.2fs",
            len(report.collection.papers), len(report.written), len(report.removed),
            report.seconds,
        )  # fmt: skip
        return report.collection

    def navigation(self, config: MkDocsConfig) -> list:
        """Home, topics, lists, tags, then the curator's own pages. Papers stay out: Material
        embeds the whole navigation in every page, so listing papers there grows as N^2."""
        assert self.collection is not None
        site = Site(self.collection, self.settings(config))
        members = site.topic_members()
        # Material prints navigation titles as HTML: names from curator files are escaped.
        topics = [{_escape(t.name): site.topic_path(t.name)}
                  for t in self.collection.taxonomy.topics if members[t.name]]  # fmt: skip
        lists = [{_escape(rl.name): site.list_path(rl.name)} for rl in self.collection.lists]
        return [
            {"Home": "index.md"},
            {"Topics": ["topics/index.md", *topics]},
            {"Lists": ["lists/index.md", *lists]},
            {"Tags": "tags/index.md"},
            *foreign_pages(Path(config.docs_dir)),  # the curator's own pages
        ]

    def on_env(self, env, /, *, config: MkDocsConfig, files):
        if self.collection is not None:
            urls = Site(self.collection, self.settings(config)).urls()
            env.globals["readinglist"] = urls
        return env

    def on_serve(self, server, /, *, config: MkDocsConfig, builder):
        server.watch(str(self.settings(config).lists_dir))
        return server
