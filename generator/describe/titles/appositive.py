"""The title an abstract states itself: "Name: what it is", from the sentence coining the name.

When the authors write "we present ProSim, a multimodal promptable closed-loop traffic
simulation framework", their own appositive is the description a reader accepts after the
name; no ranking of noun phrases finds a better one. `named_title` reads the sentence shapes
that coin a name and say what it is in one breath:
- "we propose NAME, a/an <noun phrase>" (or "NAME: a ...", "NAME — a ...");
- "we propose a/an <noun phrase>, called/named/dubbed NAME";
- "we propose a/an <noun phrase>, NAME, that ...";
- "NAME is a/an <noun phrase>", when NAME is the name the title leads with anyway;
and compresses the noun phrase to its head and modifiers with their prepositional phrases:
relative clauses and appositions go, "that measures X" after a bare kind ("a benchmark") becomes
"for measuring X", at most `MAX_WORDS` words in all, cut only between phrases. The result
must pass the title check; otherwise "" and the ranked candidates decide. Without a coined
name, `contribution_title` compresses the same way what one of the two best-ranked sentences
says the paper presents ("we present a/an <phrase>") or studies ("we study X", "we consider
the problem of X"). `phrasing.choose` keeps either unless the ranker clearly prefers another
candidate. Regex over the plain sentences; must not rank, score or read other papers.
"""

from __future__ import annotations

import re

from generator.describe.reading.abstracts import Abstract
from generator.describe.reading.grammar import first_clause
from generator.describe.reading.lexicon import (
    ADVERB,
    COMMON_ACRONYMS,
    GENERIC_HEADS,
    INTRO_VERBS,
    POINTING,
    STATE_VERBS,
    gerund,
)
from generator.describe.reading.names import NAME_TOKEN, Name, acceptable
from generator.describe.titles.check import problems
from generator.describe.titles.phrases import (
    MAX_WORDS,
    attach,
    clean,
    drop_parentheses,
    first_word,
    fit,
    gerund_purpose,
    has_preposition,
    head_noun,
    informative,
    noun_phrase,
    spell_out,
    title_case,
)

_INTRO = (
    r"\b(?i:we|this (?:paper|work|study|article))\s+(?:(?:first|then|further|also|now|thus|"
    r"hence|therefore|here|\w+ly)\s+)?(?:present|propos|introduc|develop|design|releas|build|"
    r"built|creat|curat|construct|contribut|offer|describ)(?:e|es|ed|s|d)?\s+"
)
_NAME = rf"(?P<name>{NAME_TOKEN.pattern})"
_ARTICLE = r"(?:an?|the)\s+"
_SHAPES = (
    # "we propose NAME (long form), a/an <phrase>"; "NAME: a ..."; "NAME — a ..."
    re.compile(rf"{_INTRO}{_NAME}\s*(?:,|:|\s[—–-]\s|—)\s*{_ARTICLE}(?P<phrase>.+)"),
    # "we propose a <phrase>, called NAME"
    re.compile(
        rf"{_INTRO}{_ARTICLE}(?P<phrase>[^,;:]+?),?\s+(?:called|named|dubbed|termed|coined)"
        rf"(?:\s+as)?\s+{_NAME}(?![\w-])"
    ),
    # "we present an exemplar-based dialogue generation model, EDGE, that ..."
    re.compile(rf"{_INTRO}{_ARTICLE}(?P<phrase>[^,;:]+?),\s+{_NAME}\s*(?:,|\.?$)"),
)
# "NAME is a/an <phrase>": trusted only for the name the title leads with anyway.
_COPULA = re.compile(rf"^{_NAME}\s+is\s+(?:an?)\s+(?P<phrase>.+)")
_TOP = 2  # sentences, best-ranked first, that may state the contribution
_MIN_WORDS = 2  # after the name: "Name: Framework" says nothing
_THIN = 3  # words, at most, of a description that is only a kind: "Open Source Library"
# What a name is, said without what it is for: the kinds papers introduce.
_KINDS = GENERIC_HEADS | frozenset(
    """library toolkit dataset corpus benchmark suite agent policy scheme structure platform
    network networks models estimator solver optimizer planner simulator controller
    environment""".split()
)
_FOR = re.compile(r"^\s*,?\s*(?:designed|tailored|built|intended|developed|made)\s+(?=for\s|to\s)")


def named_title(parts: Abstract, chosen: Name | None) -> str:
    """ "Name: Description" from the first sentence that coins a name and says what it is, or
    "" when none does or the result fails the title check. "NAME is a ..." is trusted only for
    the name the title would lead with anyway (`naming.choose_name`'s, `chosen`)."""
    leading = chosen.short if chosen else ""
    for plain in parts.plain:
        found = _coined(plain, leading)
        if found:
            title = _titled(*found, parts.long_forms)
            if title:
                return title
    return ""


def contribution_title(parts: Abstract, chosen: Name | None) -> str:
    """The object of the first "we propose a/an <phrase>", compressed ("we present a fast and
    exact algorithm for energy minimization in cycle MRFs": "Fast and Exact Algorithm for
    Energy Minimization in Cycle MRFs"), after the name the title leads with (`chosen`) when
    the sentence names it; "" when none states one that makes a title the check passes."""
    for index in parts.ranking[:_TOP]:  # a later one is a secondary result
        plain = parts.plain[index]
        match = _CONTRIBUTION.search(drop_parentheses(plain))
        if not match or _SECONDARY.search(plain[: match.start()]):
            continue
        if chosen and chosen.short not in plain:
            return ""  # the paper's main thing is its name: the ranked candidates lead with it
        phrase = match["phrase"] or match["subject"]
        found = _described(_ADJECTIVES.sub(r"\1 ", phrase), chosen, parts.long_forms)
        if found:
            return found
    return ""


def _described(phrase: str, name: Name | None, long_forms: dict[str, str]) -> str:
    if name:
        return _titled(name.short, phrase, long_forms)
    for description in compress(phrase):
        description = fit(spell_out(_action(description), long_forms, "", MAX_WORDS))
        generic = head_noun(description) in _KINDS and not has_preposition(description)
        generic = generic or first_word(description).lower() in _VAGUE_OPENERS
        if len(description.split()) > _THIN and not generic and _says_what(description, ""):
            title = title_case(description)
            return "" if problems(title) else title
    return ""


def _action(description: str) -> str:
    """ "method for learning X" -> "learning X": without a name, a bare kind before what it
    does only delays the title's subject."""
    match = _KIND_FOR.match(description)
    if match:
        return description[match.end() :]
    match = _TO_VERB.match(description)  # "method to combat X": "combating X"
    if match and match[1].lower() in GENERIC_HEADS:
        verb = match[2] if match[2].endswith("ing") else gerund(match[2])
        return f"{verb} {description[match.end() :]}"
    return description[: match.end(1)] if match else description


# Heads that say a paper does "a study of", "a way of", "a total of" something: no subject.
_VAGUE_OPENERS = frozenset(
    """study notion way total extension kind type couple series number set pair combination
    definitional collection analysis investigation explanation proof discussion overview
    evaluation comparison characterization characterisation description class team group
    variety""".split()
)
_KIND_FOR = re.compile(rf"^(?:{'|'.join(sorted(GENERIC_HEADS))})\s+for\s+(?=\w+ing\b)")
# "Furthermore, we propose ...", "we also introduce ...": not the paper's main contribution.
_SECONDARY = re.compile(
    r"^(?:furthermore|moreover|additionally|in addition|finally|besides|then)\b|\b(?:also|further|"
    r"additionally|then|finally)\s*$",
    re.IGNORECASE,
)
_CONTRIBUTION = re.compile(
    rf"{_INTRO}(?:an?)\s+(?P<phrase>.+)"
    # "we study X", "we consider the problem of X": the subject the paper is about
    r"|\b(?i:we|this (?:paper|work|study|article|manuscript))\s+(?:\w+ly\s+)?"
    r"(?:(?:aim|seek|set out) to\s+)?(?:study|studie|investigat|consider|examin|explor|"
    r"analy[sz]|characteri[sz])(?:e|es|ed|s)?\s+(?:(?:the|a|an)\s+)?"
    r"(?:(?:[a-z-]+\s+)?(?:problem|question|task|setting)s?\s+of\s+)?(?P<subject>(?!how\b|whether\b|why\b|"
    r"what\b|when\b|this\b|these\b|such\b|it\b|them\b|in\b|on\b|for\b|with\b|under\b|"
    r"from\b|through\b|via\b|using\b|as\b|to\b|at\b|by\b)[a-z].+)"
)
# "a practical, differentially private algorithm": a comma between two modifiers joins them.
_ADJECTIVES = re.compile(r"^([a-z-]{3,}),\s+(?=[a-z-]+\s+[a-z-]+)")


def _coined(sentence: str, leading: str) -> tuple[str, str] | None:
    """(name, the noun phrase saying what it is) when `sentence` coins a name."""
    sentence = drop_parentheses(sentence)
    for shape in _SHAPES:
        match = shape.search(sentence)
        if match and _is_name(match["name"]):
            return match["name"], match["phrase"]
    match = _COPULA.match(sentence)
    if match and leading and match["name"] == leading:
        return match["name"], match["phrase"]
    return None


def _is_name(name: str) -> bool:
    return acceptable(name) and name not in COMMON_ACRONYMS and not name.endswith("-")


def _titled(name: str, phrase: str, long_forms: dict[str, str]) -> str:
    """The first of the compressed phrase (with its purpose, then without) that makes a title
    the check passes."""
    budget = MAX_WORDS - len(name.split())
    for description in compress(phrase):
        description = fit(spell_out(description, long_forms, name, budget), budget)
        if not _says_what(description, name):
            continue
        title = f"{name}: {title_case(description)}"
        if not problems(title):
            return title
    return ""


def _says_what(description: str, name: str) -> bool:
    """More than a bare kind ("Open Source Library"), and not the name again."""
    words = description.split()
    pointing = _POINTING.search(description) or any(ch in description for ch in '"“”')
    if len(words) < _MIN_WORDS or not informative(description) or pointing:
        return False
    thin = len(words) <= _THIN and not has_preposition(description)
    if thin and head_noun(description) in _KINDS:
        return False
    return not name or description.lower() not in name.lower()


def compress(phrase: str) -> tuple[str, ...]:
    """The noun phrase of an appositive without its relative clauses and appositions, with the
    purpose a bare kind is given after it, and without: "a benchmark that measures X under Y"
    -> "benchmark for measuring X under Y", "benchmark"; "a simulator for X, which ..." ->
    "simulator for X"."""
    clause = first_clause(_AIMED.sub(" for ", _NAMING.split(phrase, maxsplit=1)[0]))
    if _POINTING.search(clause):  # "for the characterization of such networks"
        return ()
    cuts = [found.start() for cut in _CUTS if (found := cut.search(clause))]
    clause = clause[: min(cuts)] if cuts else clause
    described, rest = _LOOSE.sub("", clean(clause)), phrase[len(clause) :]
    rest = _FOR.sub("", rest)  # "designed for X": "for X"
    if has_preposition(described):
        return (described,)
    purpose = ""
    if rest.lstrip().startswith("for "):
        purpose = "for " + noun_phrase(rest.lstrip()[4:])
    elif head_noun(described) in _KINDS and len(described.split()) <= _THIN:
        purpose = gerund_purpose(rest)  # a long phrase says enough: "traffic simulation framework"
    if purpose and not _BACK.search(purpose) and not _RESULT.match(purpose):
        purpose = _BOTH_VERBS.sub(lambda m: f"{m[1]} {gerund(m[2])}", purpose)
        purpose = _AIMING.sub(lambda m: f"for {gerund(m[1])}", purpose)  # "that aims to reduce"
        return (attach(described, purpose), described)
    return (described,)


_NAMING = re.compile(r",?\s+(?:called|named|dubbed|termed|coined)\s")
_TO_VERB = re.compile(rf"^([\w-]+(?:\s+[\w-]+)*?)\s+to\s+(?:{ADVERB})*([a-z]+)\s+")
# What cleaning leaves of "a simple yet effective method", and a participle left hanging.
_LOOSE = re.compile(
    r"^(?:(?:yet|but|and|also)\s+)+(?:\w+ly\s+)?|^(?:highly|very|innovative|elegant)\s+|"
    r"\s+[a-z]{3,}ed$"
)
_AIMED = re.compile(  # "focused on X", "designed and deployed for X": "for X"
    r"\s(?:(?:focused|focusing|targeted|targeting|specialized|specialised|dedicated|aimed|"
    r"tailored)\s+(?:on|at|for|to)|(?:[a-z]{3,}ed\s+(?:and\s+)?)+for)\s+(?!\w+ing\b)"
)
_AND_PARTICIPLE = re.compile(r"\s+and\s+(?:is\s+|was\s+)?[a-z]{2,}(?:ed|en|wn)\b")
# "an algorithm X and develop an analysis", "a policy achieving ...": another clause opens
_AND_VERB = re.compile(
    rf"\s+and\s+(?:then\s+)?(?:{'|'.join(sorted(INTRO_VERBS | STATE_VERBS))}|showcase|apply|"
    r"use|test|validate)s?\b|\s(?:incorporating|leveraging|achieving|using|exploiting|"
    r"combining|integrating|utilizing|employing|capturing|allowing|enabling|providing|"
    r"requiring|involving|outperforming|showing|demonstrating|offering|making|yielding|aiming|"
    r"seeking|trying|attempting|involved|consisting|comprising)\b"
)
# "a tool developed both for X": "tool"
_PARTICIPLE = re.compile(
    r"\s[a-z]{3,}(?:ed|en|wn)\s+(?:and\s+[a-z]{3,}(?:ed|en|wn)\s+)?(?:(?:both|primarily|specifically|jointly|only)\s+)?"
    r"(?:for|on|in|by|with|from|to|using|at|under|via)\s"
)
# "for modeling and detect X" (a purpose of two verbs): "for modeling and detecting X"
_BOTH_VERBS = re.compile(r"(?<=^for )(\w+ing and) ([a-z]+)\b(?<!ing)")
_AIMING = re.compile(r"^for (?:aiming|seeking|trying|attempting|striving) to ([a-z]+)")
_CUTS = (_PARTICIPLE, _AND_PARTICIPLE, _AND_VERB)
# A purpose that points back ("for addressing the above challenges") says nothing alone.
_BACK = re.compile(
    r"\b(?:its|their|challenges?|issues?|problems?|limitations?|gaps?|difficult(?:y|ies))\b",
    re.IGNORECASE,
)
# Nor does a description that points back to what the abstract said before ("this frontier").
_POINTING = re.compile(rf"\b(?:{'|'.join(sorted(POINTING | {'said'}))})\b", re.I)
# Neither is a result passed off as a purpose ("for showing promising performance").
_RESULT = re.compile(
    r"for (?:showing|achieving|outperforming|demonstrating|yielding|obtaining|exhibiting|"
    r"attaining|surpassing|matching|addressing|tackling|solving|performing|providing)\b"
)
