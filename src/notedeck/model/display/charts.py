"""charts: of a model: line and bar charts over its figures, what ```chart NAME``` places.

    charts:
      waits:
        kind: line                         # line | bar
        title: "At {load.featured} loaded, an item is delayed {load.at_featured.delay}"
        alt: "Line chart of the delay against load ..."
        x: {title: Load, ticks: {auto: true, label: "{value:percent}"}}
        y: {title: Delay, scale: log, ticks: {auto: true, label: "{value:period}"}}
        lines:
          wait:                            # over: LIST makes one line per item
            x: load.curve.u
            y: load.curve.delay
            label: Delay
            points: {over: load.rows, x: u, y: delay, label: "{u}: {delay}",
                     featured: u == load.featured}
        references:
          service: {y: step_time, label: "One item's work {step_time}"}

A kind is one reader here (KINDS) and one writer in figures/charts.py; renderers draw the
deck's LineChart and BarChart and never see a declaration. docs/models.md has each setting.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from notedeck.errors import Location
from notedeck.model.display.tables import condition, formula_text, named, unknown
from notedeck.model.display.texts import Context, Text, Texts
from notedeck.model.types import ListOf, Num, Type
from notedeck.model.units import PLAIN, Unit

LINE_KEYS = ("kind", "title", "alt", "x", "y", "lines", "references", "about")
BAR_KEYS = ("kind", "title", "alt", "series", "bars", "stacked", "normalised", "horizontal",
            "about")
AXIS_KEYS = ("title", "scale", "grid", "ticks")
TICK_KEYS = ("at", "auto", "label")
SERIES_KEYS = ("over", "x", "y", "label", "marked", "named", "points")
POINT_KEYS = ("over", "x", "y", "label", "featured", "name")
REFERENCE_KEYS = ("x", "y", "label")
BAR_ENTRY_KEYS = ("over", "label", "total", "values")
SCALES = ("linear", "log", "symlog")
MAX_LINES = 12
MAX_BARS = 24
MAX_SERIES = 8
TICK_VALUE = "value"           # the bound name of a tick's value in its label


@dataclass(frozen=True)
class Ticks:
    """Where an axis is labelled: at a list's values, or chosen by the engine (at None)."""

    at: Any                                # model.Expression giving a list, or None: auto
    label: Text                            # with the tick's value bound as `value`


@dataclass(frozen=True)
class AxisSpec:
    title: Text
    scale: str
    grid: bool
    ticks: Ticks | None
    unit: Unit                             # of every value placed on it


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


@dataclass(frozen=True)
class Value:
    """One series' value in a bar: the number placed and its words."""

    series: str
    expression: Any
    text: Text


@dataclass(frozen=True)
class BarSpec:
    id: str
    over: str | None                       # one bar per item of this list, else one bar
    label: Text
    total: Text | None
    values: tuple[Value, ...]


@dataclass(frozen=True)
class BarChartSpec:
    name: str
    title: Text
    alt: Text
    series: tuple[tuple[str, Text], ...]   # (id, label), in the order every bar is split
    bars: tuple[BarSpec, ...]
    stacked: bool = True
    normalised: bool = False
    horizontal: bool = False


ChartSpec = LineChartSpec | BarChartSpec


def charts(texts: Texts, value: Any) -> dict[str, ChartSpec]:
    made = {}
    for name, spec, path in named(texts, value, "charts", "charts"):
        kind = spec.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            texts.problem(path + ("kind",) if "kind" in spec else path,
                          f"a chart's kind is one of: {', '.join(KINDS)}; got {kind!r}")
            continue
        chart = KINDS[kind](texts, name, spec, path)
        if chart is not None:
            made[name] = chart
    return made


# --- line charts --------------------------------------------------------------------------

def line_chart(texts: Texts, name: str, spec: dict, path: tuple) -> LineChartSpec | None:
    unknown(texts, spec, path, LINE_KEYS, "a line chart")
    title, alt = _title_alt(texts, spec, path)
    lines = _lines(texts, spec.get("lines"), path + ("lines",))
    if lines is None:
        return None
    units = {axis: _one_unit(texts, lines, axis, path + ("lines",)) for axis in ("x", "y")}
    references = _references(texts, spec.get("references"), path + ("references",), units)
    axes = {axis: _axis(texts, spec.get(axis), path + (axis,), units[axis])
            for axis in ("x", "y")}
    if None in (title, alt, references, *units.values(), *axes.values()):
        return None
    return LineChartSpec(name, title, alt, axes["x"], axes["y"], lines, references)


def _title_alt(texts: Texts, spec: dict, path: tuple):
    return (texts.text(spec.get("title"), path + ("title",)),
            texts.text(spec.get("alt"), path + ("alt",)))


def _lines(texts: Texts, value: Any, path: tuple) -> tuple[LineSpec, ...] | None:
    entries = _entries(texts, value, path, MAX_LINES, "lines", "ID: {x: a list, y: a list, "
                                                              "label: words}")
    made = []
    for key, spec, here in entries:
        unknown(texts, spec, here, SERIES_KEYS, "a line")
        over, context = _over(texts, spec, here)
        if over is False:
            continue
        xy = [_formula(texts, spec.get(axis), here + (axis,), context, listed=True)
              for axis in ("x", "y")]
        label = texts.text(spec.get("label"), here + ("label",), context)
        flags = [_flag(texts, spec, here, flag) for flag in ("marked", "named")]
        points = _points(texts, spec.get("points"), here + ("points",))
        if None in (*xy, label, *flags) or points is False:
            continue
        made.append(LineSpec(key, over, *xy, label, *flags, points, texts.document.where(here)))
    return tuple(made) if entries and len(made) == len(entries) else None


def _points(texts: Texts, value: Any, path: tuple) -> PointsSpec | None | bool:
    """A line's annotated points, one per row of a list; None when not given, False when
    refused."""
    if value is None:
        return None
    if not isinstance(value, dict) or "over" not in value:
        texts.problem(path, "expected {over: a list, x: a formula, y: a formula, label: words, "
                            "featured: a condition}")
        return False
    unknown(texts, value, path, POINT_KEYS, "annotated points")
    over, context = _over(texts, value, path)
    if not over:
        return False
    xy = [_formula(texts, value.get(axis), path + (axis,), context, listed=False)
          for axis in ("x", "y")]
    label = texts.text(value.get("label"), path + ("label",), context)
    featured = condition(texts, value.get("featured"), path + ("featured",), context)
    name = texts.text(value.get("name"), path + ("name",), required=False)
    if None in (*xy, label) or featured is False or (name is None and "name" in value):
        return False
    return PointsSpec(over, *xy, label, featured, name)


def _references(texts: Texts, value: Any, path: tuple, units: dict):
    made = []
    for key, spec, here in _entries(texts, value, path, MAX_LINES, "reference lines",
                                    "ID: {y: a formula, label: words}", required=False):
        unknown(texts, spec, here, REFERENCE_KEYS, "a reference line")
        axes = [axis for axis in ("x", "y") if axis in spec]
        if len(axes) != 1:
            texts.problem(here, "a reference line is at one value: x: (a vertical line) or "
                                "y: (a horizontal line)")
            continue
        axis = axes[0]
        at = _formula(texts, spec[axis], here + (axis,), Context(), listed=False)
        label = texts.text(spec.get("label"), here + ("label",))
        if at is None or label is None:
            continue
        if units[axis] is not None and _unit(at.type) != units[axis]:
            texts.problem(here + (axis,), _mismatch("the reference line's value", at.type,
                                                    axis, units[axis]))
            continue
        made.append(ReferenceSpec(key, axis, at, label))
    count = len(value) if isinstance(value, dict) else 0
    return tuple(made) if len(made) == count else None


def _one_unit(texts: Texts, lines: tuple[LineSpec, ...], axis: str, path: tuple) -> Unit | None:
    """The unit of an axis: every line's (and its points') values on it share one."""
    first = _unit(getattr(lines[0], axis).type)
    for line in lines:
        found = [(getattr(line, axis), (line.id, axis))]
        if line.points is not None:
            found.append((getattr(line.points, axis), (line.id, "points", axis)))
        for expression, where in found:
            if _unit(expression.type) != first:
                texts.problem(path + where, _mismatch(f"this line's {axis} values",
                                                      expression.type, axis, first))
                return None
    return first


def _axis(texts: Texts, value: Any, path: tuple, unit: Unit | None) -> AxisSpec | None:
    value = {} if value is None else value
    if not isinstance(value, dict):
        texts.problem(path, "expected an axis: {title: words, scale: linear, ticks: {auto: "
                            "true}}")
        return None
    unknown(texts, value, path, AXIS_KEYS, "an axis")
    title = texts.text(value.get("title", ""), path + ("title",))
    scale = value.get("scale", "linear")
    if scale not in SCALES:
        texts.problem(path + ("scale",), f"an axis's scale is one of: {', '.join(SCALES)}")
        return None
    grid = _flag(texts, value, path, "grid")
    ticks = _ticks(texts, value.get("ticks"), path + ("ticks",), unit) \
        if unit is not None else None
    if title is None or grid is None or ticks is False or unit is None:
        return None
    return AxisSpec(title, scale, grid, ticks, unit)


def _ticks(texts: Texts, value: Any, path: tuple, unit: Unit) -> Ticks | None | bool:
    """An axis's ticks: at a list's values, or auto; each labelled by a pattern with the
    tick's value bound as `value` (its unit the axis's)."""
    if value is None:
        return None
    if not isinstance(value, dict) or ("at" in value) == bool(value.get("auto")):
        texts.problem(path, "expected ticks: {at: a list, label: words with {value}} or "
                            "{auto: true, label: words with {value}}")
        return False
    unknown(texts, value, path, TICK_KEYS, "ticks")
    at = None
    if "at" in value:
        at = _formula(texts, value["at"], path + ("at",), Context(), listed=True)
        if at is None:
            return False
        if _unit(at.type) != unit:
            texts.problem(path + ("at",), _mismatch("the ticks' values", at.type,
                                                    str(path[-2]), unit))
            return False
    context = Context(None, ((TICK_VALUE, Num(unit)),))
    label = texts.text(value.get("label", "{" + TICK_VALUE + "}"), path + ("label",), context)
    return False if label is None else Ticks(at, label)


# --- bar charts ---------------------------------------------------------------------------

def bar_chart(texts: Texts, name: str, spec: dict, path: tuple) -> BarChartSpec | None:
    unknown(texts, spec, path, BAR_KEYS, "a bar chart")
    title, alt = _title_alt(texts, spec, path)
    series = _series(texts, spec.get("series"), path + ("series",))
    flags = {flag: _flag(texts, spec, path, flag, default)
             for flag, default in (("stacked", True), ("normalised", False),
                                   ("horizontal", False))}
    if series is None or None in flags.values():
        return None
    bars = _bars(texts, spec.get("bars"), path + ("bars",), tuple(k for k, _ in series),
                 flags["normalised"])
    if None in (title, alt, bars):
        return None
    return BarChartSpec(name, title, alt, series, bars, **flags)


def _series(texts: Texts, value: Any, path: tuple):
    if not isinstance(value, dict) or not value or len(value) > MAX_SERIES:
        texts.problem(path, f"expected from 1 to {MAX_SERIES} series by name, each with its "
                            "words: ID: Words")
        return None
    made = [(str(key), texts.text(words, path + (key,))) for key, words in value.items()]
    return tuple(made) if all(text is not None for _, text in made) else None


def _bars(texts: Texts, value: Any, path: tuple, series: tuple[str, ...], normalised: bool):
    entries = _entries(texts, value, path, MAX_BARS, "bars",
                       "ID: {label: words, values: {SERIES: a formula}}")
    made, units = [], set()
    for key, spec, here in entries:
        unknown(texts, spec, here, BAR_ENTRY_KEYS, "a bar")
        over, context = _over(texts, spec, here)
        if over is False:
            continue
        label = texts.text(spec.get("label"), here + ("label",), context)
        total = None
        if "total" in spec:
            total = _total(texts, spec["total"], here + ("total",), context)
        values = _values(texts, spec.get("values"), here + ("values",), series, context)
        if label is None or values is None or (total is None and "total" in spec):
            continue
        for one in values:
            unit = _unit(one.expression.type)
            if normalised and unit != PLAIN:
                texts.problem(here + ("values", one.series),
                              f"a normalised bar's values are shares of it (plain numbers); "
                              f"this is {one.expression.type.described()}")
                return None
            units.add(unit)
        made.append(BarSpec(key, over, label, total, values))
    if len(units) > 1:
        texts.problem(path, "every bar's values go on one axis, so they need one unit; got "
                      + ", ".join(sorted(u.described() for u in units)))
        return None
    return tuple(made) if entries and len(made) == len(entries) else None


def _total(texts: Texts, total: Any, path: tuple, context: Context) -> Text | None:
    """A bar's total: a formula shown in its form, or {value: FORMULA, show: FORM}."""
    if isinstance(total, dict) and set(total) <= {"value", "show"} and "value" in total:
        return formula_text(texts, total["value"], total.get("show"), path + ("value",),
                            context)
    return formula_text(texts, total, None, path, context)


def _values(texts: Texts, value: Any, path: tuple, series: tuple[str, ...], context: Context):
    if not isinstance(value, dict) or set(map(str, value)) != set(series):
        texts.problem(path, f"expected a formula for each series: {', '.join(series)}")
        return None
    made = []
    for key in series:
        here = path + (key,)
        text = formula_text(texts, value[key], None, here, context)
        if text is None:
            return None
        expression = text.choices[0].parts[0].expression
        if not isinstance(expression.type, Num):
            texts.problem(here, f"a bar's value is a number; '{value[key]}' gives "
                                f"{expression.type.described()}")
            return None
        made.append(Value(key, expression, text))
    return tuple(made)


# --- shared -------------------------------------------------------------------------------

def _entries(texts: Texts, value: Any, path: tuple, most: int, what: str, shape: str,
             required: bool = True) -> list:
    if value is None and not required:
        return []
    if not isinstance(value, dict) or not value or len(value) > most:
        texts.problem(path, f"expected from 1 to {most} {what} by name: {shape}")
        return []
    found = []
    for key, spec in value.items():
        if not isinstance(spec, dict):
            texts.problem(path + (key,), f"expected a mapping: {shape.split(': ', 1)[1]}")
            continue
        found.append((str(key), spec, path + (key,)))
    return found if len(found) == len(value) else []


def _over(texts: Texts, spec: dict, path: tuple):
    """(the list an entry repeats over, the context its formulas read), or (False, None)."""
    if "over" not in spec:
        return None, Context()
    over = texts.rows(spec["over"], path + ("over",))
    return (over, Context(over)) if over else (False, None)


def _formula(texts: Texts, value: Any, path: tuple, context: Context, listed: bool):
    """A formula giving numbers: a list of them (`listed`) or one."""
    made = texts.formula(value, path, context)
    if made is None:
        return None
    kind = made.type
    if listed and not (isinstance(kind, ListOf) and isinstance(kind.item, Num)):
        texts.problem(path, f"expected a list of numbers (a list input, a per-item figure or "
                            f"a sweep's figure); '{value}' gives {kind.described()}")
        return None
    if not listed and not isinstance(kind, Num):
        texts.problem(path, f"expected a number; '{value}' gives {kind.described()}")
        return None
    return made


def _flag(texts: Texts, spec: dict, path: tuple, key: str, default: bool = True):
    found = spec.get(key, default)
    if not isinstance(found, bool):
        texts.problem(path + (key,), "expected true or false")
        return None
    return found


def _unit(kind: Type) -> Unit:
    while isinstance(kind, ListOf):
        kind = kind.item
    return kind.unit if isinstance(kind, Num) else PLAIN


def _mismatch(what: str, kind: Type, axis: str, unit: Unit) -> str:
    return (f"{what}: {_unit(kind).described()}, but the {axis} axis holds "
            f"{unit.described()}; one axis, one unit")


KINDS = {"line": line_chart, "bar": bar_chart}     # a new kind: a reader here, a writer in
                                                   # figures/charts.py


__all__ = ["charts", "KINDS", "ChartSpec", "LineChartSpec", "BarChartSpec", "AxisSpec",
           "Ticks", "LineSpec", "PointsSpec", "ReferenceSpec", "BarSpec", "Value"]
