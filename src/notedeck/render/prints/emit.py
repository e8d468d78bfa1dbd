"""Printed slides: the deck's planned slides, each drawn scaled, 1 to 6 to a page.

    plan(deck, layout, art, paper="a4", per_page=3) -> PrintPlan
    emit(plan, out) -> pages

Each slide is drawn scaled into its cell, clipped to its edges, so a printed page
shows exactly the slide of slides.pdf; the 3-up layout rules lines beside each
slide for notes. Every page has the running footer and "page N of M". Tagged as
slides.pdf is (render/pdfkit/slidetags.py): each slide a section with its title a
heading; the deck's title above and the footer below are pagination artifacts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from notedeck.deck import Deck, Meta, Stamp
from notedeck.layout.slide_layout import SlideLayout
from notedeck.paper import DEFAULT, Paper, paper as paper_named
from notedeck.render.prints.layout import Cell, cells, check_layout, note_lines, pages, TOP_BAND

from notedeck.render.pdfkit.pdffile import binary

PT = 72.0


def filename(per_page: int) -> str:
    return f"slides-{per_page}up.pdf"


@dataclass(frozen=True)
class PrintPlan:
    layout: SlideLayout          # the slides as laid out, each drawn once
    art: Mapping                 # the charts' drawings
    meta: Meta
    paper: Paper
    per_page: int
    cells: tuple[Cell, ...]
    stamp: Stamp = Stamp()


def plan(deck: Deck, layout: SlideLayout, art: Mapping, paper: str = DEFAULT,
         per_page: int = 3, stamp: Stamp = Stamp()) -> PrintPlan:
    sheet = paper_named(paper)
    aspect = layout.template.slide_w / layout.template.slide_h
    return PrintPlan(layout, art, deck.meta, sheet, check_layout(per_page),
                     tuple(cells(sheet, per_page, aspect)), stamp)


@binary
def emit(planned: PrintPlan, out: Path) -> int:
    """Write the printed slides and return the page count."""
    from reportlab.lib.colors import HexColor

    from notedeck.render.provenance import stamp_pdf
    from notedeck.render.pdfkit.slide import SlideArtist
    from notedeck.render.pdfkit.pdffile import new_canvas
    from notedeck.render.pdfkit.footer import footer
    from notedeck.render.pdfkit.slidetags import SlideTags, slide_headings
    from notedeck.render.pdfkit.tagging import page, pagination
    from notedeck.theme import PALETTE

    layout, meta = planned.layout, planned.meta
    artist = SlideArtist(layout.template, layout.backgrounds, planned.art)
    sheet = planned.paper
    canvas, buffer = new_canvas(sheet.size, meta)
    stamp_pdf(canvas, meta, planned.stamp)
    levels = slide_headings(layout.slides)
    total = pages(len(layout.slides), planned.per_page)
    for number in range(total):
        first = number * planned.per_page
        with page(canvas):
            with pagination(canvas, "Header"):
                _title(canvas, sheet, meta.title)
            for cell, index in zip(planned.cells, range(first, len(layout.slides))):
                slide = layout.slides[index]
                tags = SlideTags(canvas.tags, slide, levels[index])
                artist.place(canvas, slide, cell.x, cell.y, cell.w, cell.h, tags)
                canvas.setStrokeColor(HexColor(PALETTE.rule))
                canvas.setLineWidth(0.5)
                canvas.rect(cell.x, cell.y, cell.w, cell.h, stroke=1, fill=0)
                if cell.lines:
                    _ruled(canvas, cell.lines)
            with pagination(canvas):
                footer(canvas, sheet, meta.footer, number + 1, total, meta, planned.stamp)
        canvas.showPage()
    canvas.save()
    Path(out).write_bytes(buffer.getvalue())
    return total


def _ruled(canvas, area) -> None:
    from reportlab.lib.colors import HexColor

    from notedeck.theme import PALETTE

    x, _, w, _ = area
    canvas.setStrokeColor(HexColor(PALETTE.muted))
    canvas.setLineWidth(0.4)
    for y in note_lines(area):
        canvas.line(x, y, x + w, y)


def _title(canvas, sheet: Paper, title: str) -> None:
    from reportlab.lib.colors import HexColor

    from notedeck.render.pdfkit.styles import BOLD, clean
    from notedeck.theme import PALETTE

    canvas.setFillColor(HexColor(PALETTE.muted))
    canvas.setFont(BOLD, 9)
    canvas.drawString(sheet.left, sheet.height - sheet.top - TOP_BAND / 2, clean(title))
