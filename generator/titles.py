"""A recognisable title for an abstract that has none.

Real titles mostly take one of two shapes: a coined name plus what it is or does ("Name:
Description"), or the main subject or finding as a phrase. `derive_title` takes the coined
name from `names`, the sentence that states the contribution from `summaries`, compresses
what that sentence (or the one introducing the name) says into a phrase of at most
`MAX_WORDS` words cut only between phrases, and writes it in the field's title case. Regex
and small lexicons only: it runs on every paper of every build.
"""

from __future__ import annotations

import re

from .names import KIND_NOUNS, SMALL_WORDS, Name, coined_name, expansions
from .sentences import DETERMINERS, Abstract, analyse, base_form, first_clause, gerund
from .summaries import INTRO_VERBS, STATE_VERBS, claims, is_position, ranking

MAX_WORDS = 12
_GENERIC_HEADS = frozenset(
    """approach method framework algorithm technique strategy model system
    scheme pipeline paradigm module tool mechanism procedure recipe solution objective loss
    architecture methods approaches""".split()
)
_PURE_GENERIC = frozenset(
    """approach method framework technique strategy scheme paradigm
    mechanism procedure recipe solution way pipeline tool module algorithm""".split()
)
_FINDING_VERBS = frozenset("show prove demonstrate find argue establish observe reveal discover "
                           "uncover".split())  # fmt: skip
_FINDING = re.compile(
    r"(?:show|prov|demonstrat|find|argu|establish|observ|reveal|discover|uncover)(?:e|es|s|ing)? "
    r"that "
)
_FILLER = re.compile(
    r"\b(?:novel|new|simple(?:\s+(?:yet|but|and)\s+(?:effective|efficient|powerful))?|"
    r"effective|proposed|straightforward|powerful|first|key|various|several|"
    r"(?:an?\s+)?(?:wide\s+|broad\s+)?(?:variety|range|number|host|set)\s+of)\s+",
    re.IGNORECASE,
)
# "the problem of X" -> "X"; "the alignment problem of X" -> "the alignment of X".
_FRAME = re.compile(
    r"^(?:problem|question|challenge|task|issue|topic)s?\s+of\s+|(?<=\w )problem (?=of )"
)
# Where a phrase may be cut: before a preposition or a conjunction.
_CUT_BEFORE = SMALL_WORDS | frozenset(
    """through between across under among against toward
    towards beyond during using after before around along""".split()
)
_LEADING = re.compile(r"^(?:(?:a|an|the|our|this|these|two|its|their)\s+)+", re.IGNORECASE)
_BACK_REFERENCE = re.compile(r"\s(?:for|in|of|to|on|with|under)\s+(?:this|these|such|those)\s.*")


def derive_title(abstract: str) -> str:
    """Title for one abstract: "Name: Description" when a coined name exists, else a phrase."""
    parts = analyse(abstract)
    if is_position(" ".join(parts.lower)):
        title = _position_title(parts)
    else:
        name = coined_name(abstract, parts)
        name = name if name and name.proper else None  # "graph neural networks (GNNs)": no brand
        title = _titled(abstract, parts, name)
    return title if _WORD.search(title) else "Untitled"


def _titled(abstract: str, parts: Abstract, name: Name | None) -> str:
    phrase = _describe_name(name, parts.plain) if name else ""
    if name and name.long and phrase == name.long:
        phrase = _join(phrase, _problem(parts, name))
    phrase = phrase or _question(parts)
    for index in () if phrase else ranking(abstract)[:3]:
        phrase = describe(parts.plain[index], parts.lower[index])
        if phrase:
            break
    phrase = phrase or _fallback(parts)
    long_forms = expansions(parts.plain)
    if name:
        return _compose(name.short, _expand(phrase, long_forms, name.short, MAX_WORDS - 1))
    return title_case(_fit(_expand(phrase, long_forms, "", MAX_WORDS)))


_WORD = re.compile(r"[^\W_]")


def _problem(parts: Abstract, name: Name) -> str:
    """ "In this work, we focus on the alignment of X" -> "for the alignment of X": the problem
    a named method addresses, when the paper states it before naming the method."""
    for plain, lower in zip(parts.plain, parts.lower, strict=True):
        if name.short in plain or name.long in plain:
            break
        for claim in claims(lower):
            if claim.verb in _PROBLEM_VERBS:
                rest = re.sub(r"^(?:on|with)\s+", "", _after(plain, claim.end))
                problem = _acceptable(_FRAME.sub("", _noun_phrase(rest)))
                return f"for {problem}" if _is_topic(problem) else ""
    return ""


_PROBLEM_VERBS = frozenset("study focus address tackle consider investigate revisit".split())


def _is_topic(phrase: str) -> bool:
    """A noun phrase naming a problem: not "using them", not "potential of utilizing X"."""
    words = phrase.lower().split()
    return len(words) >= 2 and not words[0].endswith("ing") and not _PRONOUNS & set(words)


_PRONOUNS = frozenset("it its they them their we our us this these those".split())


def _fallback(parts: Abstract) -> str:
    """The first clause that reads as a phrase once "We <verb>" is taken off, or "Untitled"."""
    for plain in parts.plain:
        phrase = _clean(first_clause(_WE_VERB.sub("", plain)))
        if len(phrase.split()) >= 2 or (phrase and plain is parts.plain[-1]):
            return phrase
    return "Untitled"


_WE_VERB = re.compile(r"^(?:we|this (?:paper|work|study))\s+\w+\s*", re.IGNORECASE)


def _question(parts: Abstract) -> str:
    """The research question, when the abstract asks one: "What is the role of X?" -> "The Role
    of X"; "How do X learn Y?" stays a question (without its question mark)."""
    first_half = max(2, len(parts.plain) // 2)
    for plain, lower in zip(parts.plain[:first_half], parts.lower, strict=False):
        if plain.endswith("?") and len(plain.split()) <= 16 and lower.startswith(_QUESTIONS):
            return re.sub(r"^what (?:is|are) ", "", plain[:-1], flags=re.IGNORECASE)
    return ""


_QUESTIONS = tuple(f"{words} " for words in ("what is", "what are", "how", "why", "when", "can",
                                              "does", "do", "is", "are"))  # fmt: skip


def _compose(name: str, description: str) -> str:
    description = _fit(_DEMONSTRATIVE.sub("the ", description), MAX_WORDS - len(name.split()))
    if not description or description.lower() in name.lower():
        return name
    return f"{name}: {title_case(description)}"


def _position_title(parts: Abstract) -> str:
    """ "Position: <the claim>", the shape position papers are titled with."""
    for plain, lower in zip(parts.plain, parts.lower, strict=True):
        if "position" not in lower and "we argue" not in lower:
            continue
        for claim in claims(lower):
            if claim.verb in ("argue", "propose", "contend", "claim", "posit", "advocate", "call"):
                rest = re.sub(r"^\s*(?:that|for)\s+", "", plain[claim.end :])
                statement = _clean(first_clause(rest))
                statement = _expand(statement, expansions(parts.plain), "", MAX_WORDS - 1)
                statement = _fit(statement, MAX_WORDS - 1)
                if statement:
                    return f"Position: {title_case(statement)}"
    index = next((i for i, s in enumerate(parts.lower) if "position" in s), 0)
    fallback = describe(parts.plain[index], parts.lower[index]) or parts.plain[0]
    return f"Position: {title_case(_fit(_clean(first_clause(fallback)), MAX_WORDS - 1))}"


def _describe_name(name: Name, sentences: tuple[str, ...]) -> str:
    """What the sentence that introduces `name` says it is: long form, appositive, purpose."""
    sentence = _intro_sentence(name, sentences)
    mention = name.long if name.long and name.long in sentence else name.short
    if not sentence or mention not in sentence:
        return ""
    at = sentence.find(mention)
    before, after = sentence[:at], sentence[at + len(mention) :]
    noun = re.match(rf"\s+(?:{'|'.join(KIND_NOUNS)})\b", after)
    after = after[noun.end() :] if noun else after
    appositive = _appositive(after)
    purpose = _purpose(after) or _purpose(_named_phrase(before)) or _purpose(appositive)
    if name.long:
        long = name.long + (noun.group(0) if noun else "")
        return long if _preposition(purpose) in long.split() else _join(long, purpose)
    described = _noun_phrase(appositive)
    if not _informative(described):
        described = _named_phrase(before) or described
    if not _has_preposition(described) and not purpose:
        rest = appositive[len(first_clause(appositive)) :] if appositive else after
        purpose = _gerund_purpose(rest)  # "a cache that shards prefixes": "for sharding ..."
        if purpose and _head(described) in _PURE_GENERIC:
            return purpose.removeprefix("for ")  # "a framework that extends X": "Extending X"
    return _join(described, purpose)


def _intro_sentence(name: Name, sentences: tuple[str, ...]) -> str:
    mentions = [s for s in sentences if name.short in s or (name.long and name.long in s)]
    for sentence in mentions:
        lower = sentence.lower()
        if any(c.verb in INTRO_VERBS for c in claims(lower)) or re.search(
            r"named|dubbed|called|termed", lower
        ):
            return _drop_parentheses(sentence)
    return _drop_parentheses(mentions[0]) if mentions else ""


def _appositive(after: str) -> str:
    """ ", a benchmark for X that ..." -> "benchmark for X that ..." (what the name is)."""
    match = _APPOSITIVE.match(after)
    return match.group(1) if match else ""


_APPOSITIVE = re.compile(
    r"\s*(?:[,:]|\s[—–-]\s?|—)\s*(?:which is |that is |i\.e\.,? )?(?:(?:an?|the)\s+)?"
    r"(?!\s*(?:that|which|who|where|whose)\b)(.+)"
)


def _purpose(text: str) -> str:
    """A leading prepositional phrase, or the "for ..." inside a phrase: "for fairness"."""
    match = re.match(r"\s*,?\s*((?:for|in|on|with|via|against|across|under|from)\s.+)", text)
    match = match or re.search(r"\s(for\s.+)", first_clause(text))
    return first_clause(match.group(1)) if match else ""


def _preposition(phrase: str) -> str:
    return phrase.split(maxsplit=1)[0] if phrase else ""


def _has_preposition(phrase: str) -> bool:
    return bool(re.search(r"\s(?:for|of|in|on|with|via|from|under|across|to)\s", phrase))


def _gerund_purpose(rest: str) -> str:
    """ "that adjusts step sizes" or "to adjust step sizes" -> "for adjusting step sizes"."""
    match = _RELATIVE.match(rest)
    if not match or match.group(1) in _NOT_ACTIONS:
        return ""
    return f"for {gerund(base_form(match.group(1)))} {first_clause(match.group(2))}"


_RELATIVE = re.compile(
    r"\s*,?\s*(?:that|which|to)\s+(?:(?:can|also|always|often|still|further|then|first|"
    r"even|\w+ly)\s+)*([a-z]+)\s+(.+)"
)
_NOT_ACTIONS = frozenset("is are has have was were be been can may might will would should does do "
                         "did not".split())  # fmt: skip


def _named_phrase(before: str) -> str:
    """ "a simple jailbreak attack named" or "a proxy for memorization:" -> the noun phrase."""
    match = re.search(
        r"\b(?:an?|the)\s+([^,:]*?)\s*(?:,?\s*(?:named|dubbed|called|termed)(?:\s+as)?|:)\s*$",
        before,
    )
    return _noun_phrase(match.group(1)) if match else ""


def describe(sentence: str, lower: str) -> str:
    """A compact phrase for what the contribution sentence says the paper does, or "" when
    the sentence says it only by reference ("we bridge this gap")."""
    found = claims(lower)
    for claim in found:
        if claim.verb in INTRO_VERBS and not lower.startswith("that", claim.end + 1):
            return _acceptable(_object_phrase(_after(sentence, claim.end)))
    finding = _FINDING.search(lower)
    if finding and any(c.verb in _FINDING_VERBS or c.end <= finding.start() for c in found):
        return _acceptable(_clean(first_clause(_after(sentence, finding.end()))))
    for claim in found:
        rest = _after(sentence, claim.end)
        if claim.verb in STATE_VERBS:
            phrase = _FRAME.sub("", _noun_phrase(re.sub(r"^(?:on|with)\s+", "", rest)))
            return _acceptable(phrase)
        if claim.verb not in ("also", "then", "can", "will", "have", "are", "do", "hope"):
            return _acceptable(f"{gerund(claim.verb)} {_noun_phrase(rest)}")
    return ""


def _after(sentence: str, at: int) -> str:
    return _drop_parentheses(sentence[at:]).lstrip()


def _acceptable(phrase: str) -> str:
    """ "" for phrases that mean nothing alone: "gap", "although standard guarantees ..."."""
    words = phrase.split()
    if len(words) < 2 or words[0].lower() in _SUBORDINATORS or words[0].lower() in DETERMINERS:
        return ""
    return _DEMONSTRATIVE.sub("the ", phrase)  # "removing this constraint": "the constraint"


_DEMONSTRATIVE = re.compile(r"\b(?:this|these|such) (?=\w)")
_SUBORDINATORS = frozenset("it they he she there although though while whereas if when since "
                           "because unless as once even".split())  # fmt: skip


def _object_phrase(rest: str) -> str:
    """What follows "we propose": a noun phrase, or "to <verb> ..." as a gerund phrase."""
    if rest.startswith("to "):
        verb, _, tail = rest[3:].partition(" ")
        return f"{gerund(verb)} {_noun_phrase(tail)}"
    phrase = _noun_phrase(rest)
    if len(phrase.split()) < 2:  # "robustness", cut before "to approximate clones"
        return _clean(first_clause(rest, infinitive=False))
    if _head(phrase) in _GENERIC_HEADS and not _has_preposition(phrase):
        return _join(phrase, _gerund_purpose(rest[len(first_clause(rest)) :]))
    return phrase


def _noun_phrase(text: str) -> str:
    return _clean(first_clause(text))


def _clean(phrase: str) -> str:
    """No leading articles, no praise ("novel"), no back-references ("for this setting")."""
    phrase = _FILLER.sub("", _LEADING.sub("", phrase.strip()))
    phrase = _BACK_REFERENCE.sub("", phrase)
    return phrase.strip(" ,;:.\"'“”")


def _informative(phrase: str) -> bool:
    return any(w not in SMALL_WORDS and w not in _GENERIC_HEADS for w in phrase.lower().split())


def _head(phrase: str) -> str:
    words = re.split(r"\s+(?:for|of|in|on|with|to|via|from|under|across)\s", phrase, maxsplit=1)
    return words[0].split()[-1].lower() if words[0].split() else ""


def _join(phrase: str, purpose: str) -> str:
    return f"{phrase} {purpose}".strip() if purpose and purpose not in phrase else phrase


def _drop_parentheses(text: str) -> str:
    return re.sub(r"\s*\([^()]*\)", "", text) if "(" in text else text


def _expand(phrase: str, long_forms: dict[str, str], keep: str, budget: int) -> str:
    """Spell out acronyms the abstract defines, while the title stays within `budget` words:
    titles rarely use a paper's own abbreviations."""
    words = phrase.split()
    for index, word in enumerate(words):
        long = long_forms.get(word.strip(",.;:"))
        if long and word != keep and len(words) + len(long.split()) - 1 <= budget:
            words[index : index + 1] = [long]
    return " ".join(words)


def _fit(phrase: str, budget: int = MAX_WORDS) -> str:
    """At most `budget` words: drop adverbs first, then cut before a preposition or a
    conjunction, so that the title never ends inside a phrase."""
    words = phrase.split()
    if len(words) > budget:
        words = [w for i, w in enumerate(words) if not _droppable_adverb(words, i)]
    if len(words) > budget:
        cuts = [i for i in range(2, budget + 1) if _cuttable(words, i)]
        words = words[: cuts[-1]] if cuts else words[:budget]
    while words and (
        words[-1].lower() in _CUT_BEFORE
        or not _WORD.search(words[-1])
        or _droppable_adverb(words, len(words) - 1)  # "... dynamics jointly"
        or (len(words) > 3 and _PARTICIPLE.fullmatch(words[-1]))  # "... anatomy supported"
    ):
        words.pop()
    return " ".join(words).strip(" ,;:.")


def _droppable_adverb(words: list[str], at: int) -> bool:
    """ "sufficiently low": the adverb can go; "strongly and weakly identifiable" keep theirs."""
    word = words[at]
    if not _ADVERB.fullmatch(word) or word in ("only", "early", "family", "supply", "apply"):
        return False
    neighbours = {words[i].lower() for i in (at - 1, at + 1) if 0 <= i < len(words)}
    return not neighbours & {"and", "or", "nor", "but"}


_ADVERB = re.compile(r"[a-z]+ly")
_PARTICIPLE = re.compile(r"[a-z]{3,}ed")


def _cuttable(words: list[str], at: int) -> bool:
    """Whether a phrase may end before `words[at]`: a preposition, a conjunction or a
    participle ("conditioned on ...") starts there, after a word that can end a phrase."""
    word, previous = words[at].lower(), words[at - 1].lower()
    following = words[at + 1].lower() if at + 1 < len(words) else ""
    participle = word == words[at] and word.endswith("ed") and following in _CUT_BEFORE
    starts = word in _CUT_BEFORE or participle
    return starts and previous not in _CUT_BEFORE and previous not in DETERMINERS


def title_case(text: str) -> str:
    """Capitalise as ML titles do: small words lower (unless first), acronyms as written."""
    words = text.split()
    return " ".join(
        _case_word(word, opening=index == 0 or words[index - 1].endswith(":"))
        for index, word in enumerate(words)
    )


def _case_word(word: str, *, opening: bool) -> str:
    if "-" in word:  # each part on its own: "human-AI" -> "Human-AI", "Text-to-Image"
        parts = word.split("-")
        return "-".join(
            part.lower() if index and part.lower() in SMALL_WORDS else _case_part(part)
            for index, part in enumerate(parts)
        )
    if not opening and word.lower() in SMALL_WORDS:
        return word.lower()
    return _case_part(word)


def _case_part(word: str) -> str:
    rest = word[1:]
    if rest != rest.lower() or _DIGIT.search(word):
        return word  # KVShard, GPT4o, NeRF: as the authors write them
    return word[:1].upper() + rest


_DIGIT = re.compile(r"\d")
