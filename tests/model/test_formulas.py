"""The formula language: every construct evaluated exactly, on a model made in code."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from notedeck import model as language
from notedeck.errors import NotedeckError
from notedeck.model import Plain
from notedeck.model.units import SECONDS, Unit

MODEL = {
    "units": ["item", "kg"],
    "inputs": {
        "rate": {"type": "number", "unit": "item/h"},
        "wait": "duration",
        "busy": "number",
        "flag": {"type": "flag", "default": True},
        "name": {"type": "text", "default": "desk"},
        "levels": {"type": "list", "of": "number"},
        "teams": {"type": "records", "key": "id",
                  "fields": {"id": "id", "size": {"type": "integer", "unit": "item"},
                             "busy": "number"}},
        "pick": {"type": "ref", "to": "teams"},
    },
    "figures": {"teams": {"each": {"load": "size * busy"}}},
}
SCENARIO = {"rate": 6, "wait": "90 min", "busy": "0.9", "levels": [F(1, 2), F(3, 4), 1],
            "teams": [{"id": "desk", "size": 4, "busy": "0.5"},
                      {"id": "lab", "size": 10, "busy": "0.25"}],
            "pick": "lab"}


@pytest.fixture(scope="module")
def evaluation():
    made = language.read(Plain(MODEL))
    return made.evaluate(made.validate(Plain(SCENARIO)))


@pytest.mark.parametrize("formula, value", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("2 ^ 3 ^ 2", 512), ("-2 ^ 2", -4), ("2 ^ -2", F(1, 4)),
    ("0.1 + 0.2", F(3, 10)), ("1e6 / 3", F(1_000_000, 3)), ("1_000 * 2", 2000),
    ("10 / 4", F(5, 2)), ("- busy", F(-9, 10)), ("+ busy", F(9, 10)),
    ("1 h", 3600), ("90 min == wait", True), ("wait / 1 min", 90), ("2 w / 1 d", 14),
    ("rate * 1 h", 6), ("rate * wait", 9), ("3 [item/h] * 2 h", 6), ("1 [s^-1] * 1 min", 60),
    ("busy / (1 - busy)", 9), ("busy > 0.5 and not flag", False), ("busy > 0.5 or flag", True),
    ("1 if busy < 0.5 else 2", 2), ("1 if busy > 0.5 else 1 / 0", 1), ("name == 'desk'", True),
    ("name != \"desk\"", False), ("wait > 0", True), ("min(3, 1, 2)", 1), ("max(levels)", 1),
    ("max(levels, 2)", 2), ("sum(levels)", F(9, 4)), ("count(levels)", 3), ("first(levels)", F(1, 2)),
    ("last(levels)", 1), ("abs(-3 h) / 1 h", 3), ("round(2.345, 2)", F(47, 20)),
    ("round(-2.5)", -3), ("floor(2.7)", 2), ("ceil(2.1)", 3), ("clamp(5, 0, 1)", 1),
    ("count(unique(1, levels, 0.5, 1))", 3), ("levels[1]", F(3, 4)), ("levels[-1]", 1),
    ("teams.size", (4, 10)), ("teams['lab'].busy", F(1, 4)), ("teams[pick].size", 10),
    ("teams[0].load", 2), ("sum(teams.load)", F(9, 2)), ("teams.load * 2", (4, 5)),
    ("levels * 2 + 1", (2, F(5, 2), 3)), ("first(teams).id", "desk"),
    ("count(teams)", 2), ("true", True),
])
def test_each_construct(evaluation, formula, value):
    assert evaluation.value(formula) == value


@pytest.mark.parametrize("formula, unit", [
    ("rate * wait", "item"), ("1 / wait", "1/s"), ("teams.size / 1 h", "item/s"),
    ("wait ^ 2", "s^2"), ("rate", "item/s"), ("busy", "1"), ("sum(teams.size) / rate", "s"),
])
def test_units_of_formulas(evaluation, formula, unit):
    kind = evaluation.model.expression(formula).type
    kind = kind.item if isinstance(kind, language.ListOf) else kind
    assert str(kind.unit) == unit


@pytest.mark.parametrize("formula, message", [
    ("wait + 1", "cannot add '1' (a plain number (no unit)) to 'wait' (a time (s))"),
    ("wait + rate", "cannot add 'rate' (item/s) to 'wait' (a time (s))"),
    ("name < 'a'", "'<' compares numbers; 'name' is text (use == or !=)"),
    ("flag + 1", "cannot add 'flag', which is a flag (true or false)"),
    ("1 if busy else 2", "'if' needs a condition (a comparison or a flag); 'busy' is a plain number"),
    ("levels < 1", "cannot compare lists"),
    ("min(wait, rate)", "min() mixes a time (s) and item/s"),
    ("first(busy)", "first() takes one list"),
    ("teams.colour", "the items of 'teams' have no field 'colour'; expected one of: id, size, "
                     "busy, load"),
    ("busy.size", "'busy' is a plain number (no unit); it has no field 'size'"),
    ("levels['a']", "an item is picked by a whole number (items have no id); ''a'' is text"),
    ("3 parsecs", "unknown unit 'parsecs'"),
    ("wait ^ busy", "its exponent must be a whole number written in the formula"),
    ("2 ^ wait", "a power's exponent is a plain number; 'wait' is in s"),
])
def test_refused_formulas(evaluation, formula, message):
    with pytest.raises(NotedeckError) as info:
        evaluation.model.expression(formula)
    if message:
        assert message in str(info.value)


def test_runtime_refusals_name_what_went_wrong(evaluation):
    for formula, message in [("levels[5]", "item 5 of 'levels' does not exist: it has 3 items"),
                             ("teams['x'].busy", "no item 'x' in 'teams'"),
                             ("1 / (busy - 0.9)", "division by zero"),
                             ("round(busy, 0.5)", "round() keeps 0 to 30 places, not 1/2")]:
        with pytest.raises(NotedeckError, match=message.replace("(", r"\(").replace(")", r"\)")
                           .replace("[", r"\[")):
            evaluation.value(formula)


def test_units_compose(evaluation):
    assert Unit.of("item") / SECONDS * SECONDS == Unit.of("item")
    assert str(Unit.of("kg") * Unit.of("item") / SECONDS ** 2) == "item*kg/s^2"
