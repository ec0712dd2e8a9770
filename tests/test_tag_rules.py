"""Tag rules against fragments, cut names and catch-alls, each on sentences written for the test:
phrase boundaries, release sentences, the plural a name is written in, the task a paper
addresses, and the weight of a phrase the training abstracts use widely."""

from __future__ import annotations

import pytest

from generator.describe.tags import choice, keyphrases, plurals
from generator.describe.tags import collection as tags
from generator.describe.tags.fitted import share, tag_phrases


def phrases(text: str) -> set[str]:
    return set(keyphrases.candidates(text))


@pytest.mark.parametrize(
    ("text", "kept", "never"),
    [
        # a hyphen other than "-" joins a compound as "-" does
        ("We train an early\u2010exit training strategy for speed.",
         "early-exit training strategy", "exit training strategy"),
        ("We score entity\u2011level moral sentiment in news.",
         "entity-level moral sentiment", "level moral sentiment"),
        # a name with a dot before capitals or digits stays whole
        ("We present GeoMa.X, a boundary detector.", "GeoMa.X", "GeoMa"),
        ("We fine-tune GPT-3.5 on puzzles.", "GPT-3.5", "GPT-3"),
        # a gerund the training abstracts use with its noun as one term
        ("We study neural entity linking for news.",
         "neural entity linking", "neural entity"),
        # a compound the training abstracts use is not cut ("natural language" | "processing")
        ("Natural language processing tasks need reinforcement learning agents.",
         "reinforcement learning agent", "language processing task"),
        ("Natural language processing tasks need reinforcement learning agents.",
         "reinforcement learning agent", "learning agent"),
    ],
)  # fmt: skip
def test_phrases_keep_compounds_and_names_whole(text: str, kept: str, never: str) -> None:
    found = phrases(text)
    assert kept in found
    assert never not in found


@pytest.mark.parametrize(
    ("text", "never"),
    [
        ("The results call for further investigation of probes.", "further investigation"),
        ("Each agent runs its own feature computation.", "own feature computation"),
        ("We compare with an alternative industrial solution.", "alternative industrial solution"),
        ("It works whilst non-parametric models fail.", "whilst non-parametric model"),
        ("We build a standardized collection of probes.", "standardized collection"),
        ("Models fail at understanding underlying content.", "understanding underlying content"),
        ("We learn to model between-event dependencies.", "model between-event dependency"),
    ],
)
def test_no_phrase_opens_on_a_word_that_never_opens_a_tag(text: str, never: str) -> None:
    assert never not in phrases(text)


@pytest.mark.parametrize(
    "text",
    [
        "Our code is available at https://github.com/someone/BQN-demo.",
        "Code and models will be released at www.example.org/ATP-kit.",
        "The data are publicly available.",
        "We release the code.",
    ],
)
def test_release_sentences_and_addresses_give_no_phrase(text: str) -> None:
    assert not {p for p in phrases(text) if p not in ("code", "data")}
    assert "BQN-demo" not in phrases(text)


def test_a_sentence_with_a_dot_inside_keeps_its_words() -> None:
    found = phrases("With GPT-3.5 we study sarcasm detection. Data is often available.")
    assert {"sarcasm detection", "GPT-3.5"} <= found


@pytest.mark.parametrize(
    ("tag", "keyphrase"),
    [
        ("early draft head", False),  # a degree word opening a phrase no abstract uses
        ("learning agent behavior", False),  # a gerund opening a phrase no abstract uses
        ("trained linear classifier", False),  # a participle before two more words
        ("large language model", True),  # a degree word opening an established term
        ("sarcasm detection", True),
    ],
)
def test_risky_openings_need_an_established_term(tag: str, keyphrase: bool) -> None:
    assert choice.is_keyphrase(tag) is keyphrase


def test_a_name_written_only_in_the_plural_keeps_its_plural() -> None:
    texts = [
        "We attribute with Integrated Gradients (IG) on images.",
        "Integrated Gradients (IG) explain the classifier.",
    ]
    spelled = plurals.as_written(
        [("integrated gradient (IG)",), ("integrated gradient (IG)",)], texts
    )
    assert spelled == [("integrated gradients (IG)",), ("integrated gradients (IG)",)]


def test_a_phrase_some_paper_writes_in_the_singular_stays_singular() -> None:
    texts = ["Many sparse probes.", "One sparse probe suffices."]
    assert plurals.as_written([("sparse probe",), ("sparse probe",)], texts) == [
        ("sparse probe",),
        ("sparse probe",),
    ]


def test_the_task_a_paper_addresses_outweighs_a_peripheral_phrase() -> None:
    assert "detection" in tag_phrases().task_heads
    assert tags._specificity("sarcasm detection") > tags._specificity("tweet corpus")


def test_a_catch_all_phrase_weighs_less_than_a_specific_one() -> None:
    assert share("generalization") > tags.CATCH_ALL_SHARE
    assert tags._specificity("generalization") < tags._specificity("pansharpening")


def test_a_coined_name_said_only_in_an_address_is_no_tag() -> None:
    text = "We study proofs. Code: https://github.com/x/ATP."
    reading = tags.read([text, "We study proofs too."], [{}, {}], ["ATP", ""])
    assert "ATP" not in reading.chosen[0]


@pytest.mark.parametrize(
    ("text", "never"),
    [
        # a "plural" before a determiner is a verb
        ("Hyper-parameter tuning plays a central role.", "hyper-parameter tuning play"),
        ("The platform faces the risk of churn.", "platform face"),
        # LaTeX commands glued to their argument
        ("We use the emphde facto standard on mathdsA nodes.", "emphde"),
        ("We use the emphde facto standard on mathdsA nodes.", "mathdsA"),
        # three words cut after a noun or a name
        (
            "We generalize the Rayleigh quotient iteration algorithm.",
            "quotient iteration algorithm",
        ),
    ],
)
def test_no_verb_debris_or_cut_phrase(text: str, never: str) -> None:
    assert never not in phrases(text)


def test_emphasis_is_no_debris() -> None:
    assert "emphasis" in phrases("We put emphasis on speed.")


@pytest.mark.parametrize(
    "text",
    [
        "Sarcasm detection, the task of telling irony from praise, is hard.",
        "We study the problem of sarcasm detection in tweets.",
        "Sarcasm detection is the task of telling irony from praise.",
    ],
)
def test_the_task_a_paper_addresses_counts_once_more(text: str) -> None:
    assert keyphrases.candidates(text)["sarcasm detection"] == 2


def test_a_rare_word_the_paper_repeats_is_a_candidate() -> None:
    text = (
        "Pansharpening fuses images. Our pansharpening network beats pansharpening baselines "
        "on satellite images."
    )
    reading = tags.read([text, "Satellite images help."], [{}, {}], ["", ""])
    assert "pansharpening" in reading.chosen[0]
    assert not tags._rare_term("estimation", 5)  # many training abstracts use it


@pytest.mark.parametrize(
    ("text", "kept", "never"),
    [
        # a phrase mostly written after a word the reader cuts at takes that word
        ("We study named entity recognition.", "named entity recognition",
         "entity recognition"),
        ("A support vector machine with kernels.", "support vector machine", "vector machine"),
        ("Bounds in total variation distance.", "total variation distance", "variation distance"),
        # "question" stands inside a tag, never alone
        ("We propose clarification question generation.", "clarification question generation",
         "question"),
    ],
)  # fmt: skip
def test_phrases_take_the_word_a_term_opens_on(text: str, kept: str, never: str) -> None:
    found = phrases(text)
    assert kept in found
    assert never not in found


def test_a_verb_after_to_and_an_adverb_opens_no_phrase() -> None:
    assert "model temporal change" not in phrases("We aim to explicitly model temporal changes.")


@pytest.mark.parametrize(
    "tag", ["useful missing information", "lower sample complexity", "tight regret lower-bound"]
)
def test_a_judging_word_opens_only_an_established_term(tag: str) -> None:
    assert not choice.is_keyphrase(tag)
    assert choice.is_keyphrase("optimal transport")


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("In this paper, we focus on policy evaluation with linear features.", "policy evaluation"),
        ("We improve sentiment analysis of tweets.", "sentiment analysis"),
    ],
)
def test_evaluation_and_analysis_end_a_task(text: str, kept: str) -> None:
    assert keyphrases.candidates(text)[kept] >= 1
    assert choice.is_keyphrase(kept)


def test_we_focus_on_names_the_task() -> None:
    found = keyphrases.candidates("We focus on policy evaluation. Policy evaluation is old.")
    assert found["policy evaluation"] == 3


def test_a_judging_word_in_less_opens_no_fragment() -> None:
    assert not choice.is_keyphrase("hopeless search problem")


@pytest.mark.parametrize(
    ("text", "kept", "never"),
    [
        ("Fact verification models check claims.", "fact verification model", ""),
        ("We solve principal component regression.", "principal component regression", ""),
        ("A high-dimensional setting wherein p grows.", "", "high-dimensional setting wherein"),
        ("Over fifteen years of research.", "", "fifteen year"),
        ("We weigh myriad representational choices.", "", "myriad representational choice"),
    ],
)  # fmt: skip
def test_nouns_and_breaks_the_shared_lexicon_misreads(text: str, kept: str, never: str) -> None:
    found = phrases(text)
    assert not kept or kept in found
    assert never not in found


def test_a_judging_word_opens_no_fragment_but_harm_is_a_topic() -> None:
    assert not choice.is_keyphrase("successful hashing algorithm")
    assert choice.is_keyphrase("harmful content generation")


def test_a_word_cut_at_a_line_end_is_joined_and_a_shared_half_is_not() -> None:
    found = phrases("We use Deep Determinis- tic Policy Gradient.")
    assert "deterministic policy gradient" in found
    assert "deep determinis" not in found
    assert keyphrases.tokens("Both pre- and post-training.")[1:4] == ["pre", "-", "and"]


def test_a_hyphenated_spelling_is_no_second_tag() -> None:
    pool = ["best-arm identification (BAI)", "best arm identification", "sample complexity"]
    chosen = choice.choose_across([pool, pool], ["", ""])
    assert "best arm identification" not in chosen[0]


def test_further_ends_no_tag() -> None:
    assert "approximation family further" not in phrases("An approximation family further helps.")


def test_a_long_form_of_one_word_joins_only_a_paper_writing_the_acronym() -> None:
    texts = ["We define the marginal (MAR) score.", "The marginal likelihood is hard."]
    reading = tags.read(texts, [{"MAR": "marginal"}, {}], ["", ""])
    assert "marginal (MAR)" not in reading.chosen[1]


@pytest.mark.parametrize("tag", ["building block", "end-to-end fashion"])
def test_filler_phrases_are_no_tags(tag: str) -> None:
    assert not choice.is_keyphrase(tag) or tag not in phrases(f"It is a {tag} here.")
