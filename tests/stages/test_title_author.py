"""The title slide shows the note's author beside the date, in deck.pptx and slides.pdf alike."""

from __future__ import annotations

from pptx import Presentation
from pypdf import PdfReader

from support import build, small_note

BYLINE = "A. Writer\u2002\u00b7\u20021 December 2026"


def test_the_author_stands_on_the_title_slide_of_the_deck_and_of_slides_pdf(tmp_path):
    note = small_note("audiences", tmp_path)
    build(note, tmp_path / "out", outputs=("deck", "slides"))
    title = Presentation(str(tmp_path / "out" / "deck.pptx")).slides[0]
    texts = [shape.text_frame.text for shape in title.shapes if shape.has_text_frame]
    assert BYLINE in texts
    first = PdfReader(tmp_path / "out" / "slides.pdf").pages[0].extract_text()
    assert "A. Writer" in first and "1 December 2026" in first


def test_an_audience_keeps_its_name_above_the_author(tmp_path):
    note = small_note("audiences", tmp_path)
    build(note, tmp_path / "out", audience="north-office", outputs=("deck",))
    title = Presentation(str(tmp_path / "out" / "deck.pptx")).slides[0]
    details = [s.text_frame.text for s in title.shapes
               if s.has_text_frame and "A. Writer" in s.text_frame.text]
    assert len(details) == 1
    audience, byline = details[0].split("\n")
    assert audience and byline == BYLINE
