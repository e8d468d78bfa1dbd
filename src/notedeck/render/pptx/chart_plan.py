"""A native chart as planned: axes, series, labels and layout as data, and its title's size."""

from __future__ import annotations

import math
from dataclasses import dataclass

from notedeck.deck import Tick
from notedeck.layout import fit, measure
from notedeck.template.geometry import Box
from notedeck.template.styles import Ink
from notedeck.theme import TYPE

INSIDE = 1.0005          # LibreOffice drops a point that lies exactly on a log axis's end:
                         # helpers sit just inside it
GAP_IN = 0.08


@dataclass(frozen=True)
class Axis:
    title: str
    minimum: float
    maximum: float
    log: bool
    ticks: tuple[Tick, ...]
    code: str = "General"        # the Excel number format of its values
    labels_name: str = ""        # the name of the helper series that carries its tick labels

    def inside(self) -> float:
        """A value just inside the axis's low end, where a helper's point stays drawn."""
        if self.log:
            return self.minimum * INSIDE
        return self.minimum + (self.maximum - self.minimum) * (INSIDE - 1)

    def at(self, value: float) -> float:
        """Where a value lies along the axis, 0 to 1."""
        if self.log:
            return math.log10(value / self.minimum) / math.log10(self.maximum / self.minimum)
        return (value - self.minimum) / (self.maximum - self.minimum)


@dataclass(frozen=True)
class Label:
    index: int                   # the point it belongs to
    text: str
    position: str                # "r", "l", "t", "b", "ctr", "out"


@dataclass(frozen=True)
class Series:
    name: str
    points: tuple[tuple[float, float], ...]       # (x, y); for bars (0, value)
    colour: Ink | None                             # None: drawn invisibly (tick labels)
    line: str = "solid"                            # "solid" | "dash" | "none"
    marker: str = "none"
    marker_size: int = 7
    labels: tuple[Label, ...] = ()
    featured: tuple[int, ...] = ()                 # points drawn larger, in `featured_colour`
    gridlines: str = ""                            # "x" | "y": an error bar per point, as a grid
    legend: bool = True
    label_colour: Ink | None = None
    featured_colour: Ink | None = None
    code: str = "General"                          # its values' Excel number format


@dataclass(frozen=True)
class PChart:
    """A native chart on a slide."""

    box: Box
    kind: str                                      # "xy", or a bar chart's XL_CHART_TYPE name
    name: str
    title: str
    alt_text: str
    series: tuple[Series, ...]
    x: Axis | None = None
    y: Axis | None = None
    categories: tuple[str, ...] = ()
    plot: tuple[float, float, float, float] = (0.1, 0.15, 0.8, 0.7)   # fractions of the box
    legend: str = ""                               # "" | "r" | "t"
    legend_at: tuple[float, float] | None = None   # its top-left corner, clear of the plot
    look: object = None                            # colours.Look
    face: object = None                            # faces.Face that measured its text
    sizes: tuple[float, float, float] = (TYPE.chart_title, TYPE.chart_label, TYPE.chart_tick)
    axis_titles: tuple[tuple[float, float], tuple[float, float]] = ((0.4, 0.9), (0.0, 0.4))


def title_size(title: str, box: Box, face) -> float:
    """The chart title's size: as large as keeps it on one line in three quarters of the
    chart's width (apps wrap wider titles and centre them), down to the tick size."""
    room = box.w * 0.75 * measure.PT_PER_IN * fit.WIDTH_SLACK
    for size in fit.sizes(TYPE.chart_title, TYPE.chart_tick):
        if measure.text_width(title, size, bold=True, face=face) <= room:
            return size
    return TYPE.chart_tick


def title_height(title: str, box: Box, face) -> float:
    size = title_size(title, box, face)
    lines = measure.wrap(title, box.w * 0.75 * measure.PT_PER_IN * fit.WIDTH_SLACK, size, face)
    return len(lines) * measure.line_height(size, face=face) / measure.PT_PER_IN + GAP_IN
