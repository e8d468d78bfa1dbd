"""worksheet.pdf: the note's worksheet on its own, to print one per participant."""

from __future__ import annotations

from notedeck.render.contract import Renderer


def _plan(deck, beside, layout, art, settings):
    from notedeck.render.worksheet.emit import plan

    return plan(deck, settings.paper, beside.stamp)


def _shows(deck):
    """The title, footer, the worksheet's section and its prompts: nothing else of the note."""
    from notedeck.render.worksheet.emit import shows

    return shows(deck)


def _emit(plan, path) -> int:
    from notedeck.render.worksheet.emit import emit

    return emit(plan, path)


RENDERER = Renderer("worksheet", "worksheet.pdf", "pages", ("paper",), _plan, _emit,
                    "the worksheet alone, to print one per participant", shows=_shows)
