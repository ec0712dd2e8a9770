"""Page addresses: safe, unique, and frozen in the lock file once published.

A slug is lower-case ASCII letters, digits and single '-' (python-slugify transliterates other
scripts), so a title or list name can never steer a path outside the generated folders, and
`is_safe_slug` lets whoever reads a slug from disk (the lock file) check it the same way. Text
that slugifies to nothing ("!!!", "../..") gets a fallback built from its key, made safe too.
Collisions get a numeric suffix in a stable (key) order. Keeping a published slug when a
title changes is the lock file's business, not this module's.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable

from slugify import slugify

MAX_LENGTH = 60
SLUG_LENGTH = 48  # a new slug's length: short enough to read, long enough to recognise
_DANGLING = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or",
             "the", "to", "via", "with", "without"}  # fmt: skip
# Section pages, theme folders, and names Windows cannot create as files (CON.md, NUL.md...).
RESERVED = frozenset(
    "index tags topics lists papers kinds assets search stylesheets 404 "
    "con prn aux nul com1 com2 com3 com4 com5 com6 com7 com8 com9 "
    "lpt1 lpt2 lpt3 lpt4 lpt5 lpt6 lpt7 lpt8 lpt9".split()
)
_SAFE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def is_safe_slug(slug: object) -> bool:
    """A slug that is one plain path component: no dots, slashes, spaces or capitals."""
    return (
        isinstance(slug, str)
        and len(slug) <= 2 * MAX_LENGTH
        and bool(_SAFE.fullmatch(slug))
        and slug not in RESERVED
    )


def slug_problem(slug: str) -> str:
    """Why a slug a curator chose cannot be a page address, in plain words ("" if it can)."""
    if not slug:
        return "empty: write the page address, or remove the key to keep the one given"
    if len(slug) > 2 * MAX_LENGTH:
        return f"{len(slug)} characters long: a page address has at most {2 * MAX_LENGTH}"
    if slug in RESERVED:
        return (f"'{slug}' is a reserved name (a section of the site, or a file name Windows "
                "cannot use): choose another")  # fmt: skip
    if not _SAFE.fullmatch(slug):
        return f"expected lower-case letters, digits and single '-', but received: '{slug}'"
    return ""


def make_slug(text: str, *, fallback: str) -> str:
    slug = slugify(text, max_length=SLUG_LENGTH, word_boundary=True, save_order=True)
    words = slug.split("-")
    while len(words) > 1 and words[-1] in _DANGLING:  # "...-rules-for" reads as cut off
        words.pop()
    slug = "-".join(words)
    return slug if is_safe_slug(slug) else fallback


def fallback_slug(prefix: str, key: str) -> str:
    """`prefix-key` when the key slugifies cleanly (paper ids are hex), else a digest of it."""
    tail = slugify(key, max_length=MAX_LENGTH - len(prefix) - 1, word_boundary=True)
    if not tail:
        tail = hashlib.sha256(key.encode("utf-8")).hexdigest()[:10]
    return f"{prefix}-{tail}"


def assign(
    wanted: Iterable[tuple[str, str]], locked: dict[str, str], *, fallback_prefix: str
) -> dict[str, str]:
    """Map each key to a unique slug. `wanted` yields (key, text to slug) in a stable order;
    keys already in `locked` keep their slug; new keys avoid every slug already taken."""
    wanted = list(wanted)
    keys = {key for key, _ in wanted}
    result = {key: slug for key, slug in locked.items() if key in keys}
    # Slugs of retired keys stay reserved: their addresses may still be linked from outside.
    taken = set(locked.values())
    # base -> the number to try next (1 is the bare base, then base-2, base-3...): slugs are
    # never freed, so the ones before it stay taken, and the hundredth "Untitled" costs one
    # look-up, not a hundred.
    next_number: dict[str, int] = {}
    for key, text in sorted(wanted, key=lambda item: item[0]):
        if key in result:
            continue
        # The fallback is needed rarely and costs a second slugify: only then is it built.
        base = make_slug(text, fallback="") or fallback_slug(fallback_prefix, key)
        number = next_number.get(base, 1)
        slug = base if number == 1 else f"{base}-{number}"
        while slug in taken:
            number += 1
            slug = f"{base}-{number}"
        next_number[base] = number + 1
        result[key] = slug
        taken.add(slug)
    return result
