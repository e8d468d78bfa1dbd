"""Messages an author meets in a first note: each names its file, line and the fix, once."""

from __future__ import annotations

from click.testing import CliRunner
from pypdf import PdfReader

from notedeck.commands.cli import main


def started(tmp_path):
    assert CliRunner().invoke(main, ["init", "--blank", str(tmp_path / "n")]).exit_code == 0
    return tmp_path / "n"


def edit(path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def errors(note) -> list[str]:
    result = CliRunner().invoke(main, ["check", "--content", str(note)])
    assert result.exit_code == 2, result.output
    return [line.replace(f"{note}/", "") for line in result.output.splitlines()
            if line.startswith("error")]


def test_a_unit_in_brackets_in_a_flow_mapping_hints_to_quote_it(tmp_path):
    note = started(tmp_path)
    edit(note / "model.yaml", "{formula: time * 52,", "{formula: time * 52 [1],")
    [said] = errors(note)
    assert said.startswith("error: model.yaml:18:")
    assert said.endswith("a formula holding a unit in brackets inside {...} must be quoted: "
                         '{formula: "price * 2 [item/h]"}')


def test_the_last_item_by_minus_one_works_and_arithmetic_names_the_form_that_does(tmp_path,
                                                                                 monkeypatch):
    note = started(tmp_path)
    section = next((note / "sections").iterdir())
    edit(section, "A task of {{ tasks['reviews'].time }}", "A task of {{ tasks[-1].time }}")
    monkeypatch.chdir(note)
    assert CliRunner().invoke(main, ["build"]).exit_code == 0
    text = PdfReader(str(note / "output" / "handout.pdf")).pages[0].extract_text()
    assert "A task of 2 hours a week" in text.replace("\xa0", " ")
    edit(section, "{{ tasks[-1].time }}", "{{ tasks[3 - 1].time }}")
    [said] = errors(note)
    assert "arithmetic is not allowed in placeholders" in said
    assert "(the last item of a list is (levels|last) or levels[-1])" in said


def test_a_misspelt_parent_key_in_a_words_file_is_one_error_at_its_line(tmp_path):
    note = started(tmp_path)
    (note / "words").mkdir()
    (note / "words" / "de.yaml").write_text(
        "tabels:\n  tasks:\n    caption: Die Zeit\n    columns:\n      task: {header: Aufgabe}\n"
        "      weekly: {header: Pro Woche}\n", encoding="utf-8")
    (note / "audiences").mkdir()
    (note / "audiences" / "berlin.yaml").write_text("name: Berlin\nlocale: de-DE\n",
                                                    encoding="utf-8")
    result = CliRunner().invoke(main, ["figures", "--content", str(note), "--audience",
                                       "berlin"])
    said = [line.replace(f"{note}/", "") for line in result.output.splitlines()
            if line.startswith("error")]
    assert said == ["error: words/de.yaml:1:1: tabels: unknown key 'tabels'; did you mean "
                    "'tables'? Expected one of: tables, charts, unit_words"], result.output


def test_a_missing_scenario_key_says_what_the_value_is_at_its_items_line(tmp_path):
    note = started(tmp_path)
    edit(note / "scenarios.yaml", "    time: 1 h 30 min\n", "")
    [said] = errors(note)
    assert said == ("error: scenarios.yaml:6:5: tasks[1].time: required key 'time' is "
                    "missing: a duration above 0 and at most a week, e.g. 45 min")
