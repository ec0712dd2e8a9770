"""The Jinja2 environments that write generated pages, and the escaping every template gets.

Templates are Jinja2 files in `templates/`. Output is Markdown, so the escaping is Markdown's:
every value a template prints is escaped by `finalize` unless it is `Md` (Markdown this
package produced itself, from the markup module or from a URL it built). A template cannot
forget to escape. Front matter is a dict dumped by python-frontmatter (through `yamldump`),
never formatted by hand. Redirect pages are HTML and get HTML's escaping.
"""

from __future__ import annotations

import posixpath
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import frontmatter
import jinja2

from generator import markup
from generator.render import yamldump

if TYPE_CHECKING:
    from generator.render.site import Site

TEMPLATES = Path(__file__).parent / "templates"
_FRONT_MATTER = yamldump.Handler()


class Md(str):
    """Markdown that is safe as it is: printed by templates without escaping."""


def _finalize(value: object) -> str:
    if isinstance(value, Md):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return markup.escape_markdown(str(value))


MARKDOWN = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    undefined=jinja2.StrictUndefined,
    auto_reload=False,  # templates are part of the package: no file check on every page
    autoescape=False,  # output is Markdown: `_finalize` escapes for Markdown instead of HTML
    finalize=_finalize,
    keep_trailing_newline=True,
    trim_blocks=True,
    lstrip_blocks=True,
)


HTML = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined, autoescape=True
)


def compile_all() -> None:
    """Every template compiled here, once, before the workers that render the batches are
    forked: each worker would otherwise compile them again (0.1 s each, in every pool)."""
    for environment, suffix in ((MARKDOWN, ".md.j2"), (HTML, ".html.j2")):
        for name in environment.list_templates():
            if name.endswith(suffix):
                environment.get_template(name)


@lru_cache(maxsize=1 << 16)
def relative(target: str, base: str) -> str:
    """`posixpath.relpath` for paths under docs/, without its os.getcwd() on every call."""
    to, here = target.split("/"), base.split("/") if base else []
    common = 0
    while common < min(len(to) - 1, len(here)) and to[common] == here[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + to[common:])


def page(template: str, path: str, meta: dict, *, site: Site, **context: object) -> str:
    """A generated page: `meta` as front matter, then the template's body, which may link
    with `href(path)` and list papers with `listed(ids)`."""
    folder = posixpath.dirname(path)

    def href(target: str) -> Md:
        return Md(relative(target, folder))

    def listed(paper_ids: list[str]) -> list[Md]:  # one call per listing, not per paper
        return [site.entry_line(paper_id, folder) for paper_id in paper_ids]

    body = MARKDOWN.get_template(template).render(site=site, href=href, listed=listed, **context)
    post = frontmatter.Post(body, **meta)
    return frontmatter.dumps(post, handler=_FRONT_MATTER, width=4096) + "\n"
