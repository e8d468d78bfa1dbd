"""readers/sections.py: a section file loaded unfilled, then filled and parsed into slides."""

from __future__ import annotations

from pathlib import Path

import pytest

from notedeck.errors import NotedeckError
from notedeck.deck import BulletList, Paragraph
from notedeck.readers import sections
from notedeck.readers.sections import Component
from notedeck.stages.fill import filled_section

SECTION = """\
---
number: 7
title: A title with {{ n }}
headline: The headline
---
## First slide
Some text with {{ n }} in it.

- one
- two

### Notes
Say {{ n }} aloud.

## Second slide
```chart
dial
```

# Handout
Prose for the page.
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "07-x.md"
    path.write_text(text, encoding="utf-8")
    return path


def test_load_keeps_the_body_unfilled_with_its_position(tmp_path):
    text = sections.load(write(tmp_path, SECTION))
    assert text.number == 7
    assert "{{ n }}" in text.body and text.body.startswith("## First slide")
    assert text.body_line == 6


def test_parse_fills_then_builds_slides_notes_and_handout(tmp_path):
    section = filled_section(sections.load(write(tmp_path, SECTION)), {"n": "1,000"})
    assert (section.label, section.title) == ("07", "A title with 1,000")
    first, second = section.slides
    assert (first.title, first.line) == ("First slide", 6)
    assert isinstance(first.blocks[0], Paragraph) and isinstance(first.blocks[1], BulletList)
    assert "".join(r.text for r in first.blocks[0].runs) == "Some text with 1,000 in it."
    assert first.notes == ["Say 1,000 aloud."]
    assert second.blocks == [Component("chart", "dial", section.file, 16)]
    assert "".join(r.text for r in section.handout[0].runs) == "Prose for the page."


def test_an_unknown_placeholder_is_named_with_its_line(tmp_path):
    with pytest.raises(NotedeckError) as refused:
        filled_section(sections.load(write(tmp_path, SECTION)), {"m": "1"})
    lines = sorted(p.where.line for p in refused.value.problems)
    assert lines == [3, 7, 13]


def test_front_matter_and_body_problems_come_in_one_run(tmp_path):
    bad = SECTION.replace("number: 7", "number: many").replace("## First slide\n", "")
    with pytest.raises(NotedeckError) as refused:
        sections.load(write(tmp_path, bad))
    messages = " | ".join(p.message for p in refused.value.problems)
    assert "section number from 1 to 99" in messages
    assert "text before the first slide" in messages
