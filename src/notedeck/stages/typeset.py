"""The fill stage's last step: the YAML prose typeset and each item's Markdown parsed, once.

Compose then assembles what it is given and parses nothing: a note's title
notes, sources and boundaries, and every item of the model's items parts,
arrive as text set with typographic quotes and dashes, and as Deck blocks.
"""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.deck import Block, Paragraph, Run, plain
from notedeck.figures import tables
from notedeck.figures.texts import Writer
from notedeck.readers.inlines import inline_markdown


@dataclass(frozen=True)
class FilledItem:
    """One item of an items part: its title set, its speaker notes, its blocks."""

    title: str
    notes: str
    blocks: tuple[Block, ...]


def typeset(text: str) -> str:
    """Typographic quotes and dashes for prose that comes from YAML."""
    return plain(inline_markdown(text))


def paragraphs(text: str) -> tuple[str, ...]:
    """Each paragraph of a text (blank lines apart), typeset."""
    return tuple(typeset(p) for p in text.split("\n\n") if p.strip())


def items(specs: dict, said: Writer) -> dict[str, tuple[FilledItem, ...]]:
    """Every items part of the model, each item written and its blocks parsed."""
    return {name: tuple(FilledItem(typeset(item.title), item.notes, _blocks(item))
                        for item in tables.items(spec, said))
            for name, spec in specs.items()}


def _blocks(item: tables.Item) -> tuple[Block, ...]:
    blocks: list[Block] = []
    for kind, text, lead in item.blocks:
        if kind == "callout":
            blocks.append(tables.callout(text))
        elif text:
            runs = inline_markdown(text)
            blocks.append(Paragraph((Run(lead + " ", bold=True), *runs) if lead else runs))
    return tuple(blocks)
