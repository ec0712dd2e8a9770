"""Tags: normalised keyphrases per paper (methods, tasks, benchmarks, settings), 3 to 8 each.

Candidates are noun-like phrases between stop words; scikit-learn's TfidfVectorizer weighs
them against the whole collection, so phrases every paper uses ("large language models")
rank below what sets a paper apart. Acronyms defined in an abstract ("Direct Preference
Optimization (DPO)") become one tag that names both, and other papers that only use the
acronym get the same tag.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from sklearn.feature_extraction.text import TfidfVectorizer

MIN_TAGS, MAX_TAGS = 3, 8
_STOP = set(
    """a about above across after again against all also although among an and any are as
at be because been before being below between both but by can could did do does doing done
during each either enough especially even ever every few for from further had has have having
here how however if in into is it its itself just least less like many may might more most
much must neither no nor not novel of off often on once one only onto or other others our
ours out over own per rather same several should since so some such than that the their them
then there these they this those through thus to too toward towards under until up upon us
very via was we were what when where whether which while who whom whose why will with within
without would yet your first second third new two three based using use used uses given
propose proposed proposes present presents introduce introduces introduced show shows shown
demonstrate demonstrates achieve achieves achieving paper work approach approaches method
methods results result experiments experiment extensive significant significantly state art
existing prior previous recent recently however furthermore moreover specifically finally
particular various different key effective efficient effectively efficiently problem problems
framework task tasks performance improve improves improved improving well across further
while better best able ability novel simple study studies analysis provide provides provided
approach technique techniques make makes made including include includes enable enables
real world large-scale small large high low compared terms strong stronger wide widely often
important challenging challenge challenges remain remains lack lacks due leading leads lead
whereby thereby first-order many often also""".split()
)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-'][A-Za-z0-9]+)*")
_DEFINITION = re.compile(
    r"((?:[A-Za-z][A-Za-z0-9-]*\s+){1,7}?)\(([A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*?)(s?)\)"
)


def extract_acronyms(text: str) -> dict[str, str]:
    """`Long Form (LF)` definitions in one text: acronym -> long form."""
    found = {}
    for match in _DEFINITION.finditer(text):
        words, acronym = match.group(1).split(), match.group(2)
        expansion = _expansion_for(words, acronym)
        if expansion:
            found[acronym] = expansion
    return found


def _expansion_for(words: list[str], acronym: str) -> str | None:
    """The shortest run of final words whose initials spell the acronym's capitals."""
    letters = [ch.lower() for ch in acronym if ch.isupper()]
    for size in range(1, len(words) + 1):
        tail = words[-size:]
        initials = [part[0].lower() for word in tail for part in word.split("-") if part]
        if initials == letters or [w[0].lower() for w in tail] == letters:
            if tail[0].lower() in _STOP:
                return None
            return " ".join(tail)
    return None


def candidates(text: str) -> list[str]:
    """Phrases of 1-3 content words that never cross punctuation or stop words."""
    phrases = []
    for chunk in re.split(r"[^\w\s'-]|\s-\s", text):
        run: list[str] = []
        for word in [*_WORD.findall(chunk), ""]:
            if word and word.lower() not in _STOP and not word.isdigit():
                run.append(word)
                continue
            phrases.extend(_ngrams(run))
            run = []
    return phrases


def _ngrams(run: list[str]) -> list[str]:
    out = []
    for size in (1, 2, 3):
        for start in range(len(run) - size + 1):
            out.append(normalize_tag(" ".join(run[start : start + size])))
    return [phrase for phrase in out if phrase]


def normalize_tag(phrase: str) -> str:
    """Lower case unless an acronym or coined name; plural last word made singular."""
    words = []
    for word in phrase.split():
        keep_case = any(ch.isupper() for ch in word[1:]) or word.isupper()
        words.append(word if keep_case and len(word) > 1 else word.lower())
    if not words:
        return ""
    words[-1] = _singular(words[-1])
    tag = " ".join(words)
    return tag if 2 < len(tag) <= 60 and re.fullmatch(r"[\w' +.-]+", tag) else ""


def _singular(word: str) -> str:
    if word.isupper() or len(word) <= 4:
        return word.removesuffix("s") if word.isupper() and word.endswith("S") is False else word
    if word.endswith("ies") and len(word) > 5:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is", "ics")):
        return word[:-1]
    return word


def assign_tags(texts: list[str]) -> list[tuple[str, ...]]:
    """Tags for each text, weighed against the whole collection."""
    acronyms = _collection_acronyms(texts)
    documents = [_canonical_phrases(text, acronyms) for text in texts]
    vectorizer = TfidfVectorizer(analyzer=lambda doc: doc, sublinear_tf=True, norm=None)
    matrix = vectorizer.fit_transform(documents).tocsr()
    vocabulary = vectorizer.get_feature_names_out()
    document_frequency = Counter(p for doc in documents for p in set(doc))
    return [
        _top_tags(matrix[row], vocabulary, document_frequency, len(texts))
        for row in range(matrix.shape[0])
    ]


def _collection_acronyms(texts: list[str]) -> dict[str, str]:
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for text in texts:
        for acronym, expansion in extract_acronyms(text).items():
            votes[acronym][expansion.lower()] += 1
    return {acronym: counts.most_common(1)[0][0] for acronym, counts in sorted(votes.items())}


def _canonical_phrases(text: str, acronyms: dict[str, str]) -> list[str]:
    """Candidates with every acronym and its long form mapped to one joined tag."""
    long_forms = {normalize_tag(long): acr for acr, long in acronyms.items()}
    out = []
    for phrase in candidates(text):
        acronym = phrase if phrase in acronyms else long_forms.get(phrase)
        if acronym:
            out.append(f"{_title(acronyms[acronym])} ({acronym})")
        else:
            out.append(phrase)
    return out


def _title(long_form: str) -> str:
    return " ".join(w if w.isupper() else w.lower() for w in long_form.split())


def _top_tags(row, vocabulary, document_frequency, n_docs: int) -> tuple[str, ...]:
    weights = {vocabulary[i]: w * (1 + 0.35 * vocabulary[i].count(" ")) for i, w in
               zip(row.indices, row.data, strict=True)}  # fmt: skip
    ranked = sorted(weights, key=lambda tag: (-weights[tag], tag))
    chosen: list[str] = []
    for tag in ranked:
        if len(chosen) >= MAX_TAGS:
            break
        if len(tag.split()) == 1 and not _distinctive_word(tag):
            continue
        if any(tag in other or other in tag for other in chosen):
            continue
        chosen.append(tag)
    return (
        tuple(sorted(chosen, key=str.lower))
        if len(chosen) >= MIN_TAGS
        else tuple(sorted(ranked[:MIN_TAGS], key=str.lower))
    )


def _distinctive_word(tag: str) -> bool:
    """A lone word is a tag only if it names something: an acronym, a name, a long term."""
    return tag != tag.lower() or len(tag) >= 8
