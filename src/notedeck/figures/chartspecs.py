"""Chart specs from the core's figures: data, ticks, titles and alt text, all formatted here."""

from __future__ import annotations

from fractions import Fraction

from notedeck.figures.formatting import Formatter
from notedeck.figures.core import Figures
from notedeck.deck import Axis, Bar, BarChart, Line, LineChart, Point, Reference, Segment, Tick
from notedeck.figures.scenario import Scenario

_TIME_TICKS = (Fraction(1, 1000), Fraction(1, 100), Fraction(1, 10), Fraction(1), Fraction(10),
               Fraction(60), Fraction(600), Fraction(3600), Fraction(36000), Fraction(86400),
               Fraction(864000), Fraction(8640000), Fraction(86400000))


NAMES = ("dial", "bottleneck", "speedup")      # what ```chart NAME``` may name


def all_specs(scenario: Scenario, figures: Figures, fmt: Formatter) -> tuple:
    return (dial(scenario, figures, fmt), bottleneck(scenario, figures, fmt), speedup(scenario, figures, fmt))


def dial(scenario: Scenario, figures: Figures, fmt: Formatter) -> LineChart:
    """Writing time against speed, log-log, a marked line per workload, named at its end."""
    stops = figures.dial
    lines = tuple(Line(w.label, tuple(float(s) for s in stops),
                       tuple(float(t) for t in f.seconds_at_stops))
                  for w, f in zip(scenario.workloads, figures.workloads))
    times = [t for f in figures.workloads for t in f.seconds_at_stops]
    title = fmt.say("chart.dial.title", low=fmt.compact(stops[0]), high=fmt.compact(stops[-1]),
                    gain=fmt.speedup(stops[-1] / stops[0]))
    x = Axis(fmt.say("chart.dial.x"), tuple(Tick(float(s), fmt.compact(s)) for s in stops), "log")
    y = Axis(fmt.say("chart.dial.y"), _time_ticks(min(times), max(times), fmt), "log")
    return LineChart("dial", title, _dial_alt(scenario, figures, fmt), x, y, lines)


def _dial_alt(scenario: Scenario, figures: Figures, fmt: Formatter) -> str:
    low, high = figures.dial[0], figures.dial[-1]
    lines = [fmt.say("chart.dial.alt_line", label=w.label, tokens=fmt.integer(f.total_tokens),
                     slow=fmt.duration(f.seconds_at_stops[0]), low_rate=fmt.rate(low),
                     fast=fmt.duration(f.seconds_at_stops[-1]), high_rate=fmt.rate(high))
             for w, f in zip(scenario.workloads, figures.workloads)]
    return fmt.say("chart.dial.alt", stops=", ".join(fmt.compact(s) for s in figures.dial),
                   lines="; ".join(lines))


def _time_ticks(low: Fraction, high: Fraction, fmt: Formatter) -> tuple[Tick, ...]:
    inside = [t for t in _TIME_TICKS if low / 2 <= t <= high * 2]
    if len(inside) > 7:
        inside = inside[:: -(-len(inside) // 7)]
    return tuple(Tick(float(t), fmt.slider_label(t)) for t in inside)


def bottleneck(scenario: Scenario, figures: Figures, fmt: Formatter) -> BarChart:
    """A 100% bar per speed, split into writing and checking."""
    check = figures.bottleneck
    bars = (
        _bar(fmt.rate(figures.baseline), check.total_baseline,
             check.writing_share_baseline, check.checking_share_baseline, fmt),
        _bar(fmt.rate(figures.imagined), check.total_imagined,
             check.writing_share_imagined, check.checking_share_imagined, fmt),
    )
    title = fmt.say("chart.bottleneck.title", rate=fmt.rate(figures.imagined),
                    share=fmt.share(check.checking_share_imagined))
    alt = fmt.say("chart.bottleneck.alt", whole=fmt.percent(1),
                  tokens=fmt.integer(figures.bottleneck_workload.total_tokens),
                  check=fmt.duration(check.check),
                  bars=" ".join(fmt.say("chart.bottleneck.alt_bar", bar=b.label,
                                        total=b.total_label, writing=b.segments[0].value_label,
                                        checking=b.segments[1].value_label) for b in bars))
    return BarChart("bottleneck", title, alt, bars)


def _bar(label: str, total: Fraction, writing: Fraction, checking: Fraction, fmt: Formatter) -> Bar:
    return Bar(label, fmt.duration(total), (
        Segment(fmt.say("chart.bottleneck.writing"), float(writing), fmt.share(writing)),
        Segment(fmt.say("chart.bottleneck.checking"), float(checking), fmt.share(checking)),
    ))


def speedup(scenario: Scenario, figures: Figures, fmt: Formatter) -> LineChart:
    """End-to-end speedup against the fixed check (from 0), the check table's rows marked on
    it, under the writing speedup as a reference line."""
    featured = figures.bottleneck
    markers = tuple(Point(float(c.check), float(c.end_to_end_speedup),
                           fmt.say("chart.speedup.marker", check=_check_name(c.check, fmt),
                                   speedup=fmt.speedup(c.end_to_end_speedup)),
                           c.check == featured.check)
                    for c in figures.checks)
    key = "chart.speedup.title_no_check" if featured.check == 0 else "chart.speedup.title"
    title = fmt.say(key, check=fmt.check_label(featured.check),
                    writing=fmt.speedup(figures.writing_speedup),
                    speedup=fmt.speedup(featured.end_to_end_speedup))
    alt = fmt.say("chart.speedup.alt", low=fmt.slider_label(scenario.bottleneck.slider[0]),
                  high=fmt.slider_label(scenario.bottleneck.slider[-1]),
                  ceiling=fmt.speedup(figures.writing_speedup),
                  markers="; ".join(m.label for m in markers))
    curve = Line(fmt.say("chart.speedup.curve"), tuple(float(p.check) for p in figures.curve),
                 tuple(float(p.speedup) for p in figures.curve), marked=False, named=False,
                 points=markers, points_label="Marked checks")
    x = Axis(fmt.say("chart.speedup.x"),
             tuple(Tick(float(s), fmt.slider_label(s)) for s in scenario.bottleneck.slider),
             "symlog", grid=False)
    y = Axis(fmt.say("chart.speedup.y"), _speedup_ticks(figures, fmt), "log")
    ceiling = Reference(float(figures.writing_speedup), fmt.say(
        "chart.speedup.ceiling", speedup=fmt.speedup(figures.writing_speedup)))
    return LineChart("speedup", title, alt, x, y, (curve,), (ceiling,))


def _check_name(check: Fraction, fmt: Formatter) -> str:
    return fmt.say("chart.speedup.no_check") if check == 0 else fmt.check_label(check)


def _speedup_ticks(figures: Figures, fmt: Formatter) -> tuple[Tick, ...]:
    top = figures.writing_speedup
    low = min(p.speedup for p in figures.curve)
    ticks, value = [], Fraction(1)
    while value <= top * 10:
        if low / 10 <= value:
            ticks.append(Tick(float(value), fmt.speedup(value)))
        value *= 10
    return tuple(ticks)


def drawn(scenario: Scenario, figures: Figures, fmt: Formatter):
    """A chart by name as a control's position gives it (the model re-evaluated there): the
    bottleneck's bars at the evaluation's check, the others as they are. Until model.yaml
    declares charts:."""
    from dataclasses import replace

    from notedeck.figures import core

    def draw(name: str, writer):
        check = writer.evaluation.value("bottleneck.check")
        at = replace(figures, bottleneck=core.check_figures(
            figures.bottleneck_workload.total_tokens, figures.baseline, figures.imagined, check))
        return globals()[name](scenario, at, fmt)
    return draw
