"""The handout's pages, decided before any is drawn: what each page holds, or what no page can."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from io import BytesIO

from reportlab.platypus import Flowable, PageBreak

from notedeck.deck import Origin
from notedeck.errors import Location, NotedeckError, Problem
from notedeck.paper import Paper
from notedeck.render.pdfkit.document import text_frame
from notedeck.render.pdfkit.flow import Chain


@dataclass(frozen=True)
class Where:
    """What a flowable of the handout shows, and where the note writes it."""

    what: str                      # "the table 'Budgets'"
    origin: Origin | None


@dataclass(frozen=True)
class Pages:
    """The handout set page by page: the story with a page break where each page ends."""

    story: tuple[Flowable, ...]
    count: int


def paginate(head: Sequence[Flowable], chain: Chain, sheet: Paper,
             where: Mapping[int, Where]) -> Pages:
    """`head` (the title block), then `chain` broken into pages by its own rules, each page
    measured on the sheet's text frame as reportlab will set it; raises NotedeckError
    naming what is too tall for any page (`where`: by id of the chain's flowables)."""
    from reportlab.pdfgen.canvas import Canvas

    scratch = Canvas(BytesIO(), pagesize=sheet.size)   # the title block is set on it, unkept
    frame, story = text_frame(sheet), list(head)
    for flowable in head:
        if not frame.add(flowable, scratch):
            raise NotedeckError([Problem(Location("handout.pdf"), "the handout's title block "
                                         "does not fit on its first page; shorten the title "
                                         "or subtitle")])
    rest, count = chain, 1
    while True:
        parts = frame.split(rest, scratch)
        if parts == [rest]:
            story.append(rest)
            return Pages(tuple(story), count)
        if len(parts) == 2:
            story.append(parts[0])
            rest = parts[1]
        elif frame._atTop:                 # nothing of it fits a whole empty page
            raise NotedeckError([_too_tall(rest, sheet, where)])
        story.append(PageBreak())
        frame, count = text_frame(sheet), count + 1


def _too_tall(rest: Chain, sheet: Paper, where: Mapping[int, Where]) -> Problem:
    first = rest.items[0]
    _, height = first.wrap(sheet.text_width, sheet.text_height)
    found = where.get(id(first), Where("a part of the handout", None))
    at = found.origin
    return Problem(Location(at.file, at.line) if at is not None else Location("handout.pdf"),
                   f"the handout cannot be set: {found.what}: {height:,.0f} pt tall, and a "
                   f"page ({sheet.name}) holds {sheet.text_height:,.0f} pt of text; shorten "
                   "it or split it in two")
