"""What compiled formulas do when they run: picking items, lists item by item, exact
arithmetic that refuses numbers past the size limit."""

from __future__ import annotations

from fractions import Fraction
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
        a, b, budget = left(f), right(f), f.run.budget
        if isinstance(a, tuple) and isinstance(b, tuple):
            if len(a) != len(b):
                raise EvalError(f"lists of {len(a)} and {len(b)} items cannot be combined "
                                "item by item")
            return tuple(operation(x, y, budget) for x, y in zip(a, b))
        if isinstance(a, tuple):
            return tuple(operation(x, b, budget) for x in a)
        return tuple(operation(a, y, budget) for y in b)
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
    """The operation, refused when an exact number grows past the size limit, and charged
    to the budget by the size of its numbers (`weight`)."""
    def sized(a, b, budget):
        if work is power and a and abs(b) > 1:
            size = max(a.numerator.bit_length(), a.denominator.bit_length(), 1)
            if b.denominator == 1 and size * abs(b) > bits + 64:
                raise too_big(bits)
        value = work(a, b)
        budget.spend(weight(checked_size(value, bits), a, b))
        return value
    return sized


def checked_size(value, bits: int) -> int:
    """The bits of an exact number's larger part; EvalError past the limit."""
    size = max(value.numerator.bit_length(), value.denominator.bit_length())
    if size > bits:
        raise too_big(bits)
    return size


def weight(size: int, *operands) -> int:
    """Extra steps for arithmetic on large exact numbers: their work grows with the square of
    their size (a greatest common divisor each time), so 4,096 bits cost 128 steps, numbers
    under 256 bits nothing extra. Every formula's work is then bounded by the one budget."""
    for operand in operands:
        size = max(size, operand.numerator.bit_length(), operand.denominator.bit_length())
    return ((size >> 6) ** 2) >> 5


def charge(values, bits: int, budget):
    """A function's arguments or result, charged a step per value and more for large exact
    numbers, each held to the size limit."""
    stack = list(values)
    while stack:
        value = stack.pop()
        if isinstance(value, tuple):
            stack.extend(value)
            continue
        budget.spend(1 + (weight(checked_size(value, bits)) if isinstance(value, Fraction)
                          else 0))


def summed(values: list, bits: int, budget) -> Fraction:
    """A sum term by term, each partial sum held to the size limit and charged by its size
    (a sum of many large terms with unlike denominators grows at every step)."""
    total = Fraction(0)
    for value in values:
        total += value
        budget.spend(weight(checked_size(total, bits), value))
    return total


def too_big(bits: int) -> EvalError:
    return EvalError(f"an exact number grew past {bits:,} bits (limit number_bits); the model "
                     "multiplies or raises numbers too far")


COMPARISONS = {
    "<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b,
}
