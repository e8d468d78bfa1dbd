"""`notedeck explain NAME`: the formula, what it reads with values and units, the form, the
value for the audience, and the slides, handout pages and web sections that show it."""

from __future__ import annotations

from click.testing import CliRunner

from notedeck.commands.cli import main


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def started(tmp_path):
    assert run("init", "--blank", str(tmp_path / "first")).exit_code == 0
    return tmp_path / "first"


def lines(output: str) -> list[str]:
    return [" ".join(line.replace("\xa0", " ").split()) for line in output.splitlines()]


def test_a_per_item_figure_explained(tmp_path):
    note = started(tmp_path)
    result = run("explain", "tasks['reviews'].yearly", "--content", str(note))
    assert result.exit_code == 0, result.output
    said = lines(result.output)
    assert said[0] == "tasks['reviews'].yearly (figure, " \
        f"{note / 'model.yaml'}:18:25)"
    assert "formula time * 52" in said
    assert "tasks['reviews'].time = 2 hours [a time (s)]" in said
    assert "show duration" in said and "value 4 days and 8 hours" in said
    assert "slides 4 'Each task, a week and a year', 5 'The year, task by task'" in said
    assert "handout pages 1" in said
    assert "web page section 01 'A year of tasks'" in said


def test_an_item_by_position_and_an_input(tmp_path):
    note = started(tmp_path)
    by_position = lines(run("explain", "tasks[1].yearly", "--content", str(note),
                            "--no-places").output)
    assert by_position[0].startswith("tasks['meetings'].yearly (figure")
    assert "value 3 days and 6 hours" in by_position
    assert not any(line.startswith("appears") for line in by_position)
    told = lines(run("explain", "tasks['reports'].time", "--content", str(note)).output)
    assert told[0].startswith("tasks['reports'].time (input")
    assert "value 45 minutes" in told and "slides 3 'What a week holds', 4 'Each task, a week " \
        "and a year'" in told


def test_an_unknown_name_is_refused_with_the_closest(tmp_path):
    result = run("explain", "tasks[0].yearli", "--content", str(started(tmp_path)))
    assert result.exit_code == 2
    assert "no figure or input 'tasks[0].yearli'; did you mean 'tasks[].yearly'" in result.output


def test_a_formula_over_a_column_lists_every_items_value(tmp_path):
    note = started(tmp_path)
    model = note / "model.yaml"
    model.write_text(model.read_text(encoding="utf-8").replace(
        "figures:\n  tasks:", "figures:\n  total_yearly: {formula: sum(tasks.yearly), "
        "show: duration}\n  tasks:", 1), encoding="utf-8")
    said = lines(run("explain", "total_yearly", "--content", str(note), "--no-places").output)
    assert "formula sum(tasks.yearly)" in said
    assert "tasks.yearly = [39 hours, 3 days and 6 hours, 4 days and 8 hours] [a time (s)]" \
        in said
    assert "value 1 week, 2 days and 5 hours" in said
