"""The inline tree an abstract is parsed into, and how its nodes combine.

Owns `Node` and the helpers that build and walk trees: neighbouring text joined, groups
flattened into their parent. It knows no syntax (that is the parser's) and no output format
(that is `emit`'s).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Node:
    kind: str  # text, emph, strong, code, link, math, sub, sup, br; group only while parsing
    text: str = ""  # text for "text"/"code", LaTeX for "math", URL for "link"
    children: tuple[Node, ...] = ()
    display: bool = False


def text_node(text: str) -> Node:
    return Node("text", text)


def formatted(kind: str, children: Iterable[Node]) -> Node:
    return Node(kind, children=tuple(merge_text(children)))


def merge_text(nodes: Iterable[Node]) -> list[Node]:
    """Groups flattened into their parent and neighbouring text nodes joined."""
    merged: list[Node] = []
    texts: list[str] = []
    for node in flatten_groups(nodes):
        if node.kind == "text":
            texts.append(node.text)
            continue
        if texts:
            merged.append(text_node("".join(texts)))
            texts = []
        merged.append(node)
    if texts:
        merged.append(text_node("".join(texts)))
    return merged


def flatten_groups(nodes: Iterable[Node]) -> Iterator[Node]:
    for node in nodes:
        if node.kind == "group":
            yield from flatten_groups(node.children)
        else:
            yield node


def walk(nodes: Iterable[Node]) -> Iterator[Node]:
    """Every node of the tree, parents before their children."""
    for node in nodes:
        yield node
        yield from walk(node.children)
