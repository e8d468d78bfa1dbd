"""A one-frame platypus document carrying the note's metadata and marking its pages: the handout's, the guide's, the worksheet's."""

from __future__ import annotations

from io import BytesIO

from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from notedeck.deck import Meta
from notedeck.paper import Paper
from notedeck.render.pdfkit.styles import REGULAR, clean
from notedeck.render.pdfkit.tagging import on_page, on_page_end


def document(target: BytesIO, meta: Meta, sheet: Paper, title: str = "") -> BaseDocTemplate:
    """A one-frame platypus document with the note's metadata (the handout's, the guide's,
    the worksheet's): reproducible, its language declared, its title shown, its pages marked
    for the canvas's Tags (footer.numbered_canvas)."""
    doc = BaseDocTemplate(
        target, pagesize=sheet.size,
        leftMargin=sheet.left, rightMargin=sheet.right,
        topMargin=sheet.top, bottomMargin=sheet.bottom,
        title=clean(title or meta.title), author=clean(meta.author), subject=clean(meta.subject),
        keywords=[clean(k) for k in meta.keywords], creator="notedeck",
        invariant=1, initialFontName=REGULAR, displayDocTitle=1,
        lang=meta.lang,                          # the catalogue's /Lang: screen readers' voice
    )
    doc.addPageTemplates([PageTemplate(id="page", frames=[text_frame(sheet)], onPage=on_page,
                                       onPageEnd=on_page_end)])
    return doc


def text_frame(sheet: Paper) -> Frame:
    """The one frame of a page: the text block."""
    return Frame(sheet.left, sheet.bottom, sheet.text_width, sheet.text_height,
                 leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="text")
