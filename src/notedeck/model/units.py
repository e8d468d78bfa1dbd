"""Units: time in seconds, the units a note declares, and products and quotients of them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

TIME = "s"
# The scaled forms of time a model may write; values are always kept in seconds. A year is
# the Julian year, 365.25 days (the astronomers' and ISO 80000's "a"), a month a twelfth of it.
YEAR = 31557600
TIME_SCALES = {"s": 1, "min": 60, "h": 3600, "d": 86400, "w": 604800, "mo": YEAR // 12,
               "y": YEAR}
# Longer names a scenario may write in a duration ("1 hour 30 minutes").
DURATION_WORDS = {
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
    "d": 86400, "day": 86400, "days": 86400,
    "w": 604800, "wk": 604800, "wks": 604800, "week": 604800, "weeks": 604800,
    "mo": YEAR // 12, "month": YEAR // 12, "months": YEAR // 12,
    "y": YEAR, "yr": YEAR, "yrs": YEAR, "year": YEAR, "years": YEAR,
}
DURATION_EXPECTED = ("a number of seconds or a number with a unit (s, min, h, d, w, mo, y or "
                     "their long names), e.g. 60, '15 min', '1 day', '1 h 30 min', '2 years'")
_DURATION_PART = re.compile(r"\s*(\d{1,20}(?:\.\d{1,20})?)\s*([a-z]+)?\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Unit:
    """A product of base units with whole exponents: item/s is (("item", 1), ("s", -1))."""

    dims: tuple[tuple[str, int], ...] = ()

    @staticmethod
    def of(name: str) -> Unit:
        return Unit(((name, 1),))

    def _combine(self, other: Unit, sign: int) -> Unit:
        powers = dict(self.dims)
        for name, power in other.dims:
            powers[name] = powers.get(name, 0) + sign * power
        return Unit(tuple(sorted((n, p) for n, p in powers.items() if p)))

    def __mul__(self, other: Unit) -> Unit:
        return self._combine(other, 1)

    def __truediv__(self, other: Unit) -> Unit:
        return self._combine(other, -1)

    def __pow__(self, power: int) -> Unit:
        return Unit(tuple((n, p * power) for n, p in self.dims if p * power))

    @property
    def plain(self) -> bool:
        """No unit at all: a count, a ratio, a share."""
        return not self.dims

    @property
    def is_time(self) -> bool:
        return self.dims == ((TIME, 1),)

    @property
    def per_time(self) -> bool:
        """Something per unit of time (item/s): a rate."""
        powers = dict(self.dims)
        return powers.get(TIME) == -1 and len(powers) > 1

    def __str__(self) -> str:
        if not self.dims:
            return "1"
        up = [_power(n, p) for n, p in self.dims if p > 0]
        down = [_power(n, -p) for n, p in self.dims if p < 0]
        text = "*".join(up) or "1"
        if down:
            text += "/" + (down[0] if len(down) == 1 else "(" + "*".join(down) + ")")
        return text

    def described(self) -> str:
        """For messages: 'a plain number (no unit)', 'a time (s)', 'item/s'."""
        if self.plain:
            return "a plain number (no unit)"
        return "a time (s)" if self.is_time else str(self)


def _power(name: str, power: int) -> str:
    return name if power == 1 else f"{name}^{power}"


PLAIN = Unit()
SECONDS = Unit.of(TIME)


@dataclass(frozen=True)
class Scaled:
    """A unit as written, with the factor to its base units: h is (s, 3600)."""

    unit: Unit
    scale: Fraction = Fraction(1)


def named(name: str, declared: frozenset[str]) -> Scaled | None:
    """A unit name: a scaled form of time or one the note declared; None if unknown."""
    if name in TIME_SCALES:
        return Scaled(SECONDS, Fraction(TIME_SCALES[name]))
    if name in declared:
        return Scaled(Unit.of(name))
    return None


def known(declared: frozenset[str]) -> str:
    """The unit names a model may use, for a message."""
    return ", ".join([*TIME_SCALES, *sorted(declared)])


def parse_duration(value: object) -> Fraction:
    """Seconds from 60, '60 s', '15 min', '1.5 h', '1 day', '1 h 30 min'; ValueError if not."""
    if isinstance(value, bool):
        raise ValueError(f"expected {DURATION_EXPECTED}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise ValueError(f"expected a finite number of seconds, got {value}")
    if isinstance(value, Decimal) and value and not -30 <= value.adjusted() <= 30:
        raise ValueError(f"expected a number of seconds of a sensible size, got {value}")
    if isinstance(value, int) and abs(value) >= 10**31:
        raise ValueError("expected a number of seconds of a sensible size")
    if isinstance(value, (int, Decimal, Fraction)):
        return Fraction(value)
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        raise ValueError(f"expected {DURATION_EXPECTED}")
    total, position, text = Fraction(0), 0, value.strip()
    while position < len(text):
        match = _DURATION_PART.match(text, position)
        if not match or match.end() == position:
            raise ValueError(f"expected {DURATION_EXPECTED}")
        word = (match.group(2) or "s").lower()
        if word not in DURATION_WORDS:
            raise ValueError(f"unknown time unit '{match.group(2)}'; expected one of s, min, "
                             "h, d, w, mo, y (or their long names)")
        try:
            total += Fraction(Decimal(match.group(1))) * DURATION_WORDS[word]
        except InvalidOperation:                      # pragma: no cover - the pattern holds digits
            raise ValueError(f"expected {DURATION_EXPECTED}") from None
        position = match.end()
    return total


def base(written, declared: frozenset[str]) -> tuple[Unit, Fraction]:
    """A unit as written (syntax.UnitText) -> its base unit and the factor to it."""
    unit, scale = PLAIN, Fraction(1)
    for name, power in written.factors:
        found = named(name, declared)
        if found is None:
            from notedeck.model.messages import suggest

            raise ValueError(f"unknown unit '{name}'" + suggest(name, known(declared).split(", ")))
        unit = unit * found.unit**power
        scale *= found.scale**power
    problem = too_high(unit)
    if problem:
        raise ValueError(problem)
    return unit, scale


def too_high(unit: Unit) -> str | None:
    """What is wrong with a unit whose power passes the limit, or None: item^13 is refused
    before a scale or a value is made from it."""
    from notedeck.model.limits import UNIT_POWER

    for name, power in unit.dims:
        if abs(power) > UNIT_POWER:
            return (f"a unit's power is at most {UNIT_POWER} either way (limit unit_power); "
                    f"'{name}' reaches {power:,}")
    return None


def read_unit(value: Any, declared: frozenset[str]) -> tuple[Unit, str | None]:
    """A unit setting ('item/h', 's', 1) -> (Unit, None) or (PLAIN, what is wrong)."""
    unit, _, problem = scaled_unit(value, declared)
    return unit, problem


def scaled_unit(value: Any, declared: frozenset[str]) -> tuple[Unit, Fraction, str | None]:
    """A unit setting -> (its base unit, the factor to it, None): item/h is (item/s, 1/3600)."""
    from notedeck.model.syntax import FormulaError, parse_unit

    if value == 1 and not isinstance(value, bool):
        return PLAIN, Fraction(1), None
    if not isinstance(value, str):
        return PLAIN, Fraction(1), f"expected a unit such as item/h, got {value!r}"
    try:
        return (*base(parse_unit(value), declared), None)
    except FormulaError as exc:
        return PLAIN, Fraction(1), f"cannot read the unit '{value}': {exc}"
    except ValueError as exc:
        return PLAIN, Fraction(1), str(exc)
