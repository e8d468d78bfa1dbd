"""Placeholders that only name figures are filled without Jinja, exactly as Jinja fills them."""

from __future__ import annotations

import pytest

from notedeck.stages.stages import filled_note
from notedeck.errors import NotedeckError
from notedeck.prose.filling import fill
from support import BUNDLED, options

JINJA = "{% if true %}{% endif %}"     # a tag: the text goes to Jinja whole, printing the same


@pytest.fixture(scope="module")
def names():
    return filled_note(options(BUNDLED)).names


@pytest.mark.parametrize("text", [
    "{{ workloads['rehearsals'].count.words }} run-throughs",
    '{{ workloads["apps"].label }} and {{ workloads[0].total_tokens }} tokens',
    "{{workloads[1].count.counted_words}}, {{ speeds.imagined }}.",
    "{{ workloads[0].count }} {{ workload_count.words }}",
])
def test_names_by_attribute_position_or_id_fill_as_jinja_fills_them(names, text):
    assert fill(text, names, "note.md") == fill(JINJA + text, names, "note.md")


@pytest.mark.parametrize("text, said", [
    ("{{ workloads['nobody'].label }}", "unknown item 'nobody'"),
    ("{{ workloads[99].label }}", "past the end of a list"),
    ("{{ workloads['_hidden'] }}", "refused by the sandbox"),
    ("{{ workloads[0] }}", "prints"),
])
def test_what_cannot_be_printed_is_still_reported_by_jinja_at_its_line(names, text, said):
    with pytest.raises(NotedeckError) as info:
        fill("intro\n" + text, names, "note.md", line_offset=10)
    assert said in str(info.value) and "note.md:12" in str(info.value)


@pytest.mark.parametrize("text", [
    "{% if true %}yes{% endif %}\n{{ speeds.imagined }} after\n",
    "Before {{ workloads[0].label }}.\n{% if audience.name %}For {{ audience.name }}.\n"
    "{% else %}For everyone.\n{% endif %}\nAfter {{ speeds.imagined }}.",
    "{% for w in workloads %}{{ w.label }}{% if not loop.last %}, {% endif %}{% endfor %}\n"
    "{% if false %}no{% elif true %}{{ bottleneck.slider | last }}{% endif %}tail\n\n",
    "{{ speeds.imagined | upper }} {% if true %}a{% endif %}{{ speeds.imagined }}",
    "x{% if true %}\n{% for w in workloads %}{{ w.label }}\n{% endfor %}\n{% endif %}",
])
def test_top_level_blocks_fill_one_by_one_as_the_whole_text_fills(names, text):
    from notedeck.prose import filling

    assert filling._top_level(text) is not None
    assert fill(text, names, "note.md") == fill("{# whole #}" + text, names, "note.md")


@pytest.mark.parametrize("text", [
    "a {% if true %}x", "{% set y = 2 %}{{ y }}", "{# a comment #}{% if true %}x{% endif %}",
    "{%- if true %}x{% endif %}", "{{{% if true %}x{% endif %}",
])
def test_a_text_that_cannot_be_cut_goes_to_jinja_whole(text):
    from notedeck.prose import filling

    assert filling._top_level(text) is None


def test_a_problem_after_a_block_is_reported_by_the_whole_text_at_its_line(names):
    with pytest.raises(NotedeckError) as info:
        fill("{% if true %}x{% endif %}\nthen {{ nobody }}\nand {{ nobody.else }}", names,
             "note.md", line_offset=4)
    said = str(info.value)
    assert "note.md:6: unknown figure name 'nobody'" in said and "note.md:7" in said
