"""A model's tables, big figures and items as renderer-neutral blocks, written in one language."""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.deck import Callout, Run, Stat, Stats, Table
from notedeck.figures.texts import Writer
from notedeck.model.display.tables import ItemsSpec, StatsSpec, TableSpec


def table(spec: TableSpec, said: Writer) -> Table:
    """A table: a row per item (or per value, or per row of a use), a column per declared
    column, every cell already written; the first row where `highlight` holds, marked."""
    count, bound = _rows(spec, said)
    rows, highlight = [], None
    for index in range(count):
        row, names = (None, {"value": bound[index]}) if bound is not None else (index, {})
        rows.append(tuple(said.text(c.cell, row, names) for c in spec.columns))
        if highlight is None and spec.highlight is not None and \
                said.value(spec.highlight, row, names):
            highlight = index
    return Table(spec.name, said.text(spec.caption), tuple(said.text(c.header)
                                                          for c in spec.columns),
                 tuple(rows), tuple(c.align for c in spec.columns), highlight)


def _rows(spec: TableSpec, said: Writer):
    """(how many rows, the values of a list's rows or None when rows are records)."""
    values = said.evaluation.value(spec.rows)
    if spec.context.within is None:
        return len(values), values
    return len(values), None


def stats(spec: StatsSpec, said: Writer) -> Stats:
    """Big figures: a value over a label, a detail under it."""
    return Stats(tuple(Stat(said.text(s.value), said.text(s.label), said.text(s.detail))
                       for s in spec.stats))


@dataclass(frozen=True)
class Item:
    """One item of an items part: its title, its speaker notes and its blocks' words."""

    title: str
    notes: str
    blocks: tuple[tuple[str, str, str], ...]     # (kind, text, lead)


def items(spec: ItemsSpec, said: Writer) -> tuple[Item, ...]:
    """Each item's title, notes and blocks, written; a paragraph's text is Markdown."""
    count = len(said.evaluation.value(spec.over))
    return tuple(Item(said.text(spec.title, index),
                      said.text(spec.notes, index, prose=True),
                      tuple((b.kind, said.text(b.text, index), said.text(b.lead, index))
                            for b in spec.blocks))
                 for index in range(count))


def callout(text: str) -> Callout:
    """A one-line emphasised statement."""
    return Callout((Run(text, bold=True),))
