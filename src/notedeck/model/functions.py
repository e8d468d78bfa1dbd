"""The functions a formula may call: their types (checked when read) and their work."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

from notedeck.model.types import ListOf, Num, Record, Type, joined, same, scalars


class Refused(Exception):
    """A call the model cannot make: wrong arguments. The message says what is expected."""


class Failed(Exception):
    """A call that went wrong on the values it met (an empty list, a bad place count)."""


def flat(values: tuple, out: list) -> list:
    """Lists inside lists opened into one list of values."""
    for value in values:
        if isinstance(value, tuple):
            flat(value, out)
        else:
            out.append(value)
    return out


def _numbers(name: str, args: list[Type], at_least: int = 1) -> Num:
    if len(args) < at_least:
        raise Refused(f"{name}() needs at least {at_least} argument{'s' if at_least > 1 else ''}")
    inner = [scalars(a) for a in args]
    if not all(isinstance(t, Num) for t in inner):
        raise Refused(f"{name}() takes numbers or lists of numbers")
    result = inner[0]
    for other in inner[1:]:
        if not same(result, other):
            raise Refused(f"{name}() mixes {result.described()} and {other.described()}")
        result = joined(result, other)
    return result


def _min(args):
    return _numbers("min", args)


def _sum(args):
    return _numbers("sum", args)


def _count(args):
    if not args:
        raise Refused("count() needs at least one list")
    return Num()


def _unique(args):
    if not args:
        raise Refused("unique() needs at least one argument")
    inner = [scalars(a) for a in args]
    if any(isinstance(t, Record) for t in inner):
        raise Refused("unique() takes numbers or text, not records")
    first = inner[0]
    for other in inner[1:]:
        if not same(first, other):
            raise Refused(f"unique() mixes {first.described()} and {other.described()}")
    return ListOf(first)


def _ends(name):
    def check(args):
        if len(args) != 1 or not isinstance(args[0], ListOf):
            raise Refused(f"{name}() takes one list")
        return args[0].item
    return check


def _one_number(name):
    def check(args):
        if len(args) != 1 or not isinstance(scalars(args[0]), Num):
            raise Refused(f"{name}() takes one number (or a list of numbers)")
        return args[0]
    return check


def _round(args):
    if len(args) not in (1, 2) or not isinstance(scalars(args[0]), Num):
        raise Refused("round() takes a number and the decimal places to keep: round(x, 2)")
    if len(args) == 2 and not (isinstance(args[1], Num) and args[1].unit.plain):
        raise Refused("round()'s places is a plain whole number")
    return args[0]


def _clamp(args):
    if len(args) != 3:
        raise Refused("clamp() takes a value, a low and a high: clamp(x, 0 s, 1 h)")
    return _numbers("clamp", args)


def _values(name, args):
    values = flat(args, [])
    if not values:
        raise Failed(f"{name}() of an empty list")
    return values


def _run_min(*args):
    return min(_values("min", args))


def _run_max(*args):
    return max(_values("max", args))


def _run_sum(*args):
    return sum(flat(args, []), Fraction(0))


def _run_count(*args):
    return Fraction(len(flat(args, [])))


def _run_unique(*args):
    return tuple(dict.fromkeys(flat(args, [])))


def _run_first(values):
    if not values:
        raise Failed("first() of an empty list")
    return values[0]


def _run_last(values):
    if not values:
        raise Failed("last() of an empty list")
    return values[-1]


def _each(function: Callable[[Fraction], Fraction]) -> Callable[[Any], Any]:
    def run(value):
        if isinstance(value, tuple):
            return tuple(run(v) for v in value)
        return function(value)
    return run


def round_half_up(value: Fraction, places: int) -> Fraction:
    """Halves away from zero, judged on the exact value: floor(|n|/d * scale + 1/2) in whole
    numbers, (2|n| scale + d) // 2d, without a Fraction made at each step."""
    scale = 10**places
    numerator, denominator = value.numerator, value.denominator
    units = (2 * abs(numerator) * scale + denominator) // (2 * denominator)
    return Fraction(units if numerator >= 0 else -units, scale)


def _run_round(value, places=Fraction(0)):
    if places.denominator != 1 or not 0 <= places <= 30:
        raise Failed(f"round() keeps 0 to 30 places, not {places}")
    return _each(lambda v: round_half_up(v, int(places)))(value)


def _run_clamp(value, low, high):
    if low > high:
        raise Failed("clamp()'s low is above its high")
    return min(max(value, low), high)


# name: (check of argument types -> result type, the work on values)
FUNCTIONS: dict[str, tuple[Callable[[list[Type]], Type], Callable[..., Any]]] = {
    "min": (_min, _run_min),
    "max": (_min, _run_max),
    "sum": (_sum, _run_sum),
    "count": (_count, _run_count),
    "unique": (_unique, _run_unique),
    "first": (_ends("first"), _run_first),
    "last": (_ends("last"), _run_last),
    "abs": (_one_number("abs"), _each(abs)),
    "floor": (_one_number("floor"), _each(lambda v: Fraction(math.floor(v)))),
    "ceil": (_one_number("ceil"), _each(lambda v: Fraction(math.ceil(v)))),
    "round": (_round, _run_round),
    "clamp": (_clamp, _run_clamp),
}

