"""Layouts drawn for another slide size (an A4 portrait deck whose layouts were drawn for a 10 x
7.5 in landscape slide) with their placeholders scaled into the slide, and a warning saying so.

The size the layouts were drawn for is read from their placeholders: as far right and down
as they reach, with the margin they keep at the top and left. Placeholders are scaled on each
axis from that size to the slide's; the template's own pictures and shapes stay where they
are (PowerPoint and LibreOffice draw them so). Where only a few layouts reach past the slide
(a template drawn for its size, with one overlong box), those placeholders are clipped to
the slide instead, and the rest keep their places.
"""

from __future__ import annotations

from dataclasses import replace

from notedeck.errors import Location, Problem
from notedeck.template.boxes import Box
from notedeck.template.geometry import Placeholder, TemplateInfo

PAST_EDGE = 0.05             # a placeholder past the slide's edge by more than this share of
                             # the slide's side says the layouts were drawn for another size


def fit_slide(info: TemplateInfo) -> tuple[TemplateInfo, list[Problem]]:
    """The template with every placeholder scaled into the slide when the layouts reach far
    past it; else as it is."""
    boxes = [ph.box for ph in _all(info) if ph.box is not None]
    if not boxes:
        return info, []
    right, bottom = max(b.right for b in boxes), max(b.bottom for b in boxes)
    if right <= info.slide_w * (1 + PAST_EDGE) and bottom <= info.slide_h * (1 + PAST_EDGE):
        return info, []
    layouts = [layout for master in info.masters for layout in master.layouts]
    past = [layout for layout in layouts if any(_past(ph, info) for ph in layout.placeholders)]
    if 2 * len(past) <= len(layouts):
        return _clipped(info, past)
    left, top = max(min(b.x for b in boxes), 0.0), max(min(b.y for b in boxes), 0.0)
    drawn_w, drawn_h = max(right + left, info.slide_w), max(bottom + top, info.slide_h)
    sx, sy = info.slide_w / drawn_w, info.slide_h / drawn_h

    def scaled(ph: Placeholder | None) -> Placeholder | None:
        if ph is None or ph.box is None:
            return ph
        b = ph.box
        return replace(ph, box=Box(b.x * sx, b.y * sy, b.w * sx, b.h * sy), pinned=True)

    masters = tuple(replace(master, footer=scaled(master.footer), number=scaled(master.number),
                            layouts=tuple(replace(layout, placeholders=tuple(
                                map(scaled, layout.placeholders)))
                                for layout in master.layouts))
                    for master in info.masters)
    note = Problem(Location(info.file), (
        f"the slide is {info.slide_w:.2f} x {info.slide_h:.2f} in, but the layouts' "
        f"placeholders reach {right:.2f} x {bottom:.2f} in: they were drawn for a slide of "
        f"about {drawn_w:.2f} x {drawn_h:.2f} in. notedeck scales them into the slide "
        f"({sx:.2f} across, {sy:.2f} down); the template's pictures and shapes stay where they "
        "are. To draw the layouts for this size, change the slide size with them scaled "
        "(PowerPoint: Design > Slide Size > Ensure Fit; LibreOffice: Slide > Slide "
        "Properties, with 'Fit object to paper format')"), "warning")
    return replace(info, masters=masters), [note]


def _past(ph: Placeholder | None, info: TemplateInfo) -> bool:
    return ph is not None and ph.box is not None and (
        ph.box.right > info.slide_w * (1 + PAST_EDGE)
        or ph.box.bottom > info.slide_h * (1 + PAST_EDGE))


def _clipped(info: TemplateInfo, past: list) -> tuple[TemplateInfo, list[Problem]]:
    """The template with each placeholder that reaches past the slide cut to the slide."""
    def clip(ph: Placeholder | None) -> Placeholder | None:
        if not _past(ph, info):
            return ph
        b = ph.box
        x, y = max(b.x, 0.0), max(b.y, 0.0)
        return replace(ph, box=Box(x, y, max(min(b.right, info.slide_w) - x, 0.0),
                                   max(min(b.bottom, info.slide_h) - y, 0.0)), pinned=True)

    masters = tuple(replace(master, footer=clip(master.footer), number=clip(master.number),
                            layouts=tuple(replace(layout, placeholders=tuple(
                                map(clip, layout.placeholders)))
                                for layout in master.layouts))
                    for master in info.masters)
    named = ", ".join(layout.label() for layout in past[:4]) + (
        f" and {len(past) - 4} more" if len(past) > 4 else "")
    note = Problem(Location(info.file), (
        f"placeholders of {named} reach past the {info.slide_w:.2f} x {info.slide_h:.2f} in "
        "slide; notedeck cuts them to the slide's edges"), "warning")
    return replace(info, masters=masters), ([note] if past else [])


def _all(info: TemplateInfo):
    for master in info.masters:
        yield from (ph for ph in (master.footer, master.number) if ph is not None)
        for layout in master.layouts:
            yield from layout.placeholders
