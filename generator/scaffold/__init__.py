"""A new project: what `readinglist new DIR --name NAME` lays out, ready to build.

Owns the files of a fresh project: mkdocs.yml (the site's name, a SITE_URL default), lists/
with a short example list and the default taxonomy, the theme (overrides/ and the site's own
assets in docs/), .gitignore, vendor/ (this generator as a wheel, made by scaffold.vendor),
requirements.txt (naming that wheel, so a site installs from its own files before any release
is on the package index), constraints.txt (the tree this generator was tested with) and the
GitHub Pages workflow. The repository's own copies of these files are the same files (tests
keep them so). Must not touch what is the curator's: `create` writes only into a folder that
does not exist yet or is empty; `upgrade` replaces only the generator's own files in a site (the
wheel, the line of requirements.txt naming it, constraints.txt).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

import jinja2

from generator.errors import ConfigError
from generator.read.taxonomy import DEFAULT_TAXONOMY
from generator.scaffold import vendor
from generator.scaffold.vendor import CHECKOUT

TEMPLATES = resources.files(__package__) / "templates"
VENDOR = "vendor"  # the site's folder holding the generator's wheel
# A requirements.txt line naming the generator: a vendored wheel, or a pin on the package index.
GENERATOR_LINE = re.compile(
    r"^\s*(?:(?:\./)?\S*mkdocs_readinglist-\S+\.whl|mkdocs[-_.]readinglist\b.*)\s*$",
    re.IGNORECASE,
)
# In a source checkout (an editable install; `vendor.CHECKOUT`) the theme is the repository's
# own folders; an installed wheel carries them as generator.theme (pyproject.toml maps them).
ASSETS = ("about.md", "stylesheets/readinglist.css", "stylesheets/browse.css",
          "stylesheets/mylist.css", "javascripts/search.js", "javascripts/readinglist.js",
          *(f"javascripts/{name}.js" for name in (
              "history", "site", "store", "marks", "facets", "controls", "controller",
              "browse-index", "browse", "addresses", "formats", "mylist-files",
              "mylist-page", "words", "mapview", "map")))  # fmt: skip


def create(target: Path, *, name: str) -> list[Path]:
    """Lay out a project named `name` in `target`; return the files written."""
    if problem := name_problem(name):
        raise ConfigError(f"--name: {problem}; nothing was written")
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise ConfigError("already exists and is not empty: nothing was written", path=target)
    files = dict(_project_files(target, name))
    for path, data in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return sorted([*files, vendor.write_wheel(target / VENDOR)])


def upgrade(target: Path) -> list[Path]:
    """Make the site in `target` install the running generator: its wheel in vendor/ (former
    wheels removed), requirements.txt naming it, and the constraints it was tested with."""
    listed = target / "requirements.txt"
    if target.resolve() == CHECKOUT:  # its requirements.txt installs the checkout itself
        raise ConfigError("the generator's own repository: nothing to upgrade", path=target)
    if not listed.is_file():
        raise ConfigError("no requirements.txt: not a site made by `readinglist new`", path=target)
    lines = listed.read_text(encoding="utf-8").splitlines()
    wheel = vendor.write_wheel(target / VENDOR)
    for former in (target / VENDOR).glob("mkdocs_readinglist-*.whl"):
        if former != wheel:
            former.unlink()
    kept = [line for line in lines if not GENERATOR_LINE.match(line)]
    listed.write_text("\n".join([*kept, requirement_line()]) + "\n", encoding="utf-8")
    constraints = target / "constraints.txt"
    constraints.write_bytes((TEMPLATES / "constraints.txt").read_bytes())
    return [wheel, listed, constraints]


_BREAKS = "\n\r\x0b\x0c\x85\u2028\u2029"  # what ends a line for one tool or another
_ODD = {"\t": "a tab"}


def name_problem(name: str) -> str:
    """Why `name` cannot be a site's name ("" if it can): it is the example list's first
    line and the site's title, so one line of visible text, without control characters."""
    wanted = "a site's name is one line of text"
    if not name.strip():
        return f"{wanted}, but received: nothing"
    odd = next((c for c in name if unicodedata.category(c) in ("Cc", "Zl", "Zp")), "")
    if odd:
        what = _ODD.get(odd, "a line break" if odd in _BREAKS else "a control character")
        return f"{wanted}, but it holds {what} (U+{ord(odd):04X}): write it on one line"
    return ""


def _project_files(target: Path, name: str) -> Iterator[tuple[Path, bytes]]:
    yield target / "mkdocs.yml", mkdocs_yml(name, site_url(target)).encode()
    yield target / "lists" / "reading-list.txt", _render("example.txt.j2", name=name).encode()
    yield target / "lists" / "topics.yml", DEFAULT_TAXONOMY.read_bytes()
    yield target / ".gitignore", (TEMPLATES / "gitignore").read_bytes()
    yield target / "requirements.txt", requirements().encode()
    yield target / "constraints.txt", (TEMPLATES / "constraints.txt").read_bytes()
    yield target / ".github" / "workflows" / "pages.yml", (TEMPLATES / "pages.yml").read_bytes()
    theme = _theme()
    for path in _files_under(theme):
        yield target / "overrides" / path, (theme / path).read_bytes()
    assets = _assets()
    for path in ASSETS:
        yield target / "docs" / path, _at(assets, path).read_bytes()


def requirements() -> str:
    """The project's requirements.txt: the generator that made it, from the site's own vendor/
    folder; `readinglist upgrade` replaces that line, other lines are the curator's."""
    return (
        "# The generator that made this site, as a wheel in vendor/ (`readinglist upgrade`\n"
        "# replaces it); constraints.txt pins the rest as tested (README, Publishing):\n"
        "#   pip install -r requirements.txt -c constraints.txt\n"
        f"{requirement_line()}\n"
    )


def requirement_line() -> str:
    """The vendored wheel, relative to the site's folder (where pip is run)."""
    return f"./{VENDOR}/{vendor.wheel_name()}"


def mkdocs_yml(name: str, url: str, *, description: str = "") -> str:
    """The project's MkDocs configuration, with its name and default address."""
    return _render(
        "mkdocs.yml.j2",
        site_name=name,
        site_description=description or f"{name}: a curated reading list, browsable by topic.",
        site_url=url,
        copyright="Abstracts are quoted from the papers; © their authors.",
    )


def site_url(target: Path) -> str:
    """Where a GitHub project site of this folder's name would live (the Pages workflow sets
    the real address at publishing time)."""
    return f"https://example.github.io/{target.resolve().name}/"


def _render(template: str, **values: str) -> str:
    environment = jinja2.Environment(
        undefined=jinja2.StrictUndefined, keep_trailing_newline=True, autoescape=False
    )
    # A YAML double-quoted scalar: JSON's string syntax is a subset of it.
    environment.filters["yaml"] = lambda value: json.dumps(value, ensure_ascii=False)
    return environment.from_string((TEMPLATES / template).read_text(encoding="utf-8")).render(
        **values
    )


def _theme() -> Traversable:
    try:
        return resources.files("generator.theme")
    except ModuleNotFoundError:
        return CHECKOUT / "overrides"


def _assets() -> Traversable:
    try:
        return resources.files("generator.theme.assets")
    except ModuleNotFoundError:
        return CHECKOUT / "docs"


def _files_under(folder: Traversable, prefix: str = "") -> Iterator[str]:
    for entry in sorted(folder.iterdir(), key=lambda entry: entry.name):
        if entry.is_dir():
            yield from _files_under(entry, f"{prefix}{entry.name}/")
        elif entry.name.endswith(".html"):
            yield prefix + entry.name


def _at(folder: Traversable, path: str) -> Traversable:
    for part in path.split("/"):
        folder = folder / part
    return folder
