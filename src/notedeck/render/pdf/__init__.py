"""handout.pdf: the note as readable prose, tables and vector charts, set with reportlab."""

from __future__ import annotations

from notedeck.render.contract import Renderer


def _plan(deck, beside, layout, art, settings):
    from notedeck.render.pdf.emit import plan

    return plan(deck, art, settings.paper, beside.stamp)


def _emit(plan, path) -> int:
    from notedeck.render.pdf.emit import emit

    return emit(plan, path)


RENDERER = Renderer("handout", "handout.pdf", "pages", ("paper",), _plan, _emit,
                    "the printable handout (A4 or Letter)")
