"""note.yaml `footer:`: its text, or {text, build} to show the build id on the slides."""

from __future__ import annotations

import pytest

from notedeck.errors import NotedeckError
from notedeck.readers import note

HEAD = "title: T\nsubtitle: S\nauthor: A\ndate: 2026-12-01\n"


def read(tmp_path, footer: str):
    path = tmp_path / "note.yaml"
    path.write_text(HEAD + f"footer: {footer}\n", encoding="utf-8")
    return note.read(path)[0].footer


def test_a_plain_footer_keeps_the_build_id_off_the_slides(tmp_path):
    footer = read(tmp_path, "Workshop")
    assert (footer.text, footer.build) == ("Workshop", False)


def test_build_true_asks_for_it(tmp_path):
    footer = read(tmp_path, "{text: Workshop, build: true}")
    assert (footer.text, footer.build) == ("Workshop", True)


@pytest.mark.parametrize("footer", ["{text: Workshop, bild: true}", "{build: true}",
                                    "{text: Workshop, build: maybe}"])
def test_a_wrong_mapping_names_the_line_and_the_form(tmp_path, footer):
    with pytest.raises(NotedeckError) as info:
        read(tmp_path, footer)
    message = str(info.value.problems[0])
    assert "note.yaml:5:9: footer: expected the footer's text, or a mapping {text: TEXT, " \
        "build: true}" in message
