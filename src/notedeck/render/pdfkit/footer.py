"""The running footer of every page notedeck draws on a bare canvas: title, build id, page N of M."""

from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from notedeck.deck import Meta, Stamp, fill_slots
from notedeck.paper import Paper
from notedeck.render.pdfkit.styles import REGULAR, SMALL, clean
from notedeck.theme import PALETTE

BUILD_SIZE = 6.5          # points: the build id in small print


def footer(canvas, sheet: Paper, text: str, number: int, total: int, meta: Meta,
           stamp: Stamp) -> None:
    """A rule, the footer text left, "page N of M" (in the deck's language) right, and the
    build id in small print."""
    y = sheet.footer_y
    canvas.saveState()
    canvas.setStrokeColor(HexColor(PALETTE.rule))
    canvas.setLineWidth(0.5)
    canvas.line(sheet.left, y + 12, sheet.width - sheet.right, y + 12)
    canvas.setFillColor(HexColor(PALETTE.muted))
    canvas.setFont(REGULAR, SMALL)
    page = fill_slots(meta.labels.page, number=str(number), total=str(total))
    canvas.drawRightString(sheet.width - sheet.right, y, page)
    room = sheet.text_width - stringWidth(page, REGULAR, SMALL) - 24
    canvas.drawString(sheet.left, y, shorten(clean(text), room))
    if stamp.build:
        canvas.setFont(REGULAR, BUILD_SIZE)
        canvas.drawRightString(sheet.width - sheet.right, y - BUILD_SIZE - 3,
                               f"build {stamp.build}")
    canvas.restoreState()


def shorten(text: str, width: float, font: str = REGULAR, size: float = SMALL) -> str:
    """`text`, cut at a word and ended with an ellipsis if wider than `width`."""
    if stringWidth(text, font, size) <= width:
        return text
    words = [word for word in text.split(" ") if word]     # no-break spaces hold
    while words and stringWidth(" ".join(words) + "\u2026", font, size) > width:
        words.pop()
    return " ".join(words) + "\u2026"


def numbered_canvas(sheet: Paper, text: str, meta: Meta, stamp: Stamp, tags=None):
    """A reportlab canvas class that holds its pages and draws footer() on each at the end,
    when the page count is known (for platypus documents); marked for `tags` (a
    tagging.Tags), its footers pagination artifacts."""
    from reportlab.pdfgen.canvas import Canvas

    from notedeck.render.pdfkit.pdffile import PDF_VERSION
    from notedeck.render.pdfkit.tagging import MarkedCanvas, pagination

    class Numbered(MarkedCanvas):
        def __init__(self, *args, **kwargs):
            from notedeck.render.provenance import stamp_pdf

            super().__init__(*args, **{**kwargs, "pdfVersion": PDF_VERSION})
            self.tags = tags
            self._held: list[dict] = []
            stamp_pdf(self, meta, stamp)

        def showPage(self):
            self._held.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._held)
            for number, state in enumerate(self._held, start=1):
                self.__dict__.update(state)
                with pagination(self):
                    footer(self, sheet, text, number, total, meta, stamp)
                Canvas.showPage(self)
            MarkedCanvas.save(self)

    return Numbered
