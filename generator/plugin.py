"""MkDocs plugin: plain `mkdocs build` and `mkdocs serve` generate the pages first.

Thin by design (Material's plugins are the model): it turns MkDocs settings into `Settings`,
runs the pipeline, builds the navigation, hands the theme the addresses it needs for the paper
header, and watches `lists/` while serving. All the work lives in the pipeline.
"""

from __future__ import annotations

import html
import importlib.util
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger

from generator import pipeline
from generator.config import Settings
from generator.errors import BuildFailed, ReadingListError
from generator.models import Collection
from generator.render.site import Site
from generator.write import foreign_pages

if TYPE_CHECKING:  # the types of MkDocs' event arguments (mkdocs/plugins.py)
    import jinja2
    from mkdocs.livereload import LiveReloadServer
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page
    from mkdocs.utils.templates import TemplateContext

log = get_plugin_logger(__name__)


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


class ReadingListConfig(base.Config):
    lists_dir = c.Type(str, default="lists")
    related = c.Type(int, default=5)
    page_size = c.Type(int, default=200)
    # "material": Material's own search (one index, built in the reader's browser);
    # "pagefind": Pagefind's chunked index behind the same search box (README, Searching).
    search_engine = c.Choice(("material", "pagefind"), default="material")


# What Pagefind indexes: the home page, papers, topics and lists (as Material's index does:
# tags and kinds are left out). Within a page only the article, without what repeats other
# pages (related papers, listing entries) or is not prose (buttons, citation, topic evidence).
PAGEFIND_GLOB = "{index.html,papers/**/*.html,topics/**/*.html,lists/**/*.html}"
PAGEFIND_ROOT = "article.md-content__inner"
PAGEFIND_EXCLUDE = [
    ".headerlink", ".md-content__button", ".rl-eyebrow", ".rl-buttons", ".rl-cite", ".rl-why",
    ".rl-page--topic li", ".rl-page--list li",
    ".rl-page--home li",
]  # fmt: skip
WORKER = "assets/javascripts/workers/readinglist-pagefind.js"
PAGEFIND_ADVISED_ABOVE = 1000  # papers; measured in README, Searching
_MATERIAL_WORKER = re.compile(
    r'("search": ")([^"]*?)assets/javascripts/workers/search\.[0-9a-f]+\.min\.js"'
)


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
        if self.config.search_engine == "pagefind" and not importlib.util.find_spec("pagefind"):
            raise PluginError("search_engine: pagefind needs Pagefind: pip install 'pagefind[bin]'")
        if self.pregenerated and self.collection is not None:
            self.pregenerated = False  # only the first build; serve rebuilds regenerate
        else:
            self.collection = self.generate(config)
        if config.nav is None:
            config.nav = self.navigation(config)
        self._advise_on_search()
        return config

    def _advise_on_search(self) -> None:
        """Advice, not a warning (which would fail a --strict build)."""
        papers = len(self.collection.papers) if self.collection else 0
        if self.config.search_engine == "material" and papers > PAGEFIND_ADVISED_ABOVE:
            log.info(
                "%d papers: Material's search loads its whole index before the first result "
                "(seconds at this size); `search_engine: pagefind` answers within a second "
                "(README, Searching)", papers,
            )  # fmt: skip

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

    def on_env(
        self, env: jinja2.Environment, /, *, config: MkDocsConfig, files: Files
    ) -> jinja2.Environment:
        if self.collection is not None:
            urls = Site(self.collection, self.settings(config)).urls()
            env.globals["readinglist"] = urls
        return env

    @event_priority(50)  # before Material's search plugin
    def on_page_context(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        """With Pagefind, Material's own index stays empty (it would only be parsed for
        nothing): Material's search plugin skips pages excluded this way."""
        if self.config.search_engine == "pagefind":
            page.meta["search"] = {"exclude": True}
        return context

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        """With Pagefind, Material's search box talks to our worker instead of its own."""
        if self.config.search_engine != "pagefind":
            return output
        output, count = _MATERIAL_WORKER.subn(rf'\g<1>\g<2>{WORKER}"', output, count=1)
        if not count and 'id="__config"' in output:
            raise PluginError(f"{page.file.src_uri}: Material's search worker address not found")
        return output

    @event_priority(-100)  # after Material's search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if self.config.search_engine == "pagefind":
            build_pagefind(Path(config.site_dir))

    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Callable[..., None]
    ) -> LiveReloadServer:
        server.watch(str(self.settings(config).lists_dir))
        return server


def build_pagefind(site: Path) -> None:
    """Index the built site with Pagefind (its own binary, from the pagefind[bin] wheel: no
    network), put our worker beside Material's, and leave Material's search_index.json only
    its settings: the box still fetches it, but needs no documents from it."""
    command = [
        sys.executable, "-m", "pagefind", "--site", str(site), "--glob", PAGEFIND_GLOB,
        "--root-selector", PAGEFIND_ROOT, "--exclude-selectors", ", ".join(PAGEFIND_EXCLUDE),
        "--force-language", "en", "--quiet",
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0 or not (site / "pagefind" / "pagefind.js").is_file():
        raise PluginError(f"pagefind failed ({result.returncode}): {result.stderr[-2000:]}")
    worker = resources.files("generator.search") / "pagefind_worker.js"
    (site / WORKER).parent.mkdir(parents=True, exist_ok=True)
    with resources.as_file(worker) as source:
        shutil.copyfile(source, site / WORKER)
    index = site / "search" / "search_index.json"
    if index.is_file():
        settings = json.loads(index.read_text(encoding="utf-8")).get("config", {})
        index.write_text(json.dumps({"config": settings, "docs": []}), encoding="utf-8")
    log.info("pagefind: indexed %s", site)
