"""LibreOffice as the tests' second opinion: its Impress templates, a deck's paragraphs found in
its PDF, pages compared by grey level with slides.pdf (conversions are tests/office.py's)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

PDFTOPPM = shutil.which("pdftoppm")
PDFTOTEXT = shutil.which("pdftotext")
IMPRESS = Path("/usr/lib/libreoffice/share/template/common/presnt")
TIMEOUT = 1200               # seconds: a deadline for a hung tool, never a measure of speed


def impress_templates() -> list[Path]:
    """LibreOffice's own Impress templates (.otp), by name."""
    return sorted(IMPRESS.glob("*.otp")) if IMPRESS.is_dir() else []


def pages(pdf: Path, folder: Path, dpi: int = 30) -> list[Path]:
    """The PDF's pages as PNG files at `dpi`."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run([PDFTOPPM, "-png", "-r", str(dpi), str(pdf), str(folder / "p")], check=True,
                   timeout=TIMEOUT)
    return sorted(folder.glob("p-*.png"))


def grey_differences(drawn: Path, reference: Path, folder: Path, dpi: int = 30) -> list[float]:
    """Per page, the mean difference of grey level (percent of full scale) between two PDFs
    rendered at `dpi`; the first is resized to the second's pixels where they differ by one."""
    import numpy
    from PIL import Image

    ours, theirs = pages(drawn, folder / "drawn", dpi), pages(reference, folder / "ref", dpi)
    assert len(ours) == len(theirs), (len(ours), len(theirs))
    out = []
    for a, b in zip(ours, theirs):
        image_b = Image.open(b).convert("L")
        image_a = Image.open(a).convert("L").resize(image_b.size)
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
