"""A note may carry its own PowerPoint template: content/template.pptx."""

import shutil
from pathlib import Path

import pptx
import pytest
from pptx import Presentation
from pptx.util import Inches

from support import build
from notedeck.errors import NotedeckError
from notedeck.render.pptx.emit import DEFAULT_TEMPLATE

PPTX_DEFAULT = Path(pptx.__file__).parent / "templates" / "default.pptx"


def test_the_notes_template_is_used(note, tmp_path):
    shutil.copy(PPTX_DEFAULT, note / "template.pptx")     # 4:3, stock layout names
    build(note, tmp_path / "out")
    deck = Presentation(str(tmp_path / "out" / "deck.pptx"))
    assert deck.slide_width == Inches(10)
    assert [s.slide_layout.name for s in deck.slides][:3] == ["Title Slide", "Section Header",
                                                              "Title and Content"]


def test_a_template_resized_without_its_layouts_is_refused_naming_the_size(note, tmp_path):
    template = Presentation(str(DEFAULT_TEMPLATE))
    template.slide_width = Inches(12)
    template.save(str(note / "template.pptx"))
    with pytest.raises(NotedeckError) as caught:
        build(note, tmp_path / "out")
    assert len(caught.value.problems) == 1
    message = str(caught.value)
    assert "template.pptx: the slide is 12.00 x 7.50 in" in message
    assert "drawn for another slide size" in message
    assert not (tmp_path / "out").exists()


def test_a_file_that_is_not_a_template_is_named(note, tmp_path):
    (note / "template.pptx").write_bytes(b"not a presentation")
    with pytest.raises(NotedeckError, match=r"template.pptx: expected a PowerPoint template"):
        build(note, tmp_path / "out")


def test_check_names_a_broken_template(note):
    from support import check_note

    (note / "template.pptx").write_bytes(b"not a presentation")
    assert any("template.pptx" in str(p) for p in check_note(note))
