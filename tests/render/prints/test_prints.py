"""Printed slides: N to a page, ruled lines beside each slide in the 3-up layout, a footer."""

from __future__ import annotations

import math

import pytest
from pypdf import PdfReader

from notedeck.errors import NotedeckError
from notedeck.render.prints import emit as prints
from notedeck.render.prints.layout import LAYOUTS, cells
from notedeck.paper import PAPERS
from notedeck.render import registry
from support import laid_out

from ..editions import composed, qpdf_clean, tool, unembedded_fonts
from ..pages import page_texts


@pytest.mark.parametrize("per_page", LAYOUTS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_hold_the_slides_in_order(per_page, paper, tmp_path):
    deck, art = composed()
    planned = prints.plan(deck, laid_out(deck), art, paper=paper, per_page=per_page)
    out = tmp_path / prints.filename(per_page)
    pages = prints.emit(planned, out)
    slides = planned.layout.slides
    assert pages == math.ceil(len(slides) / per_page) == len(PdfReader(out).pages)
    box = PdfReader(out).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == \
        (round(PAPERS[paper].width), round(PAPERS[paper].height))
    texts = page_texts(out)
    for k, slide in enumerate(slides):
        assert " ".join(slide.title.split()[:3]) in texts[k // per_page]
    assert texts[0].endswith(f"page 1 of {pages}") or f"page 1 of {pages}" in texts[0]


def test_three_up_has_ruled_lines_beside_each_slide(tmp_path):
    import pdfplumber

    deck, art = composed()
    out = tmp_path / "three.pdf"
    planned = prints.plan(deck, laid_out(deck), art, per_page=3)
    prints.emit(planned, out)
    with pdfplumber.open(str(out)) as pdf:
        page = pdf.pages[0]
        for cell in planned.cells:
            beside = [line for line in page.lines if line["x0"] >= cell.x + cell.w
                      and abs(line["top"] - line["bottom"]) < 0.1
                      and page.height - (cell.y + cell.h) <= line["top"] <= page.height - cell.y]
            assert len(beside) >= 6


def test_cells_keep_the_slide_aspect_and_stay_on_the_page():
    for paper in PAPERS.values():
        for per_page in LAYOUTS:
            for cell in cells(paper, per_page, 16 / 9):
                assert abs(cell.w / cell.h - 16 / 9) < 1e-6
                assert paper.left - 1e-6 <= cell.x and cell.x + cell.w <= paper.width - paper.right + 1e-6
                assert paper.bottom - 1e-6 <= cell.y


def test_every_layout_is_an_output_and_an_unknown_one_is_refused():
    assert [registry.get(f"print{n}").filename for n in LAYOUTS] == [
        f"slides-{n}up.pdf" for n in LAYOUTS]
    with pytest.raises(NotedeckError, match="print layout 5"):
        cells(PAPERS["a4"], 5, 16 / 9)


def test_fonts_and_structure(tmp_path):
    deck, art = composed()
    out = tmp_path / "six.pdf"
    prints.emit(prints.plan(deck, laid_out(deck), art, per_page=6), out)
    if tool("pdffonts"):
        assert unembedded_fonts(out) == []
    if tool("qpdf"):
        assert qpdf_clean(out) == ""
