"""Topic suggestions: from the catch-all and crowded topics to pasteable taxonomy entries.

The generalisation test runs the real reader, tags and topics on `fixtures/vision_list`, a
list written for it (vision and recommender-system abstracts, far from the shipped taxonomy),
and compares the grouping with the field labels written beside it.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from generator import markup
from generator import read as reader
from generator.describe import suggest, topics
from generator.describe.reading.abstracts import analyse
from generator.describe.suggest import terms
from generator.describe.tags import collection as tags
from generator.describe.titles import candidates as titles
from generator.models import Paper, Taxonomy, Topic, TopicMatch
from generator.read import load_taxonomy, parse_taxonomy
from tests.conftest import stage_tags

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "vision_list"
REPO = Path(__file__).resolve().parent.parent

RECOMMENDER = [
    "A recommender system ranks items for each user from implicit feedback; matrix "
    "factorisation of the user-item matrix is revisited with a sampled loss.",
    "Cold-start items have no clicks; the recommender system maps item descriptions into "
    "the embedding space of collaborative filtering.",
    "Session-based recommender systems predict the next item from a browsing session with "
    "self-attention over item transitions.",
    "Exposure of item providers in a recommender system is balanced by re-ranking the "
    "recommended items for every user.",
]
PROTEIN = [
    "Protein folding from sequence: a structure module predicts residue distances and "
    "protein folding accuracy improves on hard targets.",
    "We model protein folding pathways with molecular dynamics surrogates and compare folding "
    "rates with wet-lab measurements.",
    "Protein folding intermediates are detected in cryo-electron maps with a learned "
    "density model.",
]


def make_taxonomy(*entries: tuple[str, tuple[str, ...]]) -> Taxonomy:
    made = [Topic(name.lower().replace(" ", "-"), name, "", keywords) for name, keywords in entries]
    return Taxonomy((*made, Topic("other", "Other", "", (), catch_all=True)), 2, 3.0)


def classify(texts: list[str], taxonomy: Taxonomy) -> list[Paper]:
    """Papers enriched as the pipeline does: titles, tags, then topics."""
    found_tags = stage_tags(texts)
    papers = []
    for n, (text, paper_tags) in enumerate(zip(texts, found_tags, strict=True)):
        title = titles.derive_title(analyse(text))
        matched = topics.assign_topics(
            topics.KeywordIndex(taxonomy), text=text, title=title, tags=paper_tags
        )
        papers.append(Paper(f"{n:012d}", text, text, text, ("list",), (), title, tags=paper_tags,
                            topics=matched))  # fmt: skip
    return papers


def accept(taxonomy: Taxonomy, rendered: str) -> Taxonomy:
    """What the curator does: paste the suggested entries under `topics:`."""
    entries = yaml.safe_load(rendered.replace("\n  ", "\n")) or []
    data = {
        "max_topics": taxonomy.max_topics,
        "min_score": taxonomy.min_score,
        "relative_score": taxonomy.relative_score,
        "topics": [
            {"key": t.key, "name": t.name, "description": t.description,
             "keywords": list(t.keywords), "catch_all": t.catch_all}
            for t in taxonomy.topics
        ] + entries,
    }  # fmt: skip
    return parse_taxonomy(data, Path("topics.yml"))


@pytest.fixture
def unsorted_papers() -> list[Paper]:
    taxonomy = make_taxonomy(("Graphs", ("graph neural network", "message passing")))
    return classify([*RECOMMENDER, *PROTEIN], taxonomy)


def test_catch_all_groups_become_suggestions(unsorted_papers: list[Paper]) -> None:
    taxonomy = make_taxonomy(("Graphs", ("graph neural network", "message passing")))
    assert suggest.catch_all_share(unsorted_papers, taxonomy) == 1.0
    found = suggest.suggest_topics(unsorted_papers, taxonomy)
    groups = {frozenset(s.paper_ids) for s in found}
    ids = [paper.id for paper in unsorted_papers]
    assert frozenset(ids[:4]) in groups  # the recommender papers
    assert frozenset(ids[4:]) in groups  # the protein folding papers
    for suggestion in found:
        assert suggestion.source == "Other"
        members = [p for p in unsorted_papers if p.id in suggestion.paper_ids]
        seed = suggestion.keywords[0]
        assert all(seed in f"{p.title} {p.text}".lower() for p in members)


def test_suggestions_paste_into_a_valid_taxonomy_that_sorts_the_papers(
    unsorted_papers: list[Paper],
) -> None:
    taxonomy = make_taxonomy(("Graphs", ("graph neural network", "message passing")))
    rendered = suggest.render_suggestions(suggest.suggest_topics(unsorted_papers, taxonomy))
    accepted = accept(taxonomy, rendered)
    assert len(accepted.topics) == len(taxonomy.topics) + 2
    again = classify([p.text for p in unsorted_papers], accepted)
    assert suggest.catch_all_share(again, accepted) == 0.0
    recommender = {again[n].topic_names[0] for n in range(4)}
    assert len(recommender) == 1 and recommender != {"Other"}


def test_keys_and_names_never_clash_with_the_taxonomy(unsorted_papers: list[Paper]) -> None:
    taxonomy = make_taxonomy(
        ("Recommender System", ("graph neural network",)), ("Protein Folding", ("message passing",))
    )
    papers = [replace(p, topics=(TopicMatch("Other", 0.0, ()),)) for p in unsorted_papers]
    found = suggest.suggest_topics(papers, taxonomy)
    keys = [t.key for t in taxonomy.topics] + [s.key for s in found]
    names = [t.name.lower() for t in taxonomy.topics] + [s.name.lower() for s in found]
    assert len(set(keys)) == len(keys) and len(set(names)) == len(names)
    assert all(key.replace("-", "").isalnum() and key == key.lower() for key in keys)


def test_a_crowded_topic_gets_split_suggestions() -> None:
    # A topic every paper of the fixture reaches ("the", "and" in every sentence): a crowd.
    crowd = replace(make_taxonomy(("Applied Learning", ("the", "and"))), min_score=2.0)
    papers, labels = _fixture_papers(crowd)
    assert {name for paper in papers for name in paper.topic_names} == {"Applied Learning"}
    found = suggest.suggest_topics(papers, crowd)
    assert found and {s.source for s in found} == {"Applied Learning"}
    by_id = {paper.id: label for paper, label in zip(papers, labels, strict=True)}
    fields = [{by_id[i] for i in s.paper_ids} for s in found]
    assert {"recsys"} in fields  # the recommender papers, and nothing else, make one topic
    recsys = next(s for s in found if {by_id[i] for i in s.paper_ids} == {"recsys"})
    assert len(recsys.paper_ids) >= 5 and recsys.keywords[0].startswith("recommend")


def test_a_suggestion_takes_the_papers_it_lists_once_pasted() -> None:
    """What the curator reads is what the next build does: pasted, each suggestion holds
    exactly the papers of its group it listed."""
    taxonomy = load_taxonomy(REPO / "lists" / "topics.yml")
    papers, _ = _fixture_papers(taxonomy)
    found = suggest.suggest_topics(papers, taxonomy)
    assert found
    again, _ = _fixture_papers(accept(taxonomy, suggest.render_suggestions(found)))
    for suggestion in found:
        holding = {p.id for p in again if suggestion.name in p.topic_names}
        listed = set(suggestion.paper_ids)
        assert listed <= holding and len(holding - listed) == suggestion.elsewhere


def test_suggestions_do_not_depend_on_the_order_of_the_papers() -> None:
    taxonomy = load_taxonomy(REPO / "lists" / "topics.yml")
    papers, _ = _fixture_papers(taxonomy)
    assert suggest.suggest_topics(papers, taxonomy) == suggest.suggest_topics(
        papers[::-1], taxonomy
    )


def test_both_spellings_of_a_word_are_keywords() -> None:
    """ "dialogue" and "dialog" are one term, and both are pasted: the matcher tells them
    apart."""
    dialogue = [
        "Task-oriented dialogue systems track the dialogue state. We propose a dialogue state "
        "tracker for dialogue systems that reads the dialogue history.",
        "A dialog system answers in a dialog. We train dialog systems to plan the dialog state "
        "and the next dialog act.",
        "Dialogue systems that chat: the dialogue policy of a dialogue system picks responses "
        "for the dialogue history.",
    ]
    taxonomy = make_taxonomy(("Graphs", ("graph neural network",)))
    (found,) = suggest.suggest_topics(classify(dialogue, taxonomy), taxonomy)
    assert {"dialogue system", "dialog system"} <= set(found.keywords)
    assert found.name == "Dialogue Systems"


def test_no_suggestion_when_every_topic_fits() -> None:
    taxonomy = make_taxonomy(("Proteins", ("protein folding", "protein")))
    papers = classify(PROTEIN, taxonomy)
    assert suggest.catch_all_share(papers, taxonomy) == 0.0
    assert suggest.suggest_topics(papers, taxonomy) == []
    assert suggest.render_suggestions([]).startswith("# No topic suggestions")


def _fixture_papers(taxonomy: Taxonomy) -> tuple[list[Paper], list[str]]:
    raw = reader.read_list(FIXTURE / "vision_and_recsys.txt")
    texts = [markup.parse(abstract.text).text for abstract in raw.abstracts]
    labels = yaml.safe_load((FIXTURE / "labels.yml").read_text(encoding="utf-8"))["labels"]
    assert len(labels) == len(texts) == 20
    return classify(texts, taxonomy), labels


def pairwise(papers: list[Paper], labels: list[str]) -> tuple[float, float]:
    """Accuracy and F1 of "share a topic" against "share a label", over all pairs."""
    pairs = list(itertools.combinations(range(len(papers)), 2))
    ours = [bool(set(papers[i].topic_names) & set(papers[j].topic_names)) for i, j in pairs]
    truth = [labels[i] == labels[j] for i, j in pairs]
    hits = sum(a and b for a, b in zip(ours, truth, strict=True))
    accuracy = sum(a == b for a, b in zip(ours, truth, strict=True)) / len(pairs)
    return accuracy, 2 * hits / (sum(ours) + sum(truth))


def test_other_field_list_gets_useful_tags_and_grouping() -> None:
    taxonomy = load_taxonomy(REPO / "lists" / "topics.yml")
    papers, labels = _fixture_papers(taxonomy)
    for paper in papers:
        assert tags.MIN_TAGS <= len(paper.tags) <= tags.MAX_TAGS, paper.tags
    found = suggest.suggest_topics(papers, taxonomy)
    from_catch_all = [s for s in found if s.source == taxonomy.catch_all.name]
    assert from_catch_all, "recommender papers fall into the catch-all and get a suggestion"
    by_id = {paper.id: label for paper, label in zip(papers, labels, strict=True)}
    first = from_catch_all[0]
    assert len(first.paper_ids) >= 3 and {by_id[i] for i in first.paper_ids} == {"recsys"}

    accepted = accept(taxonomy, suggest.render_suggestions(found))
    after, _ = _fixture_papers(accepted)
    before_accuracy, before_f1 = pairwise(papers, labels)
    after_accuracy, after_f1 = pairwise(after, labels)
    assert suggest.catch_all_share(after, accepted) < suggest.catch_all_share(papers, taxonomy)
    assert after_f1 > before_f1 and after_f1 >= 0.5
    # One field per paper in the labels: every second topic the taxonomy's relative_score lets
    # in counts against the accuracy here, where the experts' labels allow two. The labels are
    # also finer than the taxonomy (3d, remote-sensing and restoration are all Computer
    # Vision): a vision paper a better derived title moves from the catch-all into Computer
    # Vision (the mesh reconstruction one) scores 8 wrong pairs where it scored 5, so the bound
    # is 0.67, not the 0.68 the titles of the time happened to reach (0.689).
    assert after_accuracy > before_accuracy and after_accuracy >= 0.67


@pytest.mark.parametrize(
    ("term", "headed", "telling"),
    [("dialogue", 2, True), ("recommender", 0, True), ("structural", 2, False),
     ("spatial", 2, False), ("structural information", 0, True), ("method", 2, False),
     ("consistency", 0, False), ("consistency", 2, True), ("prior work", 0, False),
     ("NLI", 0, True)],
)  # fmt: skip
def test_a_term_names_a_subject_not_a_quality(term: str, headed: int, telling: bool) -> None:
    """A single common word names a subject only if two papers' titles or tags hold it."""
    assert terms.telling(term.lower(), term, headed=headed) is telling
