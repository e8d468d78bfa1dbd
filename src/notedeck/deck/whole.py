"""The renderer-neutral Deck: frozen dataclasses every renderer reads and none mutates."""

from __future__ import annotations

from dataclasses import dataclass, field

from notedeck.deck.charts import ChartSpec
from notedeck.deck.live import Live
from notedeck.deck.meta import Meta
from notedeck.deck.slides import Handout, Slide



@dataclass(frozen=True)
class ClockRow:
    start: str               # "09:12"
    section: str             # "02  Why waits grow"
    slides: str              # "5"
    minutes: str             # "14 min", or the words for a section without a plan


@dataclass(frozen=True)
class Clock:
    """Every time and count the facilitator guide prints (figures/clock.py writes it)."""

    session: str                     # "A session of 1 h, 09:00 to 10:00. ..."
    rows: tuple[ClockRow, ...]
    end: str                         # the clock at the end
    total: str                       # "total 1 h"
    slides: tuple[str, ...]          # per planned slide: "Slide 3 · 09:12 · 2 min"


@dataclass(frozen=True)
class Deck:
    meta: Meta
    slides: tuple[Slide, ...]
    handout: Handout
    charts: tuple[ChartSpec, ...] = field(default=())   # each chart once, by name
    # The web page's live controls, composed only when the web page is built: derived
    # figures, not the Deck's content, so left out of equality, strings() and deck.json.
    live: Live | None = field(default=None, compare=False, metadata={"content": False})

    def chart(self, name: str) -> ChartSpec:
        for spec in self.charts:
            if spec.name == name:
                return spec
        raise KeyError(name)
