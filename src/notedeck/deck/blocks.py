"""The blocks a slide or handout section holds, and the guide's passages."""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.deck.charts import ChartSpec
from notedeck.deck.text import Text



@dataclass(frozen=True)
class Paragraph:
    runs: Text


@dataclass(frozen=True)
class Heading:
    """A subheading in the handout's prose (level 2 or 3)."""

    text: str
    level: int = 2


@dataclass(frozen=True)
class BulletList:
    items: tuple[Text, ...]
    ordered: bool = False


@dataclass(frozen=True)
class Table:
    """A native table: every cell already formatted text."""

    name: str                      # "budgets" | "checks"
    caption: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...]         # per column: "left" | "right"
    highlight: int | None = None   # index into rows of the featured row, if any


@dataclass(frozen=True)
class Stat:
    """One headline figure: "9×" over "Wait at 90% against 50%"."""

    value: str
    label: str
    detail: str = ""


@dataclass(frozen=True)
class Stats:
    items: tuple[Stat, ...]


@dataclass(frozen=True)
class Callout:
    """A one-line emphasised statement, e.g. an experiment's arithmetic."""

    runs: Text


@dataclass(frozen=True)
class Prompt:
    """One worksheet item: a heading, a hint, and room to write."""

    title: str
    hint: str
    lines: int = 4


@dataclass(frozen=True)
class Worksheet:
    title: str
    prompts: tuple[Prompt, ...]


@dataclass(frozen=True)
class Chart:
    """A reference to a chart drawn once and placed by every renderer."""

    spec: ChartSpec


Block = Paragraph | Heading | BulletList | Table | Stats | Callout | Worksheet | Chart


@dataclass(frozen=True)
class Exercise:
    """A task for the room, in the facilitator guide: what to ask, what to listen for."""

    prompt: Text
    listen_for: Text = ()


# What only the facilitator guide shows: passages of prose and lists, and exercises.
Passage = Paragraph | BulletList | Exercise
