"""The points of a sweep: evenly spaced on a linear, log or log(1 + x) scale, kept exact.

Points on a log scale are computed with Decimal's correctly rounded ln and exp at 28
digits, then rounded half up to the sweep's significant digits, so a point is the same on
every platform; a linear sweep's points are exact fractions."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import Callable

from notedeck.model.functions import round_half_up

PRECISION = 28


class SweepError(Exception):
    """A sweep that cannot be made from these values."""


def points(start: Fraction, stop: Fraction, count: int, spacing: str, digits: int | None,
           places: Callable[[Fraction], int] | None, clamp_each: bool) -> list[Fraction]:
    """`count` points from start to stop, each rounded and kept within start..stop."""
    if start > stop:
        raise SweepError(f"the sweep's from ({start}) is above its to ({stop})")
    if start == stop:
        return [start]
    if count < 2:
        raise SweepError(f"a sweep needs at least 2 points, got {count}")
    if spacing == "log" and start <= 0:
        raise SweepError("a log sweep starts above 0; use log1p to start at 0")
    if spacing == "log1p" and start <= -1:
        raise SweepError("a log1p sweep starts above -1")
    raw = _linear(start, stop, count) if spacing == "linear" else \
        _logarithmic(start, stop, count, digits or PRECISION, spacing == "log1p")
    made = []
    for point in raw:
        if spacing == "linear" and digits:
            point = significant(point, digits)
        if clamp_each:
            point = min(max(point, start), stop)
        if places is not None:
            point = round_half_up(point, places(point))
        made.append(min(max(point, start), stop))
    return made


def _linear(start: Fraction, stop: Fraction, count: int) -> list[Fraction]:
    return [start + (stop - start) * Fraction(i, count - 1) for i in range(count)]


def _logarithmic(start: Fraction, stop: Fraction, count: int, digits: int,
                 shifted: bool) -> list[Fraction]:
    made = []
    with localcontext(prec=PRECISION):
        low, high = _decimal(start), _decimal(stop)
        if shifted:
            low, high = low + 1, high + 1
        low_ln, high_ln = low.ln(), high.ln()
        for i in range(count):
            position = (low_ln + _decimal(Fraction(i, count - 1)) * (high_ln - low_ln)).exp()
            if shifted:
                position -= 1
            with localcontext(prec=digits, rounding=ROUND_HALF_UP):
                made.append(Fraction(+position))
    return made


def _decimal(x: Fraction) -> Decimal:
    return Decimal(x.numerator) / Decimal(x.denominator)


def significant(value: Fraction, digits: int) -> Fraction:
    """`value` rounded half up to `digits` significant digits, exactly."""
    if value == 0:
        return value
    magnitude = len(str(abs(value.numerator))) - len(str(value.denominator))
    while Fraction(10) ** magnitude > abs(value):
        magnitude -= 1
    while Fraction(10) ** (magnitude + 1) <= abs(value):
        magnitude += 1
    places = digits - 1 - magnitude
    if places >= 0:
        return round_half_up(value, places)
    scale = Fraction(10) ** -places
    return round_half_up(value / scale, 0) * scale
