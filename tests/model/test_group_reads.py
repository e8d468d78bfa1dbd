"""A top-level formula reads one figure of a use whose group has several."""

from __future__ import annotations

from fractions import Fraction

from model.helpers import model, scenario

GROUP = """
inputs:
  a: {type: number}
  b: {type: list, of: number}
groups:
  g:
    given: u
    figures:
      x: {formula: u * 2}
      z: {formula: u + 1}
      w: {formula: x + z}
"""


def test_a_formula_over_one_figure_of_a_use_of_a_larger_group(tmp_path):
    made = model(tmp_path, GROUP + """
figures:
  now: {use: g, at: a}
  y: {formula: now.x * 2}
  v: {formula: now.w - now.u}
""")
    values = made.evaluate(scenario(tmp_path, made, "a: 3\nb: [1]\n"))
    assert values.value("y") == Fraction(12)
    assert values.value("v") == Fraction(7)


def test_the_use_read_whole_still_works(tmp_path):
    made = model(tmp_path, GROUP + """
figures:
  rows: {use: g, over: b}
  y: {formula: count(rows), show: integer}
""")
    assert made.evaluate(scenario(tmp_path, made, "a: 3\nb: [1, 2]\n")).value("y") == 2
