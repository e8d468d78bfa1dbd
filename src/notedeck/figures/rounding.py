"""Exact rounding: half-up on the exact value, before any locale sees a number."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from notedeck.model.functions import round_half_up as _half_up

Number = int | Fraction | Decimal
_DIGITS = re.compile(r"[#0,]*0(?:\.[#0]+)?")


def exact(x: Number) -> Fraction:
    """The exact value of a number as a Fraction (floats are taken at their exact binary value)."""
    return x if isinstance(x, Fraction) else Fraction(x)


def round_half_up(x: Number, places: int = 0) -> Fraction:
    """Round to `places` decimals, halves away from zero, judged on the exact value."""
    return _half_up(exact(x), places)


def as_decimal(rounded: Fraction, places: int) -> Decimal:
    """A value already rounded to `places` decimals as the exact Decimal, trailing zeros kept."""
    units = rounded * 10**places
    if units.denominator != 1:
        raise ValueError(f"{rounded} has more than {places} decimals")
    return Decimal(f"{units.numerator}E-{places}")


def with_places(pattern: str, places: int, trim: bool = False) -> str:
    """A CLDR number pattern with exactly `places` decimals (`trim`: up to `places`)."""
    fraction = ("." + ("#" if trim else "0") * places) if places else ""
    return _DIGITS.sub(lambda m: m.group(0).split(".")[0] + fraction, pattern, count=1)


def significant(x: Number, digits: int) -> Fraction:
    """`x` rounded half-up to `digits` significant digits: 0.0123 -> 0.012, 999.6 -> 1000."""
    value = exact(x)
    if value == 0:
        return value
    places = digits - 1 - _magnitude(abs(value))
    return round_half_up(value, places) if places >= 0 else \
        round_half_up(value / 10**-places) * 10**-places


def _magnitude(value: Fraction) -> int:
    """floor(log10(value)) for a positive value, exactly."""
    exponent = len(str(value.numerator)) - len(str(value.denominator))
    while Fraction(10) ** exponent > value:
        exponent -= 1
    while Fraction(10) ** (exponent + 1) <= value:
        exponent += 1
    return exponent


def places_of(x: Fraction) -> int:
    """The decimals an exact decimal value needs: 1.5 -> 1, 40 -> 0."""
    places = 0
    while (x * 10**places).denominator != 1:
        places += 1
    return places


def digits_for(rounded: Fraction, places: int) -> int:
    """Decimal digits enough for the whole of a rounded number (CLDR rounds in the context):
    a figure of 10^100 is written whole, not refused by an 80-digit context."""
    whole = abs(rounded.numerator) // rounded.denominator
    return max(80, whole.bit_length() * 31 // 100 + places + 10)
