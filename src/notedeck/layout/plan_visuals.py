"""Planning the slides that carry blocks, tables and charts, with continuations.

A layout without a caption placeholder still gets its caption: a text box in
a strip along the foot of the table's or chart's placeholder.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from notedeck.deck import ChartSlide, ContentSlide, Table, TableSlide
from notedeck.layout import fit
from notedeck.layout.blocks import BlockStack, PPara
from notedeck.template.geometry import Box, Frame
from notedeck.template.mapping import Template
from notedeck.layout.planned import (BODY, CAPTION, GAP, ChartPlace, PlannedSlide, PPicture, Where, caption_paras, check_blocks, continued, fitted, notes, strip_frame, title_text)
from notedeck.layout.table import TABLE, plan_table_pages


# --- content: blocks, shrunk, then split -----------------------------------------------

def content_slides(slide: ContentSlide, template: Template, where: Where) -> list[PlannedSlide]:
    frame = template.frame("content", "body")
    title_frame = template.frame("content", "title")
    units = fit.block_units(check_blocks(slide.blocks, where, "a content slide"))
    if not units:
        return [PlannedSlide("content", fit.clean(slide.title),
                             (title_text(where, title_frame, slide.title),),
                             notes(slide.notes), None, None)]
    stack = BlockStack(frame, template.look("content"))
    try:
        result = fit.split(units, stack.height, frame.box.h, *where.sizes(BODY))
    except fit.TooManyPages:
        raise where.error(f"the text needs more than {fit.MAX_PAGES} slides even at "
                          f"{where.sizes(BODY)[1]:g} pt in {frame.label or 'its box'} of "
                          f"{where.template}; split it into slides of its own (## Title)"
                          ) from None
    if result is None:
        raise where.too_big("", frame, where.sizes(BODY)[1],
                            "a paragraph or row of figures does not fit on its own in")
    out = []
    for page_no, page in enumerate(result.pages):
        title = slide.title if page_no == 0 else where.continued(slide.title, page_no)
        shapes = (title_text(where, title_frame, title), *stack.shapes(page, result.size))
        page_notes = (notes(slide.notes) if page_no == 0
                      else continued(slide.title, slide.notes, where))
        out.append(PlannedSlide("content", fit.clean(title), shapes, page_notes, None, None))
    return out


# --- tables ------------------------------------------------------------------------

def table_slides(slide: TableSlide, template: Template, where: Where) -> list[PlannedSlide]:
    table_frame = template.frame("table", "table")
    caption = caption_paras(slide.caption, where, slide.table.caption)
    if template.has("table", "caption"):
        caption_frame, caption_slot = template.frame("table", "caption"), "caption"
    else:
        caption_frame, caption_slot = strip_frame(table_frame, table_frame.box.h), ""
    bottom = max(caption_frame.box.bottom, table_frame.box.bottom)
    area = Box(table_frame.box.x, table_frame.box.y, table_frame.box.w,
               bottom - table_frame.box.y)
    captions = CAPTION if not where.relaxed else (where.sizes(CAPTION)[1],) * 2
    try:
        pages = plan_table_pages(_clean_table(slide.table), area, caption, caption_frame, GAP,
                                 captions, caption_slot, table_frame.face,
                                 template.look("table"), where.sizes(TABLE))
    except fit.TooManyPages:
        raise where.error(f"the table's {len(slide.table.rows):,} rows need more than "
                          f"{fit.MAX_PAGES} slides even at {where.sizes(TABLE)[1]:g} pt; show "
                          "fewer rows on a slide (the handout holds the whole table)") from None
    if pages is None:
        raise where.too_big("", table_frame, where.sizes(TABLE)[1], "the table does not fit, "
                            "with one row per "
                            "slide and its caption, in")
    out = []
    for page_no, (table, caption_text) in enumerate(pages):
        title = slide.title if page_no == 0 else where.continued(slide.title, page_no)
        shapes = (title_text(where, template.frame("table", "title"), title), table,
                  *((caption_text,) if caption_text else ()))
        page_notes = (notes(slide.notes) if page_no == 0
                      else continued(slide.title, slide.notes, where))
        out.append(PlannedSlide("table", fit.clean(title), shapes, page_notes, None, None))
    return out


def _clean_table(table: Table) -> Table:
    return Table(table.name, fit.clean(table.caption), tuple(fit.clean(h) for h in table.header),
                 tuple(tuple(fit.clean(c) for c in row) for row in table.rows),
                 table.align, table.highlight)


# --- charts --------------------------------------------------------------------------

def chart_slides(slide: ChartSlide, art_sizes, template: Template,
                 where: Where) -> list[PlannedSlide]:
    """The chart with its text beside it; text too long for beside it follows on its own slide."""
    try:
        return [_chart_slide(slide, art_sizes, template, where)]
    except _SideOverflow:
        alone = replace(slide, side=())
        rest = ContentSlide(where.continued(slide.title), slide.side,
                            continued(slide.title, slide.notes, where), slide.section,
                            slide.origin)
        return [_chart_slide(alone, art_sizes, template, where),
                *content_slides(rest, template, where)]


class _SideOverflow(Exception):
    """The blocks beside a chart need more room than the side frame has."""


def _chart_slide(slide: ChartSlide, art_sizes, template: Template,
                 where: Where) -> PlannedSlide:
    role = "chart-and-text" if slide.side else "chart"
    name = slide.chart.name
    if name not in art_sizes:
        raise where.error(f"no chart art named {name!r}; drawn charts: "
                          f"{', '.join(sorted(art_sizes)) or 'none'}")
    chart_frame = template.frame(role, "chart")
    shapes: list = [title_text(where, template.frame(role, "title"), slide.title)]
    bottom = chart_frame.box.bottom
    caption = caption_paras(slide.caption, where)
    if caption:
        if template.has(role, "caption"):
            frame, slot = template.frame(role, "caption"), "caption"
            bottom = frame.box.bottom
        else:
            frame, slot = strip_frame(chart_frame, 0.5), ""
        text = fitted(where, "chart caption", slot, frame, caption, CAPTION,
                      box=_stretch_up(frame, caption, chart_frame))
        bottom = text.box.y - GAP / 2
        shapes.append(text)
    elif template.has(role, "caption"):
        bottom = template.frame(role, "caption").box.bottom
    area = Box(chart_frame.box.x, chart_frame.box.y, chart_frame.box.w,
               bottom - chart_frame.box.y)
    picture = PPicture(_place(area, art_sizes[name]), name, fit.clean(slide.chart.alt_text),
                       fit.clean(slide.chart.title))
    shapes.insert(1, ChartPlace(area, picture, _clean_spec(slide.chart), template.look(role),
                                chart_frame.face))
    if slide.side:
        side = template.frame(role, "side")
        stack = BlockStack(side, template.look(role))
        units = fit.block_units(check_blocks(slide.side, where, "a chart's side"))
        try:
            result = fit.split(units, stack.height, side.box.h, *where.sizes(BODY))
        except fit.TooManyPages:
            result = None
        if result is None or len(result.pages) > 1:
            raise _SideOverflow()
        shapes.extend(stack.shapes(result.pages[0], result.size, slot="side"))
    return PlannedSlide(role, fit.clean(slide.title), tuple(shapes), notes(slide.notes),
                        None, None)


def _clean_spec(spec):
    """A chart spec with every string cleaned of what XML cannot hold."""
    return _cleaned(spec)


def _cleaned(value):
    from dataclasses import fields, is_dataclass

    if isinstance(value, str):
        return fit.clean(value)
    if isinstance(value, tuple):
        return tuple(_cleaned(v) for v in value)
    if is_dataclass(value):
        return replace(value, **{f.name: _cleaned(getattr(value, f.name)) for f in fields(value)})
    return value


def _stretch_up(frame: Frame, paras: Sequence[PPara], chart: Frame) -> Box:
    """The caption's box grown upward from the frame's bottom when its text needs more room
    (at most to twice its height and never above the chart's middle)."""
    _, height = fit.measure([p.measure_para(frame.style.caps) for p in paras], frame.inner_w,
                            CAPTION[0], face=frame.text_face)
    need = height + frame.insets[1] + frame.insets[3]
    h = max(frame.box.h, min(need, 2 * frame.box.h + 0.6,
                             frame.box.bottom - chart.box.y - chart.box.h / 2))
    return Box(frame.box.x, frame.box.bottom - h, frame.box.w, h)


def _place(area: Box, size: tuple[float, float]) -> Box:
    """The chart at its drawn size, scaled down to fit the area, centred across it."""
    w, h = size
    scale = min(1.0, area.w / w, max(area.h, 0.01) / h)
    w, h = w * scale, h * scale
    return Box(area.x + (area.w - w) / 2, area.y, w, h)
