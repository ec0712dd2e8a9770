"""Tags: normalised keyphrases per paper (methods, tasks, benchmarks, settings), 3 to 8 each.

Candidates are noun phrases of one to three words, found without a part-of-speech tagger:
a phrase never spans punctuation, a function word, a verb or an adverb, and it must end on a
noun (the lexicons are `data/tags_*.txt`; suffix rules cover words they miss). Candidates are
weighed against the whole collection (TF-IDF), so phrases every paper uses rank below what
sets a paper apart. An acronym defined in an abstract ("Direct Preference Optimization (DPO)")
becomes one tag naming both, and every paper that uses the acronym or its long form gets it.
This module owns tag text; it never decides topics or page addresses.
"""

from __future__ import annotations

import math
import operator
import re
from collections import Counter, defaultdict
from importlib import resources
from typing import NamedTuple

from . import parallel

MIN_TAGS, MAX_TAGS = 3, 8
MAX_WORDS = 3
RELATIVE_FLOOR = 0.3  # past the minimum, a tag must score this share of the paper's best
BREAK, MODIFIER, GENERIC, NOUN, NAME = range(5)


def _lexicon(name: str) -> frozenset[str]:
    text = resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8")
    return frozenset(w for line in text.splitlines() for w in line.split("#", 1)[0].split())


def _verb_forms(lemmas: frozenset[str]) -> frozenset[str]:
    """Lemma, -s and -ing forms; over-generating is harmless, missing forms are not. The -ed
    forms stay out: as participles they modify nouns ("constrained optimization")."""
    forms = set()
    for verb in lemmas:
        stem = verb[:-1] if verb.endswith("e") else verb
        forms |= {verb, verb + "s", verb + "es", stem + "ing", verb + verb[-1] + "ing"}
        if verb.endswith("y"):
            forms.add(verb[:-1] + "ies")
    return frozenset(forms)


STOPWORDS = _lexicon("tags_stopwords.txt")
GENERIC_WORDS = _lexicon("tags_generic.txt")
KEEP_NOUNS = _lexicon("tags_keep.txt")
ADJECTIVES = _lexicon("tags_adjectives.txt")
VERB_FORMS = _verb_forms(_lexicon("tags_verbs.txt")) - KEEP_NOUNS
_VERB_SUFFIX = re.compile(r"(?<!w)(?:i[sz]e|i[sz]es|i[sz]ing|ify|ifies|ifying)$")
_ADJECTIVE_SUFFIX = re.compile(r"(?:ous|ive|ful|less|able|ible|ical|ional|istic)$")
_ADJECTIVE_PART = re.compile(
    r"-(?:level|based|wise|free|aware|specific|agnostic|dependent|independent|like|style|"
    r"driven|guided|oriented|centric|efficient|intensive|friendly|scale|grained|dimensional|"
    r"order|time|shot|step|stage|round|layer|resolution|quality|consistent|invariant)$"
)
_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:['-][A-Za-z0-9]+)*|[^\sA-Za-z]+")
_CITATION = re.compile(
    r"\b[A-Z][\w'-]+(?:\s+(?:and|&)\s+[A-Z][\w'-]+)?\s+et\s+al\.?(?:,?\s*\(?\d{4}[a-z]?\)?)?"
    r"|\([^()]*\b(?:19|20)\d\d[a-z]?\)|\[[\d,;\s-]+\]"
)
_LINKING = frozenset("a an and for from in of on the to with".split())
_YEAR = re.compile(r"(?:19|20)\d\d")
_SHORT_FORM = re.compile(r"\(([A-Za-z][A-Za-z0-9-]{1,11})\)")
_SAFE = re.compile(r"[^\W_](?:[\w '+.()-]*(?:[^\W_]|\)))?")


def word_class(token: str) -> int:
    """Which part a word may play in a tag: BREAK ends a phrase, MODIFIER never ends one."""
    low = token.lower()
    if len(low) < 2 or low in STOPWORDS or not low[0].isalpha() or low.endswith(("'s", "s'")):
        return BREAK  # function words, and possessives: "the model's" never opens a tag
    if _is_name(token):
        return NAME
    if low in KEEP_NOUNS:
        return GENERIC if low in GENERIC_WORDS else NOUN
    if low in VERB_FORMS or (_VERB_SUFFIX.search(low) and len(low) > 6):
        return BREAK
    if low.endswith("ly") and len(low) > 4:
        return BREAK  # adverbs
    if low in GENERIC_WORDS:
        return GENERIC
    if (
        low in ADJECTIVES
        or _ADJECTIVE_PART.search(low)
        or (_ADJECTIVE_SUFFIX.search(low) and len(low) > 5)
    ):
        return MODIFIER
    if low.endswith("ed") and len(low) > 4:
        return MODIFIER  # participles: "supervised learning", never "learning supervised"
    return NOUN


def _is_name(token: str) -> bool:
    """Acronyms and coined names keep their case: LLM, GPT-4, AlpacaEval, SAE-V, MT-Bench.
    Title Case alone ("Retrieval-Augmented") is no name: headings and definitions use it."""
    # A capital past the first letter of a part: two capitals in a part imply one.
    return any(ch.isupper() for part in token.split("-") for ch in part[1:])


def surface(token: str) -> str:
    return token if _is_name(token) else token.lower()


def singular(word: str) -> str:
    """Plural head nouns made singular: 'networks' -> 'network', 'LLMs' -> 'LLM'."""
    return _singular_name(word) if _is_name(word) else _singular_word(word)


def _singular_name(name: str) -> str:
    return name[:-1] if name.endswith("s") and name[-2:-1].isupper() else name


def _singular_word(word: str) -> str:
    if len(word) <= 3 or word in _IRREGULAR or word.endswith(("ss", "us", "is", "as", "ics")):
        return _IRREGULAR.get(word, word)
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") else word


_IRREGULAR = {
    "matrices": "matrix", "vertices": "vertex", "indices": "index", "simplices": "simplex",
    "criteria": "criterion", "phenomena": "phenomenon", "hypotheses": "hypothesis",
    "analyses": "analysis", "series": "series", "species": "species",
}  # fmt: skip


def candidates(text: str) -> Counter[str]:
    """Noun phrases of 1..MAX_WORDS words with their counts in `text`."""
    return _scan(text)[0]


class _Word(NamedTuple):
    kind: int
    text: str  # as a tag spells it: lower case unless a name
    head: str  # as the last word of a tag spells it: singular
    code: str  # one letter for the kind, upper case for a plural noun: runs are found by regex


_CODES = {BREAK: "0", MODIFIER: "m", GENERIC: "g", NOUN: "n", NAME: "a"}
_HEAD_CODES = frozenset("naN")  # kinds NOUN and NAME: a word that is a phrase on its own
# Words between breaks; a plural ends its run. (`[mgna]*[GN]|[mgna]+`, without backtracking.)
_RUN = re.compile(r"[mgna]+[GN]?|[GN]")
_NOUNISH = frozenset("gnaGN")
_CODE_OF = operator.attrgetter("code")
_HEAD_OF = operator.attrgetter("head")


def _scan(text: str) -> tuple[Counter[str], Counter[str]]:
    """Phrase counts, and counts of every word as the head of a phrase would spell it."""
    if "et al" in text or "[" in text or _YEAR.search(text):  # the full pattern is slow
        text = _CITATION.sub(",", text)
    infos = _classified(_TOKEN.findall(text))
    codes = "".join(map(_CODE_OF, infos))
    found: list[str] = []
    for match in _RUN.finditer(codes):
        start, end = match.span()
        if end - start == 1:  # most runs are one word: the fast path
            if codes[start] in _HEAD_CODES:
                found.append(infos[start].head)
            continue
        if _verb_in_disguise(codes, start, end):
            end -= 1
        found.extend(_phrases(infos[start:end]))
    return Counter(found), Counter(map(_HEAD_OF, infos))


def _classified(tokens: list[str]) -> list[_Word]:
    """Each token's `_Word`; looked up in C (map), classified in Python only when new."""
    try:
        return list(map(_INFO.__getitem__, tokens))
    except KeyError:  # words not seen before in this process: most abstracts have a few
        for token in set(tokens).difference(_INFO):
            _word(token)
        return list(map(_INFO.__getitem__, tokens))


def _verb_in_disguise(codes: str, start: int, end: int) -> bool:
    """A "plural" between a singular noun and another noun is a verb: "the system | ranks |
    items". Before a modifier or a break it is a plural noun: "reward models trained"."""
    return (
        end - start >= 2
        and codes[end - 1] in "GN"
        and codes[end - 2] in "gna"
        and end < len(codes)
        and codes[end] in _NOUNISH
    )


def _word(token: str) -> _Word:
    kind = word_class(token) if token[0].isalpha() else BREAK
    # `surface` and `singular` without asking `_is_name` again: `word_class` answered it.
    if kind == BREAK:
        text = head = ""
    elif kind == NAME:
        text, head = token, _singular_name(token)
    else:
        text = token.lower()
        head = _singular_word(text)
    code = _CODES[kind]
    if kind in (GENERIC, NOUN) and head != text:
        code = code.upper()
    info = _INFO[token] = _Word(kind, text, head, code)
    return info


_LOG = [math.log(1 + n) for n in range(16)]
_INFO: dict[str, _Word] = {}  # every token seen, classified once per process


def _phrases(run: list[_Word]) -> list[str]:
    """The run's head-final phrases: 'token-level reward guidance', 'reward guidance', ...

    Only phrases ending on the run's last word: "large language" is no phrase of "large
    language models". A run that ends on a modifier has no head and yields nothing."""
    last = run[-1]
    if last.kind == MODIFIER:
        return []
    content = last.kind >= NOUN
    out = [last.head] if content else []
    words = [last.head]
    for word in run[-2 : -1 - MAX_WORDS : -1]:
        words.append(word.text)
        content = content or word.kind >= NOUN
        if content:
            out.append(" ".join(reversed(words)))
    return out


def extract_acronyms(text: str) -> dict[str, str]:
    """`Long Form (LF)` definitions in one text: acronym (singular) -> normalised long form."""
    found = {}
    for match in _SHORT_FORM.finditer(text):
        short = singular(match.group(1))
        if sum(ch.isupper() for ch in short) < 2:
            continue
        clause = re.split(r"[.;:()\[\]]", text[max(0, match.start() - 200) : match.start()])[-1]
        long_form = _long_form(short, clause)
        if long_form:
            found[short] = long_form
    return found


def _long_form(short: str, before: str) -> str | None:
    """The fewest final words of `before` whose letters spell `short`, each word giving its
    initial and maybe more letters ("Sparse AutoEncoders" -> SAE); small words may give none
    ("Mixture of Experts" -> MoE). A stricter cousin of Schwartz & Hearst (2003)."""
    letters = [ch.lower() for ch in short if ch.isalnum()]
    words = before.split()
    for size in range(1, min(len(words), len(letters) + 3) + 1):
        parts = [p.lower() for w in words[-size:] for p in w.split("-") if p]
        if parts and parts[0][0] == letters[0] and _spells(letters, parts):
            return _normalise_long_form(words[-size:])
    return None


def _spells(letters: list[str], parts: list[str]) -> bool:
    if not parts:
        return not letters
    part, rest = parts[0], parts[1:]
    if part in _LINKING and _spells(letters, rest):
        return True
    if not letters or part[0] != letters[0]:
        return False
    # The part gives its initial plus any later letters that appear in it, in order.
    for taken in range(len(letters), 0, -1):
        if _in_order(letters[1:taken], part[1:]) and _spells(letters[taken:], rest):
            return True
    return False


def _in_order(needle: list[str], haystack: str) -> bool:
    position = 0
    for ch in needle:
        position = haystack.find(ch, position) + 1
        if not position:
            return False
    return True


def _normalise_long_form(words: list[str]) -> str | None:
    if words[0].lower() in STOPWORDS or word_class(words[-1]) in (BREAK, MODIFIER):
        return None
    # Definitions are often Title Cased: keep only the capitals of acronym-like words.
    spelled = [w if sum(map(str.isupper, w)) > sum(map(str.islower, w)) else w.lower()
               for w in words]  # fmt: skip
    if not _LINKING.intersection(spelled):  # "mixture of experts" keeps its plural
        spelled[-1] = singular(spelled[-1])
    return " ".join(spelled)


def assign_tags(texts: list[str]) -> list[tuple[str, ...]]:
    """Tags for each text, best first, weighed against the whole collection. Each text is read,
    and later given its tags, on any core (`parallel`); what takes the whole collection (the
    acronyms, the spellings, the idf) is done in this process."""
    defined = parallel.ordered_map(_acronyms_at, texts, len(texts))
    acronyms = _collection_acronyms(defined)
    by_ends = _index_by_ends(acronyms)
    read = parallel.ordered_map(_read_at, (texts, defined, acronyms, by_ends), len(texts))
    counts, display = _fold_variants([phrases for phrases, _ in read])
    frequency = Counter(key for doc in counts for key in doc)
    idf = {key: math.log((1 + len(texts)) / (1 + df)) + 1 for key, df in frequency.items()}
    words = [words for _, words in read]
    weighing = _weighing(idf, display)
    return parallel.ordered_map(_tags_at, (counts, words, weighing), len(texts))


def _acronyms_at(texts: list[str], index: int) -> dict[str, str]:
    return extract_acronyms(texts[index])


def _read_at(
    shared: tuple[list[str], list[dict[str, str]], dict[str, str], _ByEnds], index: int
) -> tuple[dict[str, int], dict[str, int]]:
    """A text's phrase counts, with the acronyms it uses joined to their long forms, and its
    word counts; plain dicts, which come back from a worker faster than Counters (pickled
    by reduce, in Python)."""
    texts, defined, acronyms, by_ends = shared
    phrases, words = _scan(texts[index])
    lowered, own = texts[index].lower(), defined[index]
    used = _acronyms_used(lowered, words, own, acronyms, by_ends)
    definitions = {a: _long_form_for(a, acronyms[a], own.get(a)) for a in sorted(used)}
    return _join_acronyms(lowered, dict(phrases), words, definitions), dict(words)


def _tags_at(
    shared: tuple[list[dict[str, int]], list[dict[str, int]], _Weighing], index: int
) -> tuple[str, ...]:
    counts, words, weighing = shared
    return _choose(_ranked(counts[index], words[index], weighing))


def _collection_acronyms(defined: list[dict[str, str]]) -> dict[str, str]:
    """Each acronym's most common long form in the collection."""
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for definitions in defined:
        for acronym, long_form in definitions.items():
            votes[acronym][long_form] += 1
    return {acronym: min(c, key=lambda lf: (-c[lf], lf)) for acronym, c in votes.items()}


_ByEnds = dict[str, dict[str, list[tuple[str, str]]]]


def _index_by_ends(acronyms: dict[str, str]) -> _ByEnds:
    """first word -> last word (singular) -> (acronym, long form in lower case): a paper holding
    neither word never says the long form. Nested, so a paper's look-ups do not grow with the
    collection: common first words ("deep", "large") start hundreds of long forms in a big one."""
    index: _ByEnds = {}
    for acronym, long_form in sorted(acronyms.items()):
        words = long_form.split()
        ends = index.setdefault(words[0], {})
        ends.setdefault(singular(words[-1]), []).append((acronym, long_form.lower()))
    return index


def _acronyms_used(
    lowered: str,
    words: dict[str, int],
    own: dict[str, str],
    acronyms: dict[str, str],
    by_ends: _ByEnds,
) -> set[str]:
    """Acronyms a paper may say: as such, or as the long form. That needs the long form's first
    and last word (intersecting dict key views walks the smaller side, in C), and its text:
    a long form the paper never writes joins nothing (`_join_acronyms`), unless the paper
    defines the acronym as something else."""
    used = words.keys() & acronyms.keys()
    for first in words.keys() & by_ends.keys():
        ends = by_ends[first]
        for last in ends.keys() & words.keys():
            used.update(a for a, long_form in ends[last] if long_form in lowered or a in own)
    return used


def _long_form_for(acronym: str, usual: str, own: str | None) -> str:
    """The collection's long form, unless this paper defines the acronym as something else:
    "with human feedback" is still RLHF's "from human feedback"; "stacked autoencoder" is no
    "sparse autoencoder"."""
    if own is None:
        return usual
    usual_words = set(usual.lower().split())
    return own if len(usual_words & set(own.lower().split())) * 2 < len(usual_words) else usual


def _join_acronyms(
    lowered: str, phrases: dict[str, int], words: dict[str, int], acronyms: dict[str, str]
) -> dict[str, int]:
    """Acronym and long form counted as one tag, replacing the phrases inside the long form.
    `lowered` is the paper's text in lower case."""
    for acronym, long_form in acronyms.items():
        said = lowered.count(long_form.lower())
        if not said and len(acronym) < 3:
            continue  # "SD" alone may be another paper's acronym; long ones rarely clash
        hits = words.get(acronym, 0) + said
        if hits:
            phrases.pop(acronym, None)
            for part in _subphrases(long_form):
                phrases.pop(part, None)
            joined = f"{long_form} ({acronym})"
            phrases[joined] = phrases.get(joined, 0) + hits
    return phrases


def _subphrases(phrase: str) -> list[str]:
    words = phrase.split()
    return [" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1)]


def _fold_variants(counts: list[dict[str, int]]) -> tuple[list[dict[str, int]], dict[str, str]]:
    """'fine-tuning', 'finetuning' and 'Fine tuning' are one tag, shown as most papers write it."""
    keys = {phrase: _FOLDED.get(phrase) or _fold(phrase) for phrase in set().union(*counts)}
    spellings: dict[str, list[str]] = defaultdict(list)
    for phrase, key in keys.items():
        spellings[key].append(phrase)
    # Only a key spelled several ways needs the count of each spelling: set operations in C
    # find the few phrases concerned in each paper.
    variants = {phrase for group in spellings.values() if len(group) > 1 for phrase in group}
    totals: Counter[str] = Counter()
    folded = []
    for doc in counts:
        for phrase in doc.keys() & variants:
            totals[phrase] += doc[phrase]
        folded.append(_merged(doc, keys))
    display = {
        key: min(group, key=lambda s: (-totals[s], s)) if len(group) > 1 else group[0]
        for key, group in spellings.items()
    }
    return folded, display


def _merged(doc: dict[str, int], keys: dict[str, str]) -> dict[str, int]:
    """`doc` counted by folded key; when no two of its phrases fold alike, a plain copy."""
    folded = list(map(keys.__getitem__, doc))
    copy = dict(zip(folded, doc.values(), strict=True))
    if len(copy) == len(folded):
        return copy
    merged: dict[str, int] = {}
    for key, n in zip(folded, doc.values(), strict=True):
        merged[key] = merged.get(key, 0) + n
    return merged


def _fold(phrase: str) -> str:
    _FOLDED[phrase] = key = phrase.lower().replace("-", "").replace(" ", "")
    return key


_FOLDED: dict[str, str] = {}


_Weighing = dict[str, tuple[str, float, float, list[str]]]


def _weighing(idf: dict[str, float], display: dict[str, str]) -> _Weighing:
    """Per key, what weighs it in any paper: its tag, idf and specificity, and the tag's words.
    Longer phrases are more specific; an acronym the authors defined names a key idea."""
    weighing = {}
    for key, tag in display.items():
        specificity = 1.5 if tag.endswith(")") else 1 + 0.25 * tag.count(" ")
        weighing[key] = (tag, idf[key], specificity, tag.split())
    return weighing


def _ranked(
    doc: dict[str, int], words: dict[str, int], weighing: _Weighing
) -> list[tuple[str, float, int]]:
    """(tag, weight, count), heaviest first. A phrase whose words recur in the abstract is
    central to it ("urban region embedding" in an abstract about urban regions)."""
    weighted = []
    for key, count in doc.items():
        tag, idf, specificity, parts = weighing[key]
        centrality = 0.0
        for part in parts:
            centrality += _LOG[min(words.get(part, 0), 15)]
        weight = _LOG_COUNT[min(count, 15)] * idf * specificity * (1 + centrality / len(parts))
        weighted.append((-weight, tag, count))
    weighted.sort()  # plain tuples sort fastest: heaviest first, ties by tag
    return [(tag, -negative, count) for negative, tag, count in weighted]


_LOG_COUNT = [1 + math.log(max(n, 1)) for n in range(16)]


def _choose(ranked: list[tuple[str, float, int]]) -> tuple[str, ...]:
    """Best first, no tag inside another; a second pass relaxes the rules to reach MIN_TAGS."""
    floor = ranked[0][1] * RELATIVE_FLOOR if ranked else 0.0
    chosen: list[str] = []
    chosen_words: list[str] = []  # `_bare` of each chosen tag, for `_overlaps`
    for strict in (True, False):
        for tag, weight, count in ranked:
            if len(chosen) >= MAX_TAGS or (len(chosen) >= MIN_TAGS and weight < floor):
                break
            if tag in chosen or not _SAFE.fullmatch(tag) or len(tag) > 80:
                continue
            words = _bare(tag)
            if _overlaps(words, chosen_words) or (
                " " not in tag and not _good_single(tag, count, strict)
            ):
                continue
            chosen.append(tag)
            chosen_words.append(words)
        if len(chosen) >= MIN_TAGS:
            break
    return tuple(chosen)


def _overlaps(words: str, chosen_words: list[str]) -> bool:
    """Word-wise containment either way (of `_bare` forms); "DPO" is inside "direct preference
    optimization (DPO)"."""
    return any(words in other or other in words for other in chosen_words)


def _bare(tag: str) -> str:
    return f" {tag.lower().replace('(', '').replace(')', '')} "


def _good_single(word: str, count: int, strict: bool) -> bool:
    """A lone word is a tag only if it names something: an acronym, a name, a long term
    the abstract repeats. Relaxed, any word that is no generic noun will do."""
    if word.lower() in GENERIC_WORDS or (word.endswith(("al", "ic", "ar")) and word.islower()):
        return False  # adjectives alone ("adversarial", "stochastic", "linear") name nothing
    return not strict or word_class(word) == NAME or (len(word) >= 8 and count >= 2)
