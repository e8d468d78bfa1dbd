"""Placeholders that only name figures are filled without Jinja, exactly as Jinja fills them."""

from __future__ import annotations

import pytest

from notedeck.build.stages import filled_note
from notedeck.errors import NotedeckError
from notedeck.prose.templating import fill
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
