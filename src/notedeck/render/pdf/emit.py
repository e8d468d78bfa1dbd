"""The printable handout: Deck -> handout.pdf with reportlab.

Everything is set in the bundled Liberation Sans, embedded. Charts go in as
vectors (their SVG through svglib); only if svglib cannot read one does the
PNG go in, no larger than keeps 300 dpi. Pages break by the rules of print
(render/pdf/paginate.py): no holes, lead-ins and experiments kept whole, no
widows, orphans or headings at a page's foot, no lone section at the end. The file is
tagged (PDF/UA-1, render/pdfkit/tagging.py): the title H1, each section a Sect with an H2,
paragraphs, lists, tables with header cells, charts as figures with their text, in the
note's order. It is reproducible: reportlab's invariant mode (a fixed creation date and
document id).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from reportlab.platypus import Flowable

from notedeck.deck import ChartArt, Deck, Meta, Stamp
from notedeck.render.pdfkit.pieces import Piece as P
from notedeck.render.pdfkit.blocks import Place
from notedeck.render.pdfkit.document import document
from notedeck.render.pdfkit.footer import numbered_canvas
from notedeck.paper import Paper, paper as paper_named
from notedeck.render.pdf.pages import Pages, Where, paginate
from notedeck.render.pdf.paginate import chains, section_items, sources_items
from notedeck.render.pdfkit.flow import Chain
from notedeck.render.pdfkit.styles import Styles, clean, esc, register_fonts
from notedeck.render.pdfkit.tagging import Tags
from notedeck.render.pdfkit.tagstory import TITLE, heading, mark

# A chart takes at most this share of the text block's height: a third of a
# page keeps its lettering (drawn for slides) legible without crowding out text.
CHART_HEIGHT_SHARE = 0.33


@dataclass(frozen=True)
class HandoutPlan:
    """The handout with its pages decided (what each holds, set by reportlab's measures), the
    structure tree its drawing fills in, and what its files carry. Emitted once: drawing
    marks the story's parts as drawn."""

    deck: Deck
    sheet: Paper
    stamp: Stamp
    tags: Tags
    pages: Pages


def plan(deck: Deck, art: Mapping[str, ChartArt], paper: str,
         stamp: Stamp = Stamp()) -> HandoutPlan:
    """Every page of the handout decided before any is drawn (charts by their sizes alone);
    raises NotedeckError, at the note's file and line, for what no page can hold."""
    sheet = paper_named(paper)
    register_fonts()
    tags = Tags(clean(deck.meta.title), deck.meta.lang)
    where: dict[int, Where] = {}
    with tags.building():
        title, chain = _story(deck, Place(sheet.text_width, sheet.text_height
                                          * CHART_HEIGHT_SHARE, art, sheet.text_height), where)
    return HandoutPlan(deck, sheet, stamp, tags, paginate(title, chain, sheet, where))


def emit(planned: HandoutPlan, out: Path) -> int:
    """Draw the planned pages into `out`; returns their number."""
    sheet, deck = planned.sheet, planned.deck
    buffer = BytesIO()
    doc = document(buffer, deck.meta, sheet)
    doc.build(list(planned.pages.story), canvasmaker=numbered_canvas(
        sheet, clean(deck.meta.footer), deck.meta, planned.stamp, planned.tags))
    Path(out).write_bytes(buffer.getvalue())
    return doc.page


def _story(deck: Deck, place: Place, where: dict[int, Where]) -> tuple[list[Flowable], Chain]:
    """The title block, then the sections and the sources as one chain: built in this
    order, the tree's order."""
    title = _title_block(deck.meta)
    sections = [section_items(section, place, where) for section in deck.handout.sections]
    closing = sources_items(deck.handout.sources, deck.handout.boundaries, deck.meta.labels)
    [chain] = chains(sections, closing)
    return title, chain


def _title_block(meta: Meta) -> list[Flowable]:
    story: list[Flowable] = []
    if meta.audience:
        story.append(mark("P", P(esc(meta.audience), Styles.kicker)))
    story.append(heading(TITLE, P(esc(meta.title), Styles.title)))
    if meta.subtitle:
        story.append(mark("P", P(esc(meta.subtitle), Styles.subtitle)))
    byline = "\u2002\u00b7\u2002".join(esc(part) for part in (meta.author, meta.date) if part)
    if byline:
        story.append(mark("P", P(byline, Styles.byline)))
    return story
