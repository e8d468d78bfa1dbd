"""A fuzzer of the model language: Hypothesis writes models (formulas from the grammar, units
with powers, functions, sweeps) and scenario values, and `check` on each ends in exit 0, or
exit 2 naming the file and line, within helpers.bounded's limits; never a traceback.

Short in the suite (a few dozen derandomized examples); ND_FUZZ=2000 for a long hunt."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .budgets import LOCATED, run, tiny

EXAMPLES = int(os.environ.get("ND_FUZZ", 20))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))

NUMBERS = st.one_of(st.integers(-10**6, 10**6).map(str),
                    st.sampled_from(["0", "0.1", "1e30", "1e-30", "9" * 31, "1_000", "2.5e3",
                                     "0.000001", "1e31"]))
UNIT_NAMES = st.sampled_from(["s", "min", "h", "d", "w", "item", "kg", "q"])
# Mostly what an author writes, now and then what a hostile model does.
POWERS = st.sampled_from([2, 3, -1, -2, 2, 3, -1, 12, -12, 13, 99999999, -99999999, 1.5])


@st.composite
def units(draw, depth: int = 0) -> str:
    """A unit as a model writes it: names, powers (some past the bound), products, nesting."""
    kind = draw(st.sampled_from(["name", "name", "name", "power", "product", "per", "nest"]
                                if depth < 3 else ["name"]))
    if kind == "name":
        return draw(UNIT_NAMES)
    inner = draw(units(depth + 1))
    if kind == "power":
        return f"{inner}^{draw(POWERS)}"
    if kind == "nest":
        return f"({inner})^{draw(POWERS)}"
    return f"{inner}{'*' if kind == 'product' else '/'}{draw(units(depth + 1))}"


@st.composite
def formulas(draw, names: tuple[str, ...], depth: int = 0) -> str:
    """A formula from the grammar's pieces over `names`."""
    leaves = ["number", "name", "name", "quantity"]
    kind = draw(st.sampled_from(leaves + (["op", "call", "if", "power"] if depth < 3 else [])))
    if kind == "number":
        return draw(NUMBERS)
    if kind == "name":
        return draw(st.sampled_from(names))
    if kind == "quantity":
        return f"{draw(NUMBERS)} [{draw(units())}]"
    left, right = draw(formulas(names, depth + 1)), draw(formulas(names, depth + 1))
    if kind == "op":
        return f"({left} {draw(st.sampled_from(['+', '-', '*', '/']))} {right})"
    if kind == "power":
        return f"({left})^{draw(st.sampled_from(['2', '-1', '0.5', '4000', '99999', right]))}"
    if kind == "if":
        return f"({left} if {left} > {right} else {right})"
    function = draw(st.sampled_from(["sum", "min", "max", "abs", "floor", "ceil", "round",
                                     "count", "first", "last", "unique", "clamp", "nope"]))
    arguments = {"abs": [left], "floor": [left], "ceil": [left], "first": [left],
                 "last": [left], "round": [left, draw(st.sampled_from(["2", "31", "-1"]))],
                 "clamp": [left, right, left]}.get(function, [left, right])
    return f"{function}({', '.join(arguments)})"


SCENARIO_VALUES = st.one_of(st.integers(-1000, 1000).map(str), st.integers(-10**40, 10**40).map(str),
                            st.sampled_from(["0", "3", "1e308", "1e-300", ".nan", ".inf", "-0",
                                             "'3 h'", "'ten'", "[1, 2]", "{a: 1}", "null",
                                             "9" * 5000, "0.1"]))


@st.composite
def models(draw) -> tuple[str, str]:
    """(model.yaml, scenarios.yaml): an input x, a few figures, maybe a group and a sweep."""
    unit = draw(st.one_of(st.none(), st.none(), units()))
    lines = ["about: a fuzzed model", "units: [item, kg, q]", "inputs:",
             "  x: {type: number, min: -1000000, max: 1000000"
             + (f", unit: \"{unit}\"" if unit else "") + "}"]
    names: tuple[str, ...] = ("x",)
    figures = []
    for index in range(draw(st.integers(1, 4))):
        figures.append(f"  f{index}: {{formula: \"{draw(formulas(names))}\"}}")
        names += (f"f{index}",)
    groups = []
    if draw(st.booleans()):
        groups = ["groups:", "  g:", "    given: p", "    figures:",
                  f"      q: {{formula: \"{draw(formulas(names + ('p',)))}\"}}"]
        start, stop = draw(NUMBERS), draw(NUMBERS)
        points = draw(st.sampled_from(["-5", "0", "1", "2", "50", "5001", "2.5", start]))
        spacing = draw(st.sampled_from(["linear", "log", "log1p"]))
        figures.append(f"  curve: {{use: g, sweep: {{from: \"{start}\", to: \"{stop}\", "
                       f"points: \"{points}\", spacing: {spacing}}}}}")
    model = "\n".join(lines + groups + ["figures:", "  y: {formula: x}", *figures]) + "\n"
    return model, f"x: {draw(SCENARIO_VALUES)}\n"


@SETTINGS
@given(models())
def test_any_model_is_checked_or_refused_at_its_line(made):
    model, scenario = made
    with tempfile.TemporaryDirectory() as folder:
        note = tiny(Path(folder), model, scenario)
        done = run(note)
        said = done.stdout + done.stderr
        assert done.returncode in (0, 2), said
        assert "Traceback" not in said and "internal error" not in said, said
        if done.returncode == 2:
            assert LOCATED.search(done.stderr), said
