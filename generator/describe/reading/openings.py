"""Openings that only tie a sentence to the ones before it, taken off so it stands alone.

"In this paper,", "To address this,", "However, in this work," and the connectives that point
back ("On the other hand,", "Notably,", "Therefore we") frame a sentence without saying
anything of its own: `strip_preamble` drops them and capitalises what is left. Pure string
functions over one sentence; what a summary is made of is `summaries`' concern.
"""

from __future__ import annotations

import re

from generator.describe.reading.claims import claims
from generator.describe.reading.lexicon import POINTING

# Opening phrases that only connect a sentence to the ones before it, or frame it.
_CONNECTIVE = re.compile(
    r"(?:to (?:this end|that end|address|tackle|solve|bridge|fill|overcome|remedy|mitigate|"
    r"alleviate|close|fix|handle|resolve|answer|fully|further|better)|motivated|inspired|based|"
    r"building|guided|driven|given|towards?|against|in (?:light|response|contrast|particular|"
    r"practice|summary|short|addition|an effort)|as (?:such|a result)|therefore|thus|hence|"
    r"consequently|accordingly|however|moreover|furthermore|additionally|specifically|instead|"
    r"conversely|first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|lastly|overall|then|next|"
    r"notably|importantly|concretely|here|with this|in this (?:paper|work|study|note|article)|"
    r"while|although|though|whereas|despite|unlike|rather than|instead of|as|to \w+)\b",
    re.IGNORECASE,
)
# Up to the first comma that the authors' own subject follows: "..., we propose".
_OPENING = re.compile(
    r"([^;:()$]{2,240}?),\s+(?=[*_]*(?:we|this (?:paper|work|study|position paper)|our|here|"
    r"in this)\b)",
    re.IGNORECASE,
)
_BACK_REFERENCE = re.compile(rf"\b(?:{'|'.join(sorted(POINTING))})\b", re.I)
# A connective that ties the sentence to the one before it ("On the other hand,", "Notably,",
# "Therefore we"): a summary stands alone, so it goes, before a comma or the authors' subject.
_LINK_BACK = re.compile(
    r"^[*_]*(?:on the other hand|on the contrary|notably|luckily|fortunately|unfortunately|"
    r"clearly|critically|essentially|intuitively|formally|technically|empirically|theoretically|"
    r"moreover|furthermore|further|"
    r"additionally|in addition|also|however|finally|importantly|interestingly|surprisingly|"
    r"remarkably|crucially|in contrast|by contrast|conversely|thus|hence|therefore|"
    r"consequently|accordingly|specifically|in particular|instead|similarly|likewise|besides|"
    r"meanwhile|nevertheless|nonetheless|still|indeed|as a result|as such|to this end|"
    r"to that end|then|next|second(?:ly)?|third(?:ly)?|lastly|in turn|in doing so|"
    r"by doing so|in this way|this way|in summary|in short|overall|altogether|"
    r"more(?: specifically| importantly| precisely| generally| broadly)?)"
    r"(?:\s*,\s*|\s+(?=(?:we|our|this (?:paper|work|study))\b))"
    r"|^[*_]*(?:therefore|thus|hence|moreover|furthermore|additionally|consequently|notably|"
    r"however|nevertheless|nonetheless|indeed|besides|accordingly|similarly|likewise|meanwhile|"
    r"specifically|importantly|then)\s+(?=[a-z])",  # adverbs only: "Thus the model ..."
    re.IGNORECASE,
)
_RESTART = re.compile(r"[^.!?\s] In this (?:paper|work|study), ")
_HERE_WE = re.compile(
    r"^(?:here|in (?:this|the present) (?:paper|work|study)),?\s+(?=we\b)", re.IGNORECASE
)


def strip_preamble(sentence: str) -> str:
    """Drop "In this paper,", "To address this," and the like; capitalise what is left."""
    restart = _RESTART.search(sentence)  # "... (Smith, 2024) In this work, we": a lost full stop
    sentence = sentence[restart.start() + 1 :] if restart else sentence
    for _ in range(3):  # "However, in this paper, we ..." has two
        stripped = _HERE_WE.sub("", _LINK_BACK.sub("", sentence, count=1))
        opening = _OPENING.match(stripped)
        if opening and _is_preamble(opening.group(1)):
            stripped = stripped[opening.end() :]
        if stripped == sentence:
            break
        sentence = stripped
    return capitalise(sentence)


def strip_opening(sentence: str) -> str:
    """`sentence` without any opening phrase before the authors' subject ("Following the
    principle that objects appear in context, we propose X" -> "We propose X"), if it holds
    no claim of its own: what a sentence too long to be a summary can do without."""
    opening = _OPENING.match(sentence)
    if not opening or claims(opening.group(1).lower()):
        return sentence
    return capitalise(sentence[opening.end() :])


def _is_preamble(phrase: str) -> bool:
    """A connective or framing phrase, not a clause of its own ("we find that ...")."""
    if len(phrase.split()) > 25 or claims(phrase.lower()):
        return False
    return bool(_CONNECTIVE.match(phrase) or _BACK_REFERENCE.search(phrase))


def capitalise(sentence: str) -> str:
    match = _LETTER.search(sentence)
    if not match:
        return sentence
    at = match.start()
    return sentence[:at] + sentence[at].upper() + sentence[at + 1 :]


_LETTER = re.compile(r"(?<![\\A-Za-z])[A-Za-z]")  # not a LaTeX command's name ("\\emph")
