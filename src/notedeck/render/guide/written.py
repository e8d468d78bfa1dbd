"""The guide's times and counts as text: written by the deck's Formatter, in the deck's words."""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.errors import NotedeckError
from notedeck.deck import GuideLabels, fill_slots
from notedeck.render.guide.clock import Schedule


@dataclass(frozen=True)
class Row:
    start: str               # "09:12"
    section: str             # "02  Thought experiments"
    slides: str              # "5"
    minutes: str             # "14 min", or the words for a section without a plan


@dataclass(frozen=True)
class Written:
    session: str                     # "A session of 1 h, 09:00 to 10:00. ..."
    rows: tuple[Row, ...]
    end: str                         # the clock at the end
    total: str                       # "total 1 h"
    slides: tuple[str, ...]          # per planned slide: "Slide 3 · 09:12 · 2 min"


def written(timing: Schedule, start: int, words: GuideLabels, numbers) -> Written:
    """Every time and count the guide prints; `numbers` is the deck's Formatter."""
    if numbers is None:
        raise NotedeckError("guide.pdf: no Formatter for its clock (Assets.numbers); "
                            "plan it through the pipeline")
    at = lambda offset: numbers.time_of_day(start + offset)   # noqa: E731
    whole = numbers.planned(timing.total)
    rows = tuple(Row(at(s.start), f"{s.number}  {s.title}", numbers.integer(s.slides),
                     numbers.planned(s.seconds) if s.planned else words.unplanned)
                 for s in timing.sections)
    slides = tuple(" \u00b7 ".join((fill_slots(words.slide, number=numbers.integer(k + 1)),
                                    at(begins), numbers.planned(lasts)))
                   for k, (begins, lasts) in enumerate(zip(timing.starts, timing.durations)))
    session = (fill_slots(words.session, duration=whole, start=at(0), end=at(timing.total))
               if timing.total else words.unplanned_session)
    return Written(session, rows, at(timing.total), fill_slots(words.total, duration=whole), slides)
