"""LibreOffice as the tests' second opinion: its Impress templates, a deck's paragraphs found in
its PDF, pages compared by grey level with slides.pdf (conversions are tests/office.py's)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

PDFTOTEXT = shutil.which("pdftotext")
IMPRESS = Path("/usr/lib/libreoffice/share/template/common/presnt")
TIMEOUT = 1200               # seconds: a deadline for a hung tool, never a measure of speed


def impress_templates() -> list[Path]:
    """LibreOffice's own Impress templates (.otp), by name."""
    return sorted(IMPRESS.glob("*.otp")) if IMPRESS.is_dir() else []


def pages(pdf: Path, dpi: int = 30, fine: int = 2) -> list:
    """The PDF's pages as grey pictures at `dpi`, drawn by PDFium at `fine` times that and
    averaged down: a fine pattern drawn straight at 30 dpi aliases into moiré."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        return [document[number].render(scale=dpi * fine / 72).to_pil().convert("L").reduce(fine)
                for number in range(len(document))]
    finally:
        document.close()


def grey_differences(drawn: Path, reference: Path, dpi: int = 30) -> list[float]:
    """Per page, the mean difference of grey level (percent of full scale) between two PDFs
    rendered at `dpi`; the first is resized to the second's pixels where they differ by one."""
    import numpy

    ours, theirs = pages(drawn, dpi), pages(reference, dpi)
    assert len(ours) == len(theirs), (len(ours), len(theirs))
    out = []
    for image_a, image_b in zip(ours, theirs):
        image_a = image_a.resize(image_b.size)
        diff = numpy.abs(numpy.asarray(image_a, float) - numpy.asarray(image_b, float))
        out.append(float(diff.mean()) / 255 * 100)
    return out


def paragraphs_missing(deck: Path, pdf: Path) -> list[tuple[int, str]]:
    """(slide, paragraph) of every text of the deck not drawn on its own page of the PDF."""
    from pptx import Presentation

    missing = []
    # pdftotext ends every page with a form feed: one run reads all the pages apart
    text = subprocess.run([PDFTOTEXT, str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    pages = text.split("\f")
    slides = Presentation(str(deck)).slides
    assert len(pages) > len(slides), (len(pages) - 1, len(slides))
    for number, slide in enumerate(slides, start=1):
        drawn = squash(pages[number - 1])
        for shape in slide.shapes:
            if not shape.has_text_frame:
                continue
            for paragraph in shape.text_frame.paragraphs:
                words = squash(paragraph.text)
                if words and not words.isdigit() and words not in drawn:
                    missing.append((number, paragraph.text))
    return missing


def squash(text: str) -> str:
    """Text as compared: no spaces or hyphens (line breaks move them), in capitals (a
    template may set a placeholder in capitals)."""
    return "".join(text.replace("-", "").replace("\u00ad", "").split()).upper()
