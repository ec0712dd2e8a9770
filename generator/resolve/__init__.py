"""The one networked command, `readinglist resolve`, and what the build reads of it.

Owns finding each paper's published record in open scholarly indexes (OpenAlex, then arXiv:
`client`, `openalex`, `arxiv`, `lookup`), deciding whether a candidate is the paper
(`match`: its own abstract must read as ours), recording every outcome in
`lists/resolved.json` (`records`) as it goes (`command`), and putting the found fields onto
the papers for the build (`attach`), where the list's own sources and the curator win.
Must not be reached by `build`, `generate`, `serve` or `mkdocs` beyond reading the file and
`attach`: nothing but `readinglist resolve` opens a connection. Must not decide addresses or
derive metadata.
"""

from __future__ import annotations

from generator.resolve.attach import attach, credited, current_records
from generator.resolve.records import Record, Records, dump_records, read_records

__all__ = [
    "Record",
    "Records",
    "attach",
    "credited",
    "current_records",
    "dump_records",
    "read_records",
]
