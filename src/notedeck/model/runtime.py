"""What compiled formulas do when they run: picking items, lists item by item, exact
arithmetic that refuses numbers past the size limit."""

from __future__ import annotations

from typing import Any, Callable


class EvalError(Exception):
    """A formula that went wrong on the values of this scenario."""


def dig(data: dict, path: tuple) -> Any:
    for part in path:
        data = data[part]
    return data


def pick(run: Callable, index: Callable, find: Callable) -> Callable:
    def pick(f):
        values = run(f)
        return values[find(values, index(f))]
    return pick


def each(work: Callable, run: Callable) -> Callable:
    def each(f):
        value = run(f)
        if isinstance(value, tuple):
            return tuple(work(v) for v in value)
        return work(value)
    return each


def broadcast(operation: Callable, left: Callable, right: Callable) -> Callable:
    def both(f):
        a, b = left(f), right(f)
        if isinstance(a, tuple) and isinstance(b, tuple):
            if len(a) != len(b):
                raise EvalError(f"lists of {len(a)} and {len(b)} items cannot be combined "
                                "item by item")
            return tuple(operation(x, y) for x, y in zip(a, b))
        if isinstance(a, tuple):
            return tuple(operation(x, b) for x in a)
        return tuple(operation(a, y) for y in b)
    return both


def add(a, b):
    return a + b


def subtract(a, b):
    return a - b


def multiply(a, b):
    return a * b


def divide(a, b):
    if not b:
        raise EvalError("division by zero")
    return a / b


def power(a, b):
    if b.denominator != 1:
        raise EvalError(f"a power needs a whole exponent, got {b}")
    if not a and b < 0:
        raise EvalError("division by zero (0 to a negative power)")
    return a ** int(b)


def sized(work: Callable, bits: int) -> Callable:
    """The operation, refused when an exact number grows past the size limit."""
    def sized(a, b):
        if work is power and a and abs(b) > 1:
            size = max(a.numerator.bit_length(), a.denominator.bit_length(), 1)
            if b.denominator == 1 and size * abs(b) > bits + 64:
                raise too_big(bits)
        value = work(a, b)
        if value.numerator.bit_length() > bits or value.denominator.bit_length() > bits:
            raise too_big(bits)
        return value
    return sized


def too_big(bits: int) -> EvalError:
    return EvalError(f"an exact number grew past {bits:,} bits (limit number_bits); the model "
                     "multiplies or raises numbers too far")


COMPARISONS = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
}
