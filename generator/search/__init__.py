"""The search engine's integration: Pagefind behind Material's search box.

Owns what Pagefind indexes, running it over the built site (in shards of a bounded number of
pages, `shards.py`, merged into one index, `merge.py`, cut into chunks, `chunks.py`, in
Pagefind's file formats, `bundle.py`: the same pages give the same bytes; after an edit, the
last index, kept in the build cache, `ledger.py`, updated for the changed pages alone,
`update.py`, to those same bytes), the worker that answers Material's search box, and the
advice on which engine suits a collection's size. Must not decide what pages
say: it indexes the built site as it is. Material's own search needs nothing from here.
"""

from __future__ import annotations

from generator.search.pagefind import (
    WORKER,
    advice,
    build_pagefind,
    check_installed,
    exclude_from_material_index,
    use_our_worker,
)

__all__ = [
    "WORKER",
    "advice",
    "build_pagefind",
    "check_installed",
    "exclude_from_material_index",
    "use_our_worker",
]
