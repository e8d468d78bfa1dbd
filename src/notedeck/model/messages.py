"""Values and names as an author reads them in a message."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from notedeck.errors import closest

MAX_REPORTED = 50


def key_text(path: tuple) -> str:
    """('teams', 2, 'size') -> 'teams[2].size'."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def suggest(word: str, choices: list[str], listed: int = 30) -> str:
    """'; did you mean ...? Expected one of: ...' for a misspelt name (at most `listed`
    choices named)."""
    close = closest(word, choices)
    shown_choices = ", ".join(choices[:listed]) + (", ..." if len(choices) > listed else "")
    if close:
        listed = f" Expected one of: {shown_choices}" if choices else ""
        return f"; did you mean '{close}'?" + listed
    return f"; expected one of: {shown_choices}" if choices else ""


def shown(value: Any) -> str:
    """A found value, short, as an author would recognise it."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def number(value: Fraction | int) -> str:
    """An exact number for a message: '1,000,000', '0.001', '60.8', '1/3 (0.333333)'."""
    value = Fraction(value)
    if value.denominator == 1:
        return f"{value.numerator:,}" if abs(value.numerator) < 10**40 else f"{float(value):.6g}"
    places = 0
    while (value * 10**places).denominator != 1 and places < 12:
        places += 1
    if (value * 10**places).denominator == 1:
        text = f"{Decimal(value.numerator) / Decimal(value.denominator):,.{places}f}"
        return text
    return f"{Decimal(value.numerator) / Decimal(value.denominator):.6g}"


def quantity(value: Fraction, unit: Any) -> str:
    """'0 item/s', '60 s', '0.9'."""
    text = number(value)
    return text if str(unit) == "1" else f"{text} {unit}"
