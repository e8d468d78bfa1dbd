"""A note's controls: that cannot be built (positions that are no use's rows, an unknown name
in a text, a stats part or a chart the note lacks): check and build refuse them with exit 2,
model.yaml:LINE (the line changed) and what was expected, and write nothing."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from notedeck.commands.cli import main
from support import BUNDLED

# (what model.yaml says, what it says instead, the line reported against the changed one,
# what the message says)
CASES = {
    "positions": ("slider: speeds.positions", "slider: speeds.dial", 0,
                  "a slider's positions are a use's rows", "expected one of: speeds.positions"),
    "name": ('value: "{total_tokens}"', 'value: "{total_tokenz}"', 0,
             "unknown name 'total_tokenz'; did you mean 'total_tokens'?"),
    "stats": ("stats: [bottleneck]", "stats: [bottlenecks]", 0,
              "expected a list of stats: parts", "bottleneck"),
    "chart": ("    chart: dial\n", "    chart: dials\n", 0, "no chart 'dials'; expected one of:"),
    "kind": ("choice: workloads", "chooser: workloads", -1,       # at the control's name
             "a control is one of: slider:"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_controls_are_refused_by_check_and_build(case, tmp_path):
    old, new, offset, *expected = CASES[case]
    note = tmp_path / "note"
    shutil.copytree(BUNDLED, note)
    model = note / "model.yaml"
    text = model.read_text(encoding="utf-8")
    assert old in text
    line = text[:text.index(old)].count("\n") + 1 + offset     # the error names the line changed
    expected.append(f"model.yaml:{line}:")
    model.write_text(text.replace(old, new, 1), encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(main, ["check", "--content", str(note)])
    built = runner.invoke(main, ["build", "--content", str(note), "--with", "web",
                                 "--out", str(tmp_path / "out")])
    for result in (checked, built):
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        for words in expected:
            assert words in result.output, result.output
    assert not (tmp_path / "out").exists()
