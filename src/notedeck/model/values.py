"""Values as the model hands them out: exact quantities with their units, records and lists."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from notedeck.model.messages import quantity
from notedeck.model.types import ListOf, Num, Record, Type
from notedeck.model.units import Unit


@dataclass(frozen=True)
class Quantity:
    """An exact number and its unit (a time is in seconds): Quantity(Fraction(304, 5), s)."""

    value: Fraction
    unit: Unit

    def __str__(self) -> str:
        return quantity(self.value, self.unit)


def wrapped(value: Any, kind: Type) -> Any:
    """A raw value (Fraction, bool, str, tuple, dict) with its units put on: Quantity for a
    number, a tuple for a list, a dict for a record."""
    if isinstance(kind, Num) and isinstance(value, Fraction):
        return Quantity(value, kind.unit)
    if isinstance(kind, ListOf) and isinstance(value, tuple):
        return tuple(wrapped(v, kind.item) for v in value)
    if isinstance(kind, Record) and isinstance(value, dict):
        return {name: wrapped(value[name], field) for name, field in kind.fields if name in value}
    return value
