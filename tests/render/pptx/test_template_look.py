"""The deck as LibreOffice draws it on templates nobody here wrote: a number stays on one
line with its unit, in table cells and in rows of figures, however narrow the template."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pptx
import pytest
from pptx import Presentation

from support import build
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


def groups_broken(deck: Path, folder: Path) -> list[tuple[int, str]]:
    """(slide, group) of every no-break group (a number and its unit, "2 h 14 min 20 s")
    that LibreOffice draws across two lines."""
    pdf = _soffice("pdf", deck, folder)
    broken = []
    for number, slide in enumerate(Presentation(str(deck)).slides, start=1):
        lines = subprocess.run([PDFTOTEXT, "-f", str(number), "-l", str(number), str(pdf), "-"],
                               capture_output=True, text=True, check=True).stdout
        lines = {" ".join(line.replace(NBSP, " ").split()) for line in lines.splitlines()}
        for text in _tables_and_figures(slide):
            for group in text.split(" "):
                if NBSP in group:
                    whole = " ".join(group.replace(NBSP, " ").split())
                    if not any(whole in line for line in lines):
                        broken.append((number, group.replace(NBSP, " ")))
    return broken


def test_table_cells_keep_numbers_with_their_units_on_a_4_3_template(note, tmp_path):
    # The 4:3 slide leaves a table 9 in wide: at its largest size the headers'
    # "1,000,000 tokens/sec" do not fit their columns, so the table is set smaller.
    shutil.copy(PPTX_DEFAULT, note / "template.pptx")
    build(note, tmp_path / "out")
    assert groups_broken(tmp_path / "out" / "deck.pptx", tmp_path) == []


@pytest.mark.skipif(not BEEHIVE.exists(), reason="LibreOffice's templates are not installed")
def test_figures_keep_numbers_with_their_units_on_a_converted_template(note, tmp_path):
    # Beehive's text area is 9.9 in wide: four figures in a row left "1,000,000 tokens/sec"
    # a column too narrow, drawn as "1,000,000 tokens/s" over "ec".
    shutil.copy(_soffice("pptx", BEEHIVE, tmp_path), note / "template.pptx")
    build(note, tmp_path / "out")
    assert groups_broken(tmp_path / "out" / "deck.pptx", tmp_path) == []


def test_the_speedup_charts_labels_stand_clear_of_its_title(note, tmp_path):
    # On the 4:3 slide the chart's title takes two lines; the labels above the reference
    # line's ends ("Writing speedup 10,000×") stood against its second line.
    pdfplumber = pytest.importorskip("pdfplumber")
    shutil.copy(PPTX_DEFAULT, note / "template.pptx")
    build(note, tmp_path / "out")
    deck = tmp_path / "out" / "deck.pptx"
    number, chart = next((n, shape.chart) for n, slide in enumerate(
        Presentation(str(deck)).slides, start=1) for shape in slide.shapes
        if shape.has_chart and shape.chart.chart_title.text_frame.text.startswith("With"))
    title_words = set(chart.chart_title.text_frame.text.split())
    with pdfplumber.open(_soffice("pdf", deck, tmp_path)) as pdf:
        words = pdf.pages[number - 1].extract_words()
    label = next(w for w in words if w["text"] == "Writing" and w["upright"])
    title_bottom = max(w["bottom"] for w in words
                       if w["text"] in title_words and w["top"] < label["top"])
    line = label["bottom"] - label["top"]
    assert label["top"] - title_bottom >= line / 2
