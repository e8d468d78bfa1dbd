"""A note's model.yaml with a unit error, a cycle, an unknown name, a division by zero or a
formula beyond the bounds: check and build refuse it with exit 2, file:line and what to do,
and write nothing."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from notedeck.commands.cli import main
from support import BUNDLED

SPEEDUP = "writing_speedup: {formula: speeds.imagined / speeds.baseline, show: times}"
LOW = "dial_low: {formula: first(speeds.dial), show: rate}"
NESTED = "-(" * 50 + "speeds.baseline" + ")" * 50

CASES = {
    "unit": (LOW, "dial_low: {formula: first(speeds.dial) + 1 s, show: rate}",
             "model.yaml:126:", "cannot add"),
    "cycle": (SPEEDUP, SPEEDUP.replace("speeds.baseline,", "speeds.baseline * speeds.writing_"
                                       "speedup / speeds.writing_speedup,"),
              "model.yaml:125:", "depend on one another in a cycle"),
    "unknown": (LOW, LOW.replace("speeds.dial", "speeds.dials"),
                "model.yaml:126:", "unknown name 'speeds.dials'; did you mean 'dial'?"),
    "zero": (LOW, "dial_low: {formula: 'first(speeds.dial) / (speeds.baseline - speeds.baseline)"
                  " * 1 [token/s]', show: rate}",
             "model.yaml:126:", "division by zero in"),
    "depth": (LOW, f"dial_low: {{formula: {NESTED}, show: rate}}",
              "model.yaml:126:", "nests more than 40 operations", "split it into figures"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_bad_model_is_refused_by_check_and_build(case, tmp_path):
    old, new, *expected = CASES[case]
    note = tmp_path / "note"
    shutil.copytree(BUNDLED, note)
    model = note / "model.yaml"
    text = model.read_text(encoding="utf-8")
    assert old in text
    model.write_text(text.replace(old, new, 1), encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(main, ["check", "--content", str(note)])
    built = runner.invoke(main, ["build", "--content", str(note), "--out", str(tmp_path / "out")])
    for result in (checked, built):
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        for words in expected:
            assert words in result.output
    assert not (tmp_path / "out").exists()
