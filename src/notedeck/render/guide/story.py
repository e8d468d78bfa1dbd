"""The guide's flowables: title block, run sheet, and each section's slides with notes and clock."""

from __future__ import annotations

from reportlab.lib.enums import TA_RIGHT
from reportlab.platypus import Flowable, Spacer
from reportlab.platypus import Paragraph as P
from reportlab.platypus import Table, TableStyle

from notedeck.model import BulletList, Exercise, Paragraph, SectionSlide
from notedeck.render.guide import clock
from notedeck.render.guide.entry import SlideEntry, Thumbnail
from notedeck.render.pdf.flow import Chain
from notedeck.render.pdf.styles import (ACCENT, BAND, BOLD, MUTED, REGULAR, RULE, Styles, _style, esc, markup)

NOTE = _style("guide_note", 9.5, 13, spaceAfter=4, allowWidows=0, allowOrphans=0)
META = _style("guide_meta", 9, 12, BOLD, ACCENT, spaceAfter=3)
ONLY = _style("guide_only", 9.5, 13, spaceAfter=4, leftIndent=8, borderPadding=(3, 4, 3, 6),
              backColor=BAND, allowWidows=0, allowOrphans=0)
CELL = _style("guide_cell", 9.5, 12.5)
CELL_R = _style("guide_cell_r", 9.5, 12.5, alignment=TA_RIGHT)
HEAD = _style("guide_head", 9.5, 12.5, BOLD)
HEAD_R = _style("guide_head_r", 9.5, 12.5, BOLD, alignment=TA_RIGHT)
LABELS = {"para": "", "item": "\u2022 ", "ask": "<b>Exercise.</b> ", "listen": "<b>Listen for:</b> "}


def story(planned, thumb_width: float) -> list[Flowable]:
    return _title(planned) + _run_sheet(planned) + _slides(planned, thumb_width)


def _title(planned) -> list[Flowable]:
    meta, timing = planned.deck.meta, planned.schedule
    out = [P("Facilitator guide", Styles.kicker), P(esc(meta.title), Styles.title)]
    if meta.audience:
        out.append(P(esc(f"For: {meta.audience}"), Styles.subtitle))
    end = clock.clock(planned.start, timing.total)
    out.append(P(esc(f"A session of {clock.duration(timing.total)}, "
                     f"{clock.clock(planned.start, 0)} to {end}. Passages on a tinted ground "
                     "are for you alone: no participant's page shows them."), Styles.byline))
    return out


def _run_sheet(planned) -> list[Flowable]:
    timing, start = planned.schedule, planned.start
    rows = [[P("Starts", HEAD), P("Section", HEAD), P("Slides", HEAD_R), P("Minutes", HEAD_R)]]
    for section in timing.sections:
        rows.append([P(clock.clock(start, section.start), CELL),
                     P(esc(f"{section.number}  {section.title}"), CELL),
                     P(str(section.slides), CELL_R),
                     P(clock.duration(section.seconds) if section.planned else "not planned",
                       CELL_R)])
    rows.append([P(clock.clock(start, timing.total), HEAD), P("End", HEAD), P("", CELL),
                 P(esc(f"total {clock.duration(timing.total)}"), HEAD_R)])
    table = Table(rows, colWidths=[50, None, 50, 80], hAlign="LEFT", repeatRows=1,
                  style=TableStyle([
                      ("FONTNAME", (0, 0), (-1, -1), REGULAR),
                      ("BACKGROUND", (0, 0), (-1, 0), BAND),
                      ("LINEBELOW", (0, 0), (-1, 0), 1, ACCENT),
                      ("LINEBELOW", (0, 1), (-1, -2), 0.4, RULE),
                      ("LINEABOVE", (0, -1), (-1, -1), 0.8, MUTED),
                      ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return [P("Run sheet", Styles.heading), table, Spacer(1, 6)]


def _slides(planned, thumb_width: float) -> list[Flowable]:
    """One chain per section (its heading glued to its first slide); entries split freely."""
    deck, timing, start = planned.deck, planned.schedule, planned.start
    artist = None
    groups: list[list[Flowable]] = [[P("Slide by slide", Styles.heading)]]
    for k, slide in enumerate(planned.slides.slides):
        model = deck.slides[slide.source] if slide.source >= 0 else None
        first_of_source = k == 0 or planned.slides.slides[k - 1].source != slide.source
        if isinstance(model, SectionSlide) and first_of_source:
            groups.append([P(esc(f"{model.number}  {model.title}"), Styles.subheading)])
            groups[-1] += [P(_only(kind, runs), ONLY) for kind, runs in
                           _passages(model.facilitator)]
        if artist is None:
            from notedeck.render.slides.draw import SlideArtist

            artist = SlideArtist(planned.slides.template, planned.slides.look,
                                 planned.slides.charts)
        thumb = Thumbnail(f"slide{k + 1}", lambda canvas, s=slide: artist.draw(canvas, s),
                          (artist.width, artist.height), thumb_width)
        column = [P(esc(f"Slide {k + 1}  \u00b7  {clock.clock(start, timing.starts[k])}  "
                        f"\u00b7  {clock.duration(timing.durations[k])}"), META)]
        column += [P(esc(note), NOTE) for note in slide.notes]
        glued = [True] + [False] * len(slide.notes)
        if model is not None and first_of_source and not isinstance(model, SectionSlide):
            for kind, runs in _passages(getattr(model, "facilitator", ())):
                column.append(P(_only(kind, runs), ONLY))
                glued.append(kind == "ask")       # an exercise stays with what to listen for
        groups[-1].append(SlideEntry(thumb, column, glued))
        groups[-1].append(Spacer(1, 10))
    return [Chain(group, [_heading(item) for item in group]) for group in groups if group]


def _heading(item: Flowable) -> bool:
    """Headings stay with what follows them; anything else may end a page."""
    return isinstance(item, P) and item.style.name in (Styles.heading.name,
                                                        Styles.subheading.name)


def _passages(items) -> list[tuple[str, object]]:
    """Facilitator passages as ("para" | "item" | "ask" | "listen", runs) pieces."""
    out = []
    for item in items:
        match item:
            case Paragraph(runs=runs):
                out.append(("para", runs))
            case BulletList(items=entries):
                out.extend(("item", runs) for runs in entries)
            case Exercise(prompt=prompt, listen_for=listen):
                out.append(("ask", prompt))
                if listen:
                    out.append(("listen", listen))
    return out


def _only(kind: str, runs) -> str:
    return LABELS[kind] + markup(runs)
