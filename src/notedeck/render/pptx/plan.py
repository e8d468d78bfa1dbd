"""Plan a deck's slides as plain data: layouts, boxes, sizes, wrapped lines, continuations.

Pure: reads the Deck, the template's geometry (layouts.Template) and each
chart's drawn size; returns PlannedSlides that pptx.py emits thinly. Every
text is measured here with the font's metrics, so nothing runs outside its
box; what cannot be made to fit fails here, naming the slide.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from notedeck.errors import fail
from notedeck.model import (Labels, fill_slots, Origin, BulletList, Callout, ChartSlide, ContentSlide, Deck, Heading, Paragraph, Run, SectionSlide, Slide, Source, SourcesSlide, Stats, Table, TableSlide, TitleSlide)
from notedeck.render.pptx import fit
from notedeck.render.pptx.layouts import Box, Frame, Template
from notedeck.render.pptx.blocks import BlockStack, FlowText, PPara, PText, text_frame
from notedeck.render.pptx.table import plan_table_pages
from notedeck.theme import PALETTE, TYPE

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
class PlannedSlide:
    layout: str
    title: str
    shapes: tuple                # PText | PTable | PPicture | PRect, in z-order
    notes: tuple[str, ...]
    footer: PText | None         # None on the title slide
    number: PText | None         # the slide number, a field


class _Where:
    """Names the slide a problem is on, at the place in the note it comes from:
    'sections/02-x.md:14: slide 7 'Budgets': ...' (else 'deck.pptx: slide 7 ...')."""

    def __init__(self, file: str, index: int, title: str, origin: Origin | None = None,
                 labels: Labels = Labels()):
        self.file, self.line = (origin.file, origin.line) if origin else (file, None)
        self.index, self.title, self.labels = index, title, labels

    def continued(self, title: str) -> str:
        """The title of a slide's continuation, in the deck's language: "Budgets (cont.)"."""
        return fit.continuation_title(title, self.labels.continued_title)

    def error(self, message: str):
        return fail(self.file, f"slide {self.index} {self.title!r}: {message}", line=self.line)


def plan(deck: Deck, art_sizes: Mapping[str, tuple[float, float]], template: Template,
         file: str = "deck.pptx") -> tuple[PlannedSlide, ...]:
    """Every output slide, in order, with continuations; raises NotedeckError when a text
    cannot be made to fit."""
    pages: list[tuple[PlannedSlide, _Where, str]] = []
    for index, slide in enumerate(deck.slides, start=1):
        where = _Where(file, index, fit.clean(getattr(slide, "title", "")), slide.origin,
                       deck.meta.labels)
        section = slide.number if isinstance(slide, SectionSlide) else getattr(slide, "section", "")
        for page in _plan_slide(slide, deck, art_sizes, template, where):
            pages.append((page, where, fit.clean(section).strip()))
    footer = fit.clean(deck.meta.footer).strip()
    return tuple(_with_footer(page, number, footer, section, template, where)
                 for number, (page, where, section) in enumerate(pages, start=1))


def _plan_slide(slide: Slide, deck, art_sizes, template, where) -> list[PlannedSlide]:
    match slide:
        case TitleSlide():
            return [_title_slide(slide, template, where)]
        case SectionSlide():
            return [_section_slide(slide, template, where)]
        case ContentSlide():
            return _content_slides(slide, template, where)
        case TableSlide():
            return _table_slides(slide, template, where)
        case ChartSlide():
            return _chart_slides(slide, art_sizes, template, where)
        case SourcesSlide():
            return _sources_slides(slide, template, where)
    raise where.error(f"unknown slide type {type(slide).__name__}; known: TitleSlide, "
                      "SectionSlide, ContentSlide, TableSlide, ChartSlide, SourcesSlide")


# --- shared pieces -------------------------------------------------------------------

def _fitted(where: _Where, what: str, role: str, frame: Frame, paras: Sequence[PPara],
            sizes: tuple[float, float], line_spacing: float = 1.0, box: Box | None = None,
            anchor: str | None = None) -> PText:
    """Paragraphs shrunk to fit a placeholder; fails naming the slide when they cannot."""
    result = text_frame(role, frame, paras, sizes, line_spacing, box=box, anchor=anchor)
    if result is None:
        raise where.error(f"{what} does not fit its box even at {sizes[1]:g} pt; shorten it")
    return result


def _title(where: _Where, template: Template, layout: str, title: str) -> PText:
    paras = [PPara(fit.clean_runs((Run(title, bold=True),)))]
    return _fitted(where, "title", "title", template.frame(layout, "title"), paras, TITLE,
                   TITLE_SPACING)


def _notes(notes: Sequence[str]) -> tuple[str, ...]:
    return tuple(text for text in (fit.clean(n).strip() for n in notes) if text)


def _with_footer(slide: PlannedSlide, number: int, footer: str, section: str,
                 template: Template, where: _Where) -> PlannedSlide:
    """The footer ("Footer · 01") and the slide number, on every slide but the title."""
    if slide.layout == "Title":
        return slide
    text = " \u00b7 ".join(part for part in (footer, section) if part)
    footer_text = _fitted(where, "footer", "footer", template.frame(slide.layout, "footer"),
                          [PPara((Run(text),))], FOOTER)
    digits = _fitted(where, "slide number", "slide_number",
                     template.frame(slide.layout, "slide_number"),
                     [PPara((Run(str(number)),), align="r")], FOOTER)
    return replace(slide, footer=footer_text, number=digits)


# --- title and section ----------------------------------------------------------------

def _title_slide(slide: TitleSlide, template: Template, where: _Where) -> PlannedSlide:
    frame = lambda role: template.frame("Title", role)   # noqa: E731
    shapes = [
        _fitted(where, "title", "title", frame("title"),
                [PPara(fit.clean_runs((Run(slide.title, bold=True),)))], DECK_TITLE,
                TITLE_SPACING),
    ]
    if fit.clean(slide.subtitle).strip():
        shapes.append(_fitted(where, "subtitle", "subtitle", frame("subtitle"),
                              [PPara(fit.clean_runs((Run(slide.subtitle),)))], SUBTITLE))
    details = [PPara(fit.clean_runs((Run(text, bold=i == 0 and len(lines) > 1),)),
                     space_before=0.25)
               for lines in [[t for t in (slide.audience, slide.date) if fit.clean(t).strip()]]
               for i, text in enumerate(lines)]
    if details:
        shapes.append(_fitted(where, "audience and date", "details", frame("details"),
                              details, DETAILS))
    return PlannedSlide("Title", fit.clean(slide.title), tuple(shapes), _notes(slide.notes),
                        None, None)


def _section_slide(slide: SectionSlide, template: Template, where: _Where) -> PlannedSlide:
    frame = lambda role: template.frame("Section", role)   # noqa: E731
    shapes = [
        _fitted(where, "section number", "number", frame("number"),
                [PPara((Run(fit.clean(slide.number), bold=True),))], SECTION_NUMBER),
        _fitted(where, "title", "title", frame("title"),
                [PPara(fit.clean_runs((Run(slide.title, bold=True),)))], SECTION_TITLE,
                TITLE_SPACING),
    ]
    if fit.clean(slide.headline).strip():
        shapes.append(_fitted(where, "headline", "headline", frame("headline"),
                              [PPara(fit.clean_runs((Run(slide.headline),)))], HEADLINE,
                              box=_below(shapes[-1], frame("title"), frame("headline"))))
    return PlannedSlide("Section", fit.clean(slide.title), tuple(shapes), _notes(slide.notes),
                        None, None)


def _text_height(text: PText) -> float:
    """Inches a planned text takes inside its insets."""
    heights = [len(lines) * fit.line_height(text.size * p.scale, text.line_spacing)
               for lines, p in zip(text.lines, text.paras)]
    spaces = [p.space_before * text.size * p.scale for p in text.paras[1:]]
    return (sum(heights) + sum(spaces)) / fit.PT_PER_IN


def _below(above: PText, above_frame: Frame, frame: Frame, gap: float = 0.3) -> Box | None:
    """The frame's box moved up to sit `gap` under a top-anchored text that leaves room."""
    if above_frame.anchor != "t":
        return None
    y = above_frame.box.y + above_frame.insets[1] + _text_height(above) + gap
    if y >= frame.box.y:
        return None
    return Box(frame.box.x, y, frame.box.w, frame.box.bottom - y)


def _shrink_to_text(text: PText, frame: Frame) -> PText:
    """A filled panel only as tall as its text."""
    h = _text_height(text) + frame.insets[1] + frame.insets[3] + 0.05
    if frame.anchor != "t" or h >= frame.box.h:
        return text
    box = Box(frame.box.x, frame.box.y, frame.box.w, h)
    return PText(text.role, box, text.paras, text.size, text.insets, text.lines,
                 text.line_spacing, text.anchor, text.fill)


# --- content: blocks, shrunk, then split -----------------------------------------------

def _content_slides(slide: ContentSlide, template: Template,
                    where: _Where) -> list[PlannedSlide]:
    frame = template.frame("Content", "body")
    units = fit.block_units(_check_blocks(slide.blocks, where, "a content slide"))
    if not units:
        return [PlannedSlide("Content", fit.clean(slide.title),
                             (_title(where, template, "Content", slide.title),),
                             _notes(slide.notes), None, None)]
    stack = BlockStack(frame)
    result = fit.split(units, stack.height, frame.box.h, *BODY)
    if result is None:
        raise where.error("a paragraph or row of figures does not fit a slide on its own even "
                          f"at {BODY[1]:g} pt; shorten it")
    out = []
    for page_no, page in enumerate(result.pages):
        title = slide.title if page_no == 0 else where.continued(slide.title)
        shapes = (_title(where, template, "Content", title),
                  *stack.shapes(page, result.size))
        notes = (_notes(slide.notes) if page_no == 0
                 else _continued(slide.title, slide.notes, where))
        out.append(PlannedSlide("Content", fit.clean(title), shapes, notes, None, None))
    return out


def _continued(title: str, notes: Sequence[str], where: _Where) -> tuple[str, ...]:
    return (fill_slots(where.labels.continued_notes, title=fit.clean(title)), *_notes(notes))


def _check_blocks(blocks, where: _Where, place: str) -> tuple:
    allowed = (Paragraph, Heading, BulletList, Stats, Callout)
    for block in blocks:
        if not isinstance(block, allowed):
            raise where.error(f"a {type(block).__name__} cannot appear on {place}; "
                              "allowed: Paragraph, Heading, BulletList, Stats, Callout")
    return tuple(blocks)


def _caption_paras(blocks, where: _Where, lead: str = "") -> list[PPara]:
    paras = [PPara(fit.clean_runs((Run(lead),)))] if fit.clean(lead).strip() else []
    for unit in fit.block_units(_check_blocks(blocks, where, "a caption")):
        if isinstance(unit.block, Stats):
            raise where.error("figures (Stats) cannot appear in a caption")
        paras.append(PPara(fit.clean_runs(unit.runs), space_before=0.3))
    return paras


# --- tables ------------------------------------------------------------------------

def _table_slides(slide: TableSlide, template: Template, where: _Where) -> list[PlannedSlide]:
    table_frame = template.frame("Table", "table")
    caption_frame = template.frame("Table", "caption")
    caption = _caption_paras(slide.caption, where, slide.table.caption)
    area = Box(table_frame.box.x, table_frame.box.y, table_frame.box.w,
               caption_frame.box.bottom - table_frame.box.y)
    pages = plan_table_pages(_clean_table(slide.table), area, caption, caption_frame,
                             GAP, CAPTION)
    if pages is None:
        raise where.error("the table does not fit a slide even at its minimum size with one "
                          "row per slide; shorten its cells")
    out = []
    for page_no, (table, caption_text) in enumerate(pages):
        title = slide.title if page_no == 0 else where.continued(slide.title)
        shapes = (_title(where, template, "Table", title), table,
                  *((caption_text,) if caption_text else ()))
        notes = (_notes(slide.notes) if page_no == 0
                 else _continued(slide.title, slide.notes, where))
        out.append(PlannedSlide("Table", fit.clean(title), shapes, notes, None, None))
    return out


def _clean_table(table: Table) -> Table:
    return Table(table.name, fit.clean(table.caption), tuple(fit.clean(h) for h in table.header),
                 tuple(tuple(fit.clean(c) for c in row) for row in table.rows),
                 table.align, table.highlight)


# --- charts --------------------------------------------------------------------------

def _chart_slides(slide: ChartSlide, art_sizes, template: Template,
                  where: _Where) -> list[PlannedSlide]:
    """The chart with its text beside it; text too long for beside it follows on its own slide."""
    try:
        return [_chart_slide(slide, art_sizes, template, where)]
    except _SideOverflow:
        alone = replace(slide, side=())
        rest = ContentSlide(where.continued(slide.title), slide.side,
                            _continued(slide.title, slide.notes, where), slide.section)
        return [_chart_slide(alone, art_sizes, template, where),
                *_content_slides(rest, template, where)]


class _SideOverflow(Exception):
    """The blocks beside a chart need more room than the side frame has."""


def _chart_slide(slide: ChartSlide, art_sizes, template: Template,
                 where: _Where) -> PlannedSlide:
    layout = "Chart and Text" if slide.side else "Chart"
    name = slide.chart.name
    if name not in art_sizes:
        raise where.error(f"no chart art named {name!r}; drawn charts: "
                          f"{', '.join(sorted(art_sizes)) or 'none'}")
    chart_frame = template.frame(layout, "chart")
    caption_frame = template.frame(layout, "caption")
    shapes: list = [_title(where, template, layout, slide.title)]
    bottom = caption_frame.box.bottom
    caption = _caption_paras(slide.caption, where)
    if caption:
        caption_text = _fitted(where, "chart caption", "caption", caption_frame, caption,
                               CAPTION, box=_stretch_up(caption_frame, caption))
        bottom = caption_text.box.y - GAP / 2
        shapes.append(caption_text)
    area = Box(chart_frame.box.x, chart_frame.box.y, chart_frame.box.w,
               bottom - chart_frame.box.y)
    shapes.insert(1, PPicture(_place(area, art_sizes[name]), name,
                              fit.clean(slide.chart.alt_text), fit.clean(slide.chart.title)))
    if slide.side:
        side = template.frame(layout, "side")
        stack = BlockStack(side)
        units = fit.block_units(_check_blocks(slide.side, where, "a chart's side"))
        result = fit.split(units, stack.height, side.box.h, *BODY)
        if result is None or len(result.pages) > 1:
            raise _SideOverflow()
        shapes.extend(stack.shapes(result.pages[0], result.size, role="side"))
    return PlannedSlide(layout, fit.clean(slide.title), tuple(shapes), _notes(slide.notes),
                        None, None)


def _stretch_up(frame: Frame, paras: Sequence[PPara]) -> Box:
    """The caption's box grown upward from the frame's bottom when its text needs more room."""
    _, height = fit.measure([p.measure_para() for p in paras], frame.inner_w, CAPTION[0])
    need = height + frame.insets[1] + frame.insets[3]
    h = max(frame.box.h, min(need, 2 * frame.box.h + 0.6))
    return Box(frame.box.x, frame.box.bottom - h, frame.box.w, h)


def _place(area: Box, size: tuple[float, float]) -> Box:
    """The chart at its drawn size, scaled down to fit the area, centred across it."""
    w, h = size
    scale = min(1.0, area.w / w, area.h / h)
    w, h = w * scale, h * scale
    return Box(area.x + (area.w - w) / 2, area.y, w, h)


# --- sources -------------------------------------------------------------------------

def _source_paras(source: Source) -> list[PPara]:
    head = fit.clean_runs((Run(f"{source.author}, "), Run(source.title, italic=True),
                           Run(f". {source.kind}" if source.kind else "")))
    paras = [PPara(head, space_before=0.7)]
    if fit.clean(source.note).strip():
        paras.append(PPara(fit.clean_runs((Run(source.note),)), space_before=0.15, scale=0.85,
                           colour=PALETTE.muted))
    return paras


def _sources_slides(slide: SourcesSlide, template: Template,
                    where: _Where) -> list[PlannedSlide]:
    frame = template.frame("Sources", "sources")
    flow = FlowText(frame)

    def height(sources: Sequence[Source], size: float) -> float:
        return flow.height([p for s in sources for p in _source_paras(s)], size)

    result = fit.split(list(slide.sources), height, frame.box.h, *SOURCES)
    if result is None:
        raise where.error(f"a source does not fit the slide even at {SOURCES[1]:g} pt")
    boundaries = [PPara(fit.clean_runs((Run(text),)), space_before=0.6)
                  for text in slide.boundaries if fit.clean(text).strip()]
    out = []
    for page_no, page in enumerate(result.pages):
        title = slide.title if page_no == 0 else where.continued(slide.title)
        shapes = [_title(where, template, "Sources", title)]
        if page:
            paras = [p for s in page for p in _source_paras(s)]
            shapes.append(flow.text("sources", paras, result.size))
        if boundaries and page_no == 0:
            panel = template.frame("Sources", "boundaries")
            shapes.append(_shrink_to_text(_fitted(where, "boundaries", "boundaries", panel,
                                                  boundaries, SOURCES), panel))
        notes = (_notes(slide.notes) if page_no == 0
                 else _continued(slide.title, slide.notes, where))
        out.append(PlannedSlide("Sources", fit.clean(title), tuple(shapes), notes, None, None))
    return out
