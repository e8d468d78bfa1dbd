"""A tagged PDF read back: its structure tree with each element's text, and the text of its artifacts."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pdfplumber
from pdfplumber.utils import extract_text


@dataclass
class Node:
    role: str
    text: str = ""                       # its own content items' text, in order
    attributes: dict = field(default_factory=dict)
    alt: str = ""
    children: list = field(default_factory=list)
    pages: tuple = ()                    # the pages (from 1) of its content

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()

    def all_text(self) -> str:
        """Its text and its descendants', in structure order, joined by spaces."""
        return " ".join(part for part in (node.text for node in self.walk()) if part)


def read(path: Path) -> tuple[list[Node], dict[int, list[str]]]:
    """(the structure tree's top elements, each page's artifact text)."""
    with pdfplumber.open(str(path)) as pdf:
        content: dict[tuple[int, int], str] = {}
        artifacts: dict[int, list[str]] = {}
        for number, page in enumerate(pdf.pages, start=1):
            groups: dict = defaultdict(list)
            for char in page.chars:
                groups[(char.get("mcid"), char.get("tag"))].append(char)
            for (mcid, tag), chars in groups.items():
                text = " ".join(extract_text(chars).split())
                if mcid is not None:
                    content[(number, mcid)] = text
                else:
                    artifacts.setdefault(number, []).append(f"{tag}: {text}")
        tree = [_node(element, content) for element in pdf.structure_tree]
    return tree, artifacts


def _node(element: dict, content: dict) -> Node:
    page = element.get("page_number")
    mcids = element.get("mcids") or []
    text = " ".join(content.get((page, m), "") for m in mcids).strip()
    node = Node(element["type"], text, element.get("attributes") or {},
                element.get("alt_text") or "", pages=(page,) if page else ())
    node.children = [_node(child, content) for child in element.get("children", [])]
    return node


def show(nodes: list[Node], depth: int = 0, width: int = 90) -> str:
    """The tree as indented lines: role, attributes, the start of its text."""
    lines = []
    for node in nodes:
        extra = f" {node.attributes}" if node.attributes else ""
        alt = f" alt={node.alt[:40]!r}" if node.alt else ""
        lines.append(f"{'  ' * depth}{node.role}{extra}{alt} {node.text[:width]!r}"
                     if node.text else f"{'  ' * depth}{node.role}{extra}{alt}")
        lines.append(show(node.children, depth + 1, width)) if node.children else None
    return "\n".join(line for line in lines if line)
