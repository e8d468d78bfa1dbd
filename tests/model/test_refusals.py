"""Every refusal of a model, read from a real model.yaml: file:line, the key, the formula."""

from __future__ import annotations

import pytest

from model.helpers import evaluation_refused, model, refused

INPUTS = """
units: [token, item]
inputs:
  speed: {type: number, unit: token/s, min: 1}
  count: {type: integer, unit: item, min: 0}
  each: {type: integer, unit: token/item, min: 1}
  check: {type: duration, min: 0 s}
"""


def one(problems: list[str]) -> str:
    assert len(problems) == 1, problems
    return problems[0]


def test_adding_seconds_to_tokens_names_file_line_and_formula(tmp_path):
    problem = one(refused(tmp_path, INPUTS + """
figures:
  tokens: count * each
  total: tokens + check
"""))
    assert problem.startswith(f"{tmp_path / 'model.yaml'}:10:10: figures.total: ")
    assert "figures.total: in 'tokens + check': cannot add 'check' (a time (s)) to 'tokens' " \
           "(token)" in problem


def test_comparing_unlike_units(tmp_path):
    problem = one(refused(tmp_path, INPUTS + """
figures:
  late: {formula: check > speed, show: flag}
"""))
    assert ":9:" in problem and "cannot compare 'check' (a time (s)) with 'speed' (token/s)" in problem


def test_branches_of_unlike_units(tmp_path):
    problem = one(refused(tmp_path, INPUTS + """
figures:
  either: check if count > 0 else speed
"""))
    assert "the two branches differ: 'check' is a time (s) and 'speed' is token/s" in problem


def test_a_declared_unit_the_formula_does_not_give(tmp_path):
    problem = one(refused(tmp_path, INPUTS + """
figures:
  time: {formula: count * each / speed / speed, unit: s}
"""))
    assert "figures.time.formula" in problem
    assert "the figure declares unit: s, but its formula gives s^2/token" in problem


@pytest.mark.parametrize("formula, show, why", [
    ("count / count", "duration", "shown as duration, which needs a time (s), but it gives a "
                                  "plain number (no unit)"),
    ("check", "times", "shown as times, which needs a plain number (no unit), but it gives a "
                       "time (s)"),
    ("check / check", "rate", "shown as rate, which needs an amount per time (e.g. item/s)"),
    ("check", "compact", "shown as compact, which needs a number that is not a time"),
])
def test_a_show_form_that_does_not_fit_the_figure(tmp_path, formula, show, why):
    problem = one(refused(tmp_path, INPUTS + f"""
figures:
  shown: {{formula: {formula}, show: {show}}}
"""))
    assert ":9:" in problem and why in problem


def test_an_unknown_show_form_or_option(tmp_path):
    problems = refused(tmp_path, INPUTS + """
figures:
  a: {formula: speed, show: durration}
  b: {formula: speed, show: {form: decimal, digits: 2}}
""")
    assert "unknown show form 'durration'; did you mean 'duration'?" in problems[0]
    assert "the form decimal takes in, places, trim, not 'digits'" in problems[1]


def test_a_cycle_lists_every_figure_with_its_line(tmp_path):
    problem = one(refused(tmp_path, INPUTS + """
figures:
  a: b + 1 s
  b: c * 2
  c: a / 2
  d: a
"""))
    assert "these figures depend on one another in a cycle: a (line 9) -> b (line 10) -> " \
           "c (line 11) -> a" in problem
    assert problem.startswith(f"{tmp_path / 'model.yaml'}:9:")


def test_rows_over_a_list_of_another_unit(tmp_path):
    problem = one(refused(tmp_path, INPUTS + """
  speeds: {type: list, of: number, unit: token/s}
groups:
  at:
    given: x
    unit: s
    figures:
      total: x + check
figures:
  rows: {use: at, over: speeds}
"""))
    assert "figures.rows.over" in problem
    assert "over: needs a list of a time (s) (the group at's x), but it gives a list of token/s" \
        in problem


def test_a_cycle_through_group_rows(tmp_path):
    problem = one(refused(tmp_path, INPUTS + """
groups:
  at:
    given: x
    unit: s
    figures:
      total: x + top
figures:
  featured: {use: at, at: check}
  top: featured.total
"""))
    assert "cycle" in problem and "top" in problem and "at.total (in the group)" in problem


def test_an_unknown_name_lists_the_choices(tmp_path):
    problem = one(refused(tmp_path, INPUTS + """
figures:
  tokens: count * eech
"""))
    assert ":9:" in problem and "unknown name 'eech'; did you mean 'each'?" in problem


def test_an_unknown_field_of_a_group_of_names(tmp_path):
    problem = one(refused(tmp_path, """
inputs:
  speeds:
    baseline: number
    imagined: number
figures:
  ratio: speeds.imagined / speeds.baselin
"""))
    assert "unknown name 'speeds.baselin'; did you mean 'baseline'?" in problem


def test_an_unknown_unit_and_function(tmp_path):
    problems = refused(tmp_path, INPUTS + """
figures:
  a: 3 weeks
  b: mean(count)
""")
    assert "unknown unit 'weeks'" in problems[0]
    assert "unknown function 'mean'; expected one of:" in problems[1]


def test_a_formula_that_cannot_be_read_says_where(tmp_path):
    problem = one(refused(tmp_path, INPUTS + """
figures:
  a: count * (each +
"""))
    assert "cannot read the formula 'count * (each +': the formula ends too early" in problem


def test_division_by_zero_names_the_formula_and_the_values(tmp_path):
    made = model(tmp_path, INPUTS + """
figures:
  tokens: count * each
  time: tokens / (speed - speed)
""")
    problem = one(evaluation_refused(tmp_path, made, "speed: 5\ncount: 0\neach: 2\ncheck: 60\n"))
    assert problem.startswith(f"{tmp_path / 'model.yaml'}:10:")
    assert "division by zero in 'tokens / (speed - speed)'" in problem
    assert "tokens = 0 token" in problem and "speed = 5 token/s" in problem


def test_division_by_an_input_of_zero_names_the_input(tmp_path):
    made = model(tmp_path, """
inputs:
  speeds: {baseline: {type: number, min: 0}}
figures:
  inverse: 1 / speeds.baseline
""")
    problem = one(evaluation_refused(tmp_path, made, "speeds: {baseline: 0}\n"))
    assert "division by zero in '1 / speeds.baseline' (speeds.baseline = 0)" in problem


def test_a_result_out_of_its_range(tmp_path):
    made = model(tmp_path, """
inputs:
  part: number
  whole: number
figures:
  share: {formula: part / whole, show: share, min: 0, max: 1}
""")
    problem = one(evaluation_refused(tmp_path, made, "part: 3\nwhole: 2\n"))
    assert ":5:" in problem
    assert "the result 1.5 is out of range (it must be at least 0 and at most 1)" in problem
    assert "part = 3; whole = 2" in problem


def test_an_item_figure_names_its_item(tmp_path):
    made = model(tmp_path, """
inputs:
  teams:
    type: records
    key: id
    fields: {id: id, busy: number}
figures:
  teams:
    each:
      wait: busy / (1 - busy)
""")
    problem = one(evaluation_refused(tmp_path, made, "teams: [{id: a, busy: 0.5}, {id: b, busy: 1}]\n"))
    assert "division by zero in 'busy / (1 - busy)' for teams[1] (b) (busy = 1)" in problem


def test_a_sweep_point_names_its_parameter(tmp_path):
    made = model(tmp_path, """
inputs: {}
groups:
  queue: {given: u, figures: {wait: u / (1 - u)}}
figures:
  curve: {use: queue, sweep: {from: 0.5, to: 1, points: 3}}
""")
    problem = one(evaluation_refused(tmp_path, made, "{}\n"))
    assert "division by zero in 'u / (1 - u)' at u = 1" in problem


def test_settings_that_do_not_exist(tmp_path):
    problems = refused(tmp_path, """
unts: [token]
inputs:
  speed: {type: number, minimum: 1}
  label: {type: txt}
figures:
  a: {formula: speed, shw: rate}
""")
    assert "unknown key 'unts'; did you mean 'units'?" in problems[0]
    assert any("an input of type number has no setting 'minimum'" in p for p in problems)
    assert any("unknown input type 'txt'; did you mean 'text'?" in p for p in problems)
    assert any("a figure has no setting 'shw'; did you mean 'show'?" in p for p in problems)


def test_a_name_used_twice(tmp_path):
    problem = one(refused(tmp_path, """
inputs:
  speeds: {baseline: number}
figures:
  speeds:
    baseline: 2
"""))
    assert "the name 'speeds.baseline' is already an input; each name is used once" in problem


def test_a_bound_in_the_wrong_unit(tmp_path):
    problem = one(refused(tmp_path, """
units: [token]
inputs:
  speed: {type: number, unit: token/s, max: 10 s}
"""))
    assert "inputs.speed.max" in problem and "the bound is in s, but the input is in token/s" in problem


def test_a_rule_reads_inputs_only(tmp_path):
    problem = one(refused(tmp_path, """
inputs: {a: number}
figures: {b: a * 2}
rules:
  - {rule: b > 0, message: positive}
"""))
    assert "a rule may use inputs only; 'b' is a figure" in problem


def test_names_that_formulas_could_not_read(tmp_path):
    problems = refused(tmp_path, """
inputs:
  and: number
  Speed: number
  ok: number
figures:
  x""" + "y" * 70 + """: ok
""")
    assert "'and' is a word of the formula language; choose another name" in problems[0]
    assert "'Speed' is not a name: use lower-case letters, digits and _" in problems[1]
    assert "at most 64 characters" in problems[2]


def test_a_cycle_inside_a_group_is_said_once_not_once_for_each_use(tmp_path):
    problem = one(refused(tmp_path, INPUTS + """
groups:
  at:
    given: x
    unit: s
    figures:
      a: x + b
      b: a + x
figures:
  first: {use: at, at: check}
  second: {use: at, at: check * 2}
  third: {use: at, at: check * 3}
"""))
    assert "depend on one another in a cycle: at.a (in the group)" in problem
