"""The bounds on a model's work: formula size, names, lists, sweeps, exact numbers, units, steps."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Every bound a model from someone else meets; each message names its limit."""

    formula_length: int = 2_000        # characters in one formula
    formula_depth: int = 40            # operations nested inside one another
    formula_nodes: int = 400           # numbers, names and operations in one formula
    figures: int = 2_000               # inputs, figures and rules in one model
    list_items: int = 1_000            # items of any list input
    sweep_points: int = 5_000          # points of one sweep, included values counted
    number_bits: int = 4_096           # bits of an exact number's numerator or denominator
    steps: int = 1_000_000             # operations of one whole evaluation and the
                                       # re-evaluations of its live controls (the bundled
                                       # note takes about 120,000 with its web page)
    formula_total: int = 100_000       # characters of every formula a model compiles (its
                                       # figures and its display's, aliases counted at each
                                       # use), and FORMULA_COST more for each


DEFAULT = Limits()
FORMULA_COST = 16          # characters charged for each formula besides its own: compiling
                           # a short one costs about as much as reading 16 more
UNIT_POWER = 12            # a unit's power either way, written or computed (limit unit_power)


class LimitReached(Exception):
    """Work went past a limit; the message names it and says what to do. `where`: the
    place of the work that went past it, when the raiser knows it."""

    where = None


class Tally:
    """The formula text one model reads and compiles, summed before each is parsed: a
    formula repeated through YAML aliases costs its length at each key it stands at; the
    same formula at the same place, compiled again for another audience, once."""

    __slots__ = ("left", "limit", "seen")

    def __init__(self, limit: int):
        self.left = self.limit = limit
        self.seen: set = set()

    def charge(self, text: str, where=None) -> None:
        key = (text, where)
        if key in self.seen:
            return
        self.seen.add(key)
        self.left -= len(text) + FORMULA_COST
        if self.left < 0:
            exc = LimitReached(f"the model's formulas together pass {self.limit:,} characters "
                               "(limit formula_total), aliases counted at each use: fewer or "
                               "shorter formulas, tables and charts")
            exc.where = where
            raise exc
class Budget:
    """The steps one evaluation may take, shared by every formula it runs."""

    __slots__ = ("left", "limit")

    def __init__(self, limit: int):
        self.left = self.limit = limit

    def spend(self, steps: int) -> None:
        self.left -= steps
        if self.left < 0:
            raise LimitReached(f"the evaluation took more than {self.limit:,} steps (limit "
                               "steps); the model computes too much: fewer sweep points, "
                               "shorter lists or simpler formulas")

    @property
    def used(self) -> int:
        return self.limit - self.left
