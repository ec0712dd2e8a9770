"""Command line: the only place that prints and chooses exit codes.

readinglist build     generate the pages from lists/ and build the site into site/
readinglist generate  generate the pages only (docs/)
readinglist check     report every problem of every list; write nothing
"""

from __future__ import annotations

import argparse
import logging
import shutil
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from generator import __version__, pipeline
from generator.config import Settings
from generator.errors import BuildFailed, ReadingListError
from generator.models import Paper, Problem
from generator.write import writer

log = logging.getLogger("generator")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    _setup_logging(getattr(args, "quiet", False))
    try:
        return args.run(args)
    except BuildFailed as failure:
        _print_problems(failure.problems)
        print(f"error: {failure}", file=sys.stderr)
    except ReadingListError as error:
        print(f"error: {error}", file=sys.stderr)
    except KeyboardInterrupt:
        print("interrupted: the previous pages and site are unchanged", file=sys.stderr)
        return 130
    return 1


def _parser() -> argparse.ArgumentParser:
    # -q works before or after the command; SUPPRESS keeps a subcommand from resetting it.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("-q", "--quiet", action="store_true", default=argparse.SUPPRESS,
                        help="only warnings and errors")  # fmt: skip
    parser = argparse.ArgumentParser(
        prog="readinglist", description=__doc__.split("\n")[0], parents=[common]
    )
    parser.add_argument("--version", action="version", version=__version__)
    commands = parser.add_subparsers(required=True, metavar="COMMAND")

    def command(
        name: str,
        help: str,
        run: Callable[[argparse.Namespace], int],
        *,
        root: bool = True,
        strict: str = "",
    ) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help, parents=[common])
        if root:
            sub.add_argument("--root", default=".", help="project folder (holds lists/, docs/)")
        if strict:
            sub.add_argument("--strict", action="store_true", help=strict)
        sub.set_defaults(run=run)
        return sub

    fatal = "treat warnings as errors"
    build = command("build", "generate pages and build the site", _build, root=False,
                    strict=fatal)  # fmt: skip
    build.add_argument("-f", "--config-file", default="mkdocs.yml")
    command("generate", "generate the pages in docs/ only", _generate, strict=fatal)
    command("check", "report all problems in the lists; write nothing", _check,
            strict="exit 1 on warnings too")  # fmt: skip
    find = command("find", "print papers matching all WORDS, with ids for curation", _find)
    find.add_argument("words", nargs="+", metavar="WORD")
    suggest = command("suggest-topics", "propose taxonomy topics for badly described papers",
                      _suggest)  # fmt: skip
    suggest.add_argument("--min-papers", type=int, default=3, help="papers a topic must gather")
    return parser


def _setup_logging(quiet: bool) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    log.addHandler(handler)
    log.setLevel(logging.WARNING if quiet else logging.INFO)


def _settings(root: Path) -> Settings:
    """The project's settings: from the plugin's entry in mkdocs.yml when there is one, so
    `generate` writes exactly what `mkdocs build` would."""
    config_file = root / "mkdocs.yml"
    if not config_file.exists():
        return Settings.from_root(root)
    from mkdocs.config import load_config

    config = load_config(str(config_file))
    plugin = config.plugins.get("readinglist")
    return plugin.settings(config) if plugin is not None else Settings.from_root(root)


def _check(args: argparse.Namespace) -> int:
    collection = pipeline.collect(_settings(Path(args.root)), keep_going=True)
    _print_problems(collection.problems)
    errors = sum(1 for problem in collection.problems if problem.severity == "error")
    warnings = len(collection.problems) - errors
    print(f"{len(collection.papers)} papers in {len(collection.lists)} lists: "
          f"{errors} error(s), {warnings} warning(s)")  # fmt: skip
    return 1 if errors or (args.strict and warnings) else 0


def _find(args: argparse.Namespace) -> int:
    logging.getLogger("generator").setLevel(logging.WARNING)
    collection = pipeline.collect(_settings(Path(args.root)))
    words = [word.casefold() for word in args.words]
    found = [p for p in collection.papers if all(w in _searchable(p) for w in words)]
    for paper in found:
        print(f"{paper.id}  {paper.title}")
        details = [
            f"kind: {paper.kind}",
            f"topics: {', '.join(paper.topic_names)}",
            f"tags: {', '.join(paper.tags)}",
            f"lists: {', '.join(paper.lists)}",
            f"page: papers/{paper.slug}/",
        ]
        if paper.curation.status:
            details.append(f"status: {paper.curation.status}")
        print("    " + "\n    ".join(details))
    print(f"{len(found)} of {len(collection.papers)} papers match")
    return 0 if found else 1


def _searchable(paper: Paper) -> str:
    return " ".join((paper.id, paper.title, paper.text, *paper.tags, *paper.lists)).casefold()


def _suggest(args: argparse.Namespace) -> int:
    from generator.describe import render_suggestions, suggest_topics

    logging.getLogger("generator").setLevel(logging.WARNING)
    collection = pipeline.collect(_settings(Path(args.root)))
    found = suggest_topics(collection.papers, collection.taxonomy, min_papers=args.min_papers)
    if not found:
        print("no suggestions: every topic is specific and few papers are in the catch-all")
        return 0
    print(render_suggestions(found))
    return 0


def _generate(args: argparse.Namespace) -> int:
    report = pipeline.generate(_settings(Path(args.root)), strict=args.strict)
    _print_problems(report.collection.problems)
    print(f"{len(report.written)} page(s) written, {len(report.removed)} removed")
    return 0


def _build(args: argparse.Namespace) -> int:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort

    config = load_config(args.config_file, strict=args.strict)
    plugin = config.plugins.get("readinglist")
    if plugin is None:
        raise ReadingListError("the readinglist plugin is not enabled", path=Path(args.config_file))
    settings = plugin.settings(config)
    # Pages and site change together or not at all: if MkDocs fails, the pages go back too.
    previous = writer.snapshot(settings.docs_dir), _read_text(settings.lock_path)
    collection = pipeline.generate(settings, strict=args.strict).collection
    _print_problems(collection.problems)
    plugin.collection, plugin.pregenerated = collection, True
    site_dir = Path(config.site_dir)
    staged = site_dir.with_name(site_dir.name + ".building")
    shutil.rmtree(staged, ignore_errors=True)
    config.site_dir = str(staged)
    try:
        build(config)
    except BaseException as error:
        shutil.rmtree(staged, ignore_errors=True)
        _restore(settings, *previous)
        if not isinstance(error, (Abort, Exception)):
            raise
        print(f"error: the site was not built ({error}); the previous pages and site are "
              "unchanged", file=sys.stderr)  # fmt: skip
        return 1
    writer.replace_directory(staged, site_dir)
    print(f"site built: {len(collection.papers)} papers -> {site_dir}")
    return 0


def _read_text(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.exists() else None


def _restore(settings: Settings, pages: dict[str, str], lock: str | None) -> None:
    writer.write_tree(settings.docs_dir, pages)
    if lock is None:
        settings.lock_path.unlink(missing_ok=True)
    else:
        writer.write_if_changed(settings.lock_path, lock)


def _print_problems(problems: Iterable[Problem]) -> None:
    for problem in problems:
        print(str(problem), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
