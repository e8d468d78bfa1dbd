"""Every output notedeck can write, by name; adding one is a package and one line here."""

from __future__ import annotations

import importlib

from notedeck.errors import fail

RENDERERS = {
    "deck": "notedeck.render.pptx",        # deck.pptx: editable slides, python-pptx
    "handout": "notedeck.render.pdf",      # handout.pdf: printable prose, reportlab
    "json": "notedeck.render.dump",        # deck.json: the Deck model, for goldens and tools
    "web": "notedeck.render.web",          # web/index.html: one self-contained page, dial live
}


def get(name: str):
    """The Renderer named `name` (its package is light: heavy libraries load in plan/emit)."""
    if name not in RENDERERS:
        raise fail("--with", f"unknown output {name!r}; expected one of: "
                             + ", ".join(RENDERERS))
    return importlib.import_module(RENDERERS[name]).RENDERER


def names() -> tuple[str, ...]:
    return tuple(RENDERERS)
