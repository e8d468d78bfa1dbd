"""A note may carry its own PowerPoint template: content/template.pptx."""

import pytest
from pptx import Presentation
from pptx.util import Inches

from support import build
from notedeck.errors import NotedeckError
from notedeck.render.pptx.emit import DEFAULT_TEMPLATE


def test_the_notes_template_is_used(note, tmp_path):
    template = Presentation(str(DEFAULT_TEMPLATE))
    template.slide_width = Inches(12)                      # a house style of another size
    template.save(str(note / "template.pptx"))
    build(note, tmp_path / "out")
    deck = Presentation(str(tmp_path / "out" / "deck.pptx"))
    assert deck.slide_width == Inches(12)
    assert [s.slide_layout.name for s in deck.slides][:3] == ["Title", "Section", "Content"]


def test_a_template_missing_a_layout_names_the_layouts_it_has(note, tmp_path):
    template = Presentation(str(DEFAULT_TEMPLATE))
    template.slide_layouts[2].name = "Corporate body"
    template.save(str(note / "template.pptx"))
    with pytest.raises(NotedeckError, match=r"template.pptx: template has no slide layout"):
        build(note, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_a_file_that_is_not_a_template_is_named(note, tmp_path):
    (note / "template.pptx").write_bytes(b"not a presentation")
    with pytest.raises(NotedeckError, match=r"template.pptx: expected a PowerPoint template"):
        build(note, tmp_path / "out")


def test_check_names_a_broken_template(note):
    from support import check_note

    (note / "template.pptx").write_bytes(b"not a presentation")
    assert any("template.pptx" in str(p) for p in check_note(note))
