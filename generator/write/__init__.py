"""The write stage: the only code that writes, and it runs last.

Owns the generated files under docs/ (the manifest says which are ours; every other file there
is the curator's and is never touched), the lock file, the build cache and the swap of a freshly
built site into place, one run at a time (`RunLock`). Every write is all or nothing: a failed
or interrupted run leaves the previous files exactly as they were. Must not decide what a page
says.
"""

from __future__ import annotations

from generator.write.files import (
    WriteError,
    discard_contents,
    replace_directory,
    write_file,
    write_if_changed,
)
from generator.write.manifest import MANIFEST, foreign_pages, read_manifest, snapshot, tree_intact
from generator.write.reuse import made_now, reusing
from generator.write.runlock import RunLock
from generator.write.site import (
    Previous,
    SiteNotBuilt,
    SiteStamp,
    build_aside,
    config_files,
    manifest_copy,
    site_inputs,
    staging_folder,
)
from generator.write.tree import STAGING, WriteResult, write_batches, write_tree

__all__ = [
    "MANIFEST",
    "STAGING",
    "Previous",
    "RunLock",
    "SiteNotBuilt",
    "SiteStamp",
    "WriteError",
    "WriteResult",
    "build_aside",
    "config_files",
    "discard_contents",
    "foreign_pages",
    "made_now",
    "manifest_copy",
    "read_manifest",
    "replace_directory",
    "reusing",
    "site_inputs",
    "snapshot",
    "staging_folder",
    "tree_intact",
    "write_batches",
    "write_file",
    "write_if_changed",
    "write_tree",
]
