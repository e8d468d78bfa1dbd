"""slides.pdf: the deck drawn by notedeck from deck.pptx's own plan, with reportlab (no Office)."""

from __future__ import annotations

from notedeck.render.contract import BACKGROUNDS, LAYOUT, Renderer


def _plan(deck, beside, layout, art, settings):
    from notedeck.render.slides.emit import plan

    return plan(deck, layout, art, beside.stamp)


def _emit(plan, path) -> int:
    from notedeck.render.slides.emit import emit

    return emit(plan, path)


RENDERER = Renderer("slides", "slides.pdf", "slides", (), _plan, _emit,
                    "the slides as PDF, drawn from the deck's plan (vectors, fonts embedded)",
                    needs=frozenset({LAYOUT, BACKGROUNDS}))
