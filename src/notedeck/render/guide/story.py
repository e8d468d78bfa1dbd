"""The guide's flowables: title block, run sheet, and each section's slides with notes and clock."""

from __future__ import annotations

from reportlab.lib.enums import TA_RIGHT
from reportlab.platypus import Flowable, Spacer
from reportlab.platypus import Paragraph as P
from reportlab.platypus import Table, TableStyle

from notedeck.deck import BulletList, Exercise, Paragraph, SectionSlide, fill_slots
from notedeck.render.guide.entry import SlideEntry, Thumbnail
from notedeck.render.pdfkit.flow import Chain
from notedeck.render.pdfkit.pieces import paragraphs
from notedeck.render.pdfkit.styles import (ACCENT, BAND, BOLD, MUTED, REGULAR, RULE, Styles, _style, esc, markup)
from notedeck.render.pdfkit.tagging import building
from notedeck.render.pdfkit.tagstory import TITLE, group, heading, mark, mark_pieces, unmarked

NOTE = _style("guide_note", 9.5, 13, spaceAfter=4, allowWidows=0, allowOrphans=0)
META = _style("guide_meta", 9, 12, BOLD, ACCENT, spaceAfter=3)
ONLY = _style("guide_only", 9.5, 13, spaceAfter=4, leftIndent=8, borderPadding=(3, 4, 3, 6),
              backColor=BAND, allowWidows=0, allowOrphans=0)
CELL = _style("guide_cell", 9.5, 12.5)
CELL_R = _style("guide_cell_r", 9.5, 12.5, alignment=TA_RIGHT)
HEAD = _style("guide_head", 9.5, 12.5, BOLD)
HEAD_R = _style("guide_head_r", 9.5, 12.5, BOLD, alignment=TA_RIGHT)


def story(planned, thumb_width: float) -> list[Flowable]:
    """The title block, the run sheet, the slides: built in this order, the tree's order."""
    title = _title(planned)
    run_sheet = _run_sheet(planned)
    return title + run_sheet + _slides(planned, thumb_width)


def _title(planned) -> list[Flowable]:
    meta, words = planned.deck.meta, planned.deck.meta.labels.guide
    out = [mark("P", P(esc(words.title), Styles.kicker)),
           heading(TITLE, P(esc(meta.title), Styles.title))]
    if meta.audience:
        out.append(mark("P", P(esc(fill_slots(words.for_audience, audience=meta.audience)),
                               Styles.subtitle)))
    out.append(mark("P", P(esc(planned.clock.session), Styles.byline)))
    return out


def _run_sheet(planned) -> list[Flowable]:
    text, words = planned.clock, planned.deck.meta.labels.guide
    title = heading(1, P(esc(words.run_sheet), Styles.heading))
    with group("Table"):
        rows = [_row([P(esc(words.starts), HEAD), P(esc(words.section), HEAD),
                      P(esc(words.slides), HEAD_R), P(esc(words.minutes), HEAD_R)], "TH")]
        for row in text.rows:
            rows.append(_row([P(esc(row.start), CELL), P(esc(row.section), CELL),
                              P(esc(row.slides), CELL_R), P(esc(row.minutes), CELL_R)]))
        rows.append(_row([P(esc(text.end), HEAD), P(esc(words.end), HEAD), P("", CELL),
                          P(esc(text.total), HEAD_R)]))
    table = Table(rows, colWidths=[50, None, 50, 80], hAlign="LEFT", repeatRows=1,
                  style=TableStyle([
                      ("FONTNAME", (0, 0), (-1, -1), REGULAR),
                      ("BACKGROUND", (0, 0), (-1, 0), BAND),
                      ("LINEBELOW", (0, 0), (-1, 0), 1, ACCENT),
                      ("LINEBELOW", (0, 1), (-1, -2), 0.4, RULE),
                      ("LINEABOVE", (0, -1), (-1, -1), 0.8, MUTED),
                      ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    return [title, table, Spacer(1, 6)]


def _row(cells: list[P], role: str = "TD") -> list[Flowable]:
    """One row of the run sheet, its cells marked (header cells with their column's scope)."""
    with group("TR"):
        return [mark(role, cell, **({"scope": "Column"} if role == "TH" else {}))
                for cell in cells]


def _slides(planned, thumb_width: float) -> list[Flowable]:
    """One chain per section (its heading glued to its first slide); entries split freely."""
    deck, words = planned.deck, planned.deck.meta.labels.guide
    labels = _labels(words)
    artist = None
    groups: list[list[Flowable]] = [[heading(1, P(esc(words.by_slide), Styles.heading))]]
    for k, slide in enumerate(planned.layout.slides):
        model = deck.slides[slide.source] if slide.source >= 0 else None
        first_of_source = k == 0 or planned.layout.slides[k - 1].source != slide.source
        if isinstance(model, SectionSlide) and first_of_source:
            groups.append([heading(2, P(esc(f"{model.number}  {model.title}"),
                                        Styles.subheading))])
            for kind, runs in _passages(model.facilitator):
                groups[-1] += mark_pieces("P", paragraphs(labels[kind] + markup(runs), ONLY))
        if artist is None:
            from notedeck.render.pdfkit.slide import SlideArtist

            artist = SlideArtist(planned.layout.template, planned.layout.backgrounds,
                                 planned.art)
        with group("Sect"):
            column, glued = [mark("P", P(esc(planned.clock.slides[k]), META))], [True]
            thumb = Thumbnail(artist, slide, _slide_tags(slide), thumb_width)
            for note in _notes(slide, model, first_of_source, deck):
                pieces = mark_pieces("P", paragraphs(esc(note), NOTE))
                column += pieces
                glued += [False] * len(pieces)
            if model is not None and first_of_source and not isinstance(model, SectionSlide):
                for kind, runs in _passages(getattr(model, "facilitator", ())):
                    pieces = mark_pieces("P", paragraphs(labels[kind] + markup(runs), ONLY))
                    column += pieces              # an exercise stays with what to listen for
                    glued += [False] * (len(pieces) - 1) + [kind == "ask"]
        groups[-1].append(SlideEntry(thumb, column, glued))
        groups[-1].append(Spacer(1, 10))
    return [Chain(group, [_heading(item) for item in group]) for group in groups if group]


def _slide_tags(slide):
    """The thumbnail's elements (its text as paragraphs: the guide's headings are its own),
    when the guide is tagged."""
    tags = building()
    if tags is None:
        return None
    from notedeck.render.pdfkit.slidetags import SlideTags

    return SlideTags(tags, slide, heading=None, role="Div")


def _notes(slide, model, first: bool, deck) -> tuple[str, ...]:
    """A slide's speaker notes, once: a slide continued from the one before says only that
    it continues it (the deck repeats the notes on each part; the guide prints them once)."""
    if first or model is None:
        return tuple(slide.notes)
    title = getattr(model, "title", "") or slide.title
    return (fill_slots(deck.meta.labels.continued_notes, title=" ".join(title.split())),)


def _heading(item: Flowable) -> bool:
    """Headings stay with what follows them; anything else may end a page."""
    item = unmarked(item)
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


def _labels(words) -> dict[str, str]:
    """What leads each kind of facilitator passage, as markup."""
    return {"para": "", "item": "\u2022 ", "ask": f"<b>{esc(words.exercise)}</b> ",
            "listen": f"<b>{esc(words.listen)}</b> "}
