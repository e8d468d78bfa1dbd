"""worksheet.pdf: the note's worksheet on its own, to print one per participant."""

from __future__ import annotations

from notedeck.render.contract import Renderer


def _plan(deck, layout, art, settings):
    from notedeck.render.worksheet.emit import plan

    return plan(deck, settings.paper)


def _emit(plan, path) -> int:
    from notedeck.render.worksheet.emit import emit

    return emit(plan, path)


RENDERER = Renderer("worksheet", "worksheet.pdf", "pages", ("paper",), _plan, _emit,
                    "the worksheet alone, to print one per participant")
