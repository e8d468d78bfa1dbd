"""guide.pdf: the facilitator guide: run sheet, then each slide beside its notes and the clock."""

from __future__ import annotations

from notedeck.render.contract import Renderer


def _plan(deck, art, settings, assets):
    from notedeck.render.guide.emit import plan

    return plan(deck, art, assets, settings.paper, settings.start)


def _emit(plan, path) -> int:
    from notedeck.render.guide.emit import emit

    return emit(plan, path)


RENDERER = Renderer("guide", "guide.pdf", "pages", ("paper", "start"), _plan, _emit,
                    "the facilitator guide: run sheet, notes beside each slide, a clock")
