"""A model's charts written out: the deck's LineChart or BarChart for one evaluation, in one
language, every label through the figures' show forms.

`chart(spec, writer)` is the one entry: a live control draws a chart at each of its
positions with `chart(spec, writer.with_evaluation(moved))`. A chart kind is one reader in
model/display/charts.py and one writer in WRITERS here.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import ceil

from notedeck.deck import Axis, Bar, BarChart, Line, LineChart, Point, Reference, Segment, Tick
from notedeck.errors import Location, NotedeckError, Problem
from notedeck.figures.sheet import number_format
from notedeck.figures.texts import Writer
from notedeck.model import show as shows
from notedeck.model.display.charts import (AxisSpec, BarChartSpec, BarSpec, LineChartSpec,
                                           LineSpec, TICK_VALUE)
from notedeck.model.display.texts import Slot
from notedeck.model.types import Num

MAX_TICKS = 7
MAX_ANNOTATED = 100        # labelled points of a chart: each is placed clear of the others
LARGEST, SMALLEST = Fraction(10) ** 300, Fraction(1, 10**300)   # a float's range, and margin
DAY = 86400
# A duration axis on a log scale is labelled at these, where they fall near the data.
ROUND_DURATIONS = tuple(Fraction(s) for s in (
    Fraction(1, 1000), Fraction(1, 100), Fraction(1, 10), 1, 10, 60, 600, 3600, 36000, DAY,
    10 * DAY, 100 * DAY, 1000 * DAY))
# ... and on a linear scale, every so many of these from 0.
DURATION_STEPS = tuple(Fraction(s) for s in (
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, DAY,
    2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 90 * DAY, 365 * DAY))


def chart(spec, said: Writer) -> LineChart | BarChart:
    """The chart a declaration describes, written from the writer's evaluation."""
    return WRITERS[type(spec)](spec, said)


# --- line charts --------------------------------------------------------------------------

def line_chart(spec: LineChartSpec, said: Writer) -> LineChart:
    lines = [line for declared in spec.lines for line in _lines(declared, said)]
    annotated = sum(len(points[0]) for _, _, _, points in lines)
    if annotated > MAX_ANNOTATED:
        raise NotedeckError(Problem(spec.lines[0].where or Location("chart"), f"the chart "
                                    f"'{spec.name}' annotates {annotated:,} points; a chart "
                                    f"annotates at most {MAX_ANNOTATED} (limit "
                                    "annotated_points): annotate fewer rows"))
    x = _axis(spec.x, said, [v for _, xs, _, _ in lines for v in xs])
    y = _axis(spec.y, said, [v for _, _, ys, _ in lines for v in ys])
    x, y = (_sheet(x, spec.x, said, [v for _, xs, _, _ in lines for v in xs]),
            _sheet(y, spec.y, said, [v for _, _, ys, _ in lines for v in ys]))
    drawn = tuple(Line(label, _floats(xs, declared.x), _floats(ys, declared.y),
                       declared.marked, declared.named, *points)
                  for (label, xs, ys, points), declared in zip(lines, _each(spec, said)))
    references = tuple(Reference(plotted(said.value(r.value), r.value), said.text(r.label),
                                 r.axis)
                       for r in spec.references)
    return LineChart(spec.name, said.text(spec.title), said.text(spec.alt), x, y, drawn,
                     references)


def _each(spec: LineChartSpec, said: Writer):
    """Each drawn line's declaration (a line over a list draws one per item)."""
    for declared in spec.lines:
        yield from [declared] * _count(declared.over, said)


def _count(over: str | None, said: Writer) -> int:
    return 1 if over is None else len(said.evaluation.value(over))


def _lines(spec: LineSpec, said: Writer):
    """(label, exact xs, exact ys, (points, their name)) for each line a declaration draws."""
    points = _points(spec, said)
    for index in range(_count(spec.over, said)):
        row = None if spec.over is None else index
        xs, ys = said.value(spec.x, row), said.value(spec.y, row)
        if len(xs) != len(ys):
            raise NotedeckError(Problem(spec.where, f"line '{spec.id}' has {len(xs)} x values "
                                                    f"and {len(ys)} y values; a line needs as "
                                                    "many of each"))
        yield said.text(spec.label, row), tuple(xs), tuple(ys), points


def _points(spec: LineSpec, said: Writer) -> tuple[tuple[Point, ...], str]:
    declared = spec.points
    if declared is None:
        return (), ""
    count = _count(declared.over, said)
    if count > MAX_ANNOTATED:
        raise NotedeckError(Problem(spec.where or Location("chart"), f"line '{spec.id}' "
                                    f"annotates {count:,} points; a chart annotates at most "
                                    f"{MAX_ANNOTATED} (limit annotated_points): annotate "
                                    "fewer rows, and draw the rest as the line"))
    made = tuple(Point(plotted(said.value(declared.x, i), declared.x),
                       plotted(said.value(declared.y, i), declared.y),
                       said.text(declared.label, i),
                       bool(declared.featured is not None and said.value(declared.featured, i)))
                 for i in range(_count(declared.over, said)))
    return made, said.text(declared.name)


def _floats(values, expression) -> tuple[float, ...]:
    return tuple(plotted(v, expression) for v in values)


def plotted(value: Fraction, expression) -> float:
    """An exact value as a drawing's number; a value a float cannot hold (past 1e300, or so
    near 0 that it would become 0 and vanish from a log axis) is refused at its formula."""
    size = abs(value)
    if size and not SMALLEST <= size <= LARGEST:
        power = round((size.numerator.bit_length() - size.denominator.bit_length()) * 0.30103)
        where = getattr(getattr(expression, "compiled", None), "source", None)
        raise NotedeckError(Problem(where.where if where else Location("chart"), f"a chart draws values "
                                    f"from 1e-300 to 1e300 in size; this one is about "
                                    f"10^{power}: show it in a larger or smaller unit"))
    return float(value)


def _axis(spec: AxisSpec, said: Writer, data: list) -> Axis:
    ticks = ()
    if spec.ticks is not None:
        at = said.value(spec.ticks.at) if spec.ticks.at is not None else \
            auto_ticks(data, spec.scale, spec.unit.is_time)
        ticks = tuple(Tick(plotted(v, spec.ticks.at),
                           said.text(spec.ticks.label, None, {TICK_VALUE: v}))
                      for v in at)
    return Axis(said.text(spec.title), ticks, spec.scale, spec.grid)


def _sheet(axis: Axis, spec: AxisSpec, said: Writer, data: list) -> Axis:
    """The axis with the number format of its values: the form its tick labels write them
    in, else their unit's own."""
    slot = next((part for part in spec.ticks.label.choices[0].parts if isinstance(part, Slot)),
                None) if spec.ticks else None
    show = slot.show if slot is not None else shows.default(Num(spec.unit))
    values = [*data, *(Fraction(t.value) for t in axis.ticks)]
    return replace(axis, number_format=number_format(said.forms, Num(spec.unit), show, values),
                   labels_name=said.forms.fmt.say("chart.axis_labels", axis=axis.title))


# --- automatic ticks: generic rules, by scale and by whether the values are times ----------

def auto_ticks(data: list, scale: str, time: bool) -> tuple[Fraction, ...]:
    """Where an axis is labelled when the model does not say: round durations for times,
    powers of ten for other numbers on a log scale, round steps from 0 on a linear one."""
    values = [Fraction(v) for v in data]
    if not values:
        return ()
    low, high = min(values), max(values)
    if scale == "linear":
        return _steps(low, high, DURATION_STEPS if time else None)
    positive = [v for v in values if v > 0]
    if not positive:
        return (Fraction(0),)
    low = min(positive)
    found = _round_durations(low, high) if time else _powers_of_ten(low, high)
    return ((Fraction(0),) if scale == "symlog" and min(values) <= 0 else ()) + found


def _round_durations(low: Fraction, high: Fraction) -> tuple[Fraction, ...]:
    """The round durations from half the shortest to twice the longest, at most seven; of
    two closer than three times apart (10 hours, 1 day) the longer, rounder one alone, so
    their labels do not crowd on a log scale."""
    inside: list[Fraction] = []
    for t in ROUND_DURATIONS:
        if low / 2 <= t <= high * 2:
            if inside and t < 3 * inside[-1]:
                inside.pop()
            inside.append(t)
    if len(inside) > MAX_TICKS:
        inside = inside[::ceil(len(inside) / MAX_TICKS)]
    return tuple(inside)


def _powers_of_ten(low: Fraction, high: Fraction) -> tuple[Fraction, ...]:
    """The powers of ten from a tenth of the lowest to ten times the highest."""
    value = Fraction(1)
    while value > low / 10:
        value /= 10
    while value < low / 10:
        value *= 10
    found = []
    while value <= high * 10 and len(found) < 2 * MAX_TICKS:
        found.append(value)
        value *= 10
    return tuple(found)


def _steps(low: Fraction, high: Fraction, steps) -> tuple[Fraction, ...]:
    """Round steps from 0 (or below, for values below 0) past the highest value: at most
    seven ticks, each step 1, 2, 2.5 or 5 times a power of ten (or a round duration)."""
    low, high = min(low, Fraction(0)), max(high, Fraction(0))
    span = high - low
    if span == 0:
        return (Fraction(0),)
    for step in steps or _round_steps(span):
        first, last = _floor(low, step), -_floor(-high, step)
        if (last - first) / step + 1 <= MAX_TICKS:
            return tuple(first + i * step for i in range(int((last - first) / step) + 1))
    step = (steps or (span,))[-1]
    return tuple(_floor(low, step) + i * step for i in range(MAX_TICKS))


def _round_steps(span: Fraction):
    power = Fraction(1)
    while power * 10 > span / MAX_TICKS:
        power /= 10
    while power < span / (10 * MAX_TICKS):
        power *= 10
    for _ in range(4):
        for size in (1, 2, Fraction(5, 2), 5):
            yield power * size
        power *= 10


def _floor(value: Fraction, step: Fraction) -> Fraction:
    return (value // step) * step


# --- bar charts ---------------------------------------------------------------------------

def bar_chart(spec: BarChartSpec, said: Writer) -> BarChart:
    series = tuple(said.text(label) for _, label in spec.series)
    bars = tuple(bar for declared in spec.bars for bar in _bars(declared, series, said))
    formats = tuple(_series_format(spec, j, bars, said) for j in range(len(series)))
    return BarChart(spec.name, said.text(spec.title), said.text(spec.alt), bars, spec.stacked,
                    spec.normalised, spec.horizontal, formats)


def _series_format(spec: BarChartSpec, index: int, bars: tuple[Bar, ...], said: Writer):
    """A series' number format: the form its first bar's value is written in."""
    slot = spec.bars[0].values[index].text.choices[0].parts[0]
    values = [Fraction(bar.segments[index].value) for bar in bars]
    return number_format(said.forms, slot.expression.type, slot.show, values)


def _bars(spec: BarSpec, series: tuple[str, ...], said: Writer):
    for index in range(_count(spec.over, said)):
        row = None if spec.over is None else index
        yield Bar(said.text(spec.label, row), said.text(spec.total, row),
                  tuple(Segment(words, plotted(said.value(v.expression, row), v.expression),
                                said.text(v.text, row))
                        for words, v in zip(series, spec.values)))


WRITERS = {LineChartSpec: line_chart, BarChartSpec: bar_chart}


__all__ = ["chart", "auto_ticks", "WRITERS"]
