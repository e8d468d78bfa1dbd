"""A tagged PDF read back: its structure tree (pikepdf) with each element's text (PDFium's
characters by marked-content id, render/pdfpage.py), and the text of its artifacts."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import pikepdf

from . import pdfpage

X_TOLERANCE = Y_TOLERANCE = 3.0      # points, as pdfplumber's extract_text: a gap, a new line


@dataclass
class Node:
    role: str
    text: str = ""                       # its own content items' text, in order
    attributes: dict = field(default_factory=dict)
    alt: str = ""
    children: list = field(default_factory=list)
    pages: tuple = ()                    # the pages (from 1) of its content
    annotations: int = 0                 # annotations it holds (OBJR)

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


def read(path: Path) -> tuple[list[Node], dict[int, list[str]]]:
    """(the structure tree's top elements, each page's artifact text as 'tag: text')."""
    content, artifacts = _texts(path)
    with pikepdf.open(path) as pdf:
        pages = {page.obj.objgen: number for number, page in enumerate(pdf.pages, start=1)}
        kids = pdf.Root.StructTreeRoot.K
        kids = list(kids) if isinstance(kids, pikepdf.Array) else [kids]
        tree = [_node(kid, content, pages) for kid in kids]
    return tree, artifacts


def _texts(path: Path) -> tuple[dict, dict]:
    """{(page, MCID): text}, {page: ['tag: text' of each unnumbered sequence]}."""
    import pypdfium2 as pdfium

    content: dict[tuple[int, int], str] = {}
    artifacts: dict[int, list[str]] = {}
    document = pdfium.PdfDocument(str(path))
    try:
        for number, page in enumerate(document, start=1):
            groups: dict = defaultdict(list)
            for char in pdfpage.chars(page, marked=True):
                groups[(char.mcid, char.tag)].append(char)
            for (mcid, tag), chars in groups.items():
                text = joined(_text(chars))
                if mcid is not None:
                    content[(number, mcid)] = text
                else:
                    artifacts.setdefault(number, []).append(f"{tag}: {text}")
    finally:
        document.close()
    return content, artifacts


def _text(chars: list) -> str:
    """Characters as lines of text, as pdfplumber's extract_text sets them: a line is the
    characters whose baselines lie within Y_TOLERANCE, left to right, with a space where a
    gap wider than X_TOLERANCE parts two of them."""
    return "\n".join(line.text for line in pdfpage.lines(chars, Y_TOLERANCE, X_TOLERANCE))


def joined(text: str) -> str:
    """Lines as one text: a space where a line broke at a space, none after a hyphen (a line
    broken after "Sarathi-" goes on with "Serve"); one space between words."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    out = ""
    for line in filter(None, lines):
        out += line if not out or out.endswith("-") else " " + line
    return out


def _node(element, content: dict, pages: dict) -> Node:
    own_page = pages.get(element.Pg.objgen) if "/Pg" in element else None
    kids = element.get("/K")
    kids = list(kids) if isinstance(kids, pikepdf.Array) else [] if kids is None else [kids]
    node = Node(str(element.S)[1:], alt=str(element.get("/Alt", "")))
    texts, seen = [], []
    for kid in kids:
        if isinstance(kid, int):
            texts.append(content.get((own_page, kid), ""))
            seen.append(own_page)
        elif kid.get("/Type") == "/MCR":
            page = pages.get(kid.Pg.objgen) if "/Pg" in kid else own_page
            texts.append(content.get((page, int(kid.MCID)), ""))
            seen.append(page)
        elif kid.get("/Type") == "/OBJR":
            node.annotations += 1
        else:
            node.children.append(_node(kid, content, pages))
    node.text = joined("\n".join(t for t in texts if t))
    node.pages = tuple(dict.fromkeys(seen))
    for attributes in _attributes(element):
        node.attributes.update({str(k)[1:]: _plain(v) for k, v in attributes.items()})
    return node


def _attributes(element) -> list:
    found = element.get("/A")
    if found is None:
        return []
    return list(found) if isinstance(found, pikepdf.Array) else [found]


def _plain(value):
    if isinstance(value, pikepdf.Name):
        return str(value)[1:]
    if isinstance(value, pikepdf.Array):
        return [float(v) for v in value]
    return value


def show(nodes: list[Node], depth: int = 0, width: int = 90) -> str:
    """The tree as indented lines: role, attributes, the start of its text."""
    lines = []
    for node in nodes:
        extra = f" {node.attributes}" if node.attributes else ""
        alt = f" alt={node.alt[:40]!r}" if node.alt else ""
        text = f" {node.text[:width]!r}" if node.text else ""
        lines.append(f"{'  ' * depth}{node.role}{extra}{alt}{text}")
        if node.children:
            lines.append(show(node.children, depth + 1, width))
    return "\n".join(lines)
