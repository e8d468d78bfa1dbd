"""The note as one self-contained web page: web/index.html, with the dial and check slider live.

plan() (pure) turns the Deck into the whole HTML text; emit() writes it. The page
needs nothing at view time: style, script, charts (inline SVG) and every figure the
controls can show (the Deck's Explorer, as JSON) are inside the file.
"""

from __future__ import annotations

NAME = "web"
FILENAME = "web/index.html"
UNIT = "pages"


def plan(deck, art=None, settings=None, assets=None):
    from notedeck.render.web.plan import plan as planned

    return planned(deck, art, settings, assets)


def emit(page, path) -> int:
    from notedeck.render.web.emit import emit as emitted

    return emitted(page, path)
