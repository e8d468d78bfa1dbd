"""guide.pdf: the facilitator guide. A run sheet, then every slide beside its notes and the clock.

    plan(deck, art, assets, paper="a4", start="09:00") -> GuidePlan
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

from notedeck.deck import Deck
from notedeck.render.contract import Assets
from notedeck.render.guide import clock
from notedeck.render.guide.written import Written, written
from notedeck.render.pdfkit.paper import Paper, paper as paper_named
from notedeck.render.slides import emit as slides

from notedeck.render.pdfkit.pdffile import binary

FILENAME = "guide.pdf"
THUMB_SHARE = 0.40           # of the text width, for each slide's thumbnail


@dataclass(frozen=True)
class GuidePlan:
    slides: slides.SlidesPlan
    deck: Deck
    schedule: clock.Schedule
    start: int                   # seconds after midnight
    paper: Paper
    text: Written                # every time and count, as the guide prints it


def plan(deck: Deck, art: Mapping, assets: Assets = Assets(), paper: str = "a4",
         start: str = "09:00") -> GuidePlan:
    planned = slides.plan(deck, art, assets)
    when = clock.start_seconds(start)
    timing = clock.schedule(deck, [s.source for s in planned.slides])
    text = written(timing, when, deck.meta.labels.guide, assets.numbers)
    return GuidePlan(planned, deck, timing, when, paper_named(paper), text)


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
        sheet, f"{clean(meta.footer)} \u00b7 {meta.labels.guide.footer}", meta, tags))
    Path(out).write_bytes(buffer.getvalue())
    return doc.page
