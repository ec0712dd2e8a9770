"""The hooks: plain `mkdocs build` and `mkdocs serve` generate the pages first.

Thin by design (Material's plugins are the model): settings in, pipeline called, page context
out. It turns MkDocs settings into `Settings`, runs the pipeline (or takes the collection the
caller generated, `use_collection`), gives MkDocs the navigation (`nav`), escapes titles for
Material, gives each paper page its context (`render.Theme`), reuses unchanged pages
(`reuse`), lets `search` plug Pagefind in, and watches docs/ and lists/ while serving (`watch`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import markupsafe
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority, get_plugin_logger

from generator import pipeline, search, write
from generator.config import Settings
from generator.errors import BuildFailed, ReadingListError
from generator.mkdocs import helper, nav, reuse
from generator.mkdocs.blocks import Blocks
from generator.mkdocs.csp import with_policy
from generator.mkdocs.indexing import Indexer
from generator.mkdocs.paragraphs import Paragraphs
from generator.mkdocs.progress import Progress, Relayed
from generator.mkdocs.settings import ReadingListConfig, project_root, settings_of
from generator.mkdocs.watch import OwnWritesIgnored, watch_for_curator
from generator.models import Collection
from generator.render import Theme, title_as_html
from generator.write import RunLock

if TYPE_CHECKING:  # the types of MkDocs' event arguments (mkdocs/plugins.py)
    import jinja2
    from mkdocs.livereload import LiveReloadServer
    from mkdocs.structure.files import Files
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page
    from mkdocs.utils.templates import TemplateContext

log = get_plugin_logger(__name__)
Result = TypeVar("Result")


class ReadingListPlugin(BasePlugin[ReadingListConfig]):
    def __init__(self) -> None:
        self.collection: Collection | None = None
        self._given: Collection | None = None  # `use_collection`'s, for the next build only
        self.theme: Theme | None = None
        self.site_name = ""  # as the curator wrote it; MkDocs' config holds it escaped
        self.watcher: OwnWritesIgnored | None = None
        self.serving = self.dirty = False
        self.store: reuse.PageStore | None = None  # pages as the last build made them
        self.quiet = reuse.QuietAboutReused()
        self.indexer = Indexer()
        self.progress = Progress(0, log=log)
        self.run_lock = RunLock(None)  # one run at a time: from on_config to the build's end
        self.helper: helper.Helper | None = None  # a process building pages beside MkDocs
        self.paragraphs: dict[str, Paragraphs] = {}  # set aside from pages being built
        self.blocks: Blocks | None = None  # the HTML of generated pages' listings

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Keeps one instance across `mkdocs serve` rebuilds; our log goes through MkDocs'."""
        self.serving, self.dirty = command == "serve", dirty
        logging.getLogger("mkdocs.structure.pages").addFilter(self.quiet)
        generator_log = logging.getLogger("generator")
        if not generator_log.handlers:
            generator_log.addHandler(_ToMkDocs())
            generator_log.setLevel(logging.INFO)

    def use_collection(self, collection: Collection) -> None:
        """The collection just generated from these settings (`readinglist build` generates
        before it builds, to report problems first): the next build uses it instead of
        generating again. Any build after that (`serve`'s) generates afresh."""
        self._given = collection

    def settings(self, config: MkDocsConfig) -> Settings:
        return settings_of(config, self.config, site_name=self.site_name or config.site_name)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.run_lock = _report(lambda: RunLock.taken(self.settings(config).cache.folder))
        # Material prints the site name unescaped, in text and in attributes alike: it gets
        # the escaped text, which Jinja's autoescaping (overrides/) does not escape again.
        self.site_name = str(config.site_name)
        config.site_name = markupsafe.escape(self.site_name)
        if self.config.search_engine == "pagefind":
            _report(search.check_installed)
        given, self._given = self._given, None
        self.collection = given if given is not None else self.generate(config)
        self.theme = Theme(self.collection, self.settings(config))
        self.blocks = Blocks(self.collection, self.theme.site)
        config.not_in_nav = nav.generated(Path(config.docs_dir))
        if config.nav is None:
            config.nav = nav.navigation(self.theme.site, Path(config.docs_dir))
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

    def on_page_markdown(
        self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        """Material prints a front-matter title unescaped: escaped here, for every page. The
        listings and HTML paragraphs of a generated page wait aside until its HTML (`blocks`)."""
        if "title" in page.meta:
            page.meta["title"] = title_as_html(page.meta["title"])
        generated = config.not_in_nav and config.not_in_nav.match_file(page.file.src_uri)
        if generated and self.blocks is not None:  # (always, once on_config has run)
            kept = self.paragraphs[page.file.src_uri] = Paragraphs(markdown)
            markdown = self.blocks.set_aside(markdown, page=page, files=files, keep=kept.aside)
            markdown = kept.hide(markdown)
        return markdown

    def _context_of(self, page: Page) -> dict:
        assert self.theme is not None
        return self.theme.context(page.file.src_uri)

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        self.progress = Progress(len(files.documentation_pages()), log=log)
        self.progress.start()
        return files

    @event_priority(100)  # first: the page whole again before any plugin reads it
    def on_page_content(
        self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        self.progress.step("Markdown")
        if (kept := self.paragraphs.pop(page.file.src_uri, None)) is not None:
            html = kept.restore(html)
        if self.helper is not None:
            self.helper.poll(self.progress.step)
        return html

    @event_priority(-100)  # last: the navigation as every plugin left it
    def on_nav(self, nav: Navigation, /, *, config: MkDocsConfig, files: Files) -> Navigation:
        """Pages whose HTML the last build made from the same inputs are left out of this one
        (`reuse`); the others are built."""
        self.store = self._page_store(config)
        if self.store is not None:
            assert self.theme is not None
            site = reuse.site_key(config, root=project_root(config), serving=self.serving)
            generated = set(write.read_manifest(Path(config.docs_dir)))
            keyed = reuse.keyed_pages(nav, files, site=site, context=self.theme.context_key,
                                      generated=generated)  # fmt: skip
            self.store.sort(files, keyed, nav, config, title=title_as_html)
            self.progress.total -= len(self.store.reused)
            self.quiet.reused = {file.src_uri for file in self.store.reused}
            self._start_helper(nav, config, files)
        return nav

    def _start_helper(self, nav: Navigation, config: MkDocsConfig, files: Files) -> None:
        """Half the pages to build built by a helper process, where one can help."""
        assert self.store is not None
        if not self.serving:
            built = list(self.store.built)
            self.helper = helper.start(built, config=config, files=files, nav=nav,
                                       title=title_as_html, before=self._helping)  # fmt: skip
        if self.helper is not None:
            self.quiet.reused |= {file.src_uri for file in self.helper.pages}

    def _helping(self, step: Callable[[str], None]) -> None:
        """In the helper: its progress shown by the build's."""
        self.progress, self.helper = Relayed(step), None

    def _page_store(self, config: MkDocsConfig) -> reuse.PageStore | None:
        """Material's own search indexes every page it builds: with it, every page is built."""
        if self.config.search_engine != "pagefind":
            return None
        # `serve`'s pages differ from a build's: each keeps its own last site
        return reuse.PageStore(self.settings(config).cache.pages(serving=self.serving))

    def on_template_context(
        self, context: TemplateContext, /, *, template_name: str, config: MkDocsConfig
    ) -> TemplateContext:
        """The sitemap lists the reused pages too."""
        if template_name == "sitemap.xml" and self.store is not None:
            context["pages"] = self.store.published()
        return context

    @event_priority(-100)  # after other plugins' changes to the environment, which the cache keys
    def on_env(
        self, env: jinja2.Environment, /, *, config: MkDocsConfig, files: Files
    ) -> jinja2.Environment:
        env.filters["split"] = str.split  # built into Zensical's engine; the overrides use it
        # Templates are compiled in memory (about 0.8 s for every template a page uses, at
        # every build): Jinja's bytecode cache would load code from the build cache.
        return env

    @event_priority(50)  # before Material's search plugin
    def on_page_context(
        self, context: TemplateContext, /, *, page: Page, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        context.update(self._context_of(page))  # type: ignore[typeddict-item]
        if self.config.search_engine == "pagefind":
            search.exclude_from_material_index(page.meta)
        return context

    @event_priority(100)  # first: the theme's own output is what a later build reuses
    def _finish_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        self.progress.step("HTML")
        if self.config.search_engine == "pagefind":
            output = _report(lambda: search.use_our_worker(output, page.file.src_uri))
        # `mkdocs serve` adds its live-reload script to each page it serves: no policy there.
        return output if self.serving else with_policy(output, page.content or "")

    @event_priority(-100)  # last, once every plugin has had the page
    def _release_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        """A written page's Markdown and HTML body are not read again (links were checked
        when it was rendered): MkDocs would hold every page's until the end, gigabytes at
        whole-conference size."""
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
        if (beside := self.helper) is not None:
            self.helper = None
            beside.wait(self.progress.step)
        self.progress.finish()
        if self.store is not None:
            self.store.finish(Path(config.site_dir))
            log.info("%d pages as in the last build, not built again", len(self.store.reused))
        if self.config.search_engine == "pagefind":
            site = Path(config.site_dir)
            _report(lambda: self.indexer.index(site, self.settings(config), behind=self.serving))
        self.run_lock.release()

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        """MkDocs is about to empty the site folder (which the index behind may be reading):
        its files are moved out now and removed behind the build."""
        self.indexer.wait()
        if not self.dirty:
            trash = self.settings(config).cache.folder
            write.discard_contents(Path(config.site_dir), trash)

    def on_build_error(self, *, error: Exception) -> None:
        if (beside := self.helper) is not None:
            self.helper = None
            beside.stop()
        self.run_lock.release()

    def on_serve(
        self, server: LiveReloadServer, /, *, config: MkDocsConfig, builder: Callable[..., None]
    ) -> LiveReloadServer:
        """Watch docs/ and lists/ for the curator's changes only (not our own writes)."""
        settings = self.settings(config)
        self.watcher = watch_for_curator(server, config.docs_dir, settings)
        return server

    def on_shutdown(self) -> None:
        self.indexer.wait()
        if self.watcher is not None:
            self.watcher.observer.stop()


class _ToMkDocs(logging.Handler):
    """The generator's records, passed to MkDocs' plugin logger, which prints them."""

    def emit(self, record: logging.LogRecord) -> None:
        log.log(record.levelno, record.getMessage())


def _report(action: Callable[[], Result]) -> Result:
    """`action()`, its errors reported to MkDocs as the plugin's."""
    try:
        return action()
    except ReadingListError as error:
        raise PluginError(str(error)) from None
