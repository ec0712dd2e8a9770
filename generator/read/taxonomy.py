"""The topic taxonomy (`lists/topics.yml`): read and validated once, before any work starts.

The taxonomy is curator data: topics (key, name, description, keywords), exactly one
`catch_all` topic for papers that match none, and the scoring settings. Every mistake of the
file is reported at once, each at its key's line (`yamlfile`). Keywords are read lower-case;
what they match is `describe`'s. A project without a `topics.yml` uses the packaged default
(`default_topics.yml`, the machine-learning taxonomy the repository ships in `lists/`), and the
log says so: a new project builds at once, and the curator learns where to make it their own.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

from generator.errors import display_path
from generator.models import Taxonomy, Topic
from generator.read.yamlfile import YamlFile, item_line, key_line, shown, wrong_item

log = logging.getLogger(__name__)
DEFAULT_TAXONOMY = Path(__file__).with_name("default_topics.yml")
TOP_KEYS = ("topics", "max_topics", "min_score", "relative_score")
TOPIC_KEYS = ("key", "name", "description", "keywords", "catch_all")
_KEY_RULE = "lower-case letters, digits and '-' (the topic page's address)"
_NOT_KEY = re.compile(r"[^a-z0-9]+")


def load_taxonomy(path: Path) -> Taxonomy:
    """Read and validate the taxonomy file (the packaged default when there is none); one
    BuildFailed with every problem of the file, each at its file and line."""
    if not path.exists():
        log.info("taxonomy  no %s: using the default taxonomy (machine-learning topics); copy "
                 "%s there to make it your own", display_path(path), DEFAULT_TAXONOMY)  # fmt: skip
        path = DEFAULT_TAXONOMY
    file = YamlFile(path)
    return _validated(file.load(), file)


def parse_taxonomy(data: object, path: Path) -> Taxonomy:
    """A taxonomy from the file's data (as `YamlFile.load` or `yaml.safe_load` gives it)."""
    return _validated(data, YamlFile(path))


def _validated(data: object, file: YamlFile) -> Taxonomy:
    taxonomy = _taxonomy(data, file)
    file.raise_if_any()
    assert taxonomy is not None  # no problems means every part was read
    return taxonomy


def _taxonomy(data: object, file: YamlFile) -> Taxonomy | None:
    if not isinstance(data, dict):
        got = "the file is empty" if data is None else f"the file holds {shown(data)}"
        file.error(1, f"{got}: a taxonomy is keys such as 'topics:', a list of topics (without "
                   "the file, the default taxonomy is used)")  # fmt: skip
        return None
    file.unknown_keys(data, TOP_KEYS, subject="")
    max_topics = file.get(data, "max_topics", default=3, wanted="a whole number of 1 or more",
                          valid=lambda v: _is_number(v, whole=True, low=1))  # fmt: skip
    min_score = file.get(data, "min_score", default=2.0, wanted="a number of 0 or more",
                         valid=lambda v: _is_number(v, low=0))  # fmt: skip
    relative = file.get(data, "relative_score", default=0.75, wanted="a number from 0 to 1",
                        valid=lambda v: _is_number(v, low=0, high=1))  # fmt: skip
    topics = _topics(data, file)
    if file.problems:
        return None
    return Taxonomy(tuple(topics), int(max_topics), float(min_score), float(relative))


def _is_number(value: object, *, whole: bool = False, low: float, high: float = 1e9) -> bool:
    kinds = int if whole else (int, float)
    return isinstance(value, kinds) and not isinstance(value, bool) and low <= value <= high


def _topics(data: dict, file: YamlFile) -> list[Topic]:
    items = file.get(data, "topics", wanted="a list of topics", required=True,
                     valid=lambda v: isinstance(v, list))  # fmt: skip
    if not items:
        if items is not None:
            file.error(key_line(data, "topics", 1), "the 'topics' list is empty")
        return []
    read = [(topic, item) for index, item in enumerate(items)
            if (topic := _topic(item, item_line(items, index), file)) is not None]  # fmt: skip
    for attribute in ("key", "name"):
        _check_unique(read, attribute, file)
    _check_catch_all(items, key_line(data, "topics", 1), file)
    return [topic for topic, _ in read]


def _topic(item: object, line: int, file: YamlFile) -> Topic | None:
    if not isinstance(item, dict):
        file.expected(line, "topics", "a topic (key, name, keywords)", item)
        return None
    subject = _subject(item)
    file.unknown_keys(item, TOPIC_KEYS, subject=subject)
    key = file.get(item, "key", subject=subject, wanted=_KEY_RULE, required=True,
                   valid=_is_topic_key, hint=_key_example)  # fmt: skip
    name = file.get(item, "name", subject=subject, wanted="text (what readers see)",
                    required=True, valid=_is_text)  # fmt: skip
    description = file.get(item, "description", subject=subject, wanted="text", default="",
                           valid=lambda v: isinstance(v, str))  # fmt: skip
    catch_all = file.get(item, "catch_all", subject=subject, wanted="true or false",
                         default=False, valid=lambda v: isinstance(v, bool))  # fmt: skip
    keywords = file.get(item, "keywords", subject=subject, wanted="a list of words or phrases",
                        default=[], valid=_is_word_list, hint=wrong_item)  # fmt: skip
    unmarked = item.get("catch_all", False) is False  # a wrong catch_all is reported already
    if not keywords and unmarked and _is_word_list(item.get("keywords", [])):
        file.error(key_line(item, "keywords", line), f"{subject}no keywords: without them no "
                   "paper can match this topic")  # fmt: skip
    if key is None or name is None:
        return None
    words = tuple(word.strip().lower() for word in keywords or ())
    return Topic(key, name.strip(), description.strip(), words, catch_all=catch_all)


def _subject(item: dict) -> str:
    """`topic 'vision': `, by its key, or by its name when the key is what is wrong."""
    key, name = item.get("key"), item.get("name")
    if _is_topic_key(key):
        return f"topic '{key}': "
    return f"topic '{name}': " if isinstance(name, str) else "topic: "


def _is_topic_key(value: object) -> bool:
    return (
        isinstance(value, str)
        and value.replace("-", "").isalnum()
        and value == value.lower()
        and value.isascii()
    )


def _key_example(value: object) -> str:
    example = _NOT_KEY.sub("-", str(value).lower()).strip("-")
    return f" (for example '{example}')" if example else ""


def _is_text(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _is_word_list(value: object) -> bool:
    return isinstance(value, list) and all(_is_text(word) for word in value)


def _check_unique(read: list[tuple[Topic, dict]], attribute: str, file: YamlFile) -> None:
    first: dict[str, int] = {}
    for topic, item in read:
        value, line = getattr(topic, attribute), key_line(item, attribute)
        if value in first:
            file.error(line, f"topic {attribute} '{value}' is used twice (first on line "
                       f"{first[value]}): each topic needs its own")  # fmt: skip
        first.setdefault(value, line)


def _check_catch_all(items: list, line: int, file: YamlFile) -> None:
    """Exactly one topic marked; counted on the file's items, so a topic with another mistake
    (or a `catch_all` that is not true or false) does not also raise "no topic has it"."""
    topics = [item for item in items if isinstance(item, dict)]
    marked = [item for item in topics if item.get("catch_all") is True]
    wrong = any(not isinstance(item.get("catch_all", False), bool) for item in topics)
    if not marked and not wrong:
        file.error(line, "no topic has 'catch_all: true': mark exactly one, for the papers "
                   "no other topic matches")  # fmt: skip
    for item in marked[1:]:
        file.error(key_line(item, "catch_all", line), f"topic '{item.get('key')}': a second "
                   f"topic with 'catch_all: true' (the first is '{marked[0].get('key')}'): "
                   "mark only one")  # fmt: skip
