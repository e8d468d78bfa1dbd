"""Boxes notedeck draws itself where a layout has no placeholder for a part of a role: in the
layout's free area (under its title, or the whole slide on a layout of artwork only), clear of
the layout's pictures, shapes and footers.

A layout with a title but nothing for a chart gets the chart under the title; a layout with
no placeholder at all (a template whose user is meant to add text boxes) gets every part,
title first. Each box is a Placeholder marked `drawn`: the deck writes a text box there, in
the master's title or body style.
"""

from __future__ import annotations

from dataclasses import replace

from notedeck.template.boxes import Box
from notedeck.template.geometry import Layout, Placeholder, TemplateInfo
from notedeck.template.styles import TextStyle

MARGIN = 0.06                # of the slide's side, kept clear at each edge
GAP_IN = 0.1                 # between a drawn box and what it clears
BACKGROUND = 0.5             # a decoration covering this share of the slide is background
MIN_SHARE = 0.25             # a free area smaller than this share of the slide is too small
INSETS = (0.1, 0.05, 0.1, 0.05)
TITLE_SHARE = 0.2            # of the free area, the title's height on a slide of content
CHART_SHARE = 0.58           # of the width, the chart's beside its text


def obstacles(layout: Layout, info: TemplateInfo, keep: tuple = ()) -> list[Box]:
    """What a drawn box keeps clear of: the layout's pictures and shapes but its background,
    its footers and slide numbers, and `keep` (boxes already placed)."""
    slide = info.slide_w * info.slide_h
    found = [d.bounds for d in layout.backdrop.decorations
             if d.bounds.area < BACKGROUND * slide]
    found += [ph.box for ph in layout.placeholders if ph.box is not None and ph.furniture]
    return [_grown(b) for b in (*found, *keep)]


def _grown(box: Box) -> Box:
    return Box(box.x - GAP_IN, box.y - GAP_IN, box.w + 2 * GAP_IN, box.h + 2 * GAP_IN)


def free_area(layout: Layout, info: TemplateInfo, top: float = 0.0,
              keep: tuple = ()) -> Box | None:
    """The largest rectangle below `top`, inside the slide's margins, that no obstacle
    crosses; None when it is smaller than MIN_SHARE of what lies below `top`."""
    mx, my = MARGIN * info.slide_w, MARGIN * info.slide_h
    region = Box(mx, max(my, top), info.slide_w - 2 * mx, info.slide_h - my - max(my, top))
    if region.w <= 0 or region.h <= 0:
        return None
    blocks = [b for b in obstacles(layout, info, keep) if _crosses(b, region)]
    ys = sorted({region.y, region.bottom, *(min(max(v, region.y), region.bottom)
                                            for b in blocks for v in (b.y, b.bottom))})
    best: Box | None = None
    for i, y0 in enumerate(ys):
        for y1 in ys[i + 1:]:
            band = [b for b in blocks if b.y < y1 - 1e-6 and b.bottom > y0 + 1e-6]
            x0, x1 = _widest(region.x, region.right, band)
            found = Box(x0, y0, x1 - x0, y1 - y0)
            if best is None or found.area > best.area + 1e-9:
                best = found
    if best is None or best.area < MIN_SHARE * region.area:
        return None
    return best


def _crosses(a: Box, b: Box) -> bool:
    w, h = a.overlap(b)
    return w > 0 and h > 0


def _widest(left: float, right: float, blocks: list[Box]) -> tuple[float, float]:
    """The widest stretch of [left, right] that no block covers."""
    best, x = (left, left), left
    for b in sorted(blocks, key=lambda b: b.x):
        if b.x > x and b.x - x > best[1] - best[0]:
            best = (x, min(b.x, right))
        x = max(x, b.right)
    if right - x > best[1] - best[0]:
        best = (x, right)
    return best


def drawn(name: str, kind: str, box: Box, style: TextStyle, position: int,
          anchor: str = "t") -> Placeholder:
    """notedeck's own text box for a part of a role, in a master's text style."""
    face = style.box_typeface or style.typeface
    style = replace(style, explicit_colour=style.colour, explicit_typeface=face, tracking=0.0)
    return Placeholder(name, kind, 0, box, INSETS, anchor, position, style=style, drawn=True)


def boxes(role: str, area: Box, has_title: bool) -> dict[str, Box]:
    """Where each part of a role goes in a free area: the title (when the layout has none)
    and the role's main parts."""
    x, y, w, h = area.x, area.y, area.w, area.h
    if role in ("title", "section"):
        title = Box(x, y + 0.2 * h, w, 0.35 * h)
        below = Box(x, title.bottom + GAP_IN, w, 0.25 * h)
        key = "subtitle" if role == "title" else "headline"
        return {"title": title, key: below} if not has_title else {key: area}
    top = y if has_title else y + TITLE_SHARE * h + GAP_IN
    main = Box(x, top, w, area.bottom - top)
    found = {"title": Box(x, y, w, TITLE_SHARE * h)} if not has_title else {}
    if role == "chart-and-text":
        chart = Box(x, top, CHART_SHARE * w, main.h)
        found.update(chart=chart, side=Box(chart.right + 2 * GAP_IN, top,
                                           w - chart.w - 2 * GAP_IN, main.h))
    else:
        found[{"content": "body", "chart": "chart", "table": "table",
               "sources": "sources"}[role]] = main
    return found


def room(ph: Placeholder, layout: Layout, info: TemplateInfo, others: tuple) -> Box | None:
    """Where a placeholder's text may run when it fits nowhere else: down from its top to the
    first obstacle below it (or the slide's bottom margin); None when that adds little."""
    box = ph.box
    below = [b.y for b in obstacles(layout, info, others)
             if b.y >= box.bottom - 0.01 and b.x < box.right and b.right > box.x]
    limit = min([*below, info.slide_h * (1 - MARGIN)])
    if limit - box.y < 1.25 * box.h:
        return None
    return Box(box.x, box.y, box.w, limit - box.y)
