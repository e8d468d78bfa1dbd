"""slides.pdf: the deck drawn by notedeck from the same per-slide plan as deck.pptx.

    plan(deck, layout, art) -> SlidesPlan        (pure)
    emit(plan, out) -> pages

One page per slide at the template's slide size; the same boxes, fitted sizes,
line breaks, tables and slide numbers as the deck, charts as vectors, the
template's backgrounds and decorations; fonts embedded; an outline with one
entry per section and the slide titles beneath it; tagged (PDF/UA-1: each slide a
section, its title a heading, render/pdfkit/slidetags.py). No LibreOffice.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from notedeck.deck import Deck, Meta, Stamp
from notedeck.template.backgrounds import TemplateArt
from notedeck.template.mapping import Template
from notedeck.layout.plan import PlannedSlide
from notedeck.layout.slide_layout import SlideLayout

from notedeck.render.pdfkit.pdffile import binary

FILENAME = "slides.pdf"


@dataclass(frozen=True)
class SlidesPlan:
    """Every slide as planned for the deck, with the template's look and the chart art."""

    slides: tuple[PlannedSlide, ...]
    template: Template
    look: TemplateArt
    charts: Mapping
    meta: Meta
    stamp: Stamp = Stamp()

    def outline(self) -> list[tuple[int, str]]:
        """(level, title) per slide: sections and the slides outside them at level 0,
        the slides of a section at level 1."""
        entries, in_section = [], False
        for slide in self.slides:
            if slide.role == "section":
                in_section = True
                entries.append((0, _section_label(slide)))
            elif slide.role in ("title", "sources"):
                in_section = False
                entries.append((0, slide.title))
            else:
                entries.append((1 if in_section else 0, slide.title))
        return entries


def _section_label(slide: PlannedSlide) -> str:
    """"01 What the number means": the number from its placeholder, else the title shape,
    which then leads with it."""
    number = next((s for s in slide.shapes if getattr(s, "slot", "") == "number"), None)
    if number is None:
        title = next((s for s in slide.shapes if getattr(s, "slot", "") == "title"), None)
        text = " ".join(r.text for p in title.paras for r in p.runs) if title else ""
        return " ".join(text.replace("\u00b7", " ").split()) or slide.title
    digits = " ".join(line for lines in number.lines for line in lines)
    return f"{digits} {slide.title}".strip()


def plan(deck: Deck, layout: SlideLayout, art: Mapping, stamp: Stamp = Stamp()) -> SlidesPlan:
    """The deck's slides exactly as laid out for deck.pptx, on the same template, with every
    chart as a picture (drawn here as its vectors)."""
    layout.require_art(art)
    return SlidesPlan(layout.slides, layout.template, layout.backgrounds, art, deck.meta, stamp)


@binary
def emit(planned: SlidesPlan, out: Path) -> int:
    """Write slides.pdf (through a temporary file) and return its page count."""
    from notedeck.render.provenance import stamp_pdf
    from notedeck.render.pdfkit.slide import SlideArtist
    from notedeck.render.pdfkit.pdffile import new_canvas
    from notedeck.render.pdfkit.slidetags import SlideTags, slide_headings
    from notedeck.render.pdfkit.tagging import page

    artist = SlideArtist(planned.template, planned.look, planned.charts)
    canvas, buffer = new_canvas((artist.width, artist.height), planned.meta)
    stamp_pdf(canvas, planned.meta, planned.stamp)
    entries = zip(planned.slides, planned.outline(), slide_headings(planned.slides))
    for number, (slide, (level, title), heading) in enumerate(entries, start=1):
        key = f"slide{number}"
        canvas.bookmarkPage(key)
        canvas.addOutlineEntry(title or f"Slide {number}", key, level=level, closed=False)
        with page(canvas):
            artist.draw(canvas, slide, SlideTags(canvas.tags, slide, heading))
        canvas.showPage()
    canvas.showOutline()
    canvas.save()
    Path(out).write_bytes(buffer.getvalue())
    return len(planned.slides)
