"""Page addresses: safe, unique, and frozen in the lock file once published.

A slug is ASCII letters, digits and '-' (python-slugify transliterates other scripts), so a
title or list name can never steer a path outside the generated folders. A new paper's slug
comes from its title; an existing paper keeps the slug the lock recorded, whatever its title
becomes. Collisions get a numeric suffix in a stable (id) order.
"""

from __future__ import annotations

from collections.abc import Iterable

from slugify import slugify

MAX_LENGTH = 60
RESERVED = {"index", "tags", "topics", "lists", "papers", "assets", "search", "404"}


def make_slug(text: str, *, fallback: str) -> str:
    slug = slugify(text, max_length=MAX_LENGTH, word_boundary=True, save_order=True)
    return slug if slug and slug not in RESERVED else fallback


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
    for key, text in sorted(wanted, key=lambda item: item[0]):
        if key in result:
            continue
        base = make_slug(text, fallback=f"{fallback_prefix}-{key}"[:MAX_LENGTH])
        slug, number = base, 2
        while slug in taken:
            slug, number = f"{base}-{number}", number + 1
        result[key] = slug
        taken.add(slug)
    return result
