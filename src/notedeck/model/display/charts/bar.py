"""A bar chart: bars split by series, stacked or side by side, read, checked and written as
the deck's BarChart.

    kind: bar
    series: {done: Done, left: Left}
    bars:
      each: {over: teams, label: "{name}", values: {done: done, left: left}}
    normalised: true
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pydantic import StrictBool

from notedeck.deck import Bar, BarChart, Segment
from notedeck.model.display.charts.reading import entries, over, title_alt, unit
from notedeck.model.display.charts.values import count, plotted
from notedeck.model.display.said import Said
from notedeck.model.schema import Settings, checked
from notedeck.model.display.tables import formula_text
from notedeck.model.display.texts import Context, Text, Texts
from notedeck.model.types import Num
from notedeck.model.units import PLAIN

MAX_BARS = 24
MAX_SERIES = 8


class BarChartIn(Settings):
    kind: Any = None
    title: Any = None
    alt: Any = None
    series: Any = None
    bars: Any = None
    stacked: StrictBool = True
    normalised: StrictBool = False
    horizontal: StrictBool = False
    about: Any = None


class BarIn(Settings):
    over: Any = None
    label: Any = None
    total: Any = None
    values: Any = None


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


class BarKind:
    """kind: bar."""

    name = "bar"
    spec = BarChartSpec

    def read(self, texts: Texts, name: str, spec: dict, path: tuple) -> BarChartSpec | None:
        settings = checked(texts, BarChartIn, spec, path, "a bar chart")
        title, alt = title_alt(texts, spec, path)
        series = _series(texts, spec.get("series"), path + ("series",))
        if series is None or settings is None:
            return None
        bars = _bars(texts, spec.get("bars"), path + ("bars",), tuple(k for k, _ in series),
                     settings.normalised)
        if None in (title, alt, bars):
            return None
        return BarChartSpec(name, title, alt, series, bars, settings.stacked,
                            settings.normalised, settings.horizontal)

    def write(self, spec: BarChartSpec, said: Said) -> BarChart:
        series = tuple(said.text(label) for _, label in spec.series)
        bars = tuple(bar for declared in spec.bars for bar in _written(declared, series, said))
        formats = tuple(_series_format(spec, j, bars, said) for j in range(len(series)))
        return BarChart(spec.name, said.text(spec.title), said.text(spec.alt), bars,
                        spec.stacked, spec.normalised, spec.horizontal, formats)


BAR = BarKind()


# --- reading ------------------------------------------------------------------------------

def _series(texts: Texts, value: Any, path: tuple):
    if not isinstance(value, dict) or not value or len(value) > MAX_SERIES:
        texts.problem(path, f"expected from 1 to {MAX_SERIES} series by name, each with its "
                            "words: ID: Words")
        return None
    made = [(str(key), texts.text(words, path + (key,))) for key, words in value.items()]
    return tuple(made) if all(text is not None for _, text in made) else None


def _bars(texts: Texts, value: Any, path: tuple, series: tuple[str, ...], normalised: bool):
    found = entries(texts, value, path, MAX_BARS, "bars",
                    "ID: {label: words, values: {SERIES: a formula}}")
    made, units = [], set()
    for key, spec, here in found:
        settings = checked(texts, BarIn, spec, here, "a bar")
        repeated, context = over(texts, spec, here)
        if repeated is False:
            continue
        label = texts.text(spec.get("label"), here + ("label",), context)
        total = None
        if "total" in spec:
            total = _total(texts, spec["total"], here + ("total",), context)
        values = _values(texts, spec.get("values"), here + ("values",), series, context)
        if None in (settings, label, values) or (total is None and "total" in spec):
            continue
        for one in values:
            if normalised and unit(one.expression.type) != PLAIN:
                texts.problem(here + ("values", one.series),
                              f"a normalised bar's values are shares of it (plain numbers); "
                              f"this is {one.expression.type.described()}")
                return None
            units.add(unit(one.expression.type))
        made.append(BarSpec(key, repeated, label, total, values))
    if len(units) > 1:
        texts.problem(path, "every bar's values go on one axis, so they need one unit; got "
                      + ", ".join(sorted(u.described() for u in units)))
        return None
    return tuple(made) if found and len(made) == len(found) else None


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


# --- writing ------------------------------------------------------------------------------

def _series_format(spec: BarChartSpec, index: int, bars: tuple[Bar, ...], said: Said):
    """A series' number format: the form its first bar's value is written in."""
    slot = spec.bars[0].values[index].text.choices[0].parts[0]
    values = [Fraction(bar.segments[index].value) for bar in bars]
    return said.number_format(slot.expression.type, slot.show, values)


def _written(spec: BarSpec, series: tuple[str, ...], said: Said):
    for index in range(count(spec.over, said)):
        row = None if spec.over is None else index
        yield Bar(said.text(spec.label, row), said.text(spec.total, row),
                  tuple(Segment(words, plotted(said.value(v.expression, row), v.expression),
                                said.text(v.text, row))
                        for words, v in zip(series, spec.values)))
