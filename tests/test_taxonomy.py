"""The topic taxonomy file: read once, every mistake named with the file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import ConfigError
from generator.read import load_taxonomy
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
    assert (taxonomy.max_topics, taxonomy.min_score, taxonomy.relative_score) == (2, 3.0, 0.75)
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
        ("topics: [\n", 2, "invalid YAML: expected the node content"),
        ("- just a list\n", 1, "expected a mapping with a 'topics' list"),
        (
            f"topics:\n{TOPIC}",
            None,
            "expected exactly one topic with 'catch_all: true', but received: 0",
        ),
        (
            f"topics:\n{TOPIC}  - key: Vision Topic\n    name: V\n    keywords: [x]\n{OTHER}",
            5,
            "key 'Vision Topic': expected lower-case letters, digits and '-'",
        ),
        (
            f"topics:\n{TOPIC}  - key: more\n    name: More\n{OTHER}",
            5,
            "topic 'more' has no keywords",
        ),
        (
            f"topics:\n{TOPIC}  - key: more\n    name: More\n    colour: red\n{OTHER}",
            5,
            "unknown key 'colour' in topic",
        ),
        (f"topics:\n{TOPIC}  - key: more\n    keywords: [x]\n{OTHER}", 5, "missing key 'name'"),
        (
            f"topics:\n{TOPIC}  - key: more\n    name: 5\n    keywords: [x]\n{OTHER}",
            5,
            "key 'name': expected str, but received: 5",
        ),
        (
            f"topics:\n{TOPIC}  - key: more\n    name: M\n    keywords: [x, '']\n{OTHER}",
            5,
            "topic 'more': keywords must be non-empty strings",
        ),
        (f"topics:\n{TOPIC}{TOPIC}{OTHER}", None, "duplicate topic key: vision"),
        (
            f"topics:\n{TOPIC}  - just text\n{OTHER}",
            None,
            "expected a topic mapping, but received: 'just text'",
        ),
        (
            f"max_topics: two\ntopics:\n{TOPIC}{OTHER}",
            1,
            "key 'max_topics': expected int, but received: 'two'",
        ),
        (f"max_topics: true\ntopics:\n{TOPIC}{OTHER}", 1, "key 'max_topics': expected int"),
        (
            f"relative_score: 2\ntopics:\n{TOPIC}{OTHER}",
            None,
            "key 'relative_score': expected 0 to 1, but received: 2",
        ),
    ],
)
def test_mistakes_name_the_file_and_line(
    tmp_path: Path, text: str, line: int | None, message: str
) -> None:
    path = taxonomy_file(tmp_path, text)
    with pytest.raises(ConfigError) as error:
        load_taxonomy(path)
    assert (error.value.path, error.value.line) == (path, line)
    assert error.value.message.startswith(message), error.value.message


def test_a_missing_taxonomy_says_where_to_find_one(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="topic taxonomy not found"):
        load_taxonomy(tmp_path / "topics.yml")
