"""Generic, renderer-neutral charts: the forms every renderer draws, and the drawn art."""

from __future__ import annotations

from dataclasses import dataclass, field, is_dataclass


# Generic and renderer-neutral: every value a float placed on an axis, every label already
# formatted text. LineChart and BarChart are the forms every renderer draws; a new kind of
# chart is a frozen type here whose lower() returns one of them (see drawable()).

SCALES = ("linear", "log", "symlog")   # symlog: linear from 0 up to 1, then logarithmic


@dataclass(frozen=True)
class NumberFormat:
    """How a spreadsheet shows a series' or an axis's numbers, as the figures' form writes
    them: an Excel format code ('"€"#,##0.00;"-€"#,##0.00') and the number each value is
    divided by first (a time kept in seconds, shown in years)."""

    code: str = "General"
    scale: float = 1.0


# Derived from the forms and the locale, which the content already holds: not dumped.
SHEET = field(default=NumberFormat(), compare=False, metadata={"content": False})


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
    number_format: NumberFormat = SHEET   # of every value placed on it
    labels_name: str = field(default="", compare=False, metadata={"content": False})
    # what a spreadsheet calls the column that places its tick labels ("Labels of the axis …")

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
    number_formats: tuple[NumberFormat, ...] = field(default=(), compare=False,
                                                     metadata={"content": False})  # by series

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



@dataclass(frozen=True)
class ChartArt:
    """One drawn chart: `png` for slides, `svg` (text as paths) for print; its size in inches."""

    name: str
    png: bytes
    svg: bytes
    width_in: float
    height_in: float
