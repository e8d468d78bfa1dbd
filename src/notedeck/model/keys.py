"""The keys model.yaml's figures, cases, groups, uses, sweeps, rules and texts take (pydantic)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from notedeck.model.schema import Settings

# Fields in the order a problem lists them (alphabetical where it always was).


class FigureIn(Settings):
    about: Any = None
    above: Any = None
    below: Any = None
    formula: Any = None
    max: Any = None
    min: Any = None
    say: Any = None
    show: Any = None
    unit: Any = None


class CaseIn(Settings):
    if_: Any = Field(None, alias="if")
    text: Any = None


class GroupIn(Settings):
    given: Any = None
    unit: Any = None
    figures: Any = None
    about: Any = None


class UseIn(Settings):
    about: Any = None
    at: Any = None
    figures: Any = None
    given: Any = None
    over: Any = None
    show: Any = None
    sweep: Any = None
    unit: Any = None
    use: Any = None


class SweepIn(Settings):
    clamp: Any = None
    clip: Any = None
    digits: Any = None
    from_: Any = Field(None, alias="from")
    include: Any = None
    places: Any = None
    points: Any = None
    spacing: Any = None
    to: Any = None


class RuleIn(Settings):
    at: Any = None
    each: Any = None
    message: Any = None
    rule: Any = None
    severity: Any = None


class TextIn(Settings):
    """A text written as a mapping: its words and the lists they join."""

    text: Any = None
    lists: Any = None


class ListIn(Settings):
    over: Any = None
    text: Any = None
    join: Any = None
