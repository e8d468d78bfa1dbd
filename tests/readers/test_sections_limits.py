"""Section text that Markdown would silently lose, and bidirectional controls, are reported."""

from __future__ import annotations

import pytest

from notedeck.errors import NotedeckError
from support import gather

S1 = "sections/01-what-the-number-means.md"


def nested(depth: int) -> str:
    return "".join("  " * level + f"- level {level + 1}\n" for level in range(depth))


def insert(note, old: str, new: str) -> None:
    path = note / S1
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_eight_levels_of_list_keep_every_slide_after_them(note):
    before = [s.title for s in gather(note).sections[0].slides]
    insert(note, "to write.\n", "to write.\n\n" + nested(8))
    after = gather(note).sections[0]
    assert [s.title for s in after.slides] == before
    assert after.handout                                          # the handout is still read


def test_ten_levels_of_list_are_an_error_at_the_line_that_is_too_deep(note):
    insert(note, "to write.\n", "to write.\n\n" + nested(10))
    with pytest.raises(NotedeckError) as info:
        gather(note)
    assert str(info.value) == (f"{note / S1}:47: a list is nested more than 8 levels deep here; "
                               "Markdown would drop everything after it. Use fewer levels")


def test_bidirectional_controls_are_kept_with_one_warning_per_line(note):
    insert(note, "## Turn the dial", "## Turn the \u202edial\u202c")
    source = gather(note)
    warnings = [w.report() for w in source.warnings]
    assert warnings == [f"warning: {note / S1}:31: 2 bidirectional control character(s) "
                        "(U+202E, U+202C) can show this text in a different order than it is "
                        "written; remove them unless the line mixes right-to-left and "
                        "left-to-right text on purpose"]
    assert "Turn the \u202edial\u202c" in [s.title for s in source.sections[0].slides]


def test_marks_for_right_to_left_prose_are_not_flagged(note):
    insert(note, "## Turn the dial", "## Turn the dial \u200f\u200e")
    assert gather(note).warnings == ()
