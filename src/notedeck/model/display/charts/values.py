"""A chart's numbers: exact values as a drawing's floats, and how many times an entry is drawn."""

from __future__ import annotations

from fractions import Fraction

from notedeck.errors import Location, NotedeckError, Problem
from notedeck.model.display.said import Said

LARGEST, SMALLEST = Fraction(10) ** 300, Fraction(1, 10**300)   # a float's range, and margin


def count(over: str | None, said: Said) -> int:
    """How many times an entry repeated over a list is drawn (once when it is not)."""
    return 1 if over is None else len(said.evaluation.value(over))


def plotted(value: Fraction, expression) -> float:
    """An exact value as a drawing's number; a value a float cannot hold (past 1e300, or so
    near 0 that it would become 0 and vanish from a log axis) is refused at its formula."""
    size = abs(value)
    if size and not SMALLEST <= size <= LARGEST:
        power = round((size.numerator.bit_length() - size.denominator.bit_length()) * 0.30103)
        where = getattr(getattr(expression, "compiled", None), "source", None)
        raise NotedeckError(Problem(where.where if where else Location("chart"),
                                    "a chart draws values from 1e-300 to 1e300 in size; this "
                                    f"one is about 10^{power}: show it in a larger or smaller "
                                    "unit"))
    return float(value)


def floats(values, expression) -> tuple[float, ...]:
    return tuple(plotted(v, expression) for v in values)
