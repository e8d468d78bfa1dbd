"""guide.pdf: the facilitator guide: run sheet, then each slide beside its notes and the clock."""

from __future__ import annotations

from notedeck.render.contract import BACKGROUNDS, CLOCK, LAYOUT, Renderer


def _plan(deck, beside, layout, art, settings):
    from notedeck.render.guide.emit import plan

    return plan(deck, layout, art, settings.paper, beside.clock, beside.stamp)


def _emit(plan, path) -> int:
    from notedeck.render.guide.emit import emit

    return emit(plan, path)


RENDERER = Renderer("guide", "guide.pdf", "pages", ("paper",), _plan, _emit,
                    "the facilitator guide: run sheet, notes beside each slide, a clock",
                    needs=frozenset({LAYOUT, BACKGROUNDS, CLOCK}))
