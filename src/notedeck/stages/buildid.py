"""The build id: a short hash of the composed note, the template, the audience and notedeck's version.

The same content gives the same id on any machine; an edit that changes nothing
shown (a YAML comment) keeps it. edition.py reads it back for `notedeck verify`.
"""

from __future__ import annotations

import hashlib

from notedeck import __version__
from notedeck.deck import Deck, Stamp

ID_LENGTH = 10


def stamp(deck: Deck, figures: list[tuple[str, str]], template: bytes | None,
          audience: str | None) -> Stamp:
    """The final Deck's stamp: its build id, audience and figures."""
    from notedeck.render.dump import dumps

    bare = Stamp("", audience or "", tuple(figures))
    key = hashlib.sha256()
    words = f"{deck.meta.lang} {deck.meta.labels!r}"   # settings the dump leaves out
    words += " build on slides" if deck.meta.build_on_slides else ""
    for part in (f"notedeck {__version__}", audience or "", dumps(deck, bare), words,
                 hashlib.sha256(template or b"").hexdigest()):
        key.update(part.encode() + b"\0")
    return Stamp(key.hexdigest()[:ID_LENGTH], bare.variant, bare.figures)
