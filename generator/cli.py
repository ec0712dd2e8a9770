"""The command line: the only place that prints and chooses exit codes.

Every mistake a user can make (a missing or broken mkdocs.yml, a folder that is no project,
bad input) ends in one line per problem and exit code 1; a bad option ends in argparse's usage
line and exit code 2. No traceback reaches the user for either.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from generator import __version__, pipeline, scaffold, write
from generator.config import Settings
from generator.errors import BuildFailed, ConfigError, ReadingListError
from generator.mkdocs import project
from generator.models import Problem
from generator.resolve import command as resolving

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

log = logging.getLogger("generator")

DESCRIPTION = """\
Build a static site from curated reading lists of research papers. Lists of abstracts in
lists/ become a page per paper (with a derived title, summary, kind, tags, topics and related
papers) and topic, list, tag and kind pages; MkDocs with Material builds the site."""
EPILOG = "Run `readinglist COMMAND --help` for a command's options."


def main(argv: list[str] | None = None) -> int:
    args = _with_defaults(_parser().parse_args(argv))
    _setup_logging(quiet=args.quiet)
    try:
        return int(args.run(args))
    except BuildFailed as failure:
        _print_problems(failure.problems)
        read_only = args.run in (_check, _find, _suggest)  # they cannot say they withheld writes
        print(f"error: {failure.summary if read_only else failure}", file=sys.stderr)
    except ReadingListError as error:
        print(f"error: {error}", file=sys.stderr)
    except OSError as error:  # what no stage foresaw, still as one line
        print(f"error: {error.filename or ''}: {error.strerror}", file=sys.stderr)
    except KeyboardInterrupt:
        print("interrupted: the previous pages and site are unchanged", file=sys.stderr)
        return 130
    return 1


# Commands whose --strict means "warnings are errors", with that option's help.
STRICT = "treat warnings as errors (nothing is written)"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="readinglist", description=DESCRIPTION, epilog=EPILOG, parents=[_common()]
    )
    parser.add_argument("--version", action="version", version=f"readinglist {__version__}")
    commands = parser.add_subparsers(required=True, metavar="COMMAND", title="commands")
    new = _command(commands, "new", _new, "create a new project in DIR, ready to build")
    new.add_argument("directory", type=Path, metavar="DIR", help="the folder to create")
    new.add_argument("--name", required=True, help='the site\'s name, e.g. "My Reading Group"')
    _command(commands, "upgrade", _upgrade, "make the site in --root install this generator")
    _command(commands, "build", _build, "generate the pages, then build the site", strict=STRICT)
    _command(commands, "generate", _generate, "generate the pages under docs/ only", strict=STRICT)
    _command(commands, "check", _check, "report every problem of every list; write nothing",
             strict="exit with 1 on warnings too")  # fmt: skip
    serve = _command(commands, "serve", _serve, "serve the built site/ locally; builds nothing")
    serve.add_argument("-p", "--port", type=int, default=8000, help="default: 8000")
    serve.add_argument("--bind", default="127.0.0.1", metavar="ADDRESS", help="default: 127.0.0.1")
    resolving.add_command(lambda *given: _command(commands, *given), _settings)
    find = _command(commands, "find", _find, "print the papers matching all WORDS, with ids")
    find.add_argument("words", nargs="+", metavar="WORD", help="words every match contains")
    suggest = _command(commands, "suggest-topics", _suggest,
                       "propose topics for papers the taxonomy describes badly")  # fmt: skip
    suggest.add_argument("--min-papers", type=int, default=3, metavar="N",
                         help="papers a suggested topic must gather (default: 3)")  # fmt: skip
    return parser


# Options every command takes, before or after the command's name.
COMMON_OPTIONS: tuple[tuple[tuple[str, ...], dict], ...] = (
    (("-q", "--quiet"), {"action": "store_true", "help": "print only warnings and errors"}),
    (("--root",), {"type": Path, "metavar": "DIR",
                   "help": "the project folder, holding lists/ and docs/ (default: .)"}),
    (("-f", "--config-file"), {"type": Path, "metavar": "FILE",
                               "help": "the MkDocs configuration (default: DIR/mkdocs.yml)"}),
)  # fmt: skip


def _common() -> argparse.ArgumentParser:
    """The common options. SUPPRESS keeps a subcommand's defaults from overwriting what was
    given before it."""
    common = argparse.ArgumentParser(add_help=False)
    options = common.add_argument_group("project options")
    for flags, settings in COMMON_OPTIONS:
        options.add_argument(*flags, default=argparse.SUPPRESS, **settings)
    return common


def _command(
    commands: argparse._SubParsersAction, name: str, run: object, summary: str, *, strict: str = ""
) -> argparse.ArgumentParser:
    sub = commands.add_parser(name, help=summary, description=summary, parents=[_common()])
    if strict:
        sub.add_argument("--strict", action="store_true", help=strict)
    sub.set_defaults(run=run)
    return sub


def _with_defaults(args: argparse.Namespace) -> argparse.Namespace:
    """The common options' defaults, filled in after parsing: a subcommand's own defaults
    would overwrite what was given before the command's name."""
    for name, default in (("quiet", False), ("root", Path(".")), ("config_file", None)):
        if not hasattr(args, name):
            setattr(args, name, default)
    return args


def _setup_logging(*, quiet: bool) -> None:
    """Our log and MkDocs' through one handler: MkDocs reports configuration errors there."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    for name, level in (("generator", logging.INFO), ("mkdocs", logging.WARNING)):
        logger = logging.getLogger(name)
        logger.addHandler(handler)
        logger.setLevel(logging.WARNING if quiet else level)


def _settings(args: argparse.Namespace) -> Settings:
    return project.settings(args.root, args.config_file)


def _new(args: argparse.Namespace) -> int:
    written = scaffold.create(args.directory, name=args.name)
    print(f"created {args.directory} ({len(written)} files): next, in that folder,")
    print("  readinglist build      then `readinglist serve` and open the address it prints")
    print("  mkdocs serve           a preview that changes as you edit the lists")
    print("Replace lists/reading-list.txt with your own lists; commit vendor/ too (README).")
    return 0


def _upgrade(args: argparse.Namespace) -> int:
    written = scaffold.upgrade(args.root)
    names = ", ".join(path.relative_to(args.root).as_posix() for path in written)
    print(f"{args.root}: the site now installs readinglist {__version__}; commit {names}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    """The built site, under the path of its published address, until Ctrl-C."""
    from generator import preview

    config = project.load_config(args.root, args.config_file)
    server, address = preview.open_server(
        Path(config.site_dir), config.site_url or "", host=args.bind, port=args.port
    )
    print(f"serving {config.site_dir} at {address} (Ctrl-C stops it; the site is as last "
          "built: `readinglist build` again to see an edit)", flush=True)  # fmt: skip
    preview.serve_site(server)
    return 0


def _check(args: argparse.Namespace) -> int:
    from generator.render.home import counted_lists

    collection = pipeline.collect(settings := _settings(args), keep_going=True)
    _print_problems(collection.problems)
    sys.stderr.write(resolving.reviews(settings))
    errors = sum(1 for problem in collection.problems if problem.severity == "error")
    warnings = len(collection.problems) - errors
    print(f"{counted_lists(collection)}: {errors} error(s), {warnings} warning(s)")
    return 1 if errors or (args.strict and warnings) else 0


def _find(args: argparse.Namespace) -> int:
    from generator.export.found import found_lines, matches

    logging.getLogger("generator").setLevel(logging.WARNING)
    collection = pipeline.collect(_settings(args))
    found = [paper for paper in collection.papers if matches(paper, args.words)]
    for paper in found:
        print(f"{paper.id}  {paper.title}")
        print("    " + "\n    ".join(found_lines(paper)))
    print(f"{len(found)} of {len(collection.papers)} papers match")
    return 0 if found else 1


def _suggest(args: argparse.Namespace) -> int:
    from generator.describe import render_suggestions, suggest_topics

    logging.getLogger("generator").setLevel(logging.WARNING)
    collection = pipeline.collect(_settings(args))
    found = suggest_topics(collection.papers, collection.taxonomy, min_papers=args.min_papers)
    nothing = "no suggestions: every topic is specific and few papers are in the catch-all"
    print(render_suggestions(found) if found else nothing)
    return 0


def _generate(args: argparse.Namespace) -> int:
    report = pipeline.generate(_settings(args), strict=args.strict)
    _print_problems(report.collection.problems)
    print(f"{len(report.written)} page(s) written, {len(report.removed)} removed")
    return 0


def _build(args: argparse.Namespace) -> int:
    config = project.load_config(args.root, args.config_file, strict=args.strict)
    plugin = project.plugin_of(config, project.config_path(args.root, args.config_file))
    settings = plugin.settings(config)
    if not settings.lists_dir.is_dir():
        raise ConfigError(f"{project.no_project(args.root)} (no lists/ folder)")
    site_dir = Path(config.site_dir)
    with write.RunLock(settings.cache.folder), write.staging_folder(site_dir) as staged:
        previous = write.Previous.of(settings)
        collection = pipeline.generate(settings, strict=args.strict).collection
        _print_problems(collection.problems)
        plugin.use_collection(collection)
        stamp = write.SiteStamp.taken(config, settings, previous)
        if stamp.matches(site_dir):
            print(f"site unchanged: {len(collection.papers)} papers -> {site_dir}")
            return 0
        write.build_aside(_builder(config), staged, site_dir, previous, settings)
        stamp.record()
    print(f"site built: {len(collection.papers)} papers -> {site_dir}")
    return 0


def _builder(config: MkDocsConfig) -> Callable[[Path], None]:
    from mkdocs.commands.build import build

    def build_into(folder: Path) -> None:
        config.site_dir = str(folder)
        try:
            build(config)
        except Exception as error:
            raise project.build_error(error) from None

    return build_into


def _print_problems(problems: Iterable[Problem]) -> None:
    for problem in problems:
        print(str(problem), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
