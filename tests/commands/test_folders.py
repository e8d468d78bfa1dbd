"""The bundled notes are found in notes/, not listed: a folder with note.yaml is one."""

from __future__ import annotations

from notedeck.commands.folders import examples


def note(folder, *audiences):
    (folder / "audiences").mkdir(parents=True)
    (folder / "note.yaml").write_text("title: A\n", encoding="utf-8")
    for name in audiences:
        (folder / "audiences" / f"{name}.yaml").write_text("name: B\n", encoding="utf-8")


def test_every_folder_with_a_note_is_found_by_name_and_others_are_not(tmp_path):
    note(tmp_path / "b-second", "zeta", "alpha")
    note(tmp_path / "a-first", "only")
    (tmp_path / "not-a-note").mkdir()
    found = examples(tmp_path)
    assert [(e.name, e.folder, e.audience) for e in found] == [
        ("a-first", tmp_path / "a-first", "only"), ("b-second", tmp_path / "b-second", "alpha")]


def test_the_example_audience_is_the_first_without_a_folder_of_its_own(tmp_path):
    note(tmp_path / "n", "aa", "bb")
    (tmp_path / "n" / "audiences" / "aa").mkdir()        # aa retells sections of its own
    assert examples(tmp_path)[0].audience == "bb"


def test_the_shipped_notes_are_found_side_by_side():
    found = examples()
    assert len(found) >= 2
    assert len({e.folder.parent for e in found}) == 1
