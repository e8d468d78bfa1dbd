"""Native charts planned from the chart specs: data, axes, labels and layout as plain data.

Every string a native chart shows comes from its spec (formatter strings):
its title, axis titles, tick labels and point labels. Tick labels are the
spec's own ticks, drawn as the labels of a helper series at each tick (with a
gridline each, as an error bar), since a native axis can only print numbers
its own way. Logarithmic axes cannot show 0: the speedup chart draws the
no-check case as what it equals, the writing speedup, on its ceiling line
(docs/templates.md, "Native charts"). Pure: chart_xml.py writes these.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from notedeck.deck import BottleneckChart, ChartSpec, DialChart, SpeedupChart, Tick
from notedeck.layout import fit
from notedeck.layout.geometry import Box
from notedeck.layout.styles import Ink
from notedeck.theme import TYPE

PAD = 1.06               # log axes reach a little past the data: LibreOffice drops a point
INSIDE = 1.0005          # that lies exactly on a log axis's end; helpers sit just inside it
MARKERS = ("circle", "square", "diamond", "triangle", "x", "star", "plus", "dash")
SMALL_SHARE = 0.12        # a bar segment narrower than this carries no label inside it
GAP_IN = 0.08


@dataclass(frozen=True)
class Axis:
    title: str
    minimum: float
    maximum: float
    log: bool
    ticks: tuple[Tick, ...]


@dataclass(frozen=True)
class Label:
    index: int                   # the point it belongs to
    text: str
    position: str                # "r", "l", "t", "b", "ctr"


@dataclass(frozen=True)
class Series:
    name: str
    points: tuple[tuple[float, float], ...]       # (x, y); for bars (0, value)
    colour: Ink | None                             # None: drawn invisibly (tick labels)
    line: str = "solid"                            # "solid" | "dash" | "none"
    marker: str = "none"
    marker_size: int = 7
    labels: tuple[Label, ...] = ()
    featured: tuple[int, ...] = ()                 # points drawn larger, in the second accent
    gridlines: str = ""                            # "x" | "y": an error bar per point, as a grid
    legend: bool = True
    label_colour: Ink | None = None


@dataclass(frozen=True)
class PChart:
    """A native chart on a slide."""

    box: Box
    kind: str                                      # "xy" | "bar100"
    name: str
    title: str
    alt_text: str
    series: tuple[Series, ...]
    x: Axis | None = None
    y: Axis | None = None
    categories: tuple[str, ...] = ()
    plot: tuple[float, float, float, float] = (0.1, 0.15, 0.8, 0.7)   # fractions of the box
    legend: str = ""                               # "" | "r" | "t"
    look: object = None                            # colours.Look
    face: object = None                            # faces.Face that measured its text
    sizes: tuple[float, float, float] = (TYPE.chart_title, TYPE.chart_label, TYPE.chart_tick)
    accent2: Ink | None = None
    axis_titles: tuple[tuple[float, float], tuple[float, float]] = ((0.4, 0.9), (0.0, 0.4))


def plan_chart(spec: ChartSpec, box: Box, look, face) -> PChart:
    """The native form of a chart spec, filling `box`; `look` gives its theme colours."""
    match spec:
        case DialChart():
            return _dial(spec, box, look, face)
        case SpeedupChart():
            return _speedup(spec, box, look, face, look.series[1])
        case BottleneckChart():
            return _bottleneck(spec, box, look, face)
    raise TypeError(f"no native form for a {type(spec).__name__}")


# --- the line charts ---------------------------------------------------------------------

def _dial(spec: DialChart, box: Box, look, face) -> PChart:
    ys = [v for s in spec.series for v in s.y] + [t.value for t in spec.y_ticks]
    xs = [v for s in spec.series for v in s.x] + [t.value for t in spec.x_ticks]
    x = _log_axis(spec.x_label, xs, spec.x_ticks)
    y = _log_axis(spec.y_label, ys, spec.y_ticks)
    series = tuple(Series(s.label, tuple(zip(s.x, s.y)), look.series[i % len(look.series)],
                          "solid" if i < len(look.series) else "dash",
                          MARKERS[i % len(MARKERS)], 7)
                   for i, s in enumerate(spec.series))
    legend_w = max(fit.text_width(s.label, TYPE.chart_tick, face=face) for s in spec.series)
    right = (legend_w / fit.PT_PER_IN + 0.6) / box.w
    return _xy(spec, box, look, face, x, y, series, right, legend="r")


def _speedup(spec: SpeedupChart, box: Box, look, face, accent2: Ink) -> PChart:
    positive = [(x, y) for x, y in zip(spec.curve.x, spec.curve.y) if x > 0]
    low, high = positive[0][0], positive[-1][0]
    ys = [y for _, y in positive] + [spec.ceiling]
    x = _log_axis(spec.x_label, [low, high], tuple(t for t in spec.x_ticks if t.value > 0))
    y = _log_axis(spec.y_label, [min(ys), spec.ceiling * 2], spec.y_ticks)
    shown = [m for m in spec.markers if m.x > 0]
    at_zero = [m for m in spec.markers if m.x <= 0]
    ceiling = [(x.minimum * INSIDE, spec.ceiling), (high, spec.ceiling)]
    labels = [Label(1, spec.ceiling_label, "t")]
    if at_zero:                    # no check at all: the speedup is the ceiling itself, shown
        ceiling.insert(1, (_beside_start(at_zero[0].label, x, box, face), spec.ceiling))
        labels = [Label(1, at_zero[0].label, "t"), Label(2, spec.ceiling_label, "t")]
    series = (
        Series(spec.curve.label, tuple(positive), look.accent, "solid", "none"),
        Series(spec.ceiling_label, tuple(ceiling), look.muted, "dash", "none",
               labels=tuple(labels), legend=False),
        Series("Marked checks", tuple((m.x, m.y) for m in shown), look.accent, "none",
               "circle", 8, tuple(Label(i, m.label, "r" if i < len(shown) - 1 else "t")
                                  for i, m in enumerate(shown)),
               tuple(i for i, m in enumerate(shown) if m.featured), legend=False),
    )
    # The labels above the ceiling's ends stand above the plot: room for them, not the title.
    above = fit.line_height(TYPE.chart_tick, face=face) / fit.PT_PER_IN
    return _xy(spec, box, look, face, x, y, series, 0.35 / box.w, legend="",
               accent2=accent2, headroom=above)


def _thinned(axis: Axis, length: float, size) -> Axis:
    """The axis with only the ticks whose labels do not run into the one before (as the
    picture thins them), the first kept."""
    span = math.log10(axis.maximum / axis.minimum)
    kept, last = [], None
    for tick in axis.ticks:
        at = math.log10(tick.value / axis.minimum) / span * length
        if last is None or at - last[0] >= (last[1] + size(tick)) / 2 + GAP_IN:
            kept.append(tick)
            last = (at, size(tick))
    return Axis(axis.title, axis.minimum, axis.maximum, axis.log, tuple(kept))


def _beside_start(text: str, x: Axis, box: Box, face) -> float:
    """Where on a log axis a label centred above a point starts just inside the plot."""
    width = fit.text_width(text, TYPE.chart_tick, face=face) / fit.PT_PER_IN
    decades = math.log10(x.maximum / x.minimum)
    share = (width / 2 + 0.1) / max(box.w * 0.75, 0.1)
    return x.minimum * 10 ** (decades * share)


def _xy(spec, box: Box, look, face, x: Axis, y: Axis, series: tuple[Series, ...],
        right: float, legend: str, accent2: Ink | None = None, headroom: float = 0.0) -> PChart:
    title_h = _title_height(spec.title, box, face)
    tick_w = max((fit.text_width(t.label, TYPE.chart_tick, face=face) for t in y.ticks),
                 default=0.0) / fit.PT_PER_IN
    line = fit.line_height(TYPE.chart_tick, face=face) / fit.PT_PER_IN
    title_line = fit.line_height(TYPE.chart_label, face=face) / fit.PT_PER_IN
    left = (title_line + tick_w + 3 * GAP_IN) / box.w
    bottom = (line + title_line + 3 * GAP_IN) / box.h
    top = (title_h + GAP_IN + headroom) / box.h
    plot = (left, top, max(1 - left - right, 0.1), max(1 - top - bottom, 0.1))
    x = _thinned(x, box.w * plot[2], lambda t: fit.text_width(t.label, TYPE.chart_tick,
                                                             face=face) / fit.PT_PER_IN)
    y = _thinned(y, box.h * plot[3], lambda t: line)
    helpers = (
        Series(x.title,                 # the axis's labels, named in the deck's language
               tuple((t.value, y.minimum * INSIDE) for t in x.ticks), None, "none",
               labels=tuple(Label(i, t.label, "b") for i, t in enumerate(x.ticks)),
               gridlines="y", legend=False),
        Series(y.title, tuple((x.minimum * INSIDE, t.value) for t in y.ticks),
               None, "none",
               labels=tuple(Label(i, t.label, "l") for i, t in enumerate(y.ticks)),
               gridlines="x", legend=False),
    )
    # The series with most points comes first: LibreOffice (7.4) draws none of the series
    # that follow a shorter first one.
    ordered = tuple(sorted((*helpers, *series), key=lambda s: -len(s.points)))
    return PChart(box, "xy", spec.name, spec.title, spec.alt_text, ordered, x, y,
                  plot=plot, legend=legend, look=look, face=face, accent2=accent2,
                  axis_titles=_axis_titles(box, plot, x, y, face))


def _axis_titles(box: Box, plot, x: Axis, y: Axis, face):
    """Where the axis titles go (top-left corners, as fractions of the chart): the x title
    centred under the tick labels, the y title (turned) left of them."""
    left, top, width, height = plot
    tick = fit.line_height(TYPE.chart_tick, face=face) / fit.PT_PER_IN
    x_w = fit.text_width(x.title, TYPE.chart_label, face=face) / fit.PT_PER_IN
    y_w = fit.text_width(y.title, TYPE.chart_label, face=face) / fit.PT_PER_IN
    x_at = (left + width / 2 - x_w / 2 / box.w, top + height + (tick + 2 * GAP_IN) / box.h)
    y_at = (GAP_IN / box.w, top + height / 2 - y_w / 2 / box.h)
    return (max(x_at[0], 0.0), min(x_at[1], 0.95)), (y_at[0], max(y_at[1], 0.0))


def title_size(title: str, box: Box, face) -> float:
    """The chart title's size: as large as keeps it on one line in three quarters of the
    chart's width (apps wrap wider titles and centre them), down to the tick size."""
    room = box.w * 0.75 * fit.PT_PER_IN * fit.WIDTH_SLACK
    for size in fit.sizes(TYPE.chart_title, TYPE.chart_tick):
        if fit.text_width(title, size, bold=True, face=face) <= room:
            return size
    return TYPE.chart_tick


def _title_height(title: str, box: Box, face) -> float:
    size = title_size(title, box, face)
    lines = fit.wrap(title, box.w * 0.75 * fit.PT_PER_IN * fit.WIDTH_SLACK, size, face)
    return len(lines) * fit.line_height(size, face=face) / fit.PT_PER_IN + GAP_IN


def _log_axis(title: str, values, ticks: tuple[Tick, ...]) -> Axis:
    """A logarithmic axis a little wider than its data, down to the tick below it (so a
    speedup axis shows its 1x), with the ticks that fall on it."""
    low = min(v for v in values if v > 0)
    below = [t.value for t in ticks if 0 < t.value <= low]
    low, high = (max(below) if below else low) / PAD, max(values) * PAD
    return Axis(title, low, high, True, tuple(t for t in ticks if low < t.value < high))


# --- the bars ----------------------------------------------------------------------------

def _bottleneck(spec: BottleneckChart, box: Box, look, face) -> PChart:
    """Two 100% bars; a segment too thin for its share inside says it beside its bar's name."""
    names = []
    for bar in spec.bars:
        thin = [f"{s.label} {s.share_label}" for s in bar.segments if s.share < SMALL_SHARE]
        names.append("\n".join([bar.label, bar.total_label, *thin]))
    segments = spec.bars[0].segments
    series = []
    for j, segment in enumerate(segments):
        values = tuple((0.0, bar.segments[j].share) for bar in spec.bars)
        labels = tuple(Label(i, bar.segments[j].share_label, "ctr")
                       for i, bar in enumerate(spec.bars) if bar.segments[j].share >= SMALL_SHARE)
        fill = look.series[j % len(look.series)]
        series.append(Series(segment.label, values, fill, labels=labels,
                             label_colour=_on(fill, look)))
    title_h = _title_height(spec.title, box, face)
    name_w = max(fit.text_width(line, TYPE.chart_tick, face=face)
                 for name in names for line in name.split("\n")) / fit.PT_PER_IN
    legend_h = fit.line_height(TYPE.chart_tick, face=face) / fit.PT_PER_IN + 2 * GAP_IN
    left = min((name_w + 3 * GAP_IN) / box.w, 0.45)
    top = (title_h + legend_h + GAP_IN) / box.h
    plot = (left, top, max(1 - left - 0.03, 0.1), max(1 - top - 0.05, 0.1))
    return PChart(box, "bar100", spec.name, spec.title, spec.alt_text, tuple(series),
                  categories=tuple(names), plot=plot, legend="t", look=look, face=face)


def _on(fill: Ink, look) -> Ink:
    """Text on a bar: the theme's background or text colour, whichever reads on it."""
    from notedeck.layout.colours import readable

    return readable(fill, (look.paper, look.text))
