"""A scenario checked against a model's inputs: every problem at once, each with file:line,
the key path, what was found and what was expected."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from notedeck.errors import NotedeckError
from notedeck.readers import audiences, yamlfile
from notedeck.readers import model as reader

from model.helpers import BUNDLED, MILLION, model, scenario, scenario_refused, write

MODEL = """
units: [item]
inputs:
  speeds:
    baseline: {type: number, min: 1, max: 1000}
    imagined: {type: number, min: 1, max: 1000}
    label: {type: text, length: {max: 20}, default: plain speed}
  check: {type: duration, min: 0 s, max: 1 d}
  ready: {type: flag, default: false}
  things:
    type: records
    key: id
    length: {min: 1, max: 3}
    fields:
      id: id
      count: {type: integer, unit: item, min: 1, message: "a whole number of things, 1 or more"}
      story: {type: prose, default: ""}
  featured: {type: ref, to: things}
  stops: {type: list, of: duration, rising: true, length: {min: 2, max: 4}}
rules:
  - rule: speeds.imagined > speeds.baseline
    at: speeds.imagined
    message: the imagined speed must be faster than the baseline
"""

GOOD = """
speeds: {baseline: 10, imagined: 100}
check: 15 min
things:
  - {id: apps, count: 40}
  - {id: notes, count: "1,000", story: "{{ w.notes.count }} notes"}
featured: apps
stops: [0, 1 min, 1 h 30 min]
"""


@pytest.fixture
def made(tmp_path):
    return model(tmp_path, MODEL)


def test_a_good_scenario_gives_exact_values_and_defaults(made, tmp_path):
    values = scenario(tmp_path, made, GOOD).values
    assert values["speeds"] == {"baseline": 10, "imagined": 100, "label": "plain speed"}
    assert values["check"] == 900 and values["ready"] is False
    assert values["things"][1] == {"id": "notes", "count": 1000, "story": "{{ w.notes.count }} notes"}
    assert values["stops"] == (0, 60, 5400)
    assert isinstance(values["stops"][2], F)


def test_every_problem_at_once_with_file_line_key_found_and_expected(made, tmp_path):
    problems = scenario_refused(tmp_path, made, """
speeds: {baseline: 0, imagined: fast, labl: x}
check: 2 d
things:
  - {id: apps, count: ten}
  - {id: Apps2, count: 1.5}
featured: apps
stops: [1 h, 1 min]
""")
    path = tmp_path / "scenarios.yaml"
    assert problems == [
        f"{path}:1:39: speeds.labl: unknown key 'labl'; did you mean 'label'? Expected one of: "
        "baseline, imagined, label",
        f"{path}:1:20: speeds.baseline: expected a number from 1 to 1000, got 0",
        f"{path}:1:33: speeds.imagined: expected a number from 1 to 1000, got 'fast'",
        f"{path}:2:8: check: expected a duration from 0 s to 1 d, got '2 d'",
        f"{path}:4:23: things[0].count: expected a whole number of things, 1 or more, got 'ten'",
        f"{path}:5:10: things[1].id: expected an id of lower-case letters, digits and _ starting "
        "with a letter (e.g. apps), got 'Apps2'",
        f"{path}:5:24: things[1].count: expected a whole number of things, 1 or more, got 1.5",
        f"{path}:7:14: stops[1]: the values must rise from first to last: '1 min' follows '1 h'",
    ]


def test_missing_keys_and_wrong_shapes(made, tmp_path):
    problems = scenario_refused(tmp_path, made, "speeds: [1, 2]\nthings: {id: a}\nstops: 5\n")
    text = "\n".join(problems)
    assert "speeds: expected a mapping (key: value lines), got a list" in text
    assert "check: required key 'check' is missing" in text
    assert "things: expected a list, got a mapping" in text
    assert "stops: expected a list, got 5" in text


def test_an_unknown_ref_suggests_the_ids(made, tmp_path):
    problems = scenario_refused(tmp_path, made, GOOD.replace("featured: apps", "featured: aps"))
    assert problems == [f"{tmp_path / 'scenarios.yaml'}:6:11: featured: 'aps' is not a things "
                        "id; did you mean 'apps'? Expected one of: apps, notes"]


def test_duplicate_ids(made, tmp_path):
    problems = scenario_refused(tmp_path, made, GOOD.replace("id: notes", "id: apps"))
    assert problems == [f"{tmp_path / 'scenarios.yaml'}:5:10: things[1].id: duplicate id 'apps' "
                        "(also things[0])"]


def test_plain_text_refuses_placeholders_and_prose_keeps_them(made, tmp_path):
    problems = scenario_refused(tmp_path, made, GOOD.replace(
        "imagined: 100}", "imagined: 100, label: '{{ x }} speed'}"))
    assert problems[0].endswith("speeds.label: this is plain text, shown as written; "
                                "placeholders ('{{') are not filled here. Write the words "
                                "themselves")


def test_a_cross_input_rule_has_its_own_message_and_place(made, tmp_path):
    problems = scenario_refused(tmp_path, made, GOOD.replace("imagined: 100", "imagined: 5"))
    assert problems == [f"{tmp_path / 'scenarios.yaml'}:1:34: speeds.imagined: the imagined "
                        "speed must be faster than the baseline"]


def test_an_empty_scenario(made, tmp_path):
    problems = scenario_refused(tmp_path, made, "# nothing yet\n")
    assert problems[0].endswith("the scenario file is empty; expected the keys speeds, check, "
                                "ready, things, featured, stops")


def test_many_problems_are_cut_at_fifty(tmp_path):
    made = model(tmp_path, "inputs:\n  xs: {type: list, of: number, min: 0}\n")
    problems = scenario_refused(tmp_path, made, "xs: [" + ", ".join(["-1"] * 80) + "]\n")
    assert len(problems) == 51 and problems[-1].endswith("... and 30 more problems in this file")


def test_bad_defaults_are_refused_when_the_model_is_read(tmp_path):
    with pytest.raises(NotedeckError, match="the default: expected a number from 1 to 5, got 9"):
        model(tmp_path, "inputs:\n  x: {type: number, min: 1, max: 5, default: 9}\n")


def test_a_ref_to_a_list_that_is_not_one(tmp_path):
    with pytest.raises(NotedeckError, match="to: names a list of records with a key; 'thing' is "
                                            "not one; did you mean 'things'"):
        model(tmp_path, "inputs:\n  things: {type: records, key: id, fields: {id: id}}\n"
                        "  pick: {type: ref, to: thing}\n")


def test_an_audience_merges_key_by_key_and_replaces_lists(tmp_path):
    made = reader.read(MILLION / "model.yaml")
    audience = audiences.load(BUNDLED, "research-lab")
    inputs = reader.scenario(made, BUNDLED / "scenarios.yaml", overrides=audience.overrides)
    assert [w["id"] for w in inputs.values["workloads"]] == ["summaries", "scripts", "protocols"]
    assert inputs.values["bottleneck"]["check"] == 12 * 3600
    assert inputs.values["speeds"]["baseline"] == 100          # kept from the note


def test_an_audience_problem_names_the_audience_file(tmp_path):
    made = reader.read(MILLION / "model.yaml")
    path = write(tmp_path, "team.yaml", "scenarios:\n  bottleneck:\n    check: 11 years\n")
    audience = yamlfile.load(path)
    from notedeck.readers.overrides import part

    with pytest.raises(NotedeckError) as info:
        reader.scenario(made, BUNDLED / "scenarios.yaml", overrides=part(audience, "scenarios"))
    assert str(info.value.problems[0]).startswith(f"{path}:3:12: bottleneck.check: expected a "
                                                  "duration from 0 to 10 years")


def test_replacing_an_input_is_checked(made, tmp_path):
    inputs = scenario(tmp_path, made, GOOD)
    assert made.replace(inputs, {"check": "30 min"}).values["check"] == 1800
    with pytest.raises(NotedeckError, match="expected a duration from 0 s to 1 d, got '3 d'"):
        made.replace(inputs, {"check": "3 d"})
    with pytest.raises(NotedeckError, match="the imagined speed must be faster"):
        made.replace(inputs, {"speeds.imagined": 2})
    with pytest.raises(NotedeckError, match="no input 'chek' to replace; did you mean 'check'"):
        made.replace(inputs, {"chek": 1})


def test_a_replaced_ref_is_checked(tmp_path):
    made = reader.read(MILLION / "model.yaml")
    inputs = reader.scenario(made, BUNDLED / "scenarios.yaml")
    assert made.replace(inputs, {"bottleneck.workload": "endings"}).values["bottleneck"][
        "workload"] == "endings"
    with pytest.raises(NotedeckError, match="'nothing' is not a workloads id; expected one of: endings, apps"):
        made.replace(inputs, {"bottleneck.workload": "nothing"})


def test_a_rule_that_divides_by_zero_is_an_author_error(tmp_path):
    made = model(tmp_path, """
inputs: {a: number, b: number}
rules:
  - {rule: a / b > 1, message: a must exceed b}
""")
    problems = scenario_refused(tmp_path, made, "a: 1\nb: 0\n")
    assert problems == [f"{tmp_path / 'model.yaml'}:3:12: rules[0].rule: division by zero in "
                        "'a / b > 1' (a = 1; b = 0)"]


def test_an_input_shown_in_a_form_that_does_not_fit(tmp_path):
    with pytest.raises(NotedeckError, match="shown as duration, which needs a time"):
        model(tmp_path, "inputs:\n  share: {type: number, show: duration}\n")


def test_how_inputs_are_shown():
    made = reader.read(MILLION / "model.yaml")
    assert made.show("speeds.baseline").form == "rate"
    assert made.show("speeds.dial").form == "compact"
    assert made.show("workloads[].count").form == "integer"
    assert made.show("bottleneck.check").form == "duration"
    assert made.show("workloads[].label").form == "text"
    assert made.show("bottleneck.featured.total_imagined").form == "duration"
