"""Every output notedeck can write, by name; adding one is a package and one line here."""

from __future__ import annotations

import importlib

from notedeck.errors import fail

RENDERERS = {
    "deck": "notedeck.render.pptx",        # deck.pptx: editable slides, python-pptx
    "handout": "notedeck.render.pdf",      # handout.pdf: printable prose, reportlab
    "json": "notedeck.render.dump",        # deck.json: the Deck model, for goldens and tools
    "slides": "notedeck.render.slides",    # slides.pdf: the deck drawn from its plan, no Office
    "guide": "notedeck.render.guide",      # guide.pdf: run sheet, notes beside slides, clock
    "worksheet": "notedeck.render.worksheet",    # worksheet.pdf: one per participant
    "print1": "notedeck.render.prints:PRINT1",   # slides-Nup.pdf: printed slides, N a page
    "print2": "notedeck.render.prints:PRINT2",
    "print3": "notedeck.render.prints:PRINT3",   # ... with ruled lines for notes beside each
    "print4": "notedeck.render.prints:PRINT4",
    "print6": "notedeck.render.prints:PRINT6",
    "web": "notedeck.render.web",          # web/index.html: one self-contained page, controls live
}


def get(name: str):
    """The Renderer named `name` (its package is light: heavy libraries load in plan/emit)."""
    if name not in RENDERERS:
        raise fail("--with", f"unknown output {name!r}; expected one of: "
                             + ", ".join(RENDERERS))
    module, _, attribute = RENDERERS[name].partition(":")
    return getattr(importlib.import_module(module), attribute or "RENDERER")


def names() -> tuple[str, ...]:
    return tuple(RENDERERS)
