"""Hostile models: each bound on work holds while the work happens, and names its limit."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from notedeck.errors import NotedeckError
from notedeck.model import Limits
from notedeck.readers import model as reader

from model.helpers import evaluation_refused, model, refused, write


def one(problems: list[str]) -> str:
    assert len(problems) == 1, problems
    return problems[0]


def test_a_formula_of_a_megabyte_is_refused_before_parsing(tmp_path):
    formula = "1 + " * 240_000 + "1"
    problem = one(refused(tmp_path, f"inputs: {{}}\nfigures:\n  big: {formula}\n"))
    assert "the formula is 960,001 characters long; a formula holds at most 2,000 " \
           "(limit formula_length)" in problem


def test_deep_nesting_is_refused(tmp_path):
    formula = "(1 + " * 300 + "1" + ")" * 300
    problem = one(refused(tmp_path, f"inputs: {{}}\nfigures:\n  deep: {formula!r}\n"))
    assert "limit formula_depth" in problem


def test_brackets_alone_nest_at_no_cost(tmp_path):
    made = model(tmp_path, "inputs: {}\nfigures:\n  deep: " + repr("(" * 900 + "1" + ")" * 900) + "\n")
    assert made.figure("deep").type.unit.plain


def test_a_long_chain_of_operators_is_refused(tmp_path):
    problem = one(refused(tmp_path, "inputs: {}\nfigures:\n  long: " + " + ".join(["1"] * 300) + "\n"))
    assert "limit formula_depth" in problem


def test_a_wide_formula_is_refused(tmp_path):
    formula = "max(" + ", ".join(["1"] * 450) + ")"
    problem = one(refused(tmp_path, f"inputs: {{}}\nfigures:\n  wide: {formula}\n"))
    assert "limit formula_nodes" in problem


def test_huge_exponents_stop_before_the_number_is_made(tmp_path):
    made = model(tmp_path, "inputs: {n: number}\nfigures:\n  huge: 10 ^ n\n  tower: 2^2^2^2^2^2\n")
    problem = one(evaluation_refused(tmp_path, made, "n: 1000000000\n"))
    assert "an exact number grew past 4,096 bits (limit number_bits)" in problem
    assert "in '10 ^ n'" in problem and "n = 1,000,000,000" in problem


def test_a_number_too_large_to_write(tmp_path):
    problem = one(refused(tmp_path, "inputs: {}\nfigures:\n  big: 1e400\n"))
    assert "too large or too small" in problem


def test_repeated_squaring_stops_at_the_size_limit(tmp_path):
    lines = "\n".join(f"  a{i}: a{i - 1} * a{i - 1}" for i in range(1, 20))
    made = model(tmp_path, f"inputs: {{x: number}}\nfigures:\n  a0: x\n{lines}\n")
    problem = one(evaluation_refused(tmp_path, made, "x: 3\n"))
    assert "limit number_bits" in problem


def test_a_million_point_sweep_is_refused_before_it_is_made(tmp_path):
    made = model(tmp_path, """
inputs: {}
groups:
  g: {given: x, figures: {y: x * 2}}
figures:
  curve: {use: g, sweep: {from: 0, to: 1, points: 1000000}}
""")
    problem = one(evaluation_refused(tmp_path, made, "{}\n"))
    assert "the sweep has 1,000,000 points; a sweep has at most 5,000 (limit sweep_points)" in problem


def test_one_step_budget_bounds_a_whole_evaluation(tmp_path):
    uses = "\n".join(f"  c{i}: {{use: g, sweep: {{from: {i}, to: {i + 1}, points: 4000}}}}"
                     for i in range(10))
    made = model(tmp_path, f"""
inputs:
  xs: {{type: list, of: number, length: {{max: 1000}}}}
groups:
  g: {{given: x, figures: {{y: x * sum(xs)}}}}
figures:
{uses}
""")
    problem = one(evaluation_refused(tmp_path, made, "xs: [" + ", ".join(["1"] * 1000) + "]\n"))
    assert "the evaluation took more than 1,000,000 steps (limit steps)" in problem


def test_a_smaller_budget_can_be_given(tmp_path):
    path = write(tmp_path, "model.yaml", "inputs: {x: number}\nfigures:\n  y: x * 2\n")
    made = reader.read(path, limits=Limits(steps=2))
    inputs = reader.scenario(made, write(tmp_path, "scenarios.yaml", "x: 1\n"))
    with pytest.raises(NotedeckError, match="limit steps"):
        made.evaluate(inputs)


def test_a_long_chain_of_figures_runs_without_recursion(tmp_path):
    lines = "\n".join(f"  a{i}: a{i - 1} + 1" for i in range(1, 1500))
    made = model(tmp_path, f"inputs: {{x: number}}\nfigures:\n  a0: x\n{lines}\n")
    inputs = reader.scenario(made, write(tmp_path, "scenarios.yaml", "x: 1\n"))
    assert made.evaluate(inputs).value("a1499") == 1500


def test_too_many_figures(tmp_path):
    lines = "\n".join(f"  a{i}: 1" for i in range(2100))
    problem = one(refused(tmp_path, f"inputs: {{}}\nfigures:\n{lines}\n"))
    assert "more than 2,000 inputs, figures and rules (limit figures)" in problem


def test_a_long_cycle_is_reported_without_recursion(tmp_path):
    lines = "\n".join(f"  a{i}: a{i + 1} + 1" for i in range(1500))
    problem = one(refused(tmp_path, f"inputs: {{}}\nfigures:\n{lines}\n  a1500: a0\n"))
    assert "cycle" in problem


def test_list_inputs_are_bounded(tmp_path):
    made = model(tmp_path, "inputs:\n  xs: {type: list, of: number}\nfigures:\n  n: count(xs)\n")
    with pytest.raises(NotedeckError, match="expected at most 1000 items, got 1500"):
        reader.scenario(made, write(tmp_path, "scenarios.yaml",
                                    "xs: [" + ", ".join(["1"] * 1500) + "]\n"))


def test_numbers_of_no_sensible_size_in_a_scenario(tmp_path):
    made = model(tmp_path, "inputs: {x: number}\n")
    with pytest.raises(NotedeckError, match="expected a number of a sensible size"):
        reader.scenario(made, write(tmp_path, "scenarios.yaml", "x: 1" + "0" * 60 + "\n"))


def test_a_power_with_a_unit_needs_a_written_whole_exponent(tmp_path):
    problem = one(refused(tmp_path, "inputs: {t: duration, n: number}\nfigures:\n  a: t ^ n\n"))
    assert "'t' is in s, so its exponent must be a whole number written in the formula" in problem


def test_a_fractional_power_is_refused_when_evaluated(tmp_path):
    made = model(tmp_path, "inputs: {n: number}\nfigures:\n  a: 2 ^ n\n")
    problem = one(evaluation_refused(tmp_path, made, "n: 0.5\n"))
    assert "a power needs a whole exponent, got 1/2" in problem
    assert F(1, 2) != 0


def test_a_model_file_over_a_megabyte_is_not_read(tmp_path):
    problem = one(refused(tmp_path, "inputs: {}\nfigures:\n  big: " + "1 + " * 300_000 + "1\n"))
    assert "file is too large (over 1,000,000 bytes)" in problem


def test_aliases_repeated_to_blow_up_a_model(tmp_path):
    lines = ["inputs: {}", "a0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    lines += [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}, *a{i - 1}]"
              for i in range(1, 10)]
    problem = one(refused(tmp_path, "\n".join(lines) + "\n"))
    assert "expands to more than 100,000 values" in problem
