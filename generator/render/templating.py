"""The Jinja2 environments that write generated pages, and the escaping every template gets.

Templates are Jinja2 files in `templates/`. Output is Markdown, so the escaping is Markdown's:
every value a template prints is escaped by `finalize` unless it is `Md` (Markdown this
package produced itself, from the markup module or from a URL it built). A template cannot
forget to escape. Front matter is a dict of plain text dumped by python-frontmatter, never
formatted by hand. Redirect pages are HTML and get HTML's escaping. Knows nothing of the
collection: a page is handed what it lists (`page`'s `listed`).
"""

from __future__ import annotations

import posixpath
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import frontmatter
import jinja2
import yaml

from generator import markup

TEMPLATES = Path(__file__).parent / "templates"
# Lines are never folded: a summary stays on one line of its page's front matter.
_YAML_WIDTH = 4096

EntryLines = Callable[[list[str], str], list["Md"]]  # (paper ids, folder) -> listing lines


class Md(str):
    """Markdown that is safe as it is: printed by templates without escaping."""


def _finalize(value: object) -> str:
    if isinstance(value, Md):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return markup.escape_markdown(str(value))


def counted(count: int, noun: str) -> str:
    """`1 paper`, `2 papers`: the one pluraliser of every template."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


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


def query_value(value: object) -> Md:
    """A value for a URL query in a link (`?topic=KEY`): percent-encoded, so safe as it is."""
    return Md(urllib.parse.quote(str(value), safe=""))


MARKDOWN.filters["counted"] = counted
MARKDOWN.filters["query"] = query_value


HTML = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined, autoescape=True
)


def compile_all() -> None:
    """Every template compiled here, once, before the workers that render the batches are
    forked: each worker would otherwise compile them again."""
    for environment, suffix in ((MARKDOWN, ".md.j2"), (HTML, ".html.j2")):
        for name in environment.list_templates():
            if name.endswith(suffix):
                environment.get_template(name)


def relative(target: str, base: str) -> str:
    """`posixpath.relpath` for paths under docs/ (no os.getcwd(): these are not files)."""
    to, here = target.split("/"), base.split("/") if base else []
    common = 0
    while common < min(len(to) - 1, len(here)) and to[common] == here[common]:
        common += 1
    return "/".join([".."] * (len(here) - common) + to[common:])


def page(template: str, path: str, meta: dict, *, listed: EntryLines, **context: object) -> str:
    """A generated page: `meta` as front matter, then the template's body, which may link
    with `href(path)` and list papers with `listed(ids)`."""
    folder = posixpath.dirname(path)

    def href(target: str) -> Md:
        return Md(relative(target, folder))

    def listed_here(paper_ids: list[str]) -> list[Md]:  # one call per listing, not per paper
        return listed(paper_ids, folder)

    body = MARKDOWN.get_template(template).render(href=href, listed=listed_here, **context)
    return with_front_matter(meta, body)


def with_front_matter(meta: dict, body: str) -> str:
    """`body` under `meta` as YAML front matter, keys in their given order."""
    post = frontmatter.Post(body, **meta)
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml when PyYAML has it
    text = frontmatter.dumps(post, Dumper=dumper, sort_keys=False, width=_YAML_WIDTH)
    return text + "\n"
