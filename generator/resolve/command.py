"""`readinglist resolve`: every paper looked up once, the outcome recorded as it goes.

The papers are read as the build reads them (lists, then the lock's aliases, so an edited
abstract's record follows it and is not asked again). Papers without a record are looked up
(with `--retry`, those not found or rejected too; those in review wait for the curator),
at most `--limit` of them; `lists/resolved.json` is rewritten atomically after each one, so
Ctrl-C, a kill or a dead network loses at most the request in flight and a rerun goes on. A
malformed answer fails that paper's look-up alone (nothing recorded: a rerun asks again) and
the run goes on with the next paper.
`--accept ID` / `--reject ID` decide a record in review without a request. A missing key or
a service that cannot be reached ends the run in one line, keeping what was found; the exit
status is 1 only when some look-up could not be made. The key is read from the environment
and goes nowhere but the request's query.
"""

from __future__ import annotations

import argparse
import datetime as dt
import logging
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TextIO
from urllib.parse import urlsplit

from generator import address, read
from generator.config import Settings
from generator.errors import BuildFailed, ConfigError
from generator.models import Paper
from generator.resolve.arxiv import DEFAULT_URL as ARXIV_URL
from generator.resolve.arxiv import PACE, Arxiv
from generator.resolve.attach import followed
from generator.resolve.client import Http, LookupFailed, Malformed
from generator.resolve.lookup import Services, look_up
from generator.resolve.openalex import DEFAULT_URL as OPENALEX_URL
from generator.resolve.openalex import OpenAlex
from generator.resolve.progress import Progress
from generator.resolve.records import Record, Records, dump_records, read_records
from generator.write.files import write_file

log = logging.getLogger(__name__)
KEY_HELP = "get a free key at https://openalex.org/settings/api and set OPENALEX_API_KEY"
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def papers_and_records(settings: Settings) -> tuple[list[Paper], Records, bool]:
    """The papers as the build reads them; the records, each that followed an edit under its
    paper's id now and every other kept; whether any moved (the file is then out of date)."""
    raw_lists, problems = read.read_lists(settings)
    if any(problem.severity == "error" for problem in problems):
        raise BuildFailed(problems)
    papers = read.merge(raw_lists)[0]
    lock = address.read_lock(settings.lock_path)
    stored = read_records(settings.resolved_path)
    records = followed(stored, address.aliases_now(papers, lock))
    return papers, records, records.keys() != stored.keys()


def decide(settings: Settings, paper_id: str, *, accept: bool, today: str) -> str:
    """The curator's decision on a record in review; the line that says what was done."""
    records = papers_and_records(settings)[1]
    record = records.get(paper_id)
    if record is None or record.status != "review":
        raise ConfigError(f"paper {paper_id} has no record in review (`readinglist check` "
                          "lists them)", path=settings.resolved_path)  # fmt: skip
    if accept:
        # How it was found and when it was read stay: the curator only vouches for it.
        records[paper_id] = replace(record, status="found", decided="accepted")
    else:
        records[paper_id] = Record("rejected", today, similarity=record.similarity,
                                   rejected=(*record.rejected, *record.keys))  # fmt: skip
    save(settings.resolved_path, records)
    verb = "accepted" if accept else "rejected"
    return f'{verb}: {paper_id} = {record.candidate} "{record.title}"'


def run(settings: Settings, *, limit: int | None, retry: bool, today: str, out: TextIO) -> int:
    """Look up what is to be looked up; the exit status (1: some look-up could not be made).
    Progress goes to `out`."""
    papers, records, moved = papers_and_records(settings)
    if moved:
        save(settings.resolved_path, records)  # records that followed an edit, moved now
    todo = [paper for paper in papers if _wanted(records.get(paper.id), retry=retry)]
    todo = todo[:limit] if limit is not None else todo
    services = make_services(today)
    progress = Progress(len(todo), out)
    for paper in todo:
        known = records.get(paper.id)
        try:
            record = look_up(paper, services, rejected=known.rejected if known else ())
        except Malformed as error:  # this paper's answer; the service is still there
            progress.failed(f"{paper.id}: {error}")
            continue
        except LookupFailed as error:  # no answer: the next paper would get none either
            progress.stopped(str(error))
            return 1
        records[paper.id] = record
        save(settings.resolved_path, records)
        progress.done(record.status)
    progress.finish(_requests(services))
    return 1 if progress.counts["failed"] else 0


def _wanted(record: Record | None, *, retry: bool) -> bool:
    return record is None or (retry and record.status in ("not-found", "rejected"))


def make_services(today: str, environ: dict[str, str] | None = None) -> Services:
    """Both services as the environment sets them; ConfigError without a key for the
    public OpenAlex (a mirror may need none)."""
    env = os.environ if environ is None else environ
    oa_url = env.get("READINGLIST_OPENALEX_URL", "").rstrip("/") or OPENALEX_URL
    ax_url = env.get("READINGLIST_ARXIV_URL", "") or ARXIV_URL
    key, mailto = env.get("OPENALEX_API_KEY", ""), env.get("READINGLIST_MAILTO", "")
    if not key and oa_url == OPENALEX_URL:
        raise ConfigError(f"OPENALEX_API_KEY is not set: {KEY_HELP}")
    for url in (oa_url, ax_url):
        if urlsplit(url).scheme not in ("http", "https"):
            raise ConfigError(f"{url!r} is not an http(s) address")
    oa_http, ax_http = Http(contact=mailto), Http(contact=mailto, pace=_pace(ax_url))
    return Services(
        OpenAlex(oa_http, oa_url, key=key, mailto=mailto, today=today),
        Arxiv(ax_http, ax_url, today=today),
        today,
    )


def _pace(url: str) -> float:
    """arXiv's three seconds; none for a mirror on this machine (tests, a local copy)."""
    return 0.0 if urlsplit(url).hostname in LOOPBACK else PACE


def _requests(services: Services) -> int:
    clients = (services.openalex, services.arxiv)
    return sum(client.http.requests for client in clients if client is not None)


def save(path: Path, records: Records) -> None:
    """The records written whole or not at all (the project's atomic writer: a WriteError
    naming the file, the previous one intact, no temporary left)."""
    write_file(path, dump_records(records))


def pending(settings: Settings) -> list[tuple[str, Record]]:
    """Records in review, by paper id: what `readinglist check` lists."""
    records = read_records(settings.resolved_path)
    return sorted((pid, r) for pid, r in records.items() if r.status == "review")


SUMMARY = "look each paper up in OpenAlex and arXiv (the one command that uses the network)"


def add_command(
    make: Callable[..., argparse.ArgumentParser],
    settings: Callable[[argparse.Namespace], Settings],
) -> None:
    """`readinglist resolve` on the CLI's parser: `make(name, run, summary)` adds a command."""
    parser = make("resolve", lambda args: execute(args, settings(args), sys.stderr), SUMMARY)
    parser.add_argument("--limit", type=int, metavar="N", help="look up at most N papers")
    parser.add_argument("--retry", action="store_true",
                        help="ask again for papers not found or rejected")  # fmt: skip
    decide_ = parser.add_mutually_exclusive_group()
    decide_.add_argument("--accept", metavar="ID", help="accept the record in review for ID")
    decide_.add_argument("--reject", metavar="ID", help="reject the record in review for ID")


def execute(args: argparse.Namespace, settings: Settings, out: TextIO) -> int:
    """The command as the CLI runs it; Ctrl-C keeps what was written and says so."""
    if args.accept or args.reject:
        paper_id = args.accept or args.reject
        print(decide(settings, paper_id, accept=bool(args.accept), today=today()), file=out)
        return 0
    if args.limit is not None and args.limit < 0:
        raise ConfigError("--limit: expected a number of papers, 0 or more")
    try:
        return run(settings, limit=args.limit, retry=args.retry, today=today(), out=out)
    except KeyboardInterrupt:
        print("\ninterrupted: every record found so far is kept in "
              f"{settings.resolved_path.name}; run again to go on", file=out)  # fmt: skip
        return 130


def reviews(settings: Settings) -> str:
    """What `readinglist check` says of the records in review: a line each and what to do,
    or nothing."""
    waiting = pending(settings)
    lines = [f"{pid}: to review ({r.similarity:.2f} similar): {r.candidate} \"{r.title}\""
             for pid, r in waiting]  # fmt: skip
    if waiting:
        lines.append(f"{len(waiting)} record(s) to review: `readinglist resolve --accept ID` "
                     "or `--reject ID`")  # fmt: skip
    return "".join(line + "\n" for line in lines)


def today() -> str:
    """The date a look-up is recorded under; SOURCE_DATE_EPOCH pins it (tests)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    utc = dt.timezone.utc
    moment = dt.datetime.fromtimestamp(int(epoch), utc) if epoch else dt.datetime.now(utc)
    return moment.date().isoformat()
