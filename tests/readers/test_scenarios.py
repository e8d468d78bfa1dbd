"""scenarios.yaml read through the note's model: a wrong value names the file, line and key,
with what was expected, every problem at once."""

from pathlib import Path

import pytest

from notedeck.errors import NotedeckError
from notedeck.readers import model as reader


def validate_file(note: Path, path: Path):
    return reader.scenario(reader.read(note / "model.yaml"), path)


def errors_for(note: Path, old: str, new: str) -> str:
    path = note / "scenarios.yaml"
    path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(NotedeckError) as info:
        validate_file(note, path)
    return str(info.value)


def test_bundled_scenario_is_valid(note):
    values = validate_file(note, note / "scenarios.yaml").values
    assert [w["id"] for w in values["workloads"]] == ["endings", "apps", "candidates", "rehearsals"]
    assert values["bottleneck"]["checks"] == (0, 60, 900, 86400)


def test_a_word_for_a_count_names_file_line_and_key(note):
    text = errors_for(note, "count: 40", "count: ten")
    assert "scenarios.yaml:40:12: workloads[1].count: expected a whole number from 1 to " \
           "1,000,000,000, got 'ten'" in text


def test_unknown_item_lists_valid_ids(note):
    text = errors_for(note, "workload: apps", "workload: aps")
    assert "'aps' is not a workloads id; did you mean 'apps'?" in text
    assert "endings, apps, candidates, rehearsals" in text


def test_every_problem_in_a_file_is_reported_at_once(note):
    path = note / "scenarios.yaml"
    text = path.read_text().replace("count: 40", "count: -3").replace("check: 60 s", "check: soon")
    path.write_text(text)
    with pytest.raises(NotedeckError) as info:
        validate_file(note, path)
    assert len(info.value.problems) == 2


def test_misspelt_key_suggests_the_right_one(note):
    assert "unknown key 'imagine'; did you mean 'imagined'?" in errors_for(
        note, "  imagined: 1000000", "  imagined: 1000000\n  imagine: 5")
