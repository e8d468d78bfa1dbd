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


def grey_differences(drawn: Path, reference: Path, dpi: int = 30,
                     left_out: dict[int, list[tuple]] | None = None) -> list[float]:
    """Per page, the mean difference of grey level (percent of full scale) between two PDFs
    rendered at `dpi`; the first is resized to the second's pixels where they differ by one.
    `left_out`: page number (from 1) -> boxes (left, top, right, bottom, as fractions of the
    page) whose pixels are not compared."""
    import numpy

    ours, theirs = pages(drawn, dpi), pages(reference, dpi)
    assert len(ours) == len(theirs), (len(ours), len(theirs))
    out = []
    for number, (image_a, image_b) in enumerate(zip(ours, theirs), 1):
        image_a = image_a.resize(image_b.size)
        diff = numpy.abs(numpy.asarray(image_a, float) - numpy.asarray(image_b, float))
        keep = numpy.ones(diff.shape, bool)
        height, width = diff.shape
        for x0, y0, x1, y1 in (left_out or {}).get(number, ()):
            keep[int(y0 * height):int(numpy.ceil(y1 * height)),
                 int(x0 * width):int(numpy.ceil(x1 * width))] = False
        out.append(float(diff[keep].mean()) / 255 * 100 if keep.any() else 0.0)
    return out


MEDIAN, P90 = 3.0, 6.0       # percent: median and 90th percentile of the slides
MARGIN = 0.01                # of the page, around a chart's box: its edge antialiased


def unlike(slides_pdf: Path, drawn: Path, deck: Path) -> str | None:
    """Where slides.pdf does not look like LibreOffice's rendering of the deck (None: it
    does), by the median and 90th percentile of the slides' grey differences. A native
    chart's box is left out of its slide: LibreOffice lays the chart out to fill it, where
    the picture keeps its proportions (the charts' own tests compare their numbers)."""
    import statistics

    from pptx import Presentation

    prs = Presentation(str(deck))
    width, height = prs.slide_width, prs.slide_height
    charts = {number: [((s.left / width) - MARGIN, (s.top / height) - MARGIN,
                        (s.left + s.width) / width + MARGIN, (s.top + s.height) / height + MARGIN)
                       for s in slide.shapes if s.has_chart]
              for number, slide in enumerate(prs.slides, 1)}
    diffs = grey_differences(slides_pdf, drawn, left_out={
        n: [tuple(max(0.0, min(1.0, v)) for v in box) for box in boxes]
        for n, boxes in charts.items() if boxes})
    median, p90 = statistics.median(diffs), sorted(diffs)[round(0.9 * (len(diffs) - 1))]
    if median <= MEDIAN and p90 <= P90:
        return None
    worst = sorted(range(len(diffs)), key=diffs.__getitem__)[-3:]
    detail = ", ".join(f"slide {i + 1}: {diffs[i]:.1f}%" for i in reversed(worst))
    return f"median {median:.2f}%, 90th percentile {p90:.2f}% ({detail})"


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
    """Text as compared: no spaces or hyphens (line breaks move them), no word joiners (a
    minus kept with its amount: nothing is drawn for them), in capitals (a template may set
    a placeholder in capitals)."""
    return "".join(text.replace("-", "").replace("\u00ad", "").replace("\u2060", "")
                   .split()).upper()
