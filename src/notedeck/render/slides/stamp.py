"""The running footer of every page notedeck draws on a bare canvas: title, build id, page N of M."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from notedeck.render.pdf.layout import Paper
from notedeck.render.pdf.styles import REGULAR, SMALL, clean
from notedeck.theme import PALETTE

BUILD_SIZE = 6.5          # points: the build id in small print


def footer(canvas, sheet: Paper, text: str, number: int, total: int, build: str = "") -> None:
    """A rule, the footer text left, "page N of M" right, and the build id in small print."""
    y = sheet.footer_y
    canvas.saveState()
    canvas.setStrokeColor(HexColor(PALETTE.rule))
    canvas.setLineWidth(0.5)
    canvas.line(sheet.left, y + 12, sheet.width - sheet.right, y + 12)
    canvas.setFillColor(HexColor(PALETTE.muted))
    canvas.setFont(REGULAR, SMALL)
    page = f"page {number} of {total}"
    canvas.drawRightString(sheet.width - sheet.right, y, page)
    room = sheet.text_width - stringWidth(page, REGULAR, SMALL) - 24
    canvas.drawString(sheet.left, y, shorten(clean(text), room))
    if build:
        canvas.setFont(REGULAR, BUILD_SIZE)
        canvas.drawRightString(sheet.width - sheet.right, y - BUILD_SIZE - 3, f"build {build}")
    canvas.restoreState()


def shorten(text: str, width: float, font: str = REGULAR, size: float = SMALL) -> str:
    """`text`, cut at a word and ended with an ellipsis if wider than `width`."""
    if stringWidth(text, font, size) <= width:
        return text
    words = text.split()
    while words and stringWidth(" ".join(words) + "\u2026", font, size) > width:
        words.pop()
    return " ".join(words) + "\u2026"


def numbered_canvas(sheet: Paper, text: str, meta):
    """A reportlab canvas class that holds its pages and stamps footer() on each at the end,
    when the page count is known (for platypus documents)."""
    from reportlab.pdfgen.canvas import Canvas

    class Numbered(Canvas):
        def __init__(self, *args, **kwargs):
            from notedeck.render.provenance import stamp_pdf

            super().__init__(*args, **kwargs)
            self._held: list[dict] = []
            stamp_pdf(self, meta)

        def showPage(self):
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._held)
            for number, state in enumerate(self._held, start=1):
                self.__dict__.update(state)
                footer(self, sheet, text, number, total, meta.build)
                Canvas.showPage(self)
            Canvas.save(self)

    return Numbered
