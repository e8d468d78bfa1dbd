"""guide.pdf: the facilitator guide. A run sheet, then every slide beside its notes and the clock.

    plan(deck, layout, art, paper="a4") -> GuidePlan
    emit(plan, out) -> pages

The run sheet lists each section's planned minutes and start time from the
chosen start, and the total. Then each slide, as a thumbnail of exactly the
slide in slides.pdf, beside its speaker notes, its start time and minutes,
its exercises (what to ask, what to listen for) and the passages content
marks for the facilitator only, which no participant's file shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from notedeck.deck import Clock, Deck, Stamp
from notedeck.errors import NotedeckError
from notedeck.layout.slide_layout import SlideLayout
from notedeck.paper import DEFAULT, Paper, paper as paper_named

from notedeck.render.pdfkit.pdffile import binary

FILENAME = "guide.pdf"
THUMB_SHARE = 0.40           # of the text width, for each slide's thumbnail


@dataclass(frozen=True)
class GuidePlan:
    layout: SlideLayout          # the slides as laid out, drawn as thumbnails
    art: Mapping                 # the charts' drawings
    deck: Deck
    paper: Paper
    clock: Clock                 # every time and count, as the guide prints it
    stamp: Stamp = Stamp()


def plan(deck: Deck, layout: SlideLayout, art: Mapping, paper: str = DEFAULT,
         clock: Clock | None = None, stamp: Stamp = Stamp()) -> GuidePlan:
    if clock is None or len(clock.slides) != len(layout.slides):
        raise NotedeckError("guide.pdf: no clock for the laid-out slides; plan the guide "
                            "through the build, which writes it (figures/clock.py)")
    return GuidePlan(layout, art, deck, paper_named(paper), clock, stamp)


@binary
def emit(planned: GuidePlan, out: Path) -> int:
    """Write the guide and return its page count."""
    from io import BytesIO

    from notedeck.render.guide.story import story
    from notedeck.render.pdfkit.document import document
    from notedeck.render.pdfkit.footer import numbered_canvas
    from notedeck.render.pdfkit.styles import clean, register_fonts
    from notedeck.render.pdfkit.tagging import Tags

    register_fonts()
    sheet, meta = planned.paper, planned.deck.meta
    title = f"{meta.title}: {meta.labels.guide.footer}"
    tags = Tags(clean(title), meta.lang)
    with tags.building():
        flowables = story(planned, sheet.text_width * THUMB_SHARE)
    buffer = BytesIO()
    doc = document(buffer, meta, sheet, title)
    doc.build(flowables, canvasmaker=numbered_canvas(
        sheet, f"{clean(meta.footer)} \u00b7 {meta.labels.guide.footer}", meta, planned.stamp,
        tags))
    Path(out).write_bytes(buffer.getvalue())
    return doc.page
