"""MkDocs plugin: plain `mkdocs build` and `mkdocs serve` generate the pages first.

Thin by design (Material's plugins are the model): settings in, pipeline called, page context
out. It turns MkDocs settings into `Settings`, runs the pipeline (or takes the collection the
CLI generated), builds the navigation, escapes titles for Material, gives each paper page its
context (`render.Theme`), lets `search` plug Pagefind in, and watches `lists/` while serving.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import jinja2
import markupsafe
import pathspec
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger
from mkdocs.utils.yaml import yaml_load

from generator import pipeline, search
from generator.config import Settings
from generator.errors import BuildFailed, ReadingListError
from generator.models import Collection
from generator.progress import Progress
from generator.render import Theme, rebuild, title_as_html
from generator.render.csp import with_policy
from generator.write import OwnWritesIgnored, foreign_pages, read_manifest

if TYPE_CHECKING:  # the types of MkDocs' event arguments (mkdocs/plugins.py)
    from mkdocs.livereload import LiveReloadServer
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page
    from mkdocs.utils.templates import TemplateContext

log = get_plugin_logger(__name__)
Result = TypeVar("Result")


class ReadingListConfig(base.Config):
    lists_dir = c.Type(str, default="lists")
    related = c.Type(int, default=5)
    page_size = c.Type(int, default=200)
    # "pagefind": Pagefind's chunked index behind Material's search box (README, Searching);
    # "material": Material's own search (one index, built in the reader's browser).
    search_engine = c.Choice(("pagefind", "material"), default="pagefind")


class ReadingListPlugin(BasePlugin[ReadingListConfig]):
    def __init__(self) -> None:
        self.collection: Collection | None = None
        self.pregenerated = False  # set by the CLI, which generates before it builds
        self.theme: Theme | None = None
        self.site_name = ""  # as the curator wrote it; MkDocs' config holds it escaped
        self.watcher: OwnWritesIgnored | None = None
        self.serving = False
        self.rebuilds = rebuild.Rebuilds()  # what `serve` need not render again
        self.page_keys: dict[str, str] = {}
        self.contexts: dict[str, dict] = {}  # made for `serve`'s key, until the page renders
        self.progress = Progress(0, log=log)

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Defining on_startup keeps one plugin instance across `mkdocs serve` rebuilds. The
        generator's log goes through MkDocs' (unless the readinglist command prints it)."""
        self.serving = command == "serve"
        generator_log = logging.getLogger("generator")
        if not generator_log.handlers:
            generator_log.addHandler(_ToMkDocs())
            generator_log.setLevel(logging.INFO)

    def settings(self, config: MkDocsConfig) -> Settings:
        root = Path(config.config_file_path or ".").parent
        return Settings.from_root(
            root,
            lists=self.config.lists_dir,
            docs=str(Path(config.docs_dir).relative_to(root.resolve())),
            site_name=self.site_name or config.site_name,
            site_url=_published_url(config),
            related_count=self.config.related,
            page_size=self.config.page_size,
            pagefind=self.config.search_engine == "pagefind",
        )

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        # Material prints the site name unescaped, in text and in attributes alike: it gets
        # the escaped text, which Jinja's autoescaping (overrides/) does not escape again.
        self.site_name = str(config.site_name)
        config.site_name = markupsafe.escape(self.site_name)
        if self.config.search_engine == "pagefind":
            _report(search.check_installed)
        if self.pregenerated and self.collection is not None:
            self.pregenerated = False  # only the first build; serve rebuilds regenerate
        else:
            self.collection = self.generate(config)
        self.theme = Theme(self.collection, self.settings(config))
        config.not_in_nav = _generated(Path(config.docs_dir))
        if config.nav is None:
            config.nav = self.navigation(config)
        papers = len(self.collection.papers)
        # Advice, not a warning (which would fail a --strict build).
        if advice := search.advice(papers, engine=self.config.search_engine):
            log.info(advice)
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
        """Home, browse, topics, lists, tags, the reader's own list, then the curator's own
        pages. Papers stay out: Material embeds the whole navigation in every page, so listing
        papers there grows as N^2.
        Entries are paths: their titles are the pages' own, escaped like every title."""
        assert self.theme is not None
        site = self.theme.site
        topics = [site.topic_path(t.name) for t in site.collection.taxonomy.topics
                  if site.topic_members[t.name]]  # fmt: skip
        lists = [site.list_path(rl.name) for rl in site.collection.lists]
        return [
            {"Home": "index.md"},
            {"Browse": "browse.md"},
            {"Topics": ["topics/index.md", *topics]},
            {"Lists": ["lists/index.md", *lists]},
            {"Tags": "tags/index.md"},
            {"My list": "my-list/index.md"},
            *foreign_pages(Path(config.docs_dir)),  # the curator's own pages
        ]

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        """Material prints a front-matter title unescaped in several places: escaped here,
        for every page, the curator's own included."""
        if "title" in page.meta:
            page.meta["title"] = title_as_html(page.meta["title"])
        if self.serving:  # a page as it was in the last build needs no Markdown
            assert self.theme is not None
            context = self.contexts[page.file.src_uri] = self._context_of(page)
            key = self.rebuilds.key(page, markdown, context)
            self.page_keys[page.file.src_uri] = key
            return "" if self.rebuilds.reusable(page, key) else markdown
        return markdown

    def _context_of(self, page: Page) -> dict:
        assert self.theme is not None
        return self.theme.context(page.file.src_uri)

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        self.progress = Progress(len(files.documentation_pages()), log=log)
        self.progress.start()
        return files

    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        self.progress.step("Markdown")
        if not self.serving:
            return html
        key = self.page_keys[page.file.src_uri]
        if self.rebuilds.reusable(page, key):
            return self.rebuilds.reuse(page)
        self.rebuilds.remember_content(page, key)
        return html

    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation:
        if self.serving:
            self.rebuilds.start(nav)
        return nav

    def on_env(
        self, env: jinja2.Environment, /, *, config: MkDocsConfig, files: Files
    ) -> jinja2.Environment:
        if self.serving:
            reused = jinja2.DictLoader({rebuild.TEMPLATE: rebuild.TEMPLATE_SOURCE})
            env.loader = jinja2.ChoiceLoader([reused, env.loader])  # type: ignore[list-item]
        return env

    @event_priority(50)  # before Material's search plugin
    def on_page_context(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        assert self.theme is not None
        made = self.contexts.pop(page.file.src_uri, None)
        context.update(made if made is not None else self._context_of(page))  # type: ignore[typeddict-item]
        if page.meta.get("template") == rebuild.TEMPLATE:
            context["readinglist_rendered"] = self.rebuilds.html(page)  # type: ignore[typeddict-unknown-key]
        if self.config.search_engine == "pagefind":
            search.exclude_from_material_index(page.meta)
        return context

    @event_priority(100)  # first: the theme's own output is what a later build reuses
    def _finish_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        self.progress.step("HTML")
        if self.serving and page.meta.get("template") != rebuild.TEMPLATE:
            self.rebuilds.remember_html(page, output)
        if self.config.search_engine == "pagefind":
            output = _report(lambda: search.use_our_worker(output, page.file.src_uri))
        # `mkdocs serve` adds its live-reload script to each page it serves: no policy there.
        return output if self.serving else with_policy(output)

    @event_priority(-100)  # last, once every plugin has had the page
    def _release_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        """A written page's Markdown and HTML body are not read again (links were checked
        when it was rendered): MkDocs would hold every page's until the end, gigabytes at
        whole-conference size."""
        if not self.serving:
            page.markdown, page.content = "", None  # "": MkDocs takes None for "not read"
        return output

    on_post_page = CombinedEvent(_finish_page, _release_page)

    def on_post_template(
        self, output_content: str, /, *, template_name: str, config: MkDocsConfig
    ) -> str:
        """The theme's own pages (404.html) carry the policy too."""
        is_page = template_name.endswith(".html") and not self.serving
        return with_policy(output_content) if is_page else output_content

    @event_priority(-100)  # after Material's search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        self.progress.finish()
        if self.serving:
            log.info("%d pages as in the last build, not rendered again", self.rebuilds.reused)
        if self.config.search_engine == "pagefind":
            _report(lambda: search.build_pagefind(Path(config.site_dir), self.settings(config)))

    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Callable[..., None]
    ) -> LiveReloadServer:
        """Watch docs/ and lists/ for the curator's changes only: the generator's own writes
        there would start a second build after every one."""
        settings = self.settings(config)
        # A folder of its own, where nothing else is written (the cache beside it is, each build)
        signal = settings.cache_path.parent / "serve" / "docs-changed"
        signal.parent.mkdir(parents=True, exist_ok=True)
        signal.touch()
        server.unwatch(config.docs_dir)
        self.watcher = OwnWritesIgnored(
            signal, docs=Path(config.docs_dir), lists=settings.lists_dir, lock=settings.lock_path
        )
        self.watcher.observer.start()
        server.watch(str(signal.parent))
        return server

    def on_shutdown(self) -> None:
        if self.watcher is not None:
            self.watcher.observer.stop()


def _generated(docs: Path) -> pathspec.GitIgnoreSpec:
    """The generated pages, reached from listings rather than the navigation (so MkDocs need
    not list them as left out of it): their folders, and the generated files at the top."""
    tops = {path.split("/")[0] + ("/" if "/" in path else "") for path in read_manifest(docs)}
    return pathspec.GitIgnoreSpec.from_lines(f"/{top}" for top in sorted(tops))


class _ToMkDocs(logging.Handler):
    """The generator's records, passed to MkDocs' plugin logger, which prints them."""

    def emit(self, record: logging.LogRecord) -> None:
        log.log(record.levelno, record.getMessage())


def _published_url(config: MkDocsConfig) -> str:
    """The site's address as configured. `mkdocs serve` replaces `site_url` with its own local
    address, but the pages, exports and feeds are those of the published site, so that
    switching between `serve` and `build` rewrites nothing."""
    if not config.config_file_path:
        return config.site_url or ""
    with open(config.config_file_path, encoding="utf-8") as file:
        configured = yaml_load(file).get("site_url")  # MkDocs' own reading: !ENV, INHERIT
    return str(configured or config.site_url or "")


def _report(action: Callable[[], Result]) -> Result:
    """`action()`, its errors reported to MkDocs as the plugin's."""
    try:
        return action()
    except ReadingListError as error:
        raise PluginError(str(error)) from None
