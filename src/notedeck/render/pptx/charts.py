"""Native charts planned from the chart specs: data, axes, labels and layout as plain data.

Every string a native chart shows comes from its spec (formatter strings):
its title, axis titles, tick labels and point labels. Tick labels are the
spec's own ticks, drawn as the labels of a helper series at each tick (with a
gridline each, as an error bar), since a native axis can only print numbers
its own way. A native axis is linear or logarithmic: a symlog axis is drawn
logarithmic from its first positive value, and what lies at 0 (a point, its
label) is left out, as on any log axis (docs/templates.md, "Native charts").
Pure: chart_xml.py writes these.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from notedeck.deck import BarChart, ChartSpec, LineChart, Tick, drawable
from notedeck.layout import fit, measure
from notedeck.template.geometry import Box
from notedeck.template.styles import Ink
from notedeck.theme import TYPE

PAD = 1.06               # log axes reach a little past the data: LibreOffice drops a point
INSIDE = 1.0005          # that lies exactly on a log axis's end; helpers sit just inside it
LINEAR_PAD = 0.05        # linear axes reach this share of their span past the data
MARKERS = ("circle", "square", "diamond", "triangle", "x", "star", "plus", "dash")
SMALL_SHARE = 0.12        # a stacked segment shorter than this carries no label inside it
PAST_ENDS = 0.3           # the most of a chart's width the labels past bars' ends may take
GAP_IN = 0.08
# Between a point and a label beside it: LibreOffice sets such a label against the point's
# centre, so without it the text runs into the dot.
BESIDE = "\u2003"


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


def plan_chart(spec: ChartSpec, box: Box, look, face) -> PChart:
    """The native form of a chart spec, filling `box`; `look` gives its theme colours."""
    drawn = drawable(spec)
    if isinstance(drawn, LineChart):
        return _lines(drawn, box, look, face)
    return _bars(drawn, box, look, face)


# --- line charts ---------------------------------------------------------------------------

def _in_sheet_units(spec: LineChart) -> LineChart:
    """The chart with every value as its axis's number format shows it (seconds as minutes,
    cents as euros): what "Edit Data" holds."""
    fx, fy = spec.x.number_format.scale, spec.y.number_format.scale
    if fx == fy == 1:
        return spec

    def axis(axis, factor):
        return replace(axis, ticks=tuple(replace(t, value=t.value / factor) for t in axis.ticks))

    lines = tuple(replace(line, x=tuple(v / fx for v in line.x), y=tuple(v / fy for v in line.y),
                          points=tuple(replace(p, x=p.x / fx, y=p.y / fy) for p in line.points))
                  for line in spec.lines)
    references = tuple(replace(r, value=r.value / (fx if r.axis == "x" else fy))
                       for r in spec.references)
    return replace(spec, x=axis(spec.x, fx), y=axis(spec.y, fy), lines=lines,
                   references=references)


def _lines(spec: LineChart, box: Box, look, face) -> PChart:
    spec = _in_sheet_units(spec)
    x_log, y_log = spec.x.scale != "linear", spec.y.scale != "linear"
    shows_x = (lambda v: v > 0) if x_log else (lambda v: True)
    shows_y = (lambda v: v > 0) if y_log else (lambda v: True)
    drawn = [tuple((a, b) for a, b in zip(line.x, line.y) if shows_x(a) and shows_y(b))
             for line in spec.lines]
    points = [tuple(p for p in line.points_drawn(shows_x) if shows_y(p.y)) for line in spec.lines]
    xs = [a for line in drawn for a, _ in line]
    ys = [b for line in drawn for _, b in line]
    xs += [p.x for group in points for p in group] + [t.value for t in spec.x.ticks]
    ys += [p.y for group in points for p in group]
    xs += [r.value for r in spec.references if r.axis == "x"]
    ys += [r.value for r in spec.references if r.axis == "y"]
    xs, ys = xs or [1.0], ys or [1.0]     # a chart with no data still has axes
    if spec.annotated:                 # room above the data for the labels inside the plot
        ys.append(max(ys) * 2 if y_log else max(ys) + (max(ys) - min(ys)) * 0.25)
    else:
        ys += [t.value for t in spec.y.ticks]
    x = replace(_axis(spec.x.title, xs, spec.x.ticks, x_log), code=spec.x.number_format.code,
                labels_name=spec.x.labels_name or spec.x.title)
    y = replace(_axis(spec.y.title, ys, spec.y.ticks, y_log), code=spec.y.number_format.code,
                labels_name=spec.y.labels_name or spec.y.title)
    series = [_line(spec.lines[i], line, i, look) for i, line in enumerate(drawn)]
    high = (max((a for line in drawn for a, _ in line), default=x.maximum),
            max((b for line in drawn for _, b in line), default=y.maximum))
    series += [_reference(r, x, y, high, look) for r in spec.references]
    series += [_points(spec.lines[i], group, i, look, drawn[i], x)
               for i, group in enumerate(points) if group]
    named = [line.label for line in spec.lines if line.named]
    if named:
        legend_w = max(measure.text_width(label, TYPE.chart_tick, face=face) for label in named)
        right = (legend_w / measure.PT_PER_IN + 0.6) / box.w
    else:
        right = 0.35 / box.w
    # The labels above the references' ends stand above the plot: room for them, not the title.
    above = measure.line_height(TYPE.chart_tick, face=face) / measure.PT_PER_IN if spec.annotated else 0
    return _xy(spec, box, look, face, x, y, tuple(series), right, "r" if named else "", above)


def _line(line, points, index: int, look) -> Series:
    count = len(look.series)
    return Series(line.label, points, look.series[index % count],
                  "solid" if index < count else "dash",
                  MARKERS[index % len(MARKERS)] if line.marked else "none",
                  legend=line.named)


def _reference(reference, x: Axis, y: Axis, high: tuple[float, float], look) -> Series:
    """A dashed line across the plot, its label above its far end (or beside its top)."""
    if reference.axis == "y":
        ends, where = ((x.inside(), reference.value), (high[0], reference.value)), "t"
    else:
        ends, where = ((reference.value, y.inside()), (reference.value, high[1])), "r"
    return Series(reference.label, ends, look.muted, "dash", "none",
                  labels=(Label(1, reference.label, where),), legend=False)


def _points(line, points, index: int, look, drawn, x: Axis) -> Series:
    """A line's annotated points as dots with labels on the side the line leaves free: to
    the right of a falling line (above, at the far end), to the left of a rising one (above,
    near the axis)."""
    count = len(look.series)
    last = max(p.x for p in points)

    def position(point) -> str:
        if _rising(drawn, point.x):
            return "l" if x.at(point.x) > 0.2 else "t"
        return "t" if point.x == last else "r"

    return Series(line.points_label or line.label, tuple((p.x, p.y) for p in points),
                  look.series[index % count], "none", "circle", 8,
                  tuple(_beside(Label(i, p.label, position(p))) for i, p in enumerate(points)),
                  tuple(i for i, p in enumerate(points) if p.featured), legend=False,
                  featured_colour=look.series[(index + 1) % count])


def _beside(label: Label) -> Label:
    """A label set apart from its point by a space on the point's side."""
    if label.position == "r":
        return replace(label, text=BESIDE + label.text)
    return replace(label, text=label.text + BESIDE) if label.position == "l" else label


def _rising(drawn, at: float) -> bool:
    """Whether the line climbs where it passes `at` (from the sample before to the one after)."""
    before = [b for a, b in drawn if a < at]
    after = [b for a, b in drawn if a > at]
    return bool(before and after) and after[0] > before[-1]


def _thinned(axis: Axis, length: float, size) -> Axis:
    """The axis with only the ticks whose labels do not run into the one before (as the
    picture thins them), the first kept."""
    kept, last = [], None
    for tick in axis.ticks:
        at = axis.at(tick.value) * length
        if last is None or at - last[0] >= (last[1] + size(tick)) / 2 + GAP_IN:
            kept.append(tick)
            last = (at, size(tick))
    return replace(axis, ticks=tuple(kept))


def _xy(spec, box: Box, look, face, x: Axis, y: Axis, series: tuple[Series, ...],
        right: float, legend: str, headroom: float = 0.0) -> PChart:
    title_h = _title_height(spec.title, box, face)
    tick_w = max((measure.text_width(t.label, TYPE.chart_tick, face=face) for t in y.ticks),
                 default=0.0) / measure.PT_PER_IN
    line = measure.line_height(TYPE.chart_tick, face=face) / measure.PT_PER_IN
    title_line = measure.line_height(TYPE.chart_label, face=face) / measure.PT_PER_IN
    left = (title_line + tick_w + 3 * GAP_IN) / box.w
    bottom = (line + title_line + 3 * GAP_IN) / box.h
    top = (title_h + GAP_IN + headroom) / box.h
    plot = (left, top, max(1 - left - right, 0.1), max(1 - top - bottom, 0.1))
    x = _thinned(x, box.w * plot[2], lambda t: measure.text_width(t.label, TYPE.chart_tick,
                                                             face=face) / measure.PT_PER_IN)
    y = _thinned(y, box.h * plot[3], lambda t: line)
    helpers = (
        Series(x.labels_name,           # the axis's labels, named in the deck's language
               tuple((t.value, y.inside()) for t in x.ticks), None, "none",
               labels=tuple(Label(i, t.label, "b") for i, t in enumerate(x.ticks)),
               gridlines="y", legend=False),
        Series(y.labels_name, tuple((x.inside(), t.value) for t in y.ticks),
               None, "none",
               labels=tuple(Label(i, t.label, "l") for i, t in enumerate(y.ticks)),
               gridlines="x", legend=False),
    )
    # The series with most points comes first: LibreOffice (7.4) draws none of the series
    # that follow a shorter first one.
    ordered = tuple(sorted((*helpers, *series), key=lambda s: -len(s.points)))
    return PChart(box, "xy", spec.name, spec.title, spec.alt_text, ordered, x, y,
                  plot=plot, legend=legend, look=look, face=face,
                  legend_at=(plot[0] + plot[2] + GAP_IN / box.w, plot[1]) if legend else None,
                  axis_titles=_axis_titles(box, plot, x, y, face))


def _axis_titles(box: Box, plot, x: Axis, y: Axis, face):
    """Where the axis titles go (top-left corners, as fractions of the chart): the x title
    centred under the tick labels, the y title (turned) left of them."""
    left, top, width, height = plot
    tick = measure.line_height(TYPE.chart_tick, face=face) / measure.PT_PER_IN
    x_w = measure.text_width(x.title, TYPE.chart_label, face=face) / measure.PT_PER_IN
    y_w = measure.text_width(y.title, TYPE.chart_label, face=face) / measure.PT_PER_IN
    x_at = (left + width / 2 - x_w / 2 / box.w, top + height + (tick + 2 * GAP_IN) / box.h)
    y_at = (GAP_IN / box.w, top + height / 2 - y_w / 2 / box.h)
    return (max(x_at[0], 0.0), min(x_at[1], 0.95)), (y_at[0], max(y_at[1], 0.0))


def title_size(title: str, box: Box, face) -> float:
    """The chart title's size: as large as keeps it on one line in three quarters of the
    chart's width (apps wrap wider titles and centre them), down to the tick size."""
    room = box.w * 0.75 * measure.PT_PER_IN * fit.WIDTH_SLACK
    for size in fit.sizes(TYPE.chart_title, TYPE.chart_tick):
        if measure.text_width(title, size, bold=True, face=face) <= room:
            return size
    return TYPE.chart_tick


def _title_height(title: str, box: Box, face) -> float:
    size = title_size(title, box, face)
    lines = measure.wrap(title, box.w * 0.75 * measure.PT_PER_IN * fit.WIDTH_SLACK, size, face)
    return len(lines) * measure.line_height(size, face=face) / measure.PT_PER_IN + GAP_IN


def _axis(title: str, values, ticks: tuple[Tick, ...], log: bool) -> Axis:
    """An axis a little wider than its data, down to the tick below it (so an axis of
    multiples shows its 1x), with the ticks that fall on it."""
    if log:
        low = min((v for v in values if v > 0), default=1.0)
        below = [t.value for t in ticks if 0 < t.value <= low]
        low, high = (max(below) if below else low) / PAD, max(values) * PAD
    else:
        low, high = min(values), max(values)
        below = [t.value for t in ticks if t.value <= low]
        low = max(below) if below else low
        span = (high - low) or 1.0
        low, high = low - span * LINEAR_PAD, high + span * LINEAR_PAD
    return Axis(title, low, high, log, tuple(t for t in ticks if low < t.value < high))


# --- bar charts ----------------------------------------------------------------------------

def _bars(spec: BarChart, box: Box, look, face) -> PChart:
    """A native bar chart: stacked segments labelled inside, a segment too short for its
    label saying it under its bar's name; side-by-side segments labelled past their ends."""
    lengths = spec.lengths()
    names = []
    for bar, row in zip(spec.bars, lengths):
        thin = [f"{s.label} {s.value_label}" for s, length in zip(bar.segments, row)
                if spec.stacked and length < SMALL_SHARE]
        names.append("\n".join([bar.label, *filter(None, [bar.total_label]), *thin]))
    series = []
    for j, segment in enumerate(spec.bars[0].segments if spec.bars else ()):
        sheet = spec.number_formats[j] if j < len(spec.number_formats) else None
        scale = sheet.scale if sheet else 1.0
        values = tuple((0.0, bar.segments[j].value / scale) for bar in spec.bars)
        code = sheet.code if sheet else "General"
        fill = look.series[j % len(look.series)]
        if spec.stacked:
            labels = tuple(Label(i, bar.segments[j].value_label, "ctr")
                           for i, (bar, row) in enumerate(zip(spec.bars, lengths))
                           if row[j] >= SMALL_SHARE)
            series.append(Series(segment.label, values, fill, labels=labels,
                                 label_colour=_on(fill, look), code=code))
        else:
            labels = tuple(Label(i, bar.segments[j].value_label, "out")
                           for i, bar in enumerate(spec.bars))
            series.append(Series(segment.label, values, fill, labels=labels, code=code))
    plot = (_across if spec.horizontal else _upright)(spec, names, box, face)
    legend = "t" if len(series) > 1 else ""
    under_title = (_title_height(spec.title, box, face) + GAP_IN / 2) / box.h
    return PChart(box, _bar_kind(spec), spec.name, spec.title, spec.alt_text, tuple(series),
                  categories=tuple(names), plot=plot, legend=legend,
                  legend_at=(plot[0], under_title) if legend else None,
                  look=look, face=face, sizes=_bar_sizes(spec, box, plot, face))


def _bar_kind(spec: BarChart) -> str:
    """The native chart type: BAR_STACKED_100, COLUMN_CLUSTERED, ..."""
    shape = "BAR" if spec.horizontal else "COLUMN"
    if not spec.stacked:
        return f"{shape}_CLUSTERED"
    return f"{shape}_STACKED_100" if spec.normalised else f"{shape}_STACKED"


def _across(spec: BarChart, names: list[str], box: Box, face) -> tuple:
    """The plot of horizontal bars: the bars' names at its left, the legend above it."""
    name_w = max((measure.text_width(line, TYPE.chart_tick, face=face)
                  for name in names for line in name.split("\n")), default=0) / measure.PT_PER_IN
    top = _bar_top(spec, box, face)
    left = min((name_w + 3 * GAP_IN) / box.w, 0.45)
    size = _label_size(spec, face, box.w * PAST_ENDS)
    right = 0.03 if spec.stacked else _widest_value(spec, face, size) / box.w + 0.03
    return (left, top, max(1 - left - right, 0.1), max(1 - top - 0.05, 0.1))


def _upright(spec: BarChart, names: list[str], box: Box, face) -> tuple:
    """The plot of columns: their names under it, the legend above it, room above the
    tallest for its label when labels stand past the ends."""
    lines = max((len(name.split("\n")) for name in names), default=1)
    line = measure.line_height(TYPE.chart_tick, face=face) / measure.PT_PER_IN
    top = _bar_top(spec, box, face) + (0 if spec.stacked else (line + GAP_IN) / box.h)
    bottom = (lines * line + 2 * GAP_IN) / box.h
    return (0.03, top, 0.94, max(1 - top - bottom, 0.1))


def _bar_top(spec: BarChart, box: Box, face) -> float:
    title_h = _title_height(spec.title, box, face)
    legend_h = measure.line_height(TYPE.chart_tick, face=face) / measure.PT_PER_IN + 2 * GAP_IN
    return (title_h + legend_h + GAP_IN) / box.h


def _widest_value(spec: BarChart, face, size: float = TYPE.chart_label) -> float:
    """The widest value label, as drawn (bold, at `size`), in inches with a gap."""
    return max((measure.text_width(s.value_label, size, bold=True, face=face)
                for bar in spec.bars for s in bar.segments), default=0) / measure.PT_PER_IN + GAP_IN


def _bar_sizes(spec: BarChart, box: Box, plot, face) -> tuple[float, float, float]:
    """The chart's text sizes, its value labels as large as fit beside each other over
    upright columns side by side, or past the ends of bars across (down to the tick size)."""
    label = TYPE.chart_label
    if not spec.stacked and spec.horizontal:
        label = _label_size(spec, face, box.w * PAST_ENDS)
    elif not spec.stacked and spec.bars:
        label = _label_size(spec, face, box.w * plot[2] / (
            len(spec.bars) * max(len(spec.bars[0].segments), 1)))
    return (TYPE.chart_title, label, TYPE.chart_tick)


def _label_size(spec: BarChart, face, room_in: float) -> float:
    """The largest size, down to the tick size, at which every value label fits `room_in`."""
    return next((size for size in fit.sizes(TYPE.chart_label, TYPE.chart_tick)
                 if _widest_value(spec, face, size) <= room_in), TYPE.chart_tick)


def _on(fill: Ink, look) -> Ink:
    """Text on a bar: the theme's background or text colour, whichever reads on it."""
    from notedeck.template.colours import readable

    return readable(fill, (look.background, look.text))
