"""The printable handout: Deck -> handout.pdf with reportlab.

Everything is set in the bundled Liberation Sans, embedded. Charts go in as
vectors (their SVG through svglib); only if svglib cannot read one does the
PNG go in, no larger than keeps 300 dpi. The file is reproducible: reportlab's
invariant mode (a fixed creation date and document id).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from io import BytesIO
from pathlib import Path

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, KeepTogether, PageTemplate
from reportlab.platypus import Paragraph as P

from notedeck.model import ChartArt, Deck, HandoutSection, Heading, Labels, Meta, Source, fill_slots
from notedeck.render.pdf.blocks import Place, block_flowables, heading
from notedeck.render.pdf.layout import Paper, paper as paper_named
from notedeck.render.pdf.styles import (ACCENT, MUTED, REGULAR, RULE, SMALL, Styles, clean, esc,
                                        hex_of, register_fonts)

# A chart takes at most this share of the text block's height: a third of a
# page keeps its lettering (drawn for slides) legible without crowding out text.
CHART_HEIGHT_SHARE = 0.33


@dataclass(frozen=True)
class HandoutPlan:
    deck: Deck
    art: Mapping[str, ChartArt]
    sheet: Paper


def plan(deck: Deck, art: Mapping[str, ChartArt], paper: str) -> HandoutPlan:
    """The handout's page geometry; reportlab's platypus flows the text when it is emitted."""
    return HandoutPlan(deck, art, paper_named(paper))


def emit(planned: HandoutPlan, out: Path) -> int:
    """Write the handout to `out`; returns its number of pages."""
    sheet, deck = planned.sheet, planned.deck
    register_fonts()
    story = _story(deck, Place(sheet.text_width, sheet.text_height * CHART_HEIGHT_SHARE,
                               planned.art))
    buffer = BytesIO()
    doc = _document(buffer, deck.meta, sheet)
    doc.build(story, canvasmaker=partial(_FooterCanvas, footer=clean(deck.meta.footer),
                                         paper=sheet, page=deck.meta.labels.page))
    Path(out).write_bytes(buffer.getvalue())
    return doc.page


def _document(target: BytesIO, meta: Meta, sheet: Paper) -> BaseDocTemplate:
    doc = BaseDocTemplate(
        target, pagesize=sheet.size,
        leftMargin=sheet.left, rightMargin=sheet.right,
        topMargin=sheet.top, bottomMargin=sheet.bottom,
        title=clean(meta.title), author=clean(meta.author), subject=clean(meta.subject),
        keywords=[clean(k) for k in meta.keywords], creator="notedeck",
        invariant=1, initialFontName=REGULAR, displayDocTitle=1,
        lang=meta.declared_lang or None,         # the catalogue's /Lang: screen readers' voice
    )
    frame = Frame(sheet.left, sheet.bottom, sheet.text_width, sheet.text_height,
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="text")
    doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    return doc


def _story(deck: Deck, place: Place) -> list[Flowable]:
    story = _title_block(deck.meta)
    for section in deck.handout.sections:
        story += _section(section, place)
    story += _sources(deck.handout.sources, deck.handout.boundaries, deck.meta.labels)
    return story


def _title_block(meta: Meta) -> list[Flowable]:
    story: list[Flowable] = []
    if meta.audience:
        story.append(P(esc(meta.audience), Styles.kicker))
    story.append(P(esc(meta.title), Styles.title))
    if meta.subtitle:
        story.append(P(esc(meta.subtitle), Styles.subtitle))
    byline = "\u2002\u00b7\u2002".join(esc(part) for part in (meta.author, meta.date) if part)
    if byline:
        story.append(P(byline, Styles.byline))
    return story


def _section(section: HandoutSection, place: Place) -> list[Flowable]:
    number = f'<font color="{hex_of(ACCENT)}">{esc(section.number)}</font>\u2003'
    lead: list[Flowable] = [P(number + esc(section.title), Styles.heading)]
    if section.headline:
        lead.append(P(esc(section.headline), Styles.headline))
    story: list[Flowable] = []
    for block in section.blocks:
        if isinstance(block, Heading):          # headings wait for the block they head
            lead.append(heading(block))
            continue
        story += block_flowables(block, place, lead)
        lead = []
    return story + lead


def _sources(sources: tuple[Source, ...], boundaries: tuple[str, ...],
             labels: Labels) -> list[Flowable]:
    """The sources in full, then the boundaries, under headings in the deck's language."""
    story: list[Flowable] = []
    if sources:
        story.append(KeepTogether([P(esc(labels.sources), Styles.heading)] +
                                  [P(source_markup(source), Styles.source)
                                   for source in sources]))
    if boundaries:
        story.append(P(esc(labels.boundaries), Styles.subheading))
        story += [P(esc(text), Styles.boundary) for text in boundaries]
    return story


def source_markup(source: Source) -> str:
    """ "Author, <i>Title</i>. Kind. Note." with empty parts left out."""
    title = f"<i>{esc(source.title)}</i>"
    head = f"{esc(source.author)}, {title}" if source.author else title
    return " ".join(_sentence(part) for part in (head, esc(source.kind), esc(source.note))
                    if part)


def _sentence(text: str) -> str:
    bare = text.removesuffix("</i>")
    return text if bare.rstrip()[-1:] in (".", "?", "!") else text + "."


# --- pages -----------------------------------------------------------------------

class _FooterCanvas(Canvas):
    """Holds every page until the end, then stamps the running footer and
    "page N of M" on each, when M is known."""

    def __init__(self, *args, footer: str, paper: Paper, page: str, **kwargs):
        super().__init__(*args, **kwargs)
        self._footer = footer
        self._paper = paper
        self._page = page
        self._pages: list[dict] = []

    def showPage(self):
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._pages)
        for number, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            self._stamp(number, total)
            super().showPage()
        super().save()

    def _stamp(self, number: int, total: int) -> None:
        sheet = self._paper
        y = sheet.footer_y
        self.saveState()
        self.setStrokeColor(RULE)
        self.setLineWidth(0.5)
        self.line(sheet.left, y + 12, sheet.width - sheet.right, y + 12)
        self.setFont(REGULAR, SMALL)
        self.setFillColor(MUTED)
        page = fill_slots(self._page, number=str(number), total=str(total))
        room = sheet.text_width - stringWidth(page, REGULAR, SMALL) - 24
        self.drawString(sheet.left, y, _shorten(self._footer, room))
        self.drawRightString(sheet.width - sheet.right, y, page)
        self.restoreState()


def _shorten(text: str, width: float) -> str:
    """`text`, cut at a word and ended with an ellipsis if wider than `width`."""
    if stringWidth(text, REGULAR, SMALL) <= width:
        return text
    words = [word for word in text.split(" ") if word]     # no-break spaces hold
    while words and stringWidth(" ".join(words) + "\u2026", REGULAR, SMALL) > width:
        words.pop()
    return " ".join(words) + "\u2026"


