"""deck.pptx: editable slides in the template's layouts, planned then emitted with python-pptx."""

from __future__ import annotations

from notedeck.render.contract import LAYOUT, PNG, Renderer


def _plan(deck, beside, layout, art, settings):
    from notedeck.render.pptx.emit import plan_deck

    return plan_deck(deck, layout, art, settings.charts, beside.stamp)


def _emit(plan, path) -> int:
    from notedeck.render.pptx.emit import emit

    return emit(plan, path)


def _art(settings) -> frozenset:
    """Pictures need the PNG; native charts are drawn from their specs and need no art."""
    return frozenset({PNG}) if settings.charts == "picture" else frozenset()


RENDERER = Renderer("deck", "deck.pptx", "slides", ("charts",), _plan, _emit,
                    "the editable deck (PowerPoint, Keynote, LibreOffice, Google Slides)", _art,
                    frozenset({LAYOUT}))
