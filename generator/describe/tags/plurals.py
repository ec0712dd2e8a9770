"""Which number a tag is written in: a tag's last word is made singular to count its
spellings as one ("sparse autoencoders" and "sparse autoencoder"), but a name written only in
the plural keeps it ("Integrated Gradients" is "integrated gradients", never "integrated
gradient"): a name is written in capitals, and its singular stays only if the training
abstracts (`fitted`) or a paper carrying the tag write it so. Owns that
choice of spelling, made once per tag for the whole collection; never which tags a paper has.
"""

from __future__ import annotations

import re

from generator.describe.tags.fitted import fold, tag_phrases


def as_written(chosen: list[tuple[str, ...]], texts: list[str]) -> list[tuple[str, ...]]:
    """The tags with a plural kept where no one writes the phrase in the singular: not the
    training abstracts, not a paper carrying it ("integrated gradients (IG)", never "integrated
    gradient"). One spelling per tag across the collection, so its papers share it."""
    carriers: dict[str, list[int]] = {}
    for index, tags in enumerate(chosen):
        for tag in tags:
            carriers.setdefault(tag, []).append(index)
    spelled = {tag: _plural_kept(tag, [texts[i] for i in at]) for tag, at in carriers.items()}
    return [tuple(spelled[tag] for tag in tags) for tags in chosen]


def _plural_kept(tag: str, texts: list[str]) -> str:
    """`tag`, its last word in the plural a text writes it in, if a text writes it as a name
    (in capitals), no text writes it in the singular and the training abstracts never do."""
    long_form, bracket, acronym = tag.partition(" (")
    words = long_form.split()
    if len(words) < 2 or not words[-1].islower() or fold(long_form) in tag_phrases().singular:
        return tag
    capitals = [form.capitalize() for form in _plurals(words[-1])]
    if not any(form in text for text in texts for form in capitals):
        return tag  # no text writes it as a name in the plural: a quick test before the pattern
    before = r"(?<![\w-])" + "".join(re.escape(word) + r"[\s-]+" for word in words[:-1])
    written = re.compile(rf"{before}({_forms(words[-1])})(?![\w-])", re.IGNORECASE)
    found = [match for text in texts for match in written.finditer(text)]
    if not found or any(m.group(1).lower() == words[-1] for m in found):
        return tag
    if not any(m.group(0)[:1].isupper() and m.group(1)[:1].isupper() for m in found):
        return tag  # a common noun phrase ("random nodes") counts as one with its singular
    return " ".join([*words[:-1], min(m.group(1).lower() for m in found)]) + bracket + acronym


def _forms(word: str) -> str:
    """A pattern of a singular noun and its plurals ("gradient", "gradients")."""
    return "|".join(re.escape(form) for form in sorted({word, *_plurals(word)}))


def _plurals(word: str) -> set[str]:
    plurals = {word + "s", word + "es", _PLURALS.get(word, word + "s")}
    if word.endswith("y"):
        plurals.add(word[:-1] + "ies")
    if word.endswith("is"):
        plurals.add(word[:-2] + "es")
    return plurals


_PLURALS = {"matrix": "matrices", "vertex": "vertices", "index": "indices", "criterion": "criteria",
            "phenomenon": "phenomena", "simplex": "simplices"}  # fmt: skip
