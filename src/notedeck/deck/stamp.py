"""What travels beside the final Deck: the build's stamp (its id, audience, figures) and the guide's clock."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

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

    def showing(self, shown: str, output: str, text: str) -> Stamp:
        """The stamp of an output that shows part of the note: that part's id, the output's
        name, and only the figures whose text stands in the part's `text`."""
        figures = tuple((name, value) for name, value in self.figures if _in(value, text))
        return replace(self, shown=shown, output=output, figures=figures)


@dataclass(frozen=True)
class Beside:
    """What a renderer reads beside the Deck: the stamp for its output and, when the guide is
    built, the clock written for the laid-out slides."""

    stamp: Stamp = Stamp()
    clock: Clock | None = None


def _in(value: str, text: str) -> bool:
    """Whether a figure's text stands in `text` (JSON) as a whole (not "4" inside "1,400")."""
    shown = json.dumps(value, ensure_ascii=False)[1:-1]
    return bool(shown.strip()) and re.search(rf"(?<![\w.,]){re.escape(shown)}(?![\w.,])",
                                             text) is not None
