"""A chart's numbers: what a kind writes with (the Writer), exact values as a drawing's floats."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Protocol

from notedeck.errors import Location, NotedeckError, Problem

LARGEST, SMALLEST = Fraction(10) ** 300, Fraction(1, 10**300)   # a float's range, and margin


class Said(Protocol):
    """What a chart kind writes with: figures/texts.Writer, one evaluation in one language
    (every number it gives as text has gone through the formatter)."""

    evaluation: Any

    def text(self, text: Any, row: int | None = None, bound: dict | None = None) -> str: ...

    def value(self, expression: Any, row: int | None = None,
              bound: dict | None = None) -> Any: ...


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
