"""web/index.html: the note as one self-contained web page, with its controls live.

plan (pure, plan.py) turns the Deck into the whole HTML text; emit (emit.py) writes
it. The page needs nothing at view time: style, script, charts (inline SVG) and
every figure the controls can show (the Deck's Live values, as JSON) are in the file.
"""

from __future__ import annotations

from notedeck.render.contract import LIVE, Renderer, no_art


def _plan(deck, beside, layout, art, settings):
    from notedeck.render.web.plan import plan

    return plan(deck, beside.stamp)


def _emit(page, path) -> int:
    from notedeck.render.web.emit import emit

    return emit(page, path)


RENDERER = Renderer("web", "web/index.html", "pages", (), _plan, _emit,
                    "the note as one web page: its controls live, no network", no_art,
                    frozenset({LIVE}))
