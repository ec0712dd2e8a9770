"""A paper as a listing shows it: its entry (linked title, kind, summary), the entry's line in
a listing of a given folder, and the HTML a Markdown engine makes of that line (`EntryHtml`,
which the MkDocs plugin hands MkDocs instead of the line: `mkdocs/blocks.py`). Pure."""

from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import Markup, escape

from generator import markup
from generator.markup.emit import escape_html
from generator.models import Paper
from generator.render.templating import MARKDOWN, Md, relative


@dataclass(frozen=True)
class Entry:
    """What a listing shows of one paper."""

    path: str  # the paper page, relative to docs/
    title: Md  # escaped once here: a paper is listed on many pages
    summary: Md
    kind: Md
    summary_text: str
    mine: Md  # the empty mark the reader's-list script turns into its button


# In an attribute of inline HTML, Markdown would still read code spans, links and escapes
# before it sets the tag aside: every character but letters, digits and a few safe ones is
# written as a character reference.
_ATTRIBUTE_UNSAFE = re.compile(r"[^\w .,:/-]|_")


def attribute(value: str) -> str:
    """`value` as a double-quoted HTML attribute's text that Markdown leaves as it is."""
    return _ATTRIBUTE_UNSAFE.sub(lambda match: f"&#{ord(match.group())};", value)


def mine_mark(paper: Paper, tag: str = "span") -> Md:
    """The empty element the reader's-list script fills with "Add to my list": the paper's
    id, title and address (from the site's root) travel with it, so the my-list page can
    show the paper without downloading the collection. Without JavaScript it shows nothing."""
    data = {"paper": paper.id, "title": paper.title, "url": f"papers/{paper.slug}/"}
    attributes = " ".join(f'data-rl-{name}="{attribute(value)}"' for name, value in data.items())
    return Md(f'<{tag} class="rl-mine" {attributes}></{tag}>')


def paper_path(slug: str) -> str:
    return f"papers/{slug}.md"


def make_entry(paper: Paper, kind_label: str) -> Entry:
    summary = markup.parse(paper.summary)
    return Entry(
        path=paper_path(paper.slug),
        title=Md(markup.escape_markdown(paper.title)),
        summary=Md(summary.markdown),
        kind=Md(markup.escape_markdown(kind_label)),
        summary_text=summary.text,
        mine=mine_mark(paper),
    )


@dataclass(frozen=True)
class EntryHtml:
    """The HTML of an entry's parts, each escaped here, where it is made."""

    title: Markup
    summary: Markup
    kind: Markup
    mine: Markup


def make_entry_html(paper: Paper, kind_label: str) -> EntryHtml:
    """What a Markdown engine makes of `make_entry`'s parts (the test holds them equal)."""
    return EntryHtml(
        title=Markup(escape_html(paper.title)),  # quotes as text keeps them, as Markdown does
        summary=Markup(markup.parse(paper.summary).html),
        kind=Markup(escape_html(kind_label)),
        mine=Markup(mine_mark(paper)),
    )


def entry_html(entry: EntryHtml, url: str) -> Markup:
    """The entry's line in a listing as HTML, its title linking to `url` (escaped here).
    A formatted string, not `Markup.format`: it runs for every entry of every listing built,
    and costs a fifth as much."""
    return Markup(
        f'<a href="{escape(url)}">{entry.title}</a> <span class="rl-kind">{entry.kind}</span> '
        f'{entry.mine}<br>\n    <span class="rl-summary">{entry.summary}</span>'
    )


def entry_line(entry: Entry, folder: str) -> Md:
    """The entry in a listing in `folder`: two lines, linked title and kind, then summary."""
    link = Md(relative(entry.path, folder))
    return Md(MARKDOWN.get_template("_entry.md.j2").render(e=entry, link=link).rstrip("\n"))
