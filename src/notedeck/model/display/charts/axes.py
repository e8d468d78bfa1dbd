"""A chart's axes: read (title, scale, grid, ticks, one unit), and written with ticks placed."""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from math import ceil
from typing import Any, Literal

from pydantic import Field, StrictBool

from notedeck.deck import Axis, Tick
from notedeck.model.display.charts.reading import formula, mismatch, unit as unit_of
from notedeck.model.display.charts.values import plotted
from notedeck.model.display.said import Said
from notedeck.model.schema import Settings, checked
from notedeck.model import show as shows
from notedeck.model.display.texts import Context, Slot, Text, Texts
from notedeck.model.types import Num
from notedeck.model.units import Unit

TICK_VALUE = "value"           # the bound name of a tick's value in its label
MAX_TICKS = 7
DAY = 86400
# A duration axis on a log scale is labelled at these, where they fall near the data.
ROUND_DURATIONS = tuple(Fraction(s) for s in (
    Fraction(1, 1000), Fraction(1, 100), Fraction(1, 10), 1, 10, 60, 600, 3600, 36000, DAY,
    10 * DAY, 100 * DAY, 1000 * DAY))
# ... and on a linear scale, every so many of these from 0.
DURATION_STEPS = tuple(Fraction(s) for s in (
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, DAY,
    2 * DAY, 7 * DAY, 14 * DAY, 30 * DAY, 90 * DAY, 365 * DAY))


class AxisIn(Settings):
    title: Any = ""
    scale: Literal["linear", "log", "symlog"] = "linear"
    grid: StrictBool = True
    ticks: Any = None


class TicksIn(Settings):
    at: Any = None
    auto: Any = None
    label: Any = Field(default="{" + TICK_VALUE + "}")


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


# --- reading ------------------------------------------------------------------------------

def read_axis(texts: Texts, value: Any, path: tuple, unit: Unit | None) -> AxisSpec | None:
    value = {} if value is None else value
    if not isinstance(value, dict):
        texts.problem(path, "expected an axis: {title: words, scale: linear, ticks: {auto: "
                            "true}}")
        return None
    settings = checked(texts, AxisIn, value, path, "an axis")
    title = texts.text(value.get("title", ""), path + ("title",))
    ticks = _ticks(texts, value.get("ticks"), path + ("ticks",), unit) \
        if unit is not None else None
    if settings is None or title is None or ticks is False or unit is None:
        return None
    return AxisSpec(title, settings.scale, settings.grid, ticks, unit)


def _ticks(texts: Texts, value: Any, path: tuple, unit: Unit) -> Ticks | None | bool:
    """An axis's ticks: at a list's values, or auto; each labelled by a pattern with the
    tick's value bound as `value` (its unit the axis's)."""
    if value is None:
        return None
    if not isinstance(value, dict) or ("at" in value) == bool(value.get("auto")):
        texts.problem(path, "expected ticks: {at: a list, label: words with {value}} or "
                            "{auto: true, label: words with {value}}")
        return False
    settings = checked(texts, TicksIn, value, path, "ticks")
    at = None
    if "at" in value:
        at = formula(texts, value["at"], path + ("at",), Context(), listed=True)
        if at is None:
            return False
        if unit_of(at.type) != unit:
            texts.problem(path + ("at",), mismatch("the ticks' values", at.type,
                                                   str(path[-2]), unit))
            return False
    context = Context(None, ((TICK_VALUE, Num(unit)),))
    label = texts.text(value.get("label", "{" + TICK_VALUE + "}"), path + ("label",), context)
    return False if label is None or settings is None else Ticks(at, label)


# --- writing ------------------------------------------------------------------------------

def write_axis(spec: AxisSpec, said: Said, data: list) -> Axis:
    ticks = ()
    if spec.ticks is not None:
        at = said.value(spec.ticks.at) if spec.ticks.at is not None else \
            auto_ticks(data, spec.scale, spec.unit.is_time)
        ticks = tuple(Tick(plotted(v, spec.ticks.at),
                           said.text(spec.ticks.label, None, {TICK_VALUE: v}))
                      for v in at)
    return Axis(said.text(spec.title), ticks, spec.scale, spec.grid)


def with_sheet(axis: Axis, spec: AxisSpec, said: Said, data: list) -> Axis:
    """The axis with the number format of its values: the form its tick labels write them
    in, else their unit's own."""
    slot = next((part for part in spec.ticks.label.choices[0].parts if isinstance(part, Slot)),
                None) if spec.ticks else None
    show = slot.show if slot is not None else shows.default(Num(spec.unit))
    values = [*data, *(Fraction(t.value) for t in axis.ticks)]
    return replace(axis, number_format=said.number_format(Num(spec.unit), show, values),
                   labels_name=said.forms.fmt.say("chart.axis_labels", axis=axis.title))


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
