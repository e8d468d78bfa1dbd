"""The renderer-neutral Deck: frozen dataclasses every renderer reads and none mutates."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, fields, is_dataclass


# --- inline text -------------------------------------------------------------

@dataclass(frozen=True)
class Run:
    """A stretch of text with one style."""

    text: str
    bold: bool = False
    italic: bool = False


Text = tuple[Run, ...]


def plain(text: Text) -> str:
    """The characters of a run sequence, styles dropped."""
    return "".join(run.text for run in text)


def strings(value: object) -> Iterator[str]:
    """Every string held anywhere inside a model object."""
    if isinstance(value, str):
        yield value
    elif is_dataclass(value):
        for item in fields(value):
            if item.metadata.get("content", True):
                yield from strings(getattr(value, item.name))
    elif isinstance(value, tuple):
        for item in value:
            yield from strings(item)


# --- blocks ------------------------------------------------------------------

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
    """One headline figure: "132.57×" over "End-to-end speedup"."""

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


# --- charts ------------------------------------------------------------------

@dataclass(frozen=True)
class Tick:
    value: float
    label: str


@dataclass(frozen=True)
class Series:
    label: str
    x: tuple[float, ...]
    y: tuple[float, ...]


@dataclass(frozen=True)
class DialChart:
    """Writing time against speed, log-log, one line per workload."""

    name: str
    title: str
    alt_text: str
    x_label: str
    y_label: str
    series: tuple[Series, ...]     # x: tokens/sec at each dial stop, y: seconds
    x_ticks: tuple[Tick, ...]      # the dial's stops ("100", "1K", ...)
    y_ticks: tuple[Tick, ...]      # readable durations ("1 second", "1 min", ...)


@dataclass(frozen=True)
class Segment:
    label: str                     # "Writing" | "Checking"
    share: float                   # 0..1 of the bar
    share_label: str               # "99.3%"


@dataclass(frozen=True)
class Bar:
    label: str                     # "100 tokens/sec"
    total_label: str               # "2 h 14 min 20 s"
    segments: tuple[Segment, ...]


@dataclass(frozen=True)
class BottleneckChart:
    """A 100% bar per speed, split into writing and checking."""

    name: str
    title: str
    alt_text: str
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class Marker:
    x: float
    y: float
    label: str                     # "60 seconds: 132.57×"
    featured: bool = False


@dataclass(frozen=True)
class SpeedupChart:
    """End-to-end speedup against fixed check time, with the writing speedup as ceiling."""

    name: str
    title: str
    alt_text: str
    x_label: str
    y_label: str
    curve: Series                  # x: check seconds (first may be 0), y: speedup
    x_ticks: tuple[Tick, ...]      # the slider's stops ("0", "1 min", "1 hour", "1 day")
    y_ticks: tuple[Tick, ...]
    markers: tuple[Marker, ...]    # the check table's rows
    ceiling: float
    ceiling_label: str             # "Writing speedup 10,000×"


ChartSpec = DialChart | BottleneckChart | SpeedupChart


# --- slides ------------------------------------------------------------------

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


@dataclass(frozen=True)
class Handout:
    sections: tuple[HandoutSection, ...]
    sources: tuple[Source, ...]
    boundaries: tuple[str, ...]


# --- the explorer: the note's dial and check slider, every position precomputed ------

@dataclass(frozen=True)
class Reading:
    """One workload at one speed of the dial."""

    seconds: float                 # writing time, only to place it on a scale
    time: str                      # writing time: "1 second"
    sentence: str                  # "At 1,000,000 tokens/sec, 1,000 story endings (...) take about 1 second to write."


@dataclass(frozen=True)
class DialPosition:
    speed: float                   # tokens/sec, only to place it on a log scale
    label: str                     # "1,000,000 tokens/sec"
    stop: str                      # the stop's label ("1M") when it is one of the dial's stops, else ""
    readings: tuple[Reading, ...]  # one per workload, in the scenario's order


@dataclass(frozen=True)
class Choice:
    """A workload as the dial's picker offers it."""

    id: str
    name: str                      # "Story endings"
    tokens: str                    # output tokens: "1,000,000"
    detail: str                    # "1,000 story endings × 1,000 tokens each"


@dataclass(frozen=True)
class CheckPosition:
    check: float                   # seconds, only to place it on a scale
    label: str                     # "60 seconds"
    stop: str                      # the slider stop's label ("1 min") when it is one, else ""
    speedup: float                 # end to end, only to place it on a scale
    stats: Stats                   # both totals and both speedups, as the deck's stats show them
    chart: BottleneckChart         # both bars with their shares
    summary: str                   # one sentence on the totals and the speedup
    announcement: str              # a short line for screen readers when the totals change


@dataclass(frozen=True)
class ExplorerWords:
    """The controls' own words, in the deck's language (the English catalogue's by default).
    Slots ("{stops}", "{speed}") are the renderer's to fill."""

    workload: str = "Workload"                       # the workload picker
    dial: str = "Writing speed for one agent"        # the dial's control
    dial_stops: str = "{stops} tokens/sec"
    tokens: str = "Output tokens"
    writing: str = "Writing only"
    at: str = "at {speed}"
    dial_group: str = "The dial"
    check: str = "Fixed check after writing"         # the check slider's control
    check_group: str = "The check slider"
    keys: str = ("Stops: {stops}. Arrow keys move a step; Page Up and Page Down jump to the "
                 "next stop; Home and End go to the ends.")


@dataclass(frozen=True)
class Explorer:
    """Everything the live dial and check slider can show, formatted, per position."""

    workloads: tuple[Choice, ...]
    dial: tuple[DialPosition, ...]           # rising speeds; includes every dial stop
    dial_start: int                          # the position shown first (the imagined speed)
    checks: tuple[CheckPosition, ...]        # rising checks; includes every slider stop and check row
    check_start: int                         # the featured check
    words: ExplorerWords = field(default_factory=ExplorerWords)


# --- the whole -----------------------------------------------------------------

SLOT = re.compile(r"\{(\w+)\}")


def fill_slots(template: str, **values: str) -> str:
    """A catalogue entry with its {name} slots filled: "{title} (cont.)" -> "Budgets (cont.)"."""
    return SLOT.sub(lambda m: values[m.group(1)], template)


@dataclass(frozen=True)
class GuideLabels:
    """The facilitator guide's own words (English defaults; compose fills them from the
    catalogue); slots are the guide's to fill with formatted times."""

    title: str = "Facilitator guide"
    footer: str = "facilitator guide"
    for_audience: str = "For: {audience}"
    session: str = ("A session of {duration}, {start} to {end}. Passages on a tinted ground "
                    "are for you alone: no participant\u2019s page shows them.")
    unplanned_session: str = ("No times are planned yet: give each section its \u2018minutes\u2019 in "
                              "the front matter, or a slide \u2018### Notes (3 min)\u2019, and the "
                              "run sheet fills in.")
    run_sheet: str = "Run sheet"
    starts: str = "Starts"
    section: str = "Section"
    slides: str = "Slides"
    minutes: str = "Minutes"
    end: str = "End"
    total: str = "total {duration}"
    unplanned: str = "not planned"
    by_slide: str = "Slide by slide"
    slide: str = "Slide {number}"
    exercise: str = "Exercise."
    listen: str = "Listen for:"


@dataclass(frozen=True)
class Labels:
    """Words a renderer adds around the content, in the deck's language (compose fills them from
    the catalogue; these defaults are the English catalogue's). Slots are the renderer's to fill."""

    continued_title: str = "{title} (cont.)"       # a slide continued on the next
    continued_notes: str = "Continues \u201c{title}\u201d."
    sources: str = "Sources"                       # handout headings
    boundaries: str = "Boundaries"
    page: str = "page {number} of {total}"         # page numbering
    contents: str = "Contents"                     # a page's table of contents
    skip: str = "Skip to the note"                 # a page's link past its navigation
    worksheet: str = "worksheet"                   # the worksheet's own file, in its footer
    name_line: str = "Name: {line}"                # where a participant writes their name
    guide: GuideLabels = field(default_factory=GuideLabels)


# Not the deck's content: left out of strings() and of the deck.json dump, so the dump of the
# English note is what it was before decks had a language.
_SETTING = {"content": False}


@dataclass(frozen=True)
class Meta:
    title: str
    subtitle: str
    author: str
    date: str                      # as shown: "2 October 2026"
    audience: str                  # "" for the default note
    footer: str
    subject: str
    keywords: tuple[str, ...] = ()
    build: str = ""                # the build id: same content, audience and notedeck, same id
    variant: str = ""              # the audience's file name ("support-team"); "" for the note
    figures: tuple[tuple[str, str], ...] = ()   # every figure as shown, for `notedeck verify`
    lang: str = field(default="en-GB", metadata=_SETTING)        # BCP 47: "de-DE"
    labels: Labels = field(default_factory=Labels, metadata=_SETTING)

    @property
    def declared_lang(self) -> str:
        """The language to declare where English decks declared none before (the speaker
        notes' runs): "" for en-GB, whose deck keeps its bytes. Every PDF declares `lang`
        itself, English too: a tagged PDF must (docs/accessibility.md)."""
        return "" if self.lang == "en-GB" else self.lang


@dataclass(frozen=True)
class Deck:
    meta: Meta
    slides: tuple[Slide, ...]
    handout: Handout
    charts: tuple[ChartSpec, ...] = field(default=())   # each chart once, by name
    # The live dial and check slider, composed only when the web page is built: derived
    # figures, not the Deck's content, so left out of equality, strings() and deck.json.
    explorer: Explorer | None = field(default=None, compare=False, metadata={"content": False})

    def chart(self, name: str) -> ChartSpec:
        for spec in self.charts:
            if spec.name == name:
                return spec
        raise KeyError(name)


@dataclass(frozen=True)
class ChartArt:
    """One drawn chart: `png` for slides, `svg` (text as paths) for print; its size in inches."""

    name: str
    png: bytes
    svg: bytes
    width_in: float
    height_in: float
