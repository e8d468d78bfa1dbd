"""The session's clock: each slide's planned time and start, each section's, the total, as text.

Times come from the content: a section's front-matter `minutes`, a slide's
`### Notes (3 min)`. A section's minutes not given to its slides are shared
equally by its slides that have none, and go to its divider when every slide
has a time, so the run sheet adds up to the minutes planned; a section without
minutes lasts as long as its slides' times add up to (slides that ask for more
than a section's minutes are refused when the section is read). A section the
session's length stretches or shrinks away from its minutes is warned of
(`drift_warnings`). A slide continued over several planned slides
shares its time among them. The title and sources slides take no time. `clock`
writes every time and count the guide prints with the deck's Formatter, once
the slides are laid out (a continued slide is planned as several).

When the note gives the session's length (note.yaml `session:`, or an
audience's), those times are proportions: each section is scaled to whole
minutes that add up to the session exactly, and its slides to whole seconds
that add up to the section.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from notedeck.errors import Location, Problem
from notedeck.figures.starts import start_seconds
from notedeck.deck import Clock, ClockRow, Deck, GuideLabels, SectionSlide, SourcesSlide, TitleSlide, fill_slots


@dataclass(frozen=True)
class SectionTime:
    number: str
    title: str
    start: int               # seconds from the session's start
    seconds: int
    slides: int              # planned slides, the divider included
    planned: bool            # False: neither the section nor its slides give a time


@dataclass(frozen=True)
class Schedule:
    starts: tuple[int, ...]          # per planned slide, seconds from the start
    durations: tuple[int, ...]       # per planned slide
    sections: tuple[SectionTime, ...]
    total: int


def model_times(deck: Deck) -> list[int]:
    """Seconds planned for each slide of the Deck."""
    times = [0] * len(deck.slides)
    for first, last in _section_spans(deck):
        section = deck.slides[first]
        inner = range(first + 1, last)
        given = {i: deck.slides[i].seconds for i in inner if deck.slides[i].seconds is not None}
        budget = section.seconds if section.seconds is not None else sum(given.values())
        rest = [i for i in inner if i not in given] or [first]   # every slide timed: the
        share, extra = divmod(max(budget - sum(given.values()), 0), len(rest))   # divider
        for i in range(first, last):                              # takes what is left
            times[i] = given[i] if i in given else \
                share + (rest.index(i) < extra) if i in rest else 0
    return times


def drift_warnings(deck: Deck, sources: Sequence[int], numbers) -> list[Problem]:
    """A warning for each section whose minutes on the run sheet differ from those its front
    matter plans (a session length that is not the sections' sum stretches them), at its
    file; `numbers` is the deck's Formatter."""
    timing = schedule(deck, sources)
    dividers = {s.number: s for s in deck.slides if isinstance(s, SectionSlide)}
    found = []
    for row in timing.sections:
        section = dividers.get(row.number)
        if section is None or section.seconds is None or row.seconds == section.seconds:
            continue
        where = Location(section.origin.file if section.origin else "sections",
                         section.origin.line if section.origin else None, None, "minutes")
        found.append(Problem(where, f"section {row.number} '{row.title}' plans "
                             f"{numbers.planned(section.seconds)}, but the run sheet gives it "
                             f"{numbers.planned(row.seconds)}: the session's length "
                             f"({numbers.planned(deck.meta.session)}) is not the sum of the "
                             "sections' minutes; make them agree", "warning"))
    return found


def scaled(deck: Deck, times: list[int], session: int) -> list[int]:
    """`times` stretched or shrunk to a session of `session` seconds (whole minutes): each
    section to its share in whole minutes, each of its slides to its share of that."""
    spans = _section_spans(deck)
    budgets = [sum(times[first:last]) for first, last in spans]
    if session <= 0 or not sum(budgets):
        return times
    out = list(times)
    for (first, last), minutes in zip(spans, _shares(budgets, session // 60)):
        out[first:last] = _shares(times[first:last], minutes * 60)
    return out


def _shares(weights: Sequence[int], whole: int) -> list[int]:
    """`whole` split in proportion to `weights`, in whole units adding up to it exactly (the
    largest remainders get the units left over; ties go to the earlier)."""
    total = sum(weights)
    if not total:
        return [0] * len(weights)
    exact = [Fraction(w * whole, total) for w in weights]
    out = [int(e) for e in exact]
    by_remainder = sorted(range(len(weights)), key=lambda i: (-(exact[i] - out[i]), i))
    for i in by_remainder[:whole - sum(out)]:
        out[i] += 1
    return out


def _section_spans(deck: Deck) -> list[tuple[int, int]]:
    """(index of a section's divider, index after its last slide) for every section."""
    starts = [i for i, s in enumerate(deck.slides) if isinstance(s, SectionSlide)]
    spans = []
    for n, first in enumerate(starts):
        last = starts[n + 1] if n + 1 < len(starts) else next(
            (i for i in range(first + 1, len(deck.slides))
             if isinstance(deck.slides[i], (SourcesSlide, TitleSlide))), len(deck.slides))
        spans.append((first, last))
    return spans


def schedule(deck: Deck, sources: Sequence[int]) -> Schedule:
    """The clock for the planned slides, `sources[k]` being the Deck slide planned slide k shows."""
    times = scaled(deck, model_times(deck), deck.meta.session)
    shares = {i: sources.count(i) for i in set(sources)}
    seen: dict[int, int] = {}
    durations, starts, now = [], [], 0
    for source in sources:
        part = seen.get(source, 0)
        seen[source] = part + 1
        share, extra = divmod(times[source], shares[source])
        durations.append(share + (part < extra))
        starts.append(now)
        now += durations[-1]
    sections = []
    for first, last in _section_spans(deck):
        planned = [k for k, s in enumerate(sources) if first <= s < last]
        slide = deck.slides[first]
        given = slide.seconds is not None or any(
            getattr(deck.slides[i], "seconds", None) is not None for i in range(first, last))
        sections.append(SectionTime(slide.number, slide.title, starts[planned[0]] if planned else 0,
                                    sum(durations[k] for k in planned), len(planned), given))
    return Schedule(tuple(starts), tuple(durations), tuple(sections), now)


def clock(deck: Deck, sources: Sequence[int], start: str, numbers) -> Clock:
    """Every time and count the guide prints for the planned slides (`sources[k]` being the
    Deck slide planned slide k shows), from `start` (HH:MM); `numbers` is the deck's Formatter."""
    return written(schedule(deck, sources), start_seconds(start), deck.meta.labels.guide,
                   numbers)


def written(timing: Schedule, start: int, words: GuideLabels, numbers) -> Clock:
    """The schedule's times and counts as text."""
    at = lambda offset: numbers.time_of_day(start + offset)   # noqa: E731
    whole = numbers.planned(timing.total)
    rows = tuple(ClockRow(at(s.start), f"{s.number}  {s.title}", numbers.integer(s.slides),
                     numbers.planned(s.seconds) if s.planned else words.unplanned)
                 for s in timing.sections)
    slides = tuple(" \u00b7 ".join((fill_slots(words.slide, number=numbers.integer(k + 1)),
                                    at(begins), numbers.planned(lasts)))
                   for k, (begins, lasts) in enumerate(zip(timing.starts, timing.durations)))
    session = (fill_slots(words.session, duration=whole, start=at(0), end=at(timing.total))
               if timing.total else words.unplanned_session)
    return Clock(session, rows, at(timing.total), fill_slots(words.total, duration=whole), slides)
