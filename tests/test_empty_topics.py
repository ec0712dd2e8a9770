"""A topic without papers gets no page and nothing in search; the topics' index still names
it; an address of a topic that had papers once keeps working (it sends readers to the index)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import pagefind_pages, run_cli

TOPICS = """topics:
  - key: graphs
    name: Graph Learning
    description: Graph neural networks.
    keywords: [graph neural network, message passing]
  - key: bandits
    name: Bandits
    description: Multi-armed bandits.
    keywords: [bandit, regret]
  - key: other
    name: Other Topics
    description: The rest.
    catch_all: true
    keywords: []
"""
GRAPHS = "We train a graph neural network with message passing on molecules and proteins."
BANDITS = "We bound the regret of a bandit algorithm that explores with optimism."
OTHER = "We measure how quickly people read printed pages under dim light."


def _write(project: Path, *abstracts: str) -> None:
    text = "Test List\n\n" + "\n\n".join(abstracts) + "\n"
    (project / "lists" / "a.txt").write_text(text, encoding="utf-8")


def test_a_topic_without_papers_has_no_page_and_its_old_address_redirects(make_project) -> None:
    project = make_project({"a.txt": ""})
    (project / "lists" / "topics.yml").write_text(TOPICS, encoding="utf-8")
    _write(project, GRAPHS, OTHER)
    run_cli(project, "build", "--strict")
    site = project / "site"
    assert not (site / "topics" / "bandits").exists()
    index = (site / "topics" / "index.html").read_text(encoding="utf-8")
    assert "Bandits" in index and "no papers yet" in index
    assert 'href="bandits/"' not in index
    assert not any("bandits" in url for url in pagefind_pages(site))

    _write(project, GRAPHS, BANDITS, OTHER)
    run_cli(project, "build", "--strict")
    assert "Bandits" in pagefind_pages(site)["/topics/bandits/"]["content"]

    _write(project, GRAPHS, OTHER)  # bandits/ was published: it must keep working
    result = run_cli(project, "build", "--strict")
    assert "topics/bandits/ -> topics/" in result.stderr
    redirect = (site / "topics" / "bandits" / "index.html").read_text(encoding="utf-8")
    assert 'content="0; url=../"' in redirect
    feed = (site / "feeds" / "topics" / "bandits.xml").read_text(encoding="utf-8")
    assert "Bandits</title>" in feed and "<entry>" not in feed  # its own feed, empty for now
    assert not any("bandits" in url for url in pagefind_pages(site))
