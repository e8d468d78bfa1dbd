"""A template's letter spacing (spc, as a WPS deck sets it on every title and body level):
measured where placeholders hold the text, drawn in slides.pdf, and LibreOffice draws every
paragraph of the deck."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import pikepdf
import pytest

from notedeck.layout import measure
from notedeck.template import faces, package
from support import build, small_note

DEFAULT = Path(__file__).resolve().parents[2] / "src" / "notedeck" / "template" / "default.pptx"
SPACED = 600                  # hundredths of a point: 6 pt after each character


def spaced_template(folder: Path) -> Path:
    """The default template with letter spacing on the master's title and body levels (as a
    WPS deck has it; its footers keep none)."""
    out = folder / "template.pptx"
    with zipfile.ZipFile(DEFAULT) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename.startswith("ppt/slideMasters/slideMaster") and \
                    item.filename.endswith(".xml"):
                a, b = data.index(b"<p:titleStyle>"), data.index(b"</p:bodyStyle>")
                data = data[:a] + re.sub(rb"<a:defRPr(?![^>]*spc=)",
                                         b'<a:defRPr spc="%d"' % SPACED, data[a:b]) + data[b:]
            target.writestr(item, data)
    return out


def test_the_spacing_is_read_for_placeholders_not_for_text_boxes(tmp_path):
    frame = package.load(spaced_template(tmp_path).read_bytes(), "t.pptx").frame("content", "body")
    assert frame.style.tracking == SPACED / 100
    assert frame.text_face.tracking == SPACED / 100 and frame.face.tracking == 0.0
    plain = package.load(None).frame("content", "body")
    assert plain.style.tracking == 0.0 and plain.text_face == plain.face


def test_spaced_text_takes_more_lines():
    text = "Every team, service time and level of busyness here is illustrative arithmetic."
    face = faces.BUNDLED
    tracked = faces.Face(face.name, face.files, face.measured_with, face.how, tracking=3.0)
    plain, spaced = (measure.wrap_as_set(measure.as_runs(text), 300, 18, f)
                     for f in (face, tracked))
    assert spaced[0] == "Every team, service time" and len(spaced[0]) < len(plain[0])
    assert measure.text_width("abc", 18, face=tracked) == pytest.approx(
        measure.text_width("abc", 18, face=face) + 9.0)


@pytest.fixture(scope="module")
def spaced_build(tmp_path_factory):
    folder = tmp_path_factory.mktemp("spaced")
    note = small_note("audiences", folder)
    shutil.rmtree(note / "audiences")
    spaced_template(note)
    words = ("Each sentence here is prose that fills the slide to its foot, so a measure "
             "that left the spacing out would set it too large for the box. ")
    (note / "sections" / "02-prose.md").write_text(
        "---\nnumber: 2\ntitle: Prose\nheadline: Words that fill the box\nminutes: 2\n---\n\n"
        "## A slide full of words\n\n" + "\n\n".join(words * 2 for _ in range(4)) + "\n")
    out = folder / "out"
    build(note, out, outputs=("deck", "slides"))
    return out


def test_slides_pdf_draws_the_spacing(spaced_build):
    with pikepdf.open(spaced_build / "slides.pdf") as pdf:
        streams = [pikepdf.unparse_content_stream(pikepdf.parse_content_stream(page))
                   for page in pdf.pages]
    assert any(b"6 Tc" in s for s in streams)


def test_libreoffice_draws_the_spaced_deck_as_slides_pdf_does(spaced_build, tmp_path):
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed: .ci/run installs it")
    import office
    from render.libreoffice import grey_differences, paragraphs_missing

    deck = Path(shutil.copy(spaced_build / "deck.pptx", tmp_path / "deck.pptx"))
    office.convert("pdf", [deck], tmp_path)
    missing = paragraphs_missing(deck, tmp_path / "deck.pdf")
    # pdftotext reads a short spaced line (a caption) as separate words out of order
    assert [text for _, text in missing if len(text) > 60] == []
    # every page within 3% of LibreOffice's but the chart's, which LibreOffice draws its own way
    pages = sorted(grey_differences(spaced_build / "slides.pdf", tmp_path / "deck.pdf"))
    assert pages[-2] <= 3.0, pages
