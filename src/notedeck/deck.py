"""The renderer-neutral Deck: frozen dataclasses every renderer reads and none mutates."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
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


# --- charts ------------------------------------------------------------------
# Generic and renderer-neutral: every value a float placed on an axis, every label already
# formatted text. LineChart and BarChart are the forms every renderer draws; a new kind of
# chart is a frozen type here whose lower() returns one of them (see drawable()).

SCALES = ("linear", "log", "symlog")   # symlog: linear from 0 up to 1, then logarithmic


def on_scale(scale: str, value: float) -> bool:
    """Whether an axis of this scale can place the value (a log axis has no 0)."""
    return value > 0 if scale == "log" else True


@dataclass(frozen=True)
class Tick:
    value: float
    label: str                     # "1 min", "10×"


@dataclass(frozen=True)
class Axis:
    title: str
    ticks: tuple[Tick, ...] = ()   # where it is labelled (a tick past the data may widen it)
    scale: str = "linear"          # one of SCALES
    grid: bool = True              # a gridline at each tick

    def __post_init__(self) -> None:
        if self.scale not in SCALES:
            raise ValueError(f"an axis's scale is one of {', '.join(SCALES)}, not {self.scale!r}")


@dataclass(frozen=True)
class Point:
    """An annotated point: a dot with its label, on the line that holds it."""

    x: float
    y: float
    label: str                     # "90%: 9 h"
    featured: bool = False         # drawn larger, in the next colour, its label bold


@dataclass(frozen=True)
class Line:
    """One series of a line chart, with the points along it that carry labels."""

    label: str                     # its name, at its end or in a legend; a data sheet's column
    x: tuple[float, ...]
    y: tuple[float, ...]
    marked: bool = True            # a marker at every point (else a heavier stroke alone)
    named: bool = True             # its label shown on the chart (else only in the data)
    points: tuple[Point, ...] = ()
    points_label: str = ""         # what the annotated points are, as a group

    def points_drawn(self, shown=lambda x: True) -> tuple[Point, ...]:
        """The annotated points on the stretch of the line that is drawn, where `shown(x)`
        says which x values a renderer can place: a point the line does not reach has no
        dot and no label."""
        xs = [x for x in self.x if shown(x)]
        return tuple(p for p in self.points if xs and shown(p.x) and min(xs) <= p.x <= max(xs))


@dataclass(frozen=True)
class Reference:
    """A labelled line across the plot: at a y value (horizontal) or an x value (vertical)."""

    value: float
    label: str                     # "Budget 40 h"
    axis: str = "y"                # "y" | "x"

    def __post_init__(self) -> None:
        if self.axis not in ("x", "y"):
            raise ValueError(f"a reference line is at an x or a y value, not {self.axis!r}")


@dataclass(frozen=True)
class LineChart:
    """Lines over two axes, with reference lines and annotated points."""

    name: str
    title: str
    alt_text: str
    x: Axis
    y: Axis
    lines: tuple[Line, ...]
    references: tuple[Reference, ...] = ()

    @property
    def annotated(self) -> bool:
        """Labels inside the plot (points or references), which want room around the data."""
        return bool(self.references) or any(line.points for line in self.lines)


@dataclass(frozen=True)
class Segment:
    """One series' part of a bar."""

    label: str                     # the series: "Waiting"
    value: float                   # a share of the bar (0..1) when normalised, else on the axis
    value_label: str               # "90%"


@dataclass(frozen=True)
class Bar:
    label: str                     # the category: "Team A"
    total_label: str               # "10 h"; "" for none
    segments: tuple[Segment, ...]  # the same series, in the same order, in every bar


@dataclass(frozen=True)
class BarChart:
    """A bar per category, split into the series' segments: stacked end to end or side by
    side, as shares of the whole bar or as values, across (horizontal) or upright."""

    name: str
    title: str
    alt_text: str
    bars: tuple[Bar, ...]
    stacked: bool = True
    normalised: bool = True        # every bar drawn whole: its values are its shares
    horizontal: bool = True

    def lengths(self) -> tuple[tuple[float, ...], ...]:
        """Each segment's length as a share of the longest bar's (of its own when normalised);
        a value below 0 has none."""
        values = tuple(tuple(max(s.value, 0) for s in bar.segments) for bar in self.bars)
        if self.normalised:
            return values
        scale = max((sum(row) if self.stacked else max(row, default=0) for row in values),
                    default=0) or 1.0
        return tuple(tuple(value / scale for value in row) for row in values)


ChartSpec = LineChart | BarChart
Drawn = LineChart | BarChart       # the forms renderers draw: kinds lower() into them


def drawable(spec) -> Drawn:
    """The chart as a form every renderer draws: any other kind lowers itself into one."""
    if isinstance(spec, (LineChart, BarChart)):
        return spec
    if not (is_dataclass(spec) and hasattr(spec, "lower")):
        raise TypeError(f"cannot draw a {type(spec).__name__}: a chart is a LineChart, a "
                        "BarChart, or a kind whose lower() returns one")
    return drawable(spec.lower())


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


# --- live controls: what a reader of the web page moves, every value precomputed -------------

@dataclass(frozen=True)
class Varying:
    """Values that follow controls: `values[i][j]...` is the value at position i of the control
    named over[0], j of over[1], and so on. A text, a number that places a mark, or a whole
    block (Stats, a chart spec) per position."""

    over: tuple[str, ...]          # the controls it follows, by name, outermost first
    values: tuple                  # nested one tuple level per control in `over`
    name: str = ""                 # what the page's data calls it ("time"); "" lets the page choose

    def at(self, positions: Mapping[str, int]):
        """The value where the controls stand."""
        value = self.values
        for control in self.over:
            value = value[positions[control]]
        return value

    def flat(self) -> tuple:
        """Every value, outermost control first."""
        if not self.over:
            return (self.values,)
        level = self.values
        for _ in self.over[1:]:
            level = tuple(value for inner in level for value in inner)
        return tuple(level)


# Fixed words and values that follow controls, in order: ("at ", <the slider's texts>).
Phrase = tuple[str | Varying, ...]


@dataclass(frozen=True)
class Stop:
    """A labelled position of a slider: its tick, and where Page Up and Page Down land."""

    position: int                  # index into the slider's positions
    label: str                     # the tick: "1M", "1 min"


@dataclass(frozen=True)
class Slider:
    """A range over precomputed positions, each a value and the text that says it. The track
    shows position i at i / (positions - 1) of its length, so positions spread evenly on the
    slider's scale make the track follow that scale."""

    name: str                      # how Varying values name it; not shown
    label: str                     # its accessible name: "Writing speed for one agent"
    values: tuple[float, ...]      # each position's value, rising: places it on a scale
    texts: tuple[str, ...]         # each position as shown and read aloud: "60 seconds"
    stops: tuple[Stop, ...]        # rising
    start: int                     # the position shown first: where the handout is
    scale: str = "linear"          # "linear" | "log" (log(1 + x) when 0 is a position)
    listed: str = "{stops}"        # the stops as the help names them: "{stops} per hour"
    keys: str = "Stops: {stops}."  # the help, how keys move it (the catalogue's words)

    @property
    def positions(self) -> int:
        return len(self.texts)


@dataclass(frozen=True)
class Choice:
    """One item of a list at a time."""

    name: str                      # how Varying values name it; not shown
    label: str                     # its legend: "Team"
    items: tuple[str, ...]         # each item's label: "Payroll queries"
    start: int = 0

    @property
    def positions(self) -> int:
        return len(self.items)


Control = Slider | Choice


@dataclass(frozen=True)
class Reading:
    """One figure beside the controls: a label over a value and a detail."""

    label: str                     # "Writing only"
    value: Phrase                  # ("1 second",) following the controls
    detail: Phrase = ()            # ("at ", <the slider's texts>)


@dataclass(frozen=True)
class Readout:
    items: tuple[Reading, ...]


# What a panel shows under its controls: a readout, or a Varying text (a sentence) or chart.
LiveBlock = Readout | Varying


@dataclass(frozen=True)
class Panel:
    """Controls and what they move, shown where the page shows chart `chart`: after it, or in
    its place when the panel shows that chart itself (a Varying of its spec)."""

    label: str                     # the group's accessible name: "Utilisation"
    chart: str
    controls: tuple[Control, ...]
    shows: tuple[LiveBlock, ...]
    announce: Varying | None = None   # a short text read once the controls rest


@dataclass(frozen=True)
class Cursor:
    """A line at x and a dot at (x, y) on line chart `chart`, in the chart's own units."""

    chart: str
    x: Varying
    y: Varying


@dataclass(frozen=True)
class Emphasis:
    """Series i of chart `chart` stands out while item i of choice `control` is chosen."""

    chart: str
    control: str


@dataclass(frozen=True)
class Live:
    """The web page's controls and everything they move, formatted at every position."""

    panels: tuple[Panel, ...]
    blocks: tuple[Varying, ...] = ()      # each shown in place of the block equal to its start
    cursors: tuple[Cursor, ...] = ()
    emphases: tuple[Emphasis, ...] = ()

    def __post_init__(self) -> None:
        """Every Varying follows controls that exist, with a value at each of their positions."""
        sizes = {c.name: c.positions for c in self.controls}
        for value in self.varyings():
            unknown = [name for name in value.over if name not in sizes]
            if unknown:
                raise ValueError(f"{value.name or 'a value'} follows no control named {unknown[0]}")
            _check_shape(value.values, [sizes[name] for name in value.over], value.name)

    def varyings(self) -> Iterator[Varying]:
        for panel in self.panels:
            for block in panel.shows:
                parts = ([p for r in block.items for p in (*r.value, *r.detail)]
                         if isinstance(block, Readout) else [block])
                yield from (p for p in parts if isinstance(p, Varying))
            if panel.announce is not None:
                yield panel.announce
        yield from self.blocks
        for cursor in self.cursors:
            yield from (cursor.x, cursor.y)

    @property
    def controls(self) -> tuple[Control, ...]:
        return tuple(c for panel in self.panels for c in panel.controls)

    @property
    def start(self) -> dict[str, int]:
        """Where every control stands when the page opens."""
        return {c.name: c.start for c in self.controls}


def _check_shape(values, sizes: list[int], name: str) -> None:
    if not sizes:
        return
    if not isinstance(values, tuple) or len(values) != sizes[0]:
        raise ValueError(f"{name or 'a value'} has no value for each of {sizes[0]} positions")
    for inner in values:
        _check_shape(inner, sizes[1:], name)


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
    session: int = 0               # the session's length in seconds (note.yaml `session:`); 0: as
                                   # long as its sections' planned minutes add up to
    # An output that shows only part of the note (the worksheet) carries the id of that part
    # and its name, and only the figures it shows, so verify judges it by what it shows.
    shown: str = field(default="", metadata=_SETTING)
    output: str = field(default="", metadata=_SETTING)
    note: str = field(default="", metadata=_SETTING)    # the note's own title: which note a
                                                        # file came from (infra/outfolder.py)
    lang: str = field(default="en-GB", metadata=_SETTING)        # BCP 47: "de-DE"
    labels: Labels = field(default_factory=Labels, metadata=_SETTING)

    @property
    def declared_lang(self) -> str:
        """The language to declare where English decks declared none before (the speaker
        notes' runs): "" for en-GB, whose deck keeps its bytes. Every PDF declares `lang`
        itself, English too: a tagged PDF must (docs/accessibility.md)."""
        return "" if self.lang == "en-GB" else self.lang


# --- the guide's clock: each planned slide's time, written by the deck's Formatter --------

@dataclass(frozen=True)
class ClockRow:
    start: str               # "09:12"
    section: str             # "02  Why waits grow"
    slides: str              # "5"
    minutes: str             # "14 min", or the words for a section without a plan


@dataclass(frozen=True)
class Clock:
    """Every time and count the facilitator guide prints (figures/clock.py writes it)."""

    session: str                     # "A session of 1 h, 09:00 to 10:00. ..."
    rows: tuple[ClockRow, ...]
    end: str                         # the clock at the end
    total: str                       # "total 1 h"
    slides: tuple[str, ...]          # per planned slide: "Slide 3 · 09:12 · 2 min"


@dataclass(frozen=True)
class Deck:
    meta: Meta
    slides: tuple[Slide, ...]
    handout: Handout
    charts: tuple[ChartSpec, ...] = field(default=())   # each chart once, by name
    # The web page's live controls, composed only when the web page is built: derived
    # figures, not the Deck's content, so left out of equality, strings() and deck.json.
    live: Live | None = field(default=None, compare=False, metadata={"content": False})
    # The guide's clock, written once the slides are laid out and only when the guide is built:
    # like the live controls, derived and left out of equality, strings() and deck.json.
    clock: Clock | None = field(default=None, compare=False, metadata={"content": False})

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
