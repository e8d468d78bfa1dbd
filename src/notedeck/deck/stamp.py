"""What travels beside the final Deck: the build's stamp (its id, audience, figures) and the guide's clock."""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.deck.whole import Clock


@dataclass(frozen=True)
class Stamp:
    """Which build a file comes from, for `notedeck verify`: the same content, audience and
    notedeck give the same id. An output that shows part of the note (the worksheet) carries
    that part's id and its name, and only the figures it shows."""

    build: str = ""                # "" where nothing was built (a Deck planned on its own)
    variant: str = ""              # the audience's file name ("support-team"); "" for the note
    figures: tuple[tuple[str, str], ...] = ()   # every figure as shown
    shown: str = ""
    output: str = ""


@dataclass(frozen=True)
class Beside:
    """What a renderer reads beside the Deck: the stamp for its output and, when the guide is
    built, the clock written for the laid-out slides."""

    stamp: Stamp = Stamp()
    clock: Clock | None = None
