"""Native line charts planned from the chart specs (bars in bars.py): data, axes, labels, layout.

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

from dataclasses import replace

from notedeck.deck import ChartSpec, LineChart, Tick, drawable
from notedeck.layout import measure
from notedeck.render.pptx.bars import plan_bars
from notedeck.render.pptx.chart_plan import GAP_IN, Axis, Label, PChart, Series, title_height
from notedeck.template.geometry import Box
from notedeck.theme import TYPE

PAD = 1.06               # log axes reach a little past the data: LibreOffice drops a point
                         # that lies exactly on a log axis's end
LINEAR_PAD = 0.05        # linear axes reach this share of their span past the data
MARKERS = ("circle", "square", "diamond", "triangle", "x", "star", "plus", "dash")
# Between a point and a label beside it: LibreOffice sets such a label against the point's
# centre, so without it the text runs into the dot.
BESIDE = "\u2003"


def plan_chart(spec: ChartSpec, box: Box, look, face) -> PChart:
    """The native form of a chart spec, filling `box`; `look` gives its theme colours."""
    drawn = drawable(spec)
    if isinstance(drawn, LineChart):
        return _lines(drawn, box, look, face)
    return plan_bars(drawn, box, look, face)


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
    title_h = title_height(spec.title, box, face)
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
