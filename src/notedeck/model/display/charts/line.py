"""A line chart: lines over lists of numbers, annotated points, reference lines; read, checked
and written as the deck's LineChart.

    kind: line
    x: {title: Size, ticks: {auto: true}}
    y: {title: Cost, scale: log}
    lines:
      cost: {x: sizes, y: costs, label: Cost, points: {over: rows, x: size, y: cost,
                                                       label: "{size}"}}
    references:
      budget: {y: budget, label: "Budget {budget}"}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import StrictBool

from notedeck.deck import Line, LineChart, Point, Reference
from notedeck.errors import Location, NotedeckError, Problem
from notedeck.model.display.charts.axes import AxisSpec, read_axis, with_sheet, write_axis
from notedeck.model.display.charts.reading import (entries, formula, mismatch, over,
                                                   title_alt, unit)
from notedeck.model.display.charts.values import count, floats, plotted
from notedeck.model.display.said import Said
from notedeck.model.schema import Settings, checked
from notedeck.model.display.tables import condition
from notedeck.model.display.texts import Context, Text, Texts
from notedeck.model.units import Unit

MAX_LINES = 12
MAX_ANNOTATED = 100        # labelled points of a chart: each is placed clear of the others


class LineChartIn(Settings):
    kind: Any = None
    title: Any = None
    alt: Any = None
    x: Any = None
    y: Any = None
    lines: Any = None
    references: Any = None
    about: Any = None


class LineIn(Settings):
    over: Any = None
    x: Any = None
    y: Any = None
    label: Any = None
    marked: StrictBool = True
    named: StrictBool = True
    points: Any = None


class PointsIn(Settings):
    over: Any = None
    x: Any = None
    y: Any = None
    label: Any = None
    featured: Any = None
    name: Any = None


class ReferenceIn(Settings):
    x: Any = None
    y: Any = None
    label: Any = None


@dataclass(frozen=True)
class PointsSpec:
    over: str
    x: Any                                 # model.Expression per row
    y: Any
    label: Text
    featured: Any = None                   # a condition per row, or None
    name: Text | None = None


@dataclass(frozen=True)
class LineSpec:
    id: str
    over: str | None                       # one line per item of this list, else one line
    x: Any                                 # model.Expression giving a list
    y: Any
    label: Text
    marked: bool = True
    named: bool = True
    points: PointsSpec | None = None
    where: Location | None = None


@dataclass(frozen=True)
class ReferenceSpec:
    id: str
    axis: str                              # x | y
    value: Any                             # model.Expression
    label: Text


@dataclass(frozen=True)
class LineChartSpec:
    name: str
    title: Text
    alt: Text
    x: AxisSpec
    y: AxisSpec
    lines: tuple[LineSpec, ...]
    references: tuple[ReferenceSpec, ...] = ()


class LineKind:
    """kind: line."""

    name = "line"
    spec = LineChartSpec

    def read(self, texts: Texts, name: str, spec: dict, path: tuple) -> LineChartSpec | None:
        settings = checked(texts, LineChartIn, spec, path, "a line chart")
        title, alt = title_alt(texts, spec, path)
        lines = _lines(texts, spec.get("lines"), path + ("lines",))
        if lines is None:
            return None
        units = {axis: _one_unit(texts, lines, axis, path + ("lines",)) for axis in ("x", "y")}
        references = _references(texts, spec.get("references"), path + ("references",), units)
        axes = {axis: read_axis(texts, spec.get(axis), path + (axis,), units[axis])
                for axis in ("x", "y")}
        if None in (settings, title, alt, references, *units.values(), *axes.values()):
            return None
        return LineChartSpec(name, title, alt, axes["x"], axes["y"], lines, references)

    def write(self, spec: LineChartSpec, said: Said) -> LineChart:
        lines = [line for declared in spec.lines for line in _written(declared, said)]
        annotated = sum(len(points[0]) for _, _, _, points in lines)
        if annotated > MAX_ANNOTATED:
            raise NotedeckError(Problem(spec.lines[0].where or Location("chart"), f"the chart "
                                        f"'{spec.name}' annotates {annotated:,} points; a chart "
                                        f"annotates at most {MAX_ANNOTATED} (limit "
                                        "annotated_points): annotate fewer rows"))
        xs = [v for _, xs, _, _ in lines for v in xs]
        ys = [v for _, _, ys, _ in lines for v in ys]
        x = with_sheet(write_axis(spec.x, said, xs), spec.x, said, xs)
        y = with_sheet(write_axis(spec.y, said, ys), spec.y, said, ys)
        drawn = tuple(Line(label, floats(xs, declared.x), floats(ys, declared.y),
                           declared.marked, declared.named, *points)
                      for (label, xs, ys, points), declared in zip(lines, _each(spec, said)))
        references = tuple(Reference(plotted(said.value(r.value), r.value), said.text(r.label),
                                     r.axis)
                           for r in spec.references)
        return LineChart(spec.name, said.text(spec.title), said.text(spec.alt), x, y, drawn,
                         references)


LINE = LineKind()


# --- reading ------------------------------------------------------------------------------

def _lines(texts: Texts, value: Any, path: tuple) -> tuple[LineSpec, ...] | None:
    found = entries(texts, value, path, MAX_LINES, "lines", "ID: {x: a list, y: a list, "
                                                           "label: words}")
    made = []
    for key, spec, here in found:
        settings = checked(texts, LineIn, spec, here, "a line")
        repeated, context = over(texts, spec, here)
        if repeated is False:
            continue
        xy = [formula(texts, spec.get(axis), here + (axis,), context, listed=True)
              for axis in ("x", "y")]
        label = texts.text(spec.get("label"), here + ("label",), context)
        points = _points(texts, spec.get("points"), here + ("points",))
        if None in (settings, *xy, label) or points is False:
            continue
        made.append(LineSpec(key, repeated, *xy, label, settings.marked, settings.named,
                             points, texts.document.where(here)))
    return tuple(made) if found and len(made) == len(found) else None


def _points(texts: Texts, value: Any, path: tuple) -> PointsSpec | None | bool:
    """A line's annotated points, one per row of a list; None when not given, False when
    refused."""
    if value is None:
        return None
    if not isinstance(value, dict) or "over" not in value:
        texts.problem(path, "expected {over: a list, x: a formula, y: a formula, label: words, "
                            "featured: a condition}")
        return False
    settings = checked(texts, PointsIn, value, path, "annotated points")
    repeated, context = over(texts, value, path)
    if not repeated:
        return False
    xy = [formula(texts, value.get(axis), path + (axis,), context, listed=False)
          for axis in ("x", "y")]
    label = texts.text(value.get("label"), path + ("label",), context)
    featured = condition(texts, value.get("featured"), path + ("featured",), context)
    name = texts.text(value.get("name"), path + ("name",), required=False)
    if None in (settings, *xy, label) or featured is False or (name is None and "name" in value):
        return False
    return PointsSpec(repeated, *xy, label, featured, name)


def _references(texts: Texts, value: Any, path: tuple, units: dict):
    made = []
    for key, spec, here in entries(texts, value, path, MAX_LINES, "reference lines",
                                   "ID: {y: a formula, label: words}", required=False):
        settings = checked(texts, ReferenceIn, spec, here, "a reference line")
        axes = [axis for axis in ("x", "y") if axis in spec]
        if len(axes) != 1:
            texts.problem(here, "a reference line is at one value: x: (a vertical line) or "
                                "y: (a horizontal line)")
            continue
        axis = axes[0]
        at = formula(texts, spec[axis], here + (axis,), Context(), listed=False)
        label = texts.text(spec.get("label"), here + ("label",))
        if settings is None or at is None or label is None:
            continue
        if units[axis] is not None and unit(at.type) != units[axis]:
            texts.problem(here + (axis,), mismatch("the reference line's value", at.type,
                                                   axis, units[axis]))
            continue
        made.append(ReferenceSpec(key, axis, at, label))
    given = len(value) if isinstance(value, dict) else 0
    return tuple(made) if len(made) == given else None


def _one_unit(texts: Texts, lines: tuple[LineSpec, ...], axis: str, path: tuple) -> Unit | None:
    """The unit of an axis: every line's (and its points') values on it share one."""
    first = unit(getattr(lines[0], axis).type)
    for line in lines:
        found = [(getattr(line, axis), (line.id, axis))]
        if line.points is not None:
            found.append((getattr(line.points, axis), (line.id, "points", axis)))
        for expression, where in found:
            if unit(expression.type) != first:
                texts.problem(path + where, mismatch(f"this line's {axis} values",
                                                     expression.type, axis, first))
                return None
    return first


# --- writing ------------------------------------------------------------------------------

def _each(spec: LineChartSpec, said: Said):
    """Each drawn line's declaration (a line over a list draws one per item)."""
    for declared in spec.lines:
        yield from [declared] * count(declared.over, said)


def _written(spec: LineSpec, said: Said):
    """(label, exact xs, exact ys, (points, their name)) for each line a declaration draws."""
    points = _written_points(spec, said)
    for index in range(count(spec.over, said)):
        row = None if spec.over is None else index
        xs, ys = said.value(spec.x, row), said.value(spec.y, row)
        if len(xs) != len(ys):
            raise NotedeckError(Problem(spec.where, f"line '{spec.id}' has {len(xs)} x values "
                                                    f"and {len(ys)} y values; a line needs as "
                                                    "many of each"))
        yield said.text(spec.label, row), tuple(xs), tuple(ys), points


def _written_points(spec: LineSpec, said: Said) -> tuple[tuple[Point, ...], str]:
    declared = spec.points
    if declared is None:
        return (), ""
    rows = count(declared.over, said)
    if rows > MAX_ANNOTATED:
        raise NotedeckError(Problem(spec.where or Location("chart"), f"line '{spec.id}' "
                                    f"annotates {rows:,} points; a chart annotates at most "
                                    f"{MAX_ANNOTATED} (limit annotated_points): annotate "
                                    "fewer rows, and draw the rest as the line"))
    made = tuple(Point(plotted(said.value(declared.x, i), declared.x),
                       plotted(said.value(declared.y, i), declared.y),
                       said.text(declared.label, i),
                       bool(declared.featured is not None and said.value(declared.featured, i)))
                 for i in range(rows))
    return made, said.text(declared.name)
