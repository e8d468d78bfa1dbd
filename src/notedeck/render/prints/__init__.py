"""Printed slides: 1, 2, 3 (with ruled lines for notes), 4 or 6 slides to a page, on A4 or Letter.

One renderer per layout (print1 ... print6), so one build can print 3-up for the
facilitator and 6-up for the room.
"""

from __future__ import annotations

from functools import partial

from notedeck.render.contract import BACKGROUNDS, LAYOUT, Renderer

LAYOUTS = (1, 2, 3, 4, 6)


def _plan(per_page, deck, beside, layout, art, settings):
    from notedeck.render.prints.emit import plan

    return plan(deck, layout, art, settings.paper, per_page, beside.stamp)


def _emit(plan, path) -> int:
    from notedeck.render.prints.emit import emit

    return emit(plan, path)


def _renderer(per_page: int) -> Renderer:
    about = ("3 slides a page with ruled lines for notes" if per_page == 3
             else f"{per_page} slide{'s' if per_page > 1 else ''} a page")
    return Renderer(f"print{per_page}", f"slides-{per_page}up.pdf", "pages", ("paper",),
                    partial(_plan, per_page), _emit, f"printed slides: {about}",
                    needs=frozenset({LAYOUT, BACKGROUNDS}))


PRINT1, PRINT2, PRINT3, PRINT4, PRINT6 = (_renderer(n) for n in LAYOUTS)
RENDERER = PRINT3
