"""A recognisable title for an abstract that has none.

Real titles mostly take one of two shapes: a coined name plus what it does ("Name: Description"),
or the main subject as a noun phrase. `derive_title` finds the coined name (the name the paper
gives its method, benchmark or dataset) and a compact description from the contribution
sentence, and writes them in the field's title case. Pure text functions only.
"""

from __future__ import annotations

import re
from collections import Counter

from .markup import parse
from .sentences import split_sentences
from .summaries import contribution_index

MAX_WORDS = 12
_SMALL = set("a an and as at but by for from in into nor of on onto or over per the to via vs "
             "with within without upon".split())  # fmt: skip
_COMMON_ACRONYMS = set(
    "AI ML LLM LLMs RL NLP CV GPU GPUs CPU SGD API APIs SOTA DNN DNNs CNN CNNs RNN GNN GNNs "
    "MLP MLPs VAE GAN GANs KL PCA SVM IID OOD MDP MDPs PAC ReLU LoRA RLHF DPO PPO BERT GPT "
    "VLM VLMs MSE AUC ROC QA II III IV".split()
)
_INTRO = re.compile(
    r"\b(?:we|this (?:paper|work))\s+(?:\w+ly\s+)?(?:propose|introduce|present|develop|design|"
    r"call|name|term|dub)s?\s+(?:a |an |the )?(?:new |novel |simple |general |unified )?",
    re.IGNORECASE,
)
_NAMED = re.compile(r"\b(?:named|dubbed|called|termed|coined)\s+", re.IGNORECASE)
_NAME_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-+][A-Za-z0-9]+)*")
_CLAUSE_END = re.compile(
    r",|;|:|\.|\bwhich\b|\bthat\b|\bwhere\b|\bwhose\b|\bby\b|\bthrough\b|\busing\b|"
    r"\bto (?!\w+ing\b)|\band (?:show|demonstrate|prove|find|evaluate)|\bwhile\b|\bwhen\b",
)
_LEAD = re.compile(
    r"^(?:.*?\b(?:we|this (?:paper|work|study))\s+(?:\w+ly\s+)?"
    r"(?:propose|introduce|present|develop|design|study|investigate|analy[sz]e|explore|"
    r"examine|consider|revisit|address|tackle|characteri[sz]e|establish|provide|derive|"
    r"formulate|show|prove|demonstrate|argue)s?\s+(?:that\s+)?)",
    re.IGNORECASE,
)
_ARTICLES = re.compile(r"^(?:a|an|the|novel|new|simple|our|two|several)\s+", re.IGNORECASE)


def derive_title(abstract: str) -> str:
    """Title for one abstract: "Name: Description" when a coined name exists, else a phrase."""
    text = parse(abstract).text
    sentences = split_sentences(text) or [text]
    focus = sentences[contribution_index(sentences)]
    name = coined_name(abstract, text)
    description = describe(focus, name)
    if name and description and name.lower() not in description.lower():
        return title_case(f"{name}: {description}", keep=name)
    if name and not description:
        return name
    return title_case(description or _first_words(text), keep=name or "")


def coined_name(abstract: str, text: str) -> str | None:
    """The name the paper coins, or None. Candidates are scored by how they are introduced."""
    scores: Counter[str] = Counter()
    for match in _INTRO.finditer(text):
        token = _NAME_TOKEN.match(text, match.end())
        if token and _is_name(token.group(0)):
            scores[token.group(0)] += 3
    for match in _NAMED.finditer(text):
        token = _NAME_TOKEN.match(text, match.end())
        if token and _is_name(token.group(0)):
            scores[token.group(0)] += 4
    for marked in re.findall(r"\*\*([^*]{2,60})\*\*|\\textbf\{([^{}]{2,60})\}", abstract):
        candidate = (marked[0] or marked[1]).strip()
        head = _NAME_TOKEN.match(candidate)
        if head and _is_name(head.group(0)):
            scores[head.group(0)] += 2
    for acronym in re.findall(r"\(([A-Z][A-Za-z0-9-]{1,15})\)", text):
        if _is_name(acronym):
            scores[acronym] += 1
    for repo in re.findall(r"github\.com/[\w.-]+/([\w.-]+)", abstract):
        repo = repo.removesuffix(".git").strip(".")
        for candidate in list(scores) or [repo]:
            if candidate.lower() == repo.lower():
                scores[candidate] += 3
    for token in set(_NAME_TOKEN.findall(text)):
        if _is_name(token) and _mixed_case(token):
            scores[token] += min(text.count(token), 4) * 0.5
    if not scores:
        return None
    name, score = max(sorted(scores.items()), key=lambda item: item[1])
    return name if score >= 2 else None


def _is_name(token: str) -> bool:
    if token in _COMMON_ACRONYMS or len(token) < 2:
        return False
    return (
        _mixed_case(token)
        or (token.isupper() and len(token) >= 3)
        or bool(re.search(r"[A-Z].*\d|\d.*[A-Z]", token))
    )


def _mixed_case(token: str) -> bool:
    """`LarPO`, `FlipAttack`, `GPT-4o`: capitals after the first letter, not all capitals."""
    core = token.replace("-", "")
    return any(ch.isupper() for ch in core[1:]) and any(ch.islower() for ch in core)


def describe(sentence: str, name: str | None) -> str:
    """A compact noun phrase for what the contribution sentence says the paper does."""
    phrase = _LEAD.sub("", sentence, count=1)
    if name and phrase.startswith(name):
        phrase = phrase[len(name) :].lstrip(" ,")
        phrase = re.sub(r"^\([^)]*\)\s*,?\s*", "", phrase)
        phrase = re.sub(r"^(?:which is |a |an )+", "", phrase)
    phrase = re.sub(r"\s*\([^)]*\)", "", phrase)
    phrase = _ARTICLES.sub("", phrase.strip())
    cut = _CLAUSE_END.search(phrase, 8)
    if cut:
        phrase = phrase[: cut.start()]
    return _trim(phrase)


def _trim(phrase: str) -> str:
    words = phrase.split()
    if len(words) > MAX_WORDS:
        words = words[:MAX_WORDS]
    while words and (words[-1].lower() in _SMALL or not re.search(r"\w", words[-1])):
        words.pop()
    return " ".join(words).strip(" ,;:.")


def _first_words(text: str) -> str:
    return _trim(re.split(r"[.;:]", text, maxsplit=1)[0])


def title_case(text: str, *, keep: str = "") -> str:
    """Capitalise as ML titles do: small words lower (unless first), acronyms as written."""
    words = text.split()
    out = []
    for index, word in enumerate(words):
        after_colon = index > 0 and words[index - 1].endswith(":")
        if word == keep or any(ch.isupper() for ch in word[1:]) or any(c.isdigit() for c in word):
            out.append(word)
        elif word.lower() in _SMALL and index > 0 and not after_colon:
            out.append(word.lower())
        else:
            out.append("-".join(part[:1].upper() + part[1:] for part in word.split("-")))
    return " ".join(out)
