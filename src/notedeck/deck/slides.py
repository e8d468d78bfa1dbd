"""The slides of the deck and the handout's sections: the closed set renderers dispatch on."""

from __future__ import annotations

from dataclasses import dataclass, field

from notedeck.deck.blocks import Block, Passage, Table
from notedeck.deck.charts import ChartSpec



@dataclass(frozen=True)
class Origin:
    """Where in the note a slide comes from: problems with the slide name this file and line."""

    file: str
    line: int | None = None


# Not the slide's content: left out of equality, of strings() and of the deck.json dump.
ORIGIN = field(default=None, compare=False, metadata={"content": False})


@dataclass(frozen=True)
class TitleSlide:
    title: str
    subtitle: str
    audience: str
    date: str
    notes: tuple[str, ...] = ()
    origin: Origin | None = ORIGIN
    author: str = ""


@dataclass(frozen=True)
class SectionSlide:
    number: str                    # "01"
    title: str                     # "What the number means"
    headline: str                  # the section's claim
    notes: tuple[str, ...] = ()
    origin: Origin | None = ORIGIN
    seconds: int | None = None     # the section's planned time, if its front matter gives one
    facilitator: tuple[Passage, ...] = ()


@dataclass(frozen=True)
class ContentSlide:
    title: str
    blocks: tuple[Block, ...]      # Paragraph | BulletList | Stats | Callout
    notes: tuple[str, ...] = ()
    section: str = ""              # "01", for the footer
    origin: Origin | None = ORIGIN
    seconds: int | None = None     # this slide's planned time, if its notes heading gives one
    facilitator: tuple[Passage, ...] = ()


@dataclass(frozen=True)
class TableSlide:
    title: str
    table: Table
    caption: tuple[Block, ...] = ()
    notes: tuple[str, ...] = ()
    section: str = ""
    origin: Origin | None = ORIGIN
    seconds: int | None = None     # this slide's planned time, if its notes heading gives one
    facilitator: tuple[Passage, ...] = ()


@dataclass(frozen=True)
class ChartSlide:
    title: str
    chart: ChartSpec
    side: tuple[Block, ...] = ()   # text beside the chart; empty: the chart spans the slide
    caption: tuple[Block, ...] = ()
    notes: tuple[str, ...] = ()
    section: str = ""
    origin: Origin | None = ORIGIN
    seconds: int | None = None     # this slide's planned time, if its notes heading gives one
    facilitator: tuple[Passage, ...] = ()


@dataclass(frozen=True)
class Source:
    author: str
    title: str
    kind: str                      # "Official documentation", "arXiv, 2024"
    note: str                      # what it supports


@dataclass(frozen=True)
class SourcesSlide:
    title: str
    sources: tuple[Source, ...]
    boundaries: tuple[str, ...]
    notes: tuple[str, ...] = ()
    origin: Origin | None = ORIGIN


Slide = TitleSlide | SectionSlide | ContentSlide | TableSlide | ChartSlide | SourcesSlide


# --- handout -----------------------------------------------------------------

@dataclass(frozen=True)
class HandoutSection:
    number: str
    title: str
    headline: str
    blocks: tuple[Block, ...]
    # Where the note writes each block (its component's line, else the '# Handout' heading's),
    # for problems setting it; not content, like a slide's origin.
    origins: tuple[Origin | None, ...] = field(default=(), compare=False,
                                               metadata={"content": False})


@dataclass(frozen=True)
class Handout:
    sections: tuple[HandoutSection, ...]
    sources: tuple[Source, ...]
    boundaries: tuple[str, ...]
