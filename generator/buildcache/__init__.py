"""Owns `.cache/readinglist/`, alone: where each cache lives (`Layout`), the digests
caches are keyed by (`keys`), how an entry is written and read back, and the `Memo` a stage is
handed to remember by key between runs.

Plain data only: CBOR through a codec that makes nothing but the types its caller names
(`codec`), and pages as files checked against the digest recorded when they were stored
(`pages`). Nothing read from the cache is ever run (no pickle, marshal or compiled templates).
An entry that is missing, damaged, truncated, unreadable, a link or a folder is ignored, with
one info line, and made again: it costs time, never a failed build.

What a cache is trusted for: to be what an earlier build of this project wrote. Its digests
catch damage, not a forger, who can write a digest as easily as a page: whoever can write
`.cache/readinglist/` can change what the next build publishes, as whoever can write docs/
can. Must not know what is cached (the stages and the plugin say) or decide what a page says.
"""

from __future__ import annotations

from generator.buildcache.codec import Damaged, dumps, loads
from generator.buildcache.entries import read_entry, write_entry
from generator.buildcache.keys import code_digest, digest, inputs_digest, site_digest, versions
from generator.buildcache.layout import Layout
from generator.buildcache.memo import Memo

__all__ = [
    "Damaged",
    "Layout",
    "Memo",
    "code_digest",
    "digest",
    "dumps",
    "inputs_digest",
    "loads",
    "read_entry",
    "site_digest",
    "versions",
    "write_entry",
]
