"""The topic taxonomy file: read once, every mistake named with the file and line."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from generator.errors import BuildFailed
from generator.read import DEFAULT_TAXONOMY, load_taxonomy
from tests.conftest import REPO

TOPIC = "  - key: vision\n    name: Vision\n    keywords: [image]\n"
OTHER = "  - key: other\n    name: Other\n    catch_all: true\n"


def taxonomy_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "topics.yml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_shipped_taxonomy_loads() -> None:
    taxonomy = load_taxonomy(REPO / "lists" / "topics.yml")
    assert taxonomy.catch_all.key == "other"
    assert (taxonomy.max_topics, taxonomy.min_score, taxonomy.relative_score) == (2, 3.0, 0.3)
    assert all(topic.keywords for topic in taxonomy.topics if not topic.catch_all)


def test_defaults_and_keywords_read_lower_case(tmp_path: Path) -> None:
    text = "topics:\n  - key: vision\n    name: Vision\n    keywords: [' Image ', CNN]\n" + OTHER
    taxonomy = load_taxonomy(taxonomy_file(tmp_path, text))
    assert (taxonomy.max_topics, taxonomy.min_score, taxonomy.relative_score) == (3, 2.0, 0.75)
    assert taxonomy.topics[0].keywords == ("image", "cnn")
    assert taxonomy.topics[0].description == ""


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("topics: [\n", 2, "the file ends before a '[' or '{' above is closed"),
        ("- just a list\n", 1, "the file holds a list: a taxonomy is keys such as 'topics:'"),
        ("", 1, "the file is empty: a taxonomy is keys such as 'topics:'"),
        (f"topics:\n{TOPIC}", 1, "no topic has 'catch_all: true': mark exactly one"),
        (
            f"topics:\n{TOPIC}  - key: Vision Topic\n    name: V\n    keywords: [x]\n{OTHER}",
            5,
            "topic 'V': key 'key': expected lower-case letters, digits and '-' (the topic page's "
            "address), but received: 'Vision Topic' (for example 'vision-topic')",
        ),
        (
            f"topics:\n{TOPIC}  - key: more\n    name: More\n{OTHER}",
            5,
            "topic 'more': no keywords: without them no paper can match this topic",
        ),
        (
            f"topics:\n{TOPIC}  - key: more\n    name: More\n    keywords: [x]\n"
            f"    colour: red\n{OTHER}",
            8,
            "topic 'more': unknown key 'colour' (allowed: key, name, description, keywords, "
            "catch_all)",
        ),
        (
            f"topics:\n{TOPIC}  - key: more\n    nme: More\n    keywords: [x]\n{OTHER}",
            6,
            "topic 'more': unknown key 'nme' (did you mean 'name'?)",
        ),
        (
            f"topics:\n{TOPIC}  - key: more\n    keywords: [x]\n{OTHER}",
            5,
            "topic 'more': missing key 'name'",
        ),
        (
            f"topics:\n{TOPIC}  - key: more\n    name: 5\n    keywords: [x]\n{OTHER}",
            6,
            "topic 'more': key 'name': expected text (what readers see), but received: 5 (put it "
            "in quotes to make it text)",
        ),
        (
            f"topics:\n{TOPIC}  - key: more\n    name: M\n    keywords: [x, '']\n{OTHER}",
            7,
            "topic 'more': key 'keywords': expected a list of words or phrases, but received: a "
            "list (item 2 is empty)",
        ),
        (
            f"topics:\n{TOPIC}{TOPIC}{OTHER}",
            5,
            "topic key 'vision' is used twice (first on line 2): each topic needs its own",
        ),
        (
            f"topics:\n{TOPIC}  - key: vision2\n    name: Vision\n    keywords: [x]\n{OTHER}",
            6,
            "topic name 'Vision' is used twice (first on line 3): each topic needs its own",
        ),
        (
            f"topics:\n{TOPIC}  - just text\n{OTHER}",
            5,
            "topics: expected a topic (key, name, keywords), but received: 'just text'",
        ),
        (
            f"max_topics: two\ntopics:\n{TOPIC}{OTHER}",
            1,
            "key 'max_topics': expected a whole number of 1 or more, but received: 'two'",
        ),
        (f"max_topics: true\ntopics:\n{TOPIC}{OTHER}", 1, "key 'max_topics': expected a whole"),
        (
            f"max_topic: 2\ntopics:\n{TOPIC}{OTHER}",
            1,
            "unknown key 'max_topic' (did you mean 'max_topics'?)",
        ),
        (
            f"relative_score: 2\ntopics:\n{TOPIC}{OTHER}",
            1,
            "key 'relative_score': expected a number from 0 to 1, but received: 2",
        ),
        (
            f"topics:\n{TOPIC}{OTHER}  - key: more\n    name: More\n    catch_all: true\n",
            10,
            "topic 'more': a second topic with 'catch_all: true' (the first is 'other'): mark "
            "only one",
        ),
        (
            f"topics:\n{TOPIC}  - key: other\n    name: Other\n    catch_all: yes please\n",
            7,
            "topic 'other': key 'catch_all': expected true or false, but received: 'yes please'",
        ),
    ],
)
def test_each_mistake_is_named_at_its_key_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = taxonomy_file(tmp_path, text)
    with pytest.raises(BuildFailed) as failure:
        load_taxonomy(path)
    problems = failure.value.problems
    assert all((problem.path, problem.severity) == (path, "error") for problem in problems)
    assert any(p.line == line and p.message.startswith(message) for p in problems), problems


def test_every_mistake_of_the_file_is_reported_at_once(tmp_path: Path) -> None:
    text = (
        "max_topics: 0\n"  # 1
        "topics:\n"  # 2
        "  - key: Vision\n"  # 3
        "    name: Vision\n"  # 4
        "    keywords: [image]\n"  # 5
        "    keywords: [pixel]\n"  # 6
        "  - key: nlp\n"  # 7
        "    nam: Language\n"  # 8
        "    keywords: [text]\n"  # 9
        f"{OTHER}"
    )
    with pytest.raises(BuildFailed) as failure:
        load_taxonomy(taxonomy_file(tmp_path, text))
    found = [(problem.line, problem.message.split(":")[0]) for problem in failure.value.problems]
    assert found == [
        (1, "key 'max_topics'"),
        (3, "topic 'Vision'"),
        (6, "'keywords' is given twice (first on line 5)"),
        (7, "topic 'nlp'"),  # missing name, at the topic's first line
        (8, "topic 'nlp'"),  # the misspelt key, at its own line
    ]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("topics:\n  - key: a\n   name: b\n", 3, "the indentation does not match the lines above"),
        ("topics:\n\t- key: a\n", 2, "a tab: indent with spaces only"),
        ('topics:\n  - key: a\n    name: "A\n', 3, "a quote opened on this line is never closed"),
        ("topics:\n  - key: a\n    name: A: B\n", 3, "a ': ' inside a value: put the value in"),
        ("topics:\n  - key: a\n    keywords: [x, y\n", 3, "a list opened with '[' on this line"),
        ("topics:\n  - key: @a\n", 2, "'@' cannot start a value: put the value in quotes"),
        ("topics: !!python/object:os.system {}\n", 1, "'!' starts a YAML tag"),
        ('topics:\n  - key: "a" b\n', 2, "text after a closing quote"),
        ("topics:\n  - key: a\x07\n", 2, "a control character (U+0007)"),
    ],
)
def test_syntax_errors_are_told_in_plain_words(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    with pytest.raises(BuildFailed) as failure:
        load_taxonomy(taxonomy_file(tmp_path, text))
    (problem,) = failure.value.problems
    assert problem.line == line and problem.message.startswith(message), problem
    for jargon in ("<block", "scalar", "token", "mapping", "node", "stream"):
        assert jargon not in problem.message


def test_the_packaged_default_is_the_shipped_taxonomy() -> None:
    """The repository's lists/topics.yml is the default a project without one gets."""
    assert DEFAULT_TAXONOMY.read_bytes() == (REPO / "lists" / "topics.yml").read_bytes()
    assert load_taxonomy(DEFAULT_TAXONOMY) == load_taxonomy(REPO / "lists" / "topics.yml")


def test_a_missing_taxonomy_falls_back_to_the_default_with_an_info_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="generator"):
        taxonomy = load_taxonomy(tmp_path / "topics.yml")
    assert taxonomy == load_taxonomy(DEFAULT_TAXONOMY)
    (record,) = [r for r in caplog.records if "default taxonomy" in r.getMessage()]
    assert record.levelno == logging.INFO and "topics.yml" in record.getMessage()


def test_the_default_taxonomy_ships_with_the_package() -> None:
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"generator.read" = ["default_topics.yml"]' in pyproject
