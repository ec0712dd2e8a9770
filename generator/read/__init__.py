"""Curator input, from disk into raw records and then Papers.

Owns reading everything the curator writes: list files in every supported format (decoding,
`.txt` list splitting, BibTeX, CSL-JSON, CSV), the one duplicate and oddity check their
abstracts pass, the cleaning of each bibliographic field (`fields`: the one place), merging
raw lists into Papers and reading lists, and the curator's YAML files (the topic taxonomy,
the curation), every mistake placed at its file and line. Must not derive metadata (titles,
tags, topics are `describe`'s) or write anything; markup is read through `markup`.

Nothing is read from outside the project or from what is not a regular file (`inputs`): a
link out of the project, a named pipe or a folder posing as a list is refused by name.

The pipeline uses: `load_curator_files` (the taxonomy, the packaged default when there is
none, and the curation with the sessions, after every input path is checked), `read_lists`
(every list file to a `RawList`; `list_files` and `read_list` for one), `merge` (raw lists to
Papers and ReadingLists), and `read_inputs` (the bytes a build depends on). `load_taxonomy`,
`load_curation` and `DEFAULT_TAXONOMY` serve the rest.
"""

from __future__ import annotations

from generator.read.curation import CuratorFile, load_curation, load_curator_file
from generator.read.files import list_files, read_inputs, read_list, read_lists
from generator.read.inputs import check_input_paths, load_curator_files
from generator.read.papers import Marked, merge, paper_id
from generator.read.raw import RawAbstract, RawList
from generator.read.taxonomy import DEFAULT_TAXONOMY, load_taxonomy, parse_taxonomy
from generator.read.text import fingerprint, normalize_text

CACHED = (Marked,)  # what the build cache holds of this stage

__all__ = [
    "CACHED",
    "DEFAULT_TAXONOMY",
    "CuratorFile",
    "Marked",
    "RawAbstract",
    "RawList",
    "check_input_paths",
    "fingerprint",
    "list_files",
    "load_curation",
    "load_curator_file",
    "load_curator_files",
    "load_taxonomy",
    "merge",
    "normalize_text",
    "paper_id",
    "parse_taxonomy",
    "read_inputs",
    "read_list",
    "read_lists",
]
