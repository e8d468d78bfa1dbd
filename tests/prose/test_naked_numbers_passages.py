"""Naked numbers in an audience's file: a passage's planned time is not one, a number inside a
hyphenated word is not one, and a real one is named at its own line."""

from __future__ import annotations

from click.testing import CliRunner

from notedeck.commands.cli import main

AUDIENCE = """name: Landlords of a 12-flat block
passages:
  week: |
    ## What a week holds for a landlord

    - **{{ tasks['reports'].label }}**: {{ tasks['reports'].time }}

    ### Notes (4 min)

    Ask the room.
    Then name 7 tasks of your own.
"""


def test_planned_minutes_and_hyphenated_words_pass_and_a_naked_number_is_at_its_line(
        tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["init", "--blank", str(tmp_path / "n")]).exit_code == 0
    note = tmp_path / "n"
    section = next((note / "sections").iterdir())
    text = section.read_text(encoding="utf-8")
    text = text.replace("## What a week holds", "<!-- passage: week -->\n## What a week holds", 1)
    text = text.replace("## Each task,", "<!-- end -->\n\n## Each task,", 1)
    section.write_text(text, encoding="utf-8")
    (note / "audiences").mkdir()
    (note / "audiences" / "landlords.yaml").write_text(AUDIENCE, encoding="utf-8")
    result = runner.invoke(main, ["check", "--content", str(note)])
    warned = [line for line in result.output.splitlines() if "naked number" in line]
    assert len(warned) == 1, result.output
    assert warned[0].startswith(f"warning: {note / 'audiences' / 'landlords.yaml'}:11: "
                                "passages.week: naked number '7'")
