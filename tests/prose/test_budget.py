"""Placeholders do bounded work while they run, and print only plain values."""

from __future__ import annotations

import pytest

from notedeck.errors import NotedeckError
from support import gather
from notedeck.prose.filling import fill

NAMES = {"slider": ["0", "1 min", "1 hour", "1 day"], "w": {"a": {"label": "drafts"}},
         "rows": [{"x": "1"}, {"x": "2"}], "count": 3}


def message(text: str, offset: int = 0) -> str:
    with pytest.raises(NotedeckError) as info:
        fill(text, NAMES, "note.md", line_offset=offset)
    return str(info.value)


def test_lists_print_as_text_and_plain_values_pass():
    assert fill("{{ slider }} / {{ count }} / {{ w.a.label }}", NAMES, "x") == \
        "0, 1 min, 1 hour, 1 day / 3 / drafts"
    assert fill("{% for r in rows %}{{ r.x }}{{ loop.index }} {% endfor %}", NAMES, "x") == "11 22 "


def test_nested_joins_stop_before_they_are_built_at_their_line():
    nested = "slider"
    for _ in range(8):
        nested = f"slider | join({nested} | join)"
    text = message("first line\n\n{{ " + nested + " }}", offset=10)
    assert text.startswith("note.md:13: a placeholder here builds a value of")
    assert "at most 10,000" in text


def test_a_loop_over_text_is_refused():
    text = message("{% for a in slider | join %}{% for b in slider | join %}{% endfor %}{% endfor %}")
    assert "note.md:1: a loop here goes over text ('01 min1 hour1 day...'), not a list" in text


def test_loop_steps_are_counted_while_they_run():
    big = "[" + ", ".join(["1"] * 1000) + "]"
    text = message(f"{{% for a in {big} %}}{{% for b in {big} %}}{{% endfor %}}{{% endfor %}}")
    assert "too much work (over 100,000 steps" in text


@pytest.mark.parametrize("expression, expected", [
    ("{% for r in rows %}{{ loop.cycle }}{% endfor %}", "prints a function ('cycle')"),
    ("{% for r in rows %}{{ loop }}{% endfor %}", "prints the loop helper itself"),
    ("{{ w }}", "prints a group of figures, not a value; name one of its parts (a)"),
    ("{{ rows }}", "prints a list holding a group of figures"),
    ("{{ count is defined }}", "prints a yes/no value"),
])
def test_only_text_numbers_and_lists_of_them_print(expression, expected):
    assert expected in message(expression)


def test_printed_text_is_counted_not_the_text_around_it(note):
    """A long section of prose is fine; only what placeholders print is capped."""
    path = note / "sections/01-what-the-number-means.md"
    prose = ("Plain words about {{ speeds.imagined }}, repeated for length. " * 4 + "\n\n") * 1000
    path.write_text(path.read_text(encoding="utf-8") + "\n" + prose, encoding="utf-8")
    source = gather(note)
    assert len(source.sections[0].handout) > 1000
