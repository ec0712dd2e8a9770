"""The lexicon: every shared word list, the word classes tags read, and the singular and verb
forms (`singular`, `base_form`, `gerund`).

No part-of-speech tagger: the lexicons (`data/tags_*.txt`) and suffix rules decide whether a
word ends a phrase (BREAK: function words, verbs, adverbs), may only modify (MODIFIER), is a
noun too general to be a tag alone (GENERIC), a noun (NOUN), or a name that keeps its case
(NAME: acronyms and coined names). `read_word` gives a token's `Word`: its class, how a tag
spells it, and the part it may play in a phrase. Knows nothing of texts or collections.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import NamedTuple

BREAK, MODIFIER, GENERIC, NOUN, NAME = range(5)


def _lexicon(name: str) -> frozenset[str]:
    text = resources.files("generator.describe").joinpath("data", name).read_text(encoding="utf-8")
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
VERB_LEMMAS = _lexicon("tags_verbs.txt")
VERB_FORMS = _verb_forms(VERB_LEMMAS) - KEEP_NOUNS
_VERB_SUFFIX = re.compile(r"(?<!w)(?:i[sz]e|i[sz]es|i[sz]ing|ify|ifies|ifying)$")
_ADJECTIVE_SUFFIX = re.compile(
    r"(?:ous|ive|ful|less|able|ible|ical|ional|istic|ural|ntal|tial|cial)$"
)
_ADJECTIVE_PART = re.compile(
    r"-(?:level|based|wise|free|aware|specific|agnostic|dependent|independent|like|style|"
    r"driven|guided|oriented|centric|efficient|intensive|friendly|scale|grained|dimensional|"
    r"order|time|shot|step|stage|round|layer|resolution|quality|consistent|invariant)$"
)

# Words titles keep in lowercase, and after which a phrase cannot end.
SMALL_WORDS = frozenset(
    """a an and as at but by for from in into nor of on onto or over per the
    to via vs with within without upon versus than""".split()
)
DETERMINERS = frozenset("a an the this these that those its their our his her each every all any "
                        "such".split())  # fmt: skip

# Verbs of more than one syllable stressed on a final consonant-vowel-consonant: the consonant
# doubles ("infer" -> "inferring"), unlike "offer", "model", "limit" (stressed earlier). English
# spelling does not show stress, so the stressed roots are listed: prefix + "fer", "cur", "mit",
# "pel", "trol", and a few more.
_STRESSED_ROOT = re.compile(
    r"(?:in|re|pre|de|con|trans)fer|(?:oc|re|in)cur|(?:o|sub|per|ad|com|e|trans|re)mit|"
    r"(?:com|ex|pro|re|dis)pel|(?:con|pa)trol|embed|forget|begin|regret|equip|deter|program"
)


def base_form(verb: str) -> str:
    """`optimizes` -> `optimize`, `applies` -> `apply`, `matches` -> `match`."""
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith(("ss", "us", "is")):  # "focus", "this"
        return verb[:-1]
    return verb


def from_gerund(word: str) -> str:
    """`introducing` -> `introduce`, `focusing` -> `focus`, `adding` -> `add`, `using` -> `use`:
    the lemma lexicon first, then the spelling rules `gerund` follows, undone."""
    stem = word[:-3]
    doubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "lsz" else ""
    for lemma in (stem + "e", stem, doubled):
        if lemma and lemma in VERB_LEMMAS:
            return lemma
    if doubled:
        return doubled
    after_vowel_in = stem.endswith("in") and stem[-3:-2] in "aeiou"  # "train", not "combin"
    return stem + "e" if stem.endswith(_SILENT_E) and not after_vowel_in else stem


# A verb whose gerund drops an "e" mostly ends so: "creat(e)", "us(e)", "measur(e)".
_SILENT_E = ("at", "iz", "is", "ur", "uc", "ag", "os", "iv", "ov", "ud", "in", "ar", "ut", "us",
             "lv", "rg", "rv", "ng", "dg", "ak", "pl", "bl", "dl", "gl", "kl", "tl",
             "zl")  # fmt: skip


def gerund(verb: str) -> str:
    """`optimize` -> `optimizing`, `map` -> `mapping`, `learn` -> `learning`, `infer` ->
    `inferring`, `offer` -> `offering`, `mimic` -> `mimicking`, `tie` -> `tying`."""
    if verb == "be":
        return "being"
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"
    short_cvc = _SHORT_CVC.fullmatch(verb) is not None
    if short_cvc or _STRESSED_ROOT.fullmatch(verb):
        return verb + verb[-1] + "ing"
    if verb.endswith("ic") and len(verb) > 3:  # "panic", "mimic": the "c" stays hard
        return verb + "king"
    return verb + "ing"


_SHORT_CVC = re.compile(r"(?:qu|[^aeiou])*[aeiou][^aeiouwxy]")  # "map", "quit": double it
# One adverb before a verb, and its "and" ("we then carefully and systematically evaluate",
# "to systematically evaluate"): the verb is the word after them all ("apply" is no adverb).
LY_VERBS = frozenset("apply supply rely reply comply multiply imply ally fly".split())
ADVERB = rf"(?:(?!(?:{'|'.join(sorted(LY_VERBS))})s? )[a-z]+ly|also|further|then|first|now|here) (?:and )?"  # noqa: E501

# Verbs (base form) after "we" or "this paper": introducing something, or stating a result.
INTRO_VERBS = frozenset(
    """propose introduce present develop design build construct create curate
    release offer contribute establish formulate describe""".split()
)
STATE_VERBS = frozenset(
    """show prove demonstrate derive study investigate analyze analyse argue
    provide identify find explore address tackle examine characterize characterise revisit consider
    reveal unify extend bridge formalize formalise conduct perform evaluate quantify compare
    benchmark observe uncover""".split()
)

COMMON_ACRONYMS = frozenset(
    """AI ML LLM LLMs RL NLP CV GPU GPUs CPU SGD API APIs SOTA DNN DNNs
    CNN CNNs RNN GNN GNNs MLP MLPs VAE GAN GANs KL PCA SVM IID OOD MDP MDPs PAC ReLU LoRA RLHF DPO
    PPO BERT GPT VLM VLMs MSE AUC ROC QA II III IV IR TPU TPUs FLOPs""".split()
)
KIND_NOUNS = tuple(
    """dataset benchmark framework method algorithm library toolkit suite corpus
    system model approach architecture""".split()
)

GENERIC_HEADS = frozenset(
    """approach method framework algorithm technique strategy model system
    scheme pipeline paradigm module tool mechanism procedure recipe solution objective loss
    architecture methods approaches""".split()
)

# Where a phrase may be cut: before a preposition or a conjunction.
CUT_BEFORE = SMALL_WORDS | frozenset(
    """through between across under among against toward
    towards beyond during using after before around along""".split()
)

FUNCTION_WORDS = frozenset(
    """a an the of for and or to in on with via by from at as is are be can do does not no its
    it this that these those we our toward towards using under over into than their his her how
    what when where why which who whom but about between beyond through against without within
    across more most less new""".split()
)

# Where a run of words that may be a term ends: function words only (the tags' STOPWORDS also
# cut at "question", "analysis", "approach": words a topic's keywords need).
RUN_BREAKS = (
    FUNCTION_WORDS
    | CUT_BEFORE
    | DETERMINERS
    | frozenset(
        """is are was were be been being have has had do does did can could may might must shall
    should will would also both either neither each other such which while whether if then
    there here we us you they them i one some many much very only just even still""".split()
    )
)

WEAK_HEADS = _lexicon("tags_weak_heads.txt")
FIELD_WORDS = _lexicon("tags_field_words.txt")

PURE_GENERIC = frozenset(
    """approach method framework technique strategy scheme paradigm
    mechanism procedure recipe solution way pipeline tool module algorithm""".split()
)

FINDING_VERBS = frozenset("show prove demonstrate find argue establish observe reveal discover "
                           "uncover".split())  # fmt: skip

PROBLEM_VERBS = frozenset("study focus address tackle consider investigate revisit".split())

PRONOUNS = frozenset("it its they them their we our us this these those".split())
# Words pointing back at what an earlier sentence said: "to address this", "such networks".
POINTING = frozenset("this these those such above aforementioned".split())


def word_class(token: str) -> int:
    """Which part a word may play in a tag: BREAK ends a phrase, MODIFIER never ends one."""
    low = token.lower()
    if len(low) < 2 or low in STOPWORDS or not low[0].isalpha() or low.endswith(("'s", "s'")):
        return BREAK  # function words, and possessives: "the model's" never opens a tag
    if is_name(token):
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


def is_name(token: str) -> bool:
    """Acronyms and coined names keep their case: LLM, GPT-4, AlpacaEval, SAE-V, MT-Bench.
    Title Case alone ("Retrieval-Augmented") is no name: headings and definitions use it."""
    # A capital past the first letter of a part: two capitals in a part imply one.
    return any(ch.isupper() for part in token.split("-") for ch in part[1:])


def singular(word: str) -> str:
    """Plural head nouns made singular: 'networks' -> 'network', 'LLMs' -> 'LLM'."""
    return singular_name(word) if is_name(word) else singular_common(word)


def singular_name(name: str) -> str:
    """`singular` of a word `is_name` holds true of: only a capital before the "s" marks a
    plural ("LLMs"; not "AlphaFolds" or "MoS")."""
    return name[:-1] if name.endswith("s") and name[-2:-1].isupper() else name


def singular_common(word: str) -> str:
    """`singular` of a lower-case word."""
    if len(word) <= 3 or word in _IRREGULAR or word.endswith(("ss", "us", "is", "as", "ics")):
        return _IRREGULAR.get(word, word)
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")) or word[:-2] in _S_SINGULARS:
        return word[:-2]  # "classes", "biases": not "biase"
    return word[:-1] if word.endswith("s") else word


def american(word: str) -> str:
    """A lower-case word in American spelling, where telling it is safe, so that two spellings
    count as one word: "dialogue" -> "dialog", "summarisation" -> "summarization" (not "-ise":
    "promise", "noise")."""
    if word.endswith("logue"):
        return word[:-2]
    return word.replace("isation", "ization")


# Singulars ending in -s whose plural adds "es" ("biases"), which `singular_common` keeps whole.
_S_SINGULARS = frozenset(
    """bias alias gas atlas canvas focus virus bus corpus consensus status census bonus
    campus nexus plus minus thesaurus apparatus prospectus lens""".split()
)
_IRREGULAR = {
    "matrices": "matrix", "vertices": "vertex", "indices": "index", "simplices": "simplex",
    "criteria": "criterion", "phenomena": "phenomenon", "hypotheses": "hypothesis",
    "analyses": "analysis", "series": "series", "species": "species",
}  # fmt: skip


class Word(NamedTuple):
    """A token as a tag reads it."""

    role: int  # `word_class`; BREAK for a token that does not start with a letter
    spelling: str  # inside a tag: lower case unless a name ("" for a break)
    head: str  # as a tag's last word: singular ("" for a break)
    plural: bool  # a plural noun: it ends a phrase, unless it is a verb ("the model ranks")
    noun_like: bool  # a noun in the singular, or a name
    inside: bool  # it may stand before a phrase's last word: noun-like, or a modifier
    content: bool  # a noun or a name that is no generic noun: every tag needs one


@cache  # the same words recur in every abstract, and a word's reading depends on it alone
def read_word(token: str) -> Word:
    """`token` as a tag reads it: its role, spellings, and the part it may play in a phrase."""
    role = word_class(token) if token[0].isalpha() else BREAK
    if role == BREAK:
        return Word(role, "", "", False, False, False, False)
    spelling = token if role == NAME else token.lower()
    head = singular_name(token) if role == NAME else singular_common(spelling)
    plural = role in (GENERIC, NOUN) and head != spelling
    noun_like = role in (GENERIC, NOUN, NAME) and not plural
    content = role in (NOUN, NAME)
    return Word(role, spelling, head, plural, noun_like, noun_like or role == MODIFIER, content)
