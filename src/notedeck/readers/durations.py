"""Durations as people write them: 60, "60 s", "15 min", "1.5 h", "1 day", "2 weeks", "1 h 30 min"."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

UNITS = {
    "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
    "m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
    "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600,
    "d": 86400, "day": 86400, "days": 86400,
    "w": 604800, "wk": 604800, "wks": 604800, "week": 604800, "weeks": 604800,
}
_PART = re.compile(r"\s*(\d{1,20}(?:\.\d{1,20})?)\s*([a-z]+)?\s*", re.IGNORECASE)
EXPECTED = ("a number of seconds or a number with a unit "
            "(s, sec, seconds, min, minutes, h, hours, d, days, w, weeks), e.g. 60, '15 min', "
            "'1 day', '2 weeks'")


def parse(value: object) -> Fraction:
    """Seconds as an exact Fraction; ValueError with what was expected otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"expected {EXPECTED}, got {_short(value)}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise ValueError(f"expected a finite number of seconds, got {value}")
    if isinstance(value, Decimal) and value and not -30 <= value.adjusted() <= 30:
        raise ValueError(f"expected a number of seconds of a sensible size, got {value}")
    if isinstance(value, (int, Decimal)):
        return Fraction(value)
    if not isinstance(value, str) or not value.strip() or len(value) > 200:
        raise ValueError(f"expected {EXPECTED}, got {_short(value)}")
    total, position, text = Fraction(0), 0, value.strip()
    while position < len(text):
        match = _PART.match(text, position)
        if not match or match.end() == position:
            raise ValueError(f"expected {EXPECTED}, got {_short(value)}")
        unit = (match.group(2) or "s").lower()
        if unit not in UNITS:
            raise ValueError(f"unknown time unit '{match.group(2)}' in {_short(value)}; "
                             f"expected one of s, min, h, d, w (or their long names)")
        total += Fraction(Decimal(match.group(1))) * UNITS[unit]
        position = match.end()
    return total


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
