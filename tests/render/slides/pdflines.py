"""Text lines of a PDF page with their positions, read back with PDFium (render/pdfpage.py), for comparing renderings."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import pdfpage

BULLETS = "\u2022"


@dataclass(frozen=True)
class TextLine:
    text: str            # whitespace removed: renderers space words differently
    x: float             # left edge of its first character, points
    baseline: float      # points from the page's top


def page_lines(page) -> list[TextLine]:
    """Every text line of a pypdfium2 page, bullets left out, top to bottom.

    A line is the characters on one baseline, left to right: grouping by the characters'
    tops joins two columns whose baselines differ by a point or two in one rendering and
    not in the other."""
    chars = [c for c in pdfpage.chars(page) if c.text.strip() and c.text not in BULLETS]
    return [TextLine(re.sub(r"\s+", "", line.text), line.x0, line.baseline)
            for line in pdfpage.lines(chars)]


def pdf_lines(path) -> list[list[TextLine]]:
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(path))
    try:
        return [page_lines(page) for page in document]
    finally:
        document.close()


def differences(ours: list[TextLine], theirs: list[TextLine], tolerance: float) -> list[str]:
    """What differs between two renderings of one slide: lines one lacks, lines moved."""
    problems = []
    unmatched = list(ours)
    for line in theirs:
        match = min((o for o in unmatched if o.text == line.text),
                    key=lambda o: abs(o.baseline - line.baseline), default=None)
        if match is None:
            problems.append(f"missing line {line.text[:50]!r}")
            continue
        unmatched.remove(match)
        dy, dx = match.baseline - line.baseline, match.x - line.x
        if abs(dy) > tolerance or abs(dx) > tolerance:
            problems.append(f"{line.text[:40]!r} moved by x {dx:+.1f}, y {dy:+.1f} pt")
    problems += [f"extra line {o.text[:50]!r}" for o in unmatched]
    return problems
