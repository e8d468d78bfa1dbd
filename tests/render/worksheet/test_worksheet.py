"""worksheet.pdf: the worksheet alone, on one page, for printing one per participant."""

from __future__ import annotations

from dataclasses import replace

import pytest

from notedeck.errors import NotedeckError
from notedeck.deck import Worksheet
from notedeck.render.worksheet import emit as worksheet

from ..editions import composed, qpdf_clean, tool, unembedded_fonts
from ..pages import page_texts


def test_one_page_with_every_prompt(tmp_path):
    deck, _ = composed()
    planned = worksheet.plan(deck)
    assert planned.section.number == "05"
    out = tmp_path / "worksheet.pdf"
    assert worksheet.emit(planned, out) == 1
    text = page_texts(out)[0]
    assert "Name:" in text and planned.section.title in text
    for prompt in planned.sheet.prompts:
        assert prompt.title in text
    if tool("pdffonts"):
        assert unembedded_fonts(out) == []
    if tool("qpdf"):
        assert qpdf_clean(out) == ""


def test_a_note_without_a_worksheet_is_refused():
    deck, _ = composed()
    sections = tuple(replace(s, blocks=tuple(b for b in s.blocks if not isinstance(b, Worksheet)))
                     for s in deck.handout.sections)
    bare = replace(deck, handout=replace(deck.handout, sections=sections))
    with pytest.raises(NotedeckError, match="no section's handout holds a worksheet"):
        worksheet.plan(bare)
