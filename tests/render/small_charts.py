"""Small generic charts of another subject (teams waiting in line), and a Deck that carries
them, for every renderer's tests of the chart forms the bundled note does not use."""

from __future__ import annotations

from dataclasses import dataclass

from notedeck.deck import (Axis, Bar, BarChart, Chart, ChartSlide, Deck, Handout, HandoutSection,
                           Line, LineChart, Meta, Point, Reference, Segment, Tick, TitleSlide)

UPRIGHT = BarChart(
    "wait-by-team", "Payroll waits longest", "Columns: the mean wait per team, in hours: "
    "payroll 8 h, support 4 h, legal 2 h.",
    (Bar("Payroll", "", (Segment("Wait", 8.0, "8 h"),)),
     Bar("Support", "", (Segment("Wait", 4.0, "4 h"),)),
     Bar("Legal", "", (Segment("Wait", 2.0, "2 h"),))),
    stacked=False, normalised=False, horizontal=False)

UPRIGHT_STACKED = BarChart(
    "time-in-system", "Time in system: service and wait",
    "Stacked columns: at 50% busy 1 h of service and 1 h of waiting, at 75% 1 h and 3 h, at "
    "90% 1 h and 9 h.",
    (Bar("50% busy", "2 h", (Segment("Service", 1.0, "1 h"), Segment("Waiting", 1.0, "1 h"))),
     Bar("75% busy", "4 h", (Segment("Service", 1.0, "1 h"), Segment("Waiting", 3.0, "3 h"))),
     Bar("90% busy", "10 h", (Segment("Service", 1.0, "1 h"), Segment("Waiting", 9.0, "9 h")))),
    stacked=True, normalised=False, horizontal=False)

ACROSS = BarChart(
    "wait-and-queue", "Wait and queue length, side by side",
    "Horizontal bars, side by side: payroll waits 6 h with 5 items queued; support 3 h with "
    "2 items.",
    (Bar("Payroll", "", (Segment("Wait (h)", 6.0, "6 h"), Segment("Queue", 5.0, "5 items"))),
     Bar("Support", "", (Segment("Wait (h)", 3.0, "3 h"), Segment("Queue", 2.0, "2 items")))),
    stacked=False, normalised=False, horizontal=True)

LEVELS = (0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95)
LINEAR = LineChart(
    "wait-curve", "Waiting climbs as a team gets busy",
    "Line chart, linear axes: the wait in queue against utilisation, 1 h at 50% and 9 h at "
    "90%; a target of 5 h.",
    Axis("Utilisation", tuple(Tick(u, f"{u:.0%}") for u in (0.5, 0.75, 0.9)), "linear"),
    Axis("Wait in queue", (Tick(0, "0"), Tick(5, "5 h"), Tick(10, "10 h"), Tick(15, "15 h")),
         "linear"),
    (Line("Wait", LEVELS, tuple(u / (1 - u) for u in LEVELS), marked=False, named=False,
          points=(Point(0.5, 1.0, "50%: 1 h"), Point(0.9, 9.0, "90%: 9 h", featured=True)),
          points_label="Levels"),),
    (Reference(5.0, "Target 5 h"),))

SMALL = (UPRIGHT, UPRIGHT_STACKED, ACROSS, LINEAR)


@dataclass(frozen=True)
class Ranking:
    """A chart kind the engine does not have: values of a list, largest first, as plain
    columns. It lowers itself to a BarChart, so every renderer draws it unchanged."""

    name: str
    title: str
    alt_text: str
    items: tuple[tuple[str, float, str], ...]      # (label, value, value as shown)

    def lower(self) -> BarChart:
        ranked = sorted(self.items, key=lambda item: -item[1])
        return BarChart(self.name, self.title, self.alt_text,
                        tuple(Bar(label, "", (Segment(self.title, value, shown),))
                              for label, value, shown in ranked),
                        stacked=False, normalised=False, horizontal=False)


RANKING = Ranking("ranking", "Teams by items waiting", "Columns: legal 18 items, payroll 8, "
                  "support 2.", (("Payroll", 8.0, "8"), ("Support", 2.0, "2"),
                                 ("Legal", 18.0, "18")))

META = Meta("Waiting in line", "Why busy teams make work wait", "notedeck tests",
            "2 October 2026", "", "Waiting in line", "Queues")


def deck_of(*specs) -> Deck:
    """A title slide, a chart slide per chart, and a handout section showing each chart."""
    slides = (TitleSlide(META.title, META.subtitle, META.audience, META.date),
              *(ChartSlide(spec.title, spec, section="01") for spec in specs))
    section = HandoutSection("01", "Charts", "Every form of chart.",
                             tuple(Chart(spec) for spec in specs))
    return Deck(META, slides, Handout((section,), (), ()), tuple(specs))
