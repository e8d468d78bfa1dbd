"""What the planner returns, and the pieces every kind of slide shares.

A PlannedSlide names its role (the template maps it to a layout), its shapes
in z-order and its notes. Texts are fitted here with the font's metrics; one
that cannot fit fails naming the slide, the placeholder, its layout and the
template, and says what to change.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Sequence

from notedeck.errors import Problem, fail, warning
from notedeck.deck import (BulletList, Callout, Heading, Labels, Origin, Paragraph, Run, Stats,
                            fill_slots)
from notedeck.layout import fit
from notedeck.layout.blocks import PPara, PText, text_frame
from notedeck.template.geometry import Box, Frame
from notedeck.theme import TYPE

# Sizes (pt): (start, minimum). The theme's scale where it has one.
TITLE = (TYPE.slide_title, 24)
DECK_TITLE = (TYPE.slide_section_title, 28)
SUBTITLE = (24, 18)
DETAILS = (18, 14)
SECTION_NUMBER = (TYPE.slide_section_number, 40)
SECTION_TITLE = (TYPE.slide_section_title, 28)
HEADLINE = (24, 18)
BODY = (TYPE.slide_body, TYPE.slide_body_min)
CAPTION = (16, 14)
SOURCES = (18, 14)
FOOTER = (TYPE.slide_footer, 9)
TITLE_SPACING = 0.9          # line spacing of titles

GAP = 0.2                    # inches between a chart or table and its caption


@dataclass(frozen=True)
class PPicture:
    box: Box
    chart: str                   # key into art
    alt_text: str
    name: str


@dataclass(frozen=True)
class ChartPlace:
    """A chart on a slide: the area it may fill and, within it, the drawn chart at its size.
    The deck fills the area with a native chart (or shows the picture); outputs that draw
    slides draw the picture."""

    area: Box
    picture: PPicture
    spec: Any                    # the chart spec, its strings cleaned for XML
    look: Any                    # colours.Look of the slide's role: the chart's colours
    face: Any                    # faces.Face of the chart placeholder: its lettering


@dataclass(frozen=True)
class PlannedSlide:
    role: str                    # title, section, content, chart, chart-and-text, table, sources
    title: str
    shapes: tuple                # PText | PTable | ChartPlace | PRect, in z-order
    notes: tuple[str, ...]
    footer: PText | None         # None on the title slide, or where the layout has none
    number: PText | None         # the slide number, a field
    source: int = -1             # index in deck.slides of the slide this one shows (or continues)
    warnings: tuple = ()         # what was adapted to plan it (Problems, severity "warning")
    # Where each text's lines sit (lines.Line, by text), for outputs that draw slides
    # themselves; set by the layout stage, left out of equality.
    lines: Mapping = field(default_factory=dict, compare=False, repr=False)


class Where:
    """Names the slide a problem is on, at the place in the note it comes from:
    'sections/02-x.md:14: slide 7 'Budgets': ...' (else 'deck.pptx: slide 7 ...')."""

    def __init__(self, file: str, index: int, title: str, template: str,
                 origin: Origin | None = None, labels: Labels = Labels(),
                 relaxed: bool = False):
        self.file, self.line = (origin.file, origin.line) if origin else (file, None)
        self.index, self.title, self.template = index, title, template
        self.labels = labels
        self.relaxed = relaxed        # texts may shrink below their usual smallest size
        self.warnings: list[Problem] = []

    def sizes(self, sizes: tuple[float, float]) -> tuple[float, float]:
        """(start, smallest) for a text: as given, or with the smallest lowered where the
        slide is planned relaxed (its texts do not fit the template at their usual sizes)."""
        if not self.relaxed:
            return sizes
        return sizes[0], fit.relaxed_minimum(sizes[1])

    def relax(self) -> "Where":
        """The same slide, planned again with texts allowed below their usual sizes."""
        again = copy.copy(self)
        again.relaxed, again.warnings = True, []
        return again

    def warn(self, message: str) -> None:
        self.warnings.append(warning(self.file, f"slide {self.index} {self.title!r}: {message}",
                                     line=self.line))

    def continued(self, title: str, part: int = 1) -> str:
        """The title of a slide's continuation, in the deck's language: "Budgets (cont.)", and
        from the second on numbered, "Budgets (cont.) 2", so that no two slides share a title
        (what a screen reader lists a deck by)."""
        text = fit.continuation_title(title, self.labels.continued_title)
        return text if part <= 1 else f"{text} {part}"

    def error(self, message: str):
        return fail(self.file, f"slide {self.index} {self.title!r}: {message}", line=self.line)

    def too_big(self, what: str, frame: Frame, size: float, lead: str = ""):
        """A text that does not fit its placeholder: both remedies, naming the template."""
        place = frame.label or "its box"
        return self.error(f"{lead or what + ' does not fit'} {place} of {self.template} even "
                          f"at {size:g} pt; shorten it or enlarge {place}")


def fitted(where: Where, what: str, slot: str, frame: Frame, paras: Sequence[PPara],
           sizes: tuple[float, float], line_spacing: float = 1.0, box: Box | None = None,
           anchor: str | None = None) -> PText:
    """Paragraphs shrunk to fit a placeholder; fails naming the slide when they cannot."""
    result = text_frame(slot, frame, paras, where.sizes(sizes), line_spacing, box=box,
                        anchor=anchor)
    if result is None and where.relaxed and box is None and frame.room is not None:
        result = text_frame(slot, frame, paras, where.sizes(sizes), line_spacing,
                            box=frame.room, anchor="t")
        if result is not None:
            room = frame.room
            where.warn(f"the {what} does not fit {frame.label} even at "
                       f"{where.sizes(sizes)[1]:g} pt: notedeck lets it run into the free room "
                       f"below, {room.x:.2f}, {room.y:.2f} in ({room.w:.2f} x {room.h:.2f} in); "
                       f"shorten it or enlarge {frame.label}")
    if result is None:
        raise where.too_big(what, frame, where.sizes(sizes)[1])
    return result


def title_text(where: Where, frame: Frame, title: str, sizes=TITLE) -> PText:
    paras = [PPara(fit.clean_runs((Run(title, bold=True),)))]
    return fitted(where, "title", "title", frame, paras, sizes, TITLE_SPACING)


def notes(texts: Sequence[str]) -> tuple[str, ...]:
    return tuple(text for text in (fit.clean(n).strip() for n in texts) if text)


def continued(title: str, texts: Sequence[str], where: Where) -> tuple[str, ...]:
    """A continuation's notes, "Continues “Budgets”." in the deck's language, then its own."""
    return (fill_slots(where.labels.continued_notes, title=fit.clean(title)), *notes(texts))


def check_blocks(blocks, where: Where, place: str) -> tuple:
    allowed = (Paragraph, Heading, BulletList, Stats, Callout)
    for block in blocks:
        if not isinstance(block, allowed):
            raise where.error(f"a {type(block).__name__} cannot appear on {place}; "
                              "allowed: Paragraph, Heading, BulletList, Stats, Callout")
    return tuple(blocks)


def caption_paras(blocks, where: Where, lead: str = "") -> list[PPara]:
    paras = [PPara(fit.clean_runs((Run(lead),)))] if fit.clean(lead).strip() else []
    for unit in fit.block_units(check_blocks(blocks, where, "a caption")):
        if isinstance(unit.block, Stats):
            raise where.error("figures (Stats) cannot appear in a caption")
        paras.append(PPara(fit.clean_runs(unit.runs), space_before=0.3))
    return paras


def strip_frame(frame: Frame, height: float) -> Frame:
    """A caption's room when the layout has no caption placeholder: a strip along the foot of
    the main placeholder, with its insets, written as a text box."""
    h = min(height, frame.box.h / 2)
    box = Box(frame.box.x, frame.box.bottom - h, frame.box.w, h)
    return Frame(box, frame.insets, "b", frame.label, frame.style)
