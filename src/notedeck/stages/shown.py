"""What each output shows, in the stamp beside its Deck: an output that shows part of the note (the
worksheet) carries the id of that part and only the figures in it, so `notedeck verify`
judges it by what it shows, not by the whole note's build id."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import replace

from notedeck import __version__
from notedeck.stages.buildid import ID_LENGTH
from notedeck.deck import Deck, Stamp


def for_output(deck: Deck, stamp: Stamp, renderer) -> Stamp:
    """The stamp `renderer`'s file carries: the build's own when it shows the whole note."""
    if renderer.shows is None or not stamp.build:
        return stamp
    from notedeck.render.dump import to_data

    text = json.dumps(to_data(renderer.shows(deck)), ensure_ascii=False, sort_keys=True)
    key = hashlib.sha256()
    for part in (f"notedeck {__version__}", renderer.name, stamp.variant, deck.meta.lang,
                 text):
        key.update(part.encode() + b"\0")
    figures = tuple((name, value) for name, value in stamp.figures if _in(value, text))
    return replace(stamp, shown=key.hexdigest()[:ID_LENGTH], output=renderer.name,
                   figures=figures)


def _in(value: str, text: str) -> bool:
    """Whether a figure's text stands in `text` as a whole (not "4" inside "1,400")."""
    shown = json.dumps(value, ensure_ascii=False)[1:-1]
    return bool(shown.strip()) and re.search(rf"(?<![\w.,]){re.escape(shown)}(?![\w.,])",
                                             text) is not None
