"""Templates nobody on this project wrote: each builds the bundled note with nothing out of its
box, a valid package and every paragraph drawn by LibreOffice; where a template is cramped,
notedeck adapts it and says so.

LibreOffice's 23 Impress templates are converted to .pptx in the session (render/conftest.py);
python-pptx's default template is 4:3; LibreOffice's exports carry one to nine masters; the
shipped default.pptx is round-tripped through LibreOffice, which drops its layout names and
idx values. Every audience on every template is the slow test below (`--slow`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from notedeck.readers import audiences
from support import BUNDLED, build

from render.libreoffice import convert, impress_templates, paragraphs_missing

LIBREOFFICE = [p.stem for p in impress_templates()]
OTHERS = ["pptx-default", "roundtrip"]
# What check must say of a template that notedeck adapts (a sample; each is a warning).
ADAPTED = {
    "Grey_Elegant": "has no slide-number placeholder: notedeck draws the slide numbers at",
    "Nature_Illustration": "too small for a line of text (a placeholder notedeck fills needs at "
                           "least 0.20 in each way, inside its margins): the slides of this "
                           "layout have no footer",
    "Vivid": "runs under its footer 'PlaceHolder 3' (ftr, idx 5): notedeck sets its text above",
    "Progress": "reaches past the slide's edge",
    "Sunset": "the title is set at",
    "Growing_Liberty": "its colour #FFFFFF on #FFFFFF has a contrast of 1.00:1",
}


@pytest.mark.parametrize("name", LIBREOFFICE + OTHERS)
def test_a_foreign_template_builds_the_note_cleanly(name, note_on_every_template):
    built = note_on_every_template[name]
    errors = [str(p) for p in built.problems if p.severity == "error"]
    assert errors == []
    openxml_audit = pytest.importorskip("openxml_audit")
    audit = openxml_audit.validate_pptx(built.out / "deck.pptx")
    assert audit.is_valid, [str(e) for e in audit.errors[:5]]
    assert paragraphs_missing(built.out / "deck.pptx", built.drawn) == []


@pytest.mark.parametrize("name", sorted(ADAPTED))
def test_check_says_what_notedeck_adapts(name, note_on_every_template):
    if name not in note_on_every_template:
        pytest.skip(f"LibreOffice's {name} template is not installed")
    said = "\n".join(str(p) for p in note_on_every_template[name].problems)
    assert ADAPTED[name] in said


def test_a_template_without_slide_numbers_gets_them_drawn(note_on_every_template):
    """Grey Elegant has no slide-number placeholder: the deck's slides carry their numbers in
    text boxes, as fields, and slides.pdf shows them."""
    from lxml import etree
    from pptx import Presentation
    from pypdf import PdfReader

    if "Grey_Elegant" not in note_on_every_template:
        pytest.skip("LibreOffice's Grey Elegant template is not installed")
    built = note_on_every_template["Grey_Elegant"]
    slides = list(Presentation(str(built.out / "deck.pptx")).slides)
    numbered = [s for s in slides[1:]
                if any(b'type="slidenum"' in etree.tostring(sp._element) for sp in s.shapes)]
    assert len(numbered) == len(slides) - 1
    last = PdfReader(built.out / "slides.pdf").pages[-1].extract_text()
    assert str(len(slides)) in last.split()


@pytest.mark.slow
@pytest.mark.parametrize("name", LIBREOFFICE + OTHERS)
def test_every_audience_builds_whole_on_a_foreign_template(name, foreign_templates, tmp_path):
    """Each audience's deck on the template: check passes, no OOXML error, LibreOffice draws
    every paragraph."""
    from support import check_note

    openxml_audit = pytest.importorskip("openxml_audit")
    note = tmp_path / "note"
    shutil.copytree(BUNDLED, note)
    shutil.copy(foreign_templates[name], note / "template.pptx")
    assert [str(p) for p in check_note(note) if p.severity == "error"] == []
    decks = []
    for audience in audiences.names(note):
        out = tmp_path / audience
        build(note, out, audience=audience, outputs=("deck",))
        decks.append(Path(shutil.copy(out / "deck.pptx", tmp_path / f"{audience}.pptx")))
    convert(decks, "pdf", tmp_path / "drawn", tmp_path / "lo-profile")
    for deck in decks:
        audit = openxml_audit.validate_pptx(deck)
        assert audit.is_valid, (deck.stem, [str(e) for e in audit.errors[:5]])
        assert paragraphs_missing(deck, tmp_path / "drawn" / f"{deck.stem}.pdf") == [], deck.stem


def test_every_template_of_the_matrix_is_in_the_notes_docs():
    docs = (Path(__file__).resolve().parents[3] / "docs" / "templates.md").read_text()
    for name in LIBREOFFICE:
        assert name.replace("_", " ") in docs, name
