"""template.yaml: roles pinned to layouts, read with positions; bad shapes named at their line."""

from __future__ import annotations

import pytest

from notedeck.errors import NotedeckError
from notedeck.readers.templatemap import Pin, read


def write(tmp_path, text: str):
    path = tmp_path / "template.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_short_and_long_forms(tmp_path):
    path = write(tmp_path, "# roles\ncontent: Title, Content\nchart-and-text:\n"
                           "  layout: Title, 2 Content\n  master: 2\n"
                           "  placeholders:\n    chart: PlaceHolder 2\n    side: 3\n")
    pins = read(path).pins
    assert pins[0] == Pin("content", "Title, Content", line=2)
    assert pins[1] == Pin("chart-and-text", "Title, 2 Content", 2,
                          (("chart", "PlaceHolder 2", 7), ("side", 3, 8)), 3)


def test_an_empty_file_pins_nothing(tmp_path):
    assert read(write(tmp_path, "# nothing pinned yet\n")).pins == ()


@pytest.mark.parametrize("text, expected", [
    ("- content\n", "template.yaml:1:1: expected a mapping of role to layout"),
    ("content: {layout: [a]}\n", "template.yaml:1:19: content.layout: expected the name of a "
                                 "layout"),
    ("content:\n  master: 1\n", "template.yaml:1:1: content.layout: required key 'layout' is "
                              "missing: the name of a layout of the template"),
    ("content:\n  layout: A\n  master: 0\n", "template.yaml:3:11: content.master: expected a "
                                             "master's number (1 for the first) or its name"),
    ("content:\n  layout: A\n  placeholders: [a]\n",
     "template.yaml:3:17: content.placeholders: expected a mapping of what goes where"),
    ("content:\n  layout: A\n  placeholders: {body: yes}\n",
     "template.yaml:3:24: content.placeholders.body: expected a placeholder's name or its idx"),
    ("content:\n  layout: A\n  masters: 2\n",
     "template.yaml:3:3: content.masters: unknown key 'masters'; did you mean 'master'"),
    ("content: A\ncontent: B\n", "template.yaml:2:1: duplicate key 'content' (first set on "
                                 "line 1)"),
])
def test_bad_shapes_are_named_at_their_line(tmp_path, text, expected):
    with pytest.raises(NotedeckError) as caught:
        read(write(tmp_path, text))
    assert expected in caught.value.problems[0].report()


def test_every_bad_role_in_one_run(tmp_path):
    with pytest.raises(NotedeckError) as caught:
        read(write(tmp_path, "content: [a]\ntable: {layuot: T}\nchart: C\n"))
    assert [p.where.line for p in caught.value.problems] == [1, 2, 2]      # each role's all
    assert [p.where.key for p in caught.value.problems] == ["content", "table.layuot",
                                                            "table.layout"]
