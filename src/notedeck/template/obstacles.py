"""Pictures a template draws where text would go: a text area trimmed clear of them, and a
slide number notedeck draws itself placed beside them.

A template's small pictures (icons, badges, a logo) are drawn in front of the background and
are meant to be seen; a placeholder that runs over one would set text across it (Grey
Elegant's title starts among its corner icons). Large pictures (a photograph behind the whole
slide) are the background, and colour decorations are judged by how text reads on them
(legible.py), not avoided.
"""

from __future__ import annotations

from notedeck.template.backdrop import Decoration
from notedeck.template.boxes import Box
from notedeck.template.paint import Picture

SMALL = 0.1                  # a picture is an obstacle while it covers less than this share of
                             # the slide
GAP_IN = 0.05                # between a trimmed text area and the picture it clears
KEEP = 0.5                   # a side is trimmed only while the area keeps this share of it
STEP_IN = 0.25               # how far a drawn slide number moves at a time to clear a picture


def pictures(layout, slide_area: float) -> list[Box]:
    """Where the small pictures of a layout (its own, its master's) lie on the slide."""
    return [d.bounds for d in layout.backdrop.decorations if _small_picture(d, slide_area)]


def _small_picture(d: Decoration, slide_area: float) -> bool:
    return isinstance(d.fill, Picture) and d.bounds.area < SMALL * slide_area


def clear_of(box: Box, obstacles: list[Box]) -> Box:
    """The box trimmed, one side at a time, clear of every obstacle it overlaps: the side that
    keeps the most of the box, while it keeps at least KEEP of its width or height; an
    obstacle that cannot be cleared so is left where it is."""
    for other in obstacles:
        w, h = box.overlap(other)
        if w <= 0 or h <= 0:
            continue
        choices = [
            Box(other.right + GAP_IN, box.y, box.right - other.right - GAP_IN, box.h),
            Box(box.x, box.y, other.x - GAP_IN - box.x, box.h),
            Box(box.x, other.bottom + GAP_IN, box.w, box.bottom - other.bottom - GAP_IN),
            Box(box.x, box.y, box.w, other.y - GAP_IN - box.y),
        ]
        kept = [c for c in choices if c.w >= KEEP * box.w and c.h >= KEEP * box.h]
        if kept:
            box = max(kept, key=lambda c: c.area)
    return box


def beside(box: Box, obstacles: list[Box], leftmost: float) -> Box:
    """A small box moved left, STEP_IN at a time and no farther than `leftmost`, until it
    overlaps no obstacle; where no place is clear, where it was."""
    x = box.x
    while x >= leftmost - 1e-9:
        moved = Box(x, box.y, box.w, box.h)
        if not any(w > 0 and h > 0 for w, h in (moved.overlap(o) for o in obstacles)):
            return moved
        x -= STEP_IN
    return box
