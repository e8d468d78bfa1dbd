"""The deck as LibreOffice draws it on templates nobody here wrote: a number stays on one
line with its unit, in table cells and in rows of figures, however narrow the template."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pptx
import pytest
from pptx import Presentation

from support import BUNDLED, build
import office

SOFFICE = shutil.which("soffice")
PDFTOTEXT = shutil.which("pdftotext")
BEEHIVE = Path("/usr/lib/libreoffice/share/template/common/presnt/Beehive.otp")
PPTX_DEFAULT = Path(pptx.__file__).parent / "templates" / "default.pptx"
NBSP = "\u00a0"

pytestmark = pytest.mark.skipif(not (SOFFICE and PDFTOTEXT),
                                reason="LibreOffice and pdftotext are not installed")


def _soffice(target: str, source: Path, folder: Path) -> Path:
    office.convert(target, source, folder)
    return folder / f"{source.stem}.{target}"


def _tables_and_figures(slide) -> list[str]:
    """The texts of a slide's table cells and of its text boxes (rows of figures, captions)."""
    texts = []
    for shape in slide.shapes:
        if shape.has_table:
            texts += [cell.text for row in shape.table.rows for cell in row.cells]
        elif shape.has_text_frame and not shape.is_placeholder:
            texts += [p.text for p in shape.text_frame.paragraphs]
    return texts


def groups_broken(deck: Path, pdf: Path) -> list[tuple[int, str]]:
    """(slide, group) of every no-break group (a number and its unit, "2 h 14 min 20 s")
    that LibreOffice draws across two lines in `pdf`, its drawing of `deck`."""
    broken = []
    # pdftotext ends every page with a form feed: one run reads all the pages apart
    pages = subprocess.run([PDFTOTEXT, str(pdf), "-"], capture_output=True, text=True,
                           check=True).stdout.split("\f")
    slides = Presentation(str(deck)).slides
    assert len(pages) > len(slides), (len(pages) - 1, len(slides))
    for number, slide in enumerate(slides, start=1):
        lines = {" ".join(line.replace(NBSP, " ").split())
                 for line in pages[number - 1].splitlines()}
        for text in _tables_and_figures(slide):
            for group in text.split(" "):
                if NBSP in group:
                    whole = " ".join(group.replace(NBSP, " ").split())
                    if not any(whole in line for line in lines):
                        broken.append((number, group.replace(NBSP, " ")))
    return broken


@pytest.fixture(scope="module")
def on_4_3(tmp_path_factory) -> tuple[Path, Path]:
    """The bundled note's deck on python-pptx's default template (4:3), and LibreOffice's
    PDF of it: built and drawn once for the tests that read them."""
    folder = tmp_path_factory.mktemp("four-three")
    note = folder / "note"
    shutil.copytree(BUNDLED, note)
    shutil.copy(PPTX_DEFAULT, note / "template.pptx")
    build(note, folder / "out", outputs=("deck",))
    deck = folder / "out" / "deck.pptx"
    return deck, _soffice("pdf", deck, folder)


def test_table_cells_keep_numbers_with_their_units_on_a_4_3_template(on_4_3):
    # The 4:3 slide leaves a table 9 in wide: at its largest size the headers'
    # "1,000,000 tokens/sec" do not fit their columns, so the table is set smaller.
    assert groups_broken(*on_4_3) == []


@pytest.mark.skipif(not BEEHIVE.exists(), reason="LibreOffice's templates are not installed")
def test_figures_keep_numbers_with_their_units_on_a_converted_template(note, tmp_path):
    # Beehive's text area is 9.9 in wide: four figures in a row left "1,000,000 tokens/sec"
    # a column too narrow, drawn as "1,000,000 tokens/s" over "ec".
    shutil.copy(_soffice("pptx", BEEHIVE, tmp_path), note / "template.pptx")
    build(note, tmp_path / "out", outputs=("deck",))
    deck = tmp_path / "out" / "deck.pptx"
    assert groups_broken(deck, _soffice("pdf", deck, tmp_path)) == []


def test_the_speedup_charts_labels_stand_clear_of_its_title(on_4_3):
    # On the 4:3 slide the chart's title takes two lines; the labels above the reference
    # line's ends ("Writing speedup 10,000×") stood against its second line.
    pdfplumber = pytest.importorskip("pdfplumber")
    deck, drawn = on_4_3
    number, chart = next((n, shape.chart) for n, slide in enumerate(
        Presentation(str(deck)).slides, start=1) for shape in slide.shapes
        if shape.has_chart and shape.chart.chart_title.text_frame.text.startswith("With"))
    title_words = set(chart.chart_title.text_frame.text.split())
    with pdfplumber.open(drawn) as pdf:
        words = pdf.pages[number - 1].extract_words()
    label = next(w for w in words if w["text"] == "Writing" and w["upright"])
    title_bottom = max(w["bottom"] for w in words
                       if w["text"] in title_words and w["top"] < label["top"])
    line = label["bottom"] - label["top"]
    assert label["top"] - title_bottom >= line / 2
