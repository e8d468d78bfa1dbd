"""Native bar charts planned from the bar specs: series, labels and the plot's room for them."""

from __future__ import annotations

from notedeck.deck import BarChart
from notedeck.layout import fit, measure
from notedeck.render.pptx.chart_plan import GAP_IN, Label, PChart, Series, title_height
from notedeck.template.geometry import Box
from notedeck.template.styles import Ink
from notedeck.theme import TYPE

SMALL_SHARE = 0.12        # a stacked segment shorter than this carries no label inside it
PAST_ENDS = 0.3           # the most of a chart's width the labels past bars' ends may take


def plan_bars(spec: BarChart, box: Box, look, face) -> PChart:
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
    under_title = (title_height(spec.title, box, face) + GAP_IN / 2) / box.h
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
    title_h = title_height(spec.title, box, face)
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
