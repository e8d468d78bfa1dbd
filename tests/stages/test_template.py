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
    template = Presentation(str(DEFAULT_TEMPLATE))
    scale = Inches(12) / template.slide_width              # a house style of another size,
    template.slide_width = Inches(12)                      # its layouts drawn for that size
    layouts = [shape for layout in template.slide_layouts for shape in layout.shapes]
    for shape in (*template.slide_master.shapes, *layouts):
        shape.left, shape.width = round(shape.left * scale), round(shape.width * scale)
    template.save(str(note / "template.pptx"))
    build(note, tmp_path / "out")
    deck = Presentation(str(tmp_path / "out" / "deck.pptx"))
    assert deck.slide_width == Inches(12)
    assert [s.slide_layout.name for s in deck.slides][:3] == ["Title", "Section", "Content"]


def test_a_template_with_other_layout_names_is_used(note, tmp_path):
    shutil.copy(PPTX_DEFAULT, note / "template.pptx")     # 4:3, stock layout names
    build(note, tmp_path / "out")
    deck = Presentation(str(tmp_path / "out" / "deck.pptx"))
    assert deck.slide_width == Inches(10)
    assert [s.slide_layout.name for s in deck.slides][:3] == ["Title Slide", "Section Header",
                                                              "Title and Content"]


def test_a_template_resized_without_its_layouts_is_scaled_into_the_slide_with_a_warning(
        note, tmp_path):
    template = Presentation(str(DEFAULT_TEMPLATE))
    template.slide_width = Inches(12)
    template.save(str(note / "template.pptx"))
    built = build(note, tmp_path / "out")
    warned = [w.message for w in built.warnings if str(w.where.file).endswith("template.pptx")]
    assert any("the slide is 12.00 x 7.50 in" in m and "notedeck scales them into the slide"
               in m for m in warned), warned
    deck = Presentation(str(tmp_path / "out" / "deck.pptx"))
    assert deck.slide_width == Inches(12)
    for slide in deck.slides:
        for shape in slide.shapes:
            assert shape.left + shape.width <= Inches(12) + 1, (shape.name, shape.left)


def test_a_file_that_is_not_a_template_is_named(note, tmp_path):
    (note / "template.pptx").write_bytes(b"not a presentation")
    with pytest.raises(NotedeckError, match=r"template.pptx: expected a PowerPoint file \(a zip package\)"):
        build(note, tmp_path / "out")


def test_check_names_a_broken_template(note):
    from support import check_note

    (note / "template.pptx").write_bytes(b"not a presentation")
    assert any("template.pptx" in str(p) for p in check_note(note))


def test_a_bad_template_is_reported_beside_the_notes_own_errors(note, tmp_path):
    (note / "template.pptx").write_bytes(b"not a presentation")
    path = note / "scenarios.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("count: 40\n", "count: ten\n"),
                    encoding="utf-8")
    with pytest.raises(NotedeckError) as info:
        build(note, tmp_path / "out")
    said = str(info.value)
    assert "template.pptx: expected a PowerPoint file" in said and "count: expected a whole number" in said


def test_a_potx_is_used_and_a_change_to_it_is_a_change(note, tmp_path):
    from bad_input import hostile

    (note / "template.potx").write_bytes(hostile.potx())
    assert not build(note, tmp_path / "out").kept
    assert build(note, tmp_path / "out").kept
    (note / "template.potx").write_bytes(hostile.package(hostile.macro()))
    again = build(note, tmp_path / "out")
    assert not again.kept and any("macros" in w.message for w in again.warnings)
