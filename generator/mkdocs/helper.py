"""A second process building pages beside MkDocs, so that a build uses every core.

MkDocs builds its pages one after another, on one core: at whole-conference size most of a
cold build. Once the navigation is known (`on_nav`), a page's HTML depends only on what the
build holds in memory, so a process forked then builds a share of the pages exactly as MkDocs
would (MkDocs' own `_populate_page` and `_build_page`, every plugin's page events) and writes
them into the site folder, while MkDocs, told those pages are excluded, builds the rest.

What the helper logs is logged again by the build's own loggers (so `--strict` counts its
warnings), its progress joins the build's progress line, and its failure fails the build with
its message. The pages of the navigation stay with MkDocs (`share`), and each is titled
before the fork, as the navigation the helper's pages show reads their titles.

Only where it is safe (`can_help`): a build, not `serve` (forking beside the server's threads
is unsafe); no other thread running; plugins whose per-page state nothing reads afterwards (a
plugin that gathers pages for its `on_post_build` would miss the helper's); Linux, two cores.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import logging
import os
import signal
import traceback
from collections.abc import Callable, Iterable, Iterator
from multiprocessing import Pipe
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING

from mkdocs.commands import build as mkdocs_build
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import InclusionLevel
from mkdocs.structure.pages import Page

from generator import parallel
from generator.mkdocs.reuse import stand_in

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.nav import Navigation

log = logging.getLogger(__name__)
# Plugins whose page events leave nothing that a later event reads: Material's search reads
# its pages again in `on_post_build`, but under Pagefind (the only engine `can_help` allows)
# every page is left out of its index.
SAFE_PLUGINS = frozenset({"readinglist", "search", "material/search"})
MIN_PAGES = 100  # pages each process builds at least: below, forking saves too little
_PAGE_COST = 2_000  # a page's fixed cost (the theme), in bytes of Markdown


def start(
    pages: list[File],
    *,
    config: MkDocsConfig,
    files: Files,
    nav: Navigation,
    title: Callable[[object], object],
    before: Callable[[Callable[[str], None]], None],
) -> Helper | None:
    """A helper building about half of `pages` (the rest left to MkDocs), where one can
    help; `title` and `before` as `title_navigation` and `Helper.start` take them."""
    if not can_help(config, len(pages)):
        return None
    title_navigation(nav, config, files, title=title)
    shared = share(pages, nav)
    log.info("%d of %d pages built by a second process", len(shared), len(pages))
    return Helper.start(shared, config=config, files=files, nav=nav, before=before)


def can_help(config: MkDocsConfig, pages: int) -> bool:
    """Whether a helper may build pages beside this build of `pages` pages."""
    return (
        set(config.plugins) <= SAFE_PLUGINS
        and parallel.worker_count(pages, min_items=MIN_PAGES) > 1
    )


def share(files: Iterable[File], nav: Navigation) -> list[File]:
    """The helper's half of the pages to build, by their Markdown's size: pages of the
    navigation stay with MkDocs, whose half they start."""
    in_nav = {page.file for page in nav.pages}
    loads = [0, 0]  # MkDocs', the helper's
    shared: list[File] = []
    for file in sorted(files, key=lambda f: (-_cost(f), f.src_uri)):
        if file in in_nav:
            loads[0] += _cost(file)
        else:
            mine = loads[1] < loads[0]
            loads[mine] += _cost(file)
            if mine:
                shared.append(file)
    return shared


def _cost(file: File) -> int:
    return _PAGE_COST + len(file.content_bytes)


def title_navigation(
    nav: Navigation, config: MkDocsConfig, files: Files, *, title: Callable[[object], object]
) -> None:
    """Every page of the navigation given now the title it will have (`title` of its front
    matter's, as the plugin shows it): the helper renders the navigation before MkDocs has
    read them. A page titled by its first heading is rendered for it, quietly (MkDocs
    renders it again when it builds it, and says then what it has to say)."""
    for page in nav.pages:
        if page.markdown is None and not stand_in(page, title):
            page.read_source(config)
            with _quiet(logging.getLogger("mkdocs.structure.pages")):
                page.render(config, files)


@contextlib.contextmanager
def _quiet(logger: logging.Logger) -> Iterator[None]:
    disabled, logger.disabled = logger.disabled, True
    try:
        yield
    finally:
        logger.disabled = disabled


class Helper:
    """The forked process and the end of the pipe its messages come through."""

    def __init__(self, pid: int, messages: Connection, pages: list[File]) -> None:
        self.pid, self.messages, self.pages = pid, messages, pages
        self.failure: str | None = None
        self.done = False

    @classmethod
    def start(
        cls,
        pages: list[File],
        *,
        config: MkDocsConfig,
        files: Files,
        nav: Navigation,
        before: Callable[[Callable[[str], None]], None],
    ) -> Helper:
        """Forks the helper, which builds `pages`; here they are excluded from the build.
        `before(step)` runs first in the helper: the plugin there reports each page's step
        through `step(pass_name)`."""
        reader, writer = Pipe(duplex=False)
        parent = os.getpid()
        # Objects the collector would walk (writing to each) are frozen first: the helper then
        # shares the build's memory instead of copying it page by page.
        gc.freeze()
        pid = os.fork()
        if pid == 0:  # the helper
            _die_with(parent)
            reader.close()
            _run_helper(writer, pages, config=config, files=files, nav=nav, before=before)
        gc.unfreeze()
        writer.close()
        for file in pages:
            file.inclusion = InclusionLevel.EXCLUDED
            if file.page is None:  # for its address, in the sitemap
                Page(None, file, config)
        return cls(pid, reader, pages)

    def poll(self, on_step: Callable[[str], None]) -> None:
        """What the helper said so far: progress steps to `on_step`, log records logged."""
        while not self.done and self.messages.poll():
            self._take(self.messages.recv(), on_step)

    def wait(self, on_step: Callable[[str], None]) -> None:
        """Until the helper is done; its failure raised as the build's."""
        while not self.done:
            try:
                message = self.messages.recv()
            except EOFError:
                message = ("failed", "the page helper stopped without a word")
            self._take(message, on_step)
        os.waitpid(self.pid, 0)
        if self.failure is not None:
            raise PluginError(f"a page built by the second process failed: {self.failure}")

    def stop(self) -> None:
        """The build failed or was interrupted: the helper goes too."""
        if not self.done:
            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except (ProcessLookupError, ChildProcessError):
                pass
            self.done = True

    def _take(self, message: tuple, on_step: Callable[[str], None]) -> None:
        kind, *rest = message
        if kind == "step":
            on_step(rest[0])
        elif kind == "log":
            name, level, text = rest
            logging.getLogger(name).log(level, text)
        else:  # "done" or "failed"
            self.done = True
            self.failure = rest[0] if kind == "failed" else None


def _run_helper(
    messages: Connection,
    pages: list[File],
    *,
    config: MkDocsConfig,
    files: Files,
    nav: Navigation,
    before: Callable[[Callable[[str], None]], None],
) -> None:
    """The helper's whole life: build `pages`, say how it went, and leave without running
    anything of the parent's at exit (its locks, temporary folders and pools are the
    parent's)."""
    code = 1
    try:
        _relay_logs(messages)
        before(lambda pass_name: messages.send(("step", pass_name)))
        _build(pages, config=config, files=files, nav=nav)
        messages.send(("done",))
        code = 0
    except BaseException as error:  # reported to the parent, which fails the build
        messages.send(("failed", _failure(error)))
    finally:
        os._exit(code)


def _build(pages: list[File], *, config: MkDocsConfig, files: Files, nav: Navigation) -> None:
    """MkDocs' two passes over `pages`, as its `build` makes them."""
    for file in pages:
        page = file.page or Page(None, file, config)
        mkdocs_build._populate_page(page, config, files)
    env = config.plugins.on_env(config.theme.get_env(), config=config, files=files)
    included = files.documentation_pages(inclusion=InclusionLevel.is_included)
    for file in pages:
        assert file.page is not None
        mkdocs_build._build_page(file.page, config, included, nav, env)


def _failure(error: BaseException) -> str:
    if isinstance(error, KeyboardInterrupt):
        return "interrupted"
    last = traceback.extract_tb(error.__traceback__)[-1:]
    where = f" ({last[0].filename}:{last[0].lineno})" if last else ""
    return f"{type(error).__name__}: {error}{where}"


def _die_with(parent: int) -> None:
    """The helper killed when the build's process dies, however it dies: left running, it
    would write into the next build's folder and hold the run lock (inherited) meanwhile."""
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # died before that took effect
        os._exit(1)


_PR_SET_PDEATHSIG = 1  # linux/prctl.h


class _Relay(logging.Handler):
    """Each record once (a record passes every handler up its logger's chain), to the
    parent, which logs it again under the same logger."""

    def __init__(self, messages: Connection) -> None:
        super().__init__()
        self.messages = messages
        self.last: logging.LogRecord | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if record is not self.last:
            self.last = record
            self.messages.send(("log", record.name, record.levelno, record.getMessage()))


def _relay_logs(messages: Connection) -> None:
    """Every logger that prints in the parent sends to it instead."""
    relay = _Relay(messages)
    loggers = [logging.getLogger(), *logging.Logger.manager.loggerDict.values()]
    for logger in loggers:
        if isinstance(logger, logging.Logger) and logger.handlers:
            logger.handlers = [relay]
