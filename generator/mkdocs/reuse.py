"""Pages MkDocs need not build again: their HTML as the last build wrote it, by their inputs.

MkDocs builds every page of the site at every build, which at a whole conference is most of
the time between saving an abstract and seeing it. A page's HTML depends only on its source
(Markdown and front matter), its address, the context this package adds to it, the navigation
every page shows, the site's configuration, theme and code, and what its links resolve
against (`link_targets`: a link to a page that does not exist is left as written). `PageStore`
keeps each page's finished HTML in the build cache, in a file named by a digest of those
inputs (`keyed_pages`), checked against the digest it was stored with (`buildcache.pages`), so
a file found there is the page as a fresh build would write it.

Such a page is left out of MkDocs' build (an excluded file: not read, rendered or written, and
links to it are not warnings) and its stored HTML put in the site once MkDocs is done. A page
of the navigation left out is given its front matter, unread, for the title and settings the
navigation of the other pages shows; one whose title would come from its first heading is
built. MkDocs dates the gzipped sitemap by the pages it built, or by the clock when it built
none: `finish` dates it by every page of the site, as a cold build does (`date_sitemap`).
"""

from __future__ import annotations

import gzip
import logging
import re
from collections.abc import Callable, Collection, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.structure.files import InclusionLevel
from mkdocs.structure.pages import Page
from mkdocs.utils import get_build_timestamp, meta

from generator.buildcache import keys
from generator.buildcache.pages import PageFiles
from generator.write import config_files

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.nav import Navigation


def navigation_key(nav: Navigation) -> str:
    """What the navigation shows on every page: each item's title and address, in order.
    The titles of pages are read from their front matter; a page without one (its title
    then comes from its first heading) counts whole."""
    return keys.digest(repr(_outline(nav.items)))


def _outline(items: list) -> list:
    return [
        (_title(item), getattr(item, "url", ""), _outline(getattr(item, "children", None) or []))
        for item in items
    ]


def _title(item: object) -> str:
    if getattr(item, "title", None) or not isinstance(item, Page):
        return str(getattr(item, "title", ""))
    source = item.file.content_string
    return str(meta.get_data(source)[1].get("title") or source)


def keyed_pages(
    nav: Navigation,
    files: Files,
    *,
    site: str,
    context: Callable[[str], str],
    generated: Collection[str],
) -> list[tuple[File, str]]:
    """Each page and the digest of everything its HTML is made from: `site` (`site_key`), the
    navigation, its address and source, `context(source path)`, what the plugin adds to its
    page context, and for a page not `generated` (the curator's own), `link_targets`.

    A generated page links only to pages generated with it, from the same collection: a
    target that appears, moves or goes changes the linking page's own source too."""
    shown = navigation_key(nav)
    targets = link_targets(files)

    def key(file: File) -> str:
        links = "" if file.src_uri in generated else targets
        return keys.digest(
            site, shown, file.src_uri, file.content_bytes, context(file.src_uri), links
        )

    return [(file, key(file)) for file in files.documentation_pages()]


def link_targets(files: Files) -> str:
    """What MkDocs resolves a page's relative links against: every file of the site, by its
    source path and its address (a link to a file that is not there is left as written)."""
    return keys.digest(*sorted(f"{file.src_uri}\n{file.url}" for file in files))


class PageStore:
    """Finished HTML of the last build's pages, `<key>.html` in `folder`."""

    def __init__(self, folder: Path) -> None:
        self.stored = PageFiles(folder)
        self.files: Files | None = None
        self.reused: dict[File, str] = {}  # excluded from this build, and their keys
        self.built: dict[File, str] = {}  # built by MkDocs now, to be stored

    def sort(
        self,
        files: Files,
        keyed: Iterable[tuple[File, str]],
        nav: Navigation,
        config: MkDocsConfig,
        *,
        title: Callable[[object], object],
    ) -> None:
        """Each page of `keyed` with HTML stored for its key is left out of MkDocs' build
        (with a bare `Page`, for its address; a page of the navigation given its front
        matter and `title(its title)`, which the navigation other pages show reads); the
        others are built and stored afterwards."""
        self.files = files
        in_nav = {page.file: page for page in nav.pages}
        for file, key in keyed:
            if self.stored.holds(key) and (file not in in_nav or stand_in(in_nav[file], title)):
                file.inclusion = InclusionLevel.EXCLUDED
                if file.page is None:
                    Page(None, file, config)
                self.reused[file] = key
            else:
                self.built[file] = key

    def published(self) -> list[File]:
        """Every page the built site holds, in MkDocs' order: those reused and those built
        (by MkDocs, or beside it by a `helper`)."""
        return [f for f in self.files or () if f in self.reused or f in self.built]

    def finish(self, site_dir: Path) -> None:
        """The reused pages put into the site, and the sitemap dated by them too; the pages
        just built stored; the HTML of pages no longer in the site dropped from the store."""
        date_sitemap(site_dir, self.published())
        for file, key in self.reused.items():
            self.stored.take(key, site_dir / file.dest_uri)
        for file, key in self.built.items():
            written = site_dir / file.dest_uri
            if written.is_file():
                self.stored.put(key, written)
        self.stored.keep_only({*self.reused.values(), *self.built.values()})


def date_sitemap(site_dir: Path, files: Iterable[File]) -> None:
    """`sitemap.xml.gz` gzipped again as MkDocs gzips it, dated by the latest date of the
    site's pages (`files`): MkDocs reads the dates of the pages it built only, and of none
    (every page reused) takes the clock's time, which a cold build never records."""
    sitemap = site_dir / "sitemap.xml"
    if not sitemap.is_file():  # a theme without one
        return
    stamp = get_build_timestamp(pages=[file.page for file in files if file.page is not None])
    zipped = site_dir / "sitemap.xml.gz"
    with (  # as MkDocs writes it: named after the file, at the default level
        open(zipped, "wb") as raw,
        gzip.GzipFile(str(zipped), "wb", fileobj=raw, mtime=stamp) as packed,
    ):
        packed.write(sitemap.read_bytes())


def stand_in(page: Page, title: Callable[[object], object]) -> bool:
    """A page of the navigation given, unread, the front matter and title reading it would
    give (False: its title would come from its first heading, so it must be built)."""
    data = meta.get_data(page.file.content_string)[1]
    if "title" in data:
        data["title"] = title(data["title"])
    elif not page.title:
        return False
    page.meta, page.markdown = data, ""
    return True


class QuietAboutReused(logging.Filter):
    """MkDocs notes every link to an excluded page; links to reused pages are not news."""

    def __init__(self) -> None:
        super().__init__()
        self.reused: set[str] = set()  # source paths of this build's reused pages

    def filter(self, record: logging.LogRecord) -> bool:
        found = _LINK_TO_EXCLUDED.search(record.getMessage())
        return found is None or found[1] not in self.reused


_LINK_TO_EXCLUDED = re.compile(r"contains a link to '([^']*)' which is excluded from the built")


def site_key(config: MkDocsConfig, *, root: Path, serving: bool) -> str:
    """What every page's HTML depends on besides its own inputs: the generator's code, the
    versions of MkDocs and the theme, the configuration as written and as resolved (`!ENV`),
    the project's own theme files, and whether `mkdocs serve` builds it."""
    settings = [config[name] for name in _SETTINGS]
    parts: list[str | bytes] = [
        keys.code_digest(),
        keys.versions(),
        repr(settings),
        str(serving),
    ]
    for path in _project_files(config, root):  # by their place in the project: it may move
        parts += [_relative(path, root), path.read_bytes()]
    return keys.digest(*parts)


# What MkDocs and the theme print on every page, as resolved from mkdocs.yml.
_SETTINGS = ("site_name", "site_url", "site_description", "site_author", "copyright", "repo_url",
             "repo_name", "edit_uri", "extra", "extra_css", "extra_javascript",
             "markdown_extensions", "mdx_configs", "use_directory_urls", "nav")  # fmt: skip


def _project_files(config: MkDocsConfig, root: Path) -> list[Path]:
    """mkdocs.yml, its hooks and what it inherits, and the theme folders of the project."""
    files = config_files(config)
    for folder in (Path(d) for d in config.theme.dirs if Path(d).resolve().is_relative_to(root)):
        files += sorted(path for path in folder.rglob("*") if path.is_file())
    return files


def _relative(path: Path, root: Path) -> str:
    resolved = path.resolve()
    return resolved.relative_to(root).as_posix() if resolved.is_relative_to(root) else str(path)
