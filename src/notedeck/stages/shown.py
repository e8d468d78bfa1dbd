"""What each output shows, in the stamp beside its Deck: an output that shows part of the note (the
worksheet) carries the id of that part and only the figures in it, so `notedeck verify`
judges it by what it shows, not by the whole note's build id."""

from __future__ import annotations

import hashlib

from notedeck import __version__
from notedeck.stages.buildid import ID_LENGTH
from notedeck.deck import Deck, Stamp


def for_output(deck: Deck, stamp: Stamp, renderer) -> Stamp:
    """The stamp `renderer`'s file carries: the build's own when it shows the whole note."""
    if renderer.shows is None or not stamp.build:
        return stamp
    from notedeck.render.dump import shown_text

    text = shown_text(renderer.shows(deck))
    key = hashlib.sha256()
    for part in (f"notedeck {__version__}", renderer.name, stamp.variant, deck.meta.lang,
                 text):
        key.update(part.encode() + b"\0")
    return stamp.showing(key.hexdigest()[:ID_LENGTH], renderer.name, text)
