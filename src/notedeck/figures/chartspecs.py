"""Chart specs from the core's figures: data, ticks, titles and alt text, all formatted here."""

from __future__ import annotations

from fractions import Fraction

from notedeck.figures.formatting import Formatter
from notedeck.figures.core import Figures
from notedeck.model import (Bar, BottleneckChart, DialChart, Marker, Segment, Series, SpeedupChart, Tick)
from notedeck.figures.scenario import Scenario

_TIME_TICKS = (Fraction(1, 1000), Fraction(1, 100), Fraction(1, 10), Fraction(1), Fraction(10),
               Fraction(60), Fraction(600), Fraction(3600), Fraction(36000), Fraction(86400),
               Fraction(864000), Fraction(8640000), Fraction(86400000))


def all_specs(scenario: Scenario, figures: Figures, fmt: Formatter) -> tuple:
    return (dial(scenario, figures, fmt), bottleneck(scenario, figures, fmt), speedup(scenario, figures, fmt))


def dial(scenario: Scenario, figures: Figures, fmt: Formatter) -> DialChart:
    stops = figures.dial
    series = tuple(Series(w.label, tuple(float(s) for s in stops),
                          tuple(float(t) for t in f.seconds_at_stops))
                   for w, f in zip(scenario.workloads, figures.workloads))
    times = [t for f in figures.workloads for t in f.seconds_at_stops]
    gain = fmt.speedup(stops[-1] / stops[0])
    title = (f"From {fmt.compact(stops[0])} to {fmt.compact(stops[-1])}{fmt.NBSP}tokens/sec, "
             f"writing time shrinks {gain}")
    return DialChart("dial", title, _dial_alt(scenario, figures, fmt), "Writing speed (tokens/sec)",
                     "Writing time", series,
                     tuple(Tick(float(s), fmt.compact(s)) for s in stops),
                     _time_ticks(min(times), max(times), fmt))


def _dial_alt(scenario: Scenario, figures: Figures, fmt: Formatter) -> str:
    low, high = figures.dial[0], figures.dial[-1]
    parts = [f"{w.label} ({fmt.integer(f.total_tokens)} tokens): "
             f"{fmt.duration(f.seconds_at_stops[0])} at {fmt.rate(low)}, "
             f"{fmt.duration(f.seconds_at_stops[-1])} at {fmt.rate(high)}"
             for w, f in zip(scenario.workloads, figures.workloads)]
    return ("Line chart on logarithmic scales of writing time against writing speed, "
            f"one line per workload, marked at the dial's stops "
            f"{', '.join(fmt.compact(s) for s in figures.dial)}. " + "; ".join(parts) + ".")


def _time_ticks(low: Fraction, high: Fraction, fmt: Formatter) -> tuple[Tick, ...]:
    inside = [t for t in _TIME_TICKS if low / 2 <= t <= high * 2]
    if len(inside) > 7:
        inside = inside[:: -(-len(inside) // 7)]
    return tuple(Tick(float(t), fmt.slider_label(t)) for t in inside)


def bottleneck(scenario: Scenario, figures: Figures, fmt: Formatter) -> BottleneckChart:
    check = figures.bottleneck
    bars = (
        _bar(fmt.rate(figures.baseline), check.total_baseline,
             check.writing_share_baseline, check.checking_share_baseline, fmt),
        _bar(fmt.rate(figures.imagined), check.total_imagined,
             check.writing_share_imagined, check.checking_share_imagined, fmt),
    )
    title = (f"At {fmt.rate(figures.imagined)}, checking is "
             f"{fmt.share(check.checking_share_imagined)} of the time")
    alt = (f"Two 100% bars for {fmt.integer(figures.bottleneck_workload.total_tokens)} output "
           f"tokens plus a fixed check of {fmt.duration(check.check)}. "
           + " ".join(f"At {b.label}: {b.total_label} in all, writing {b.segments[0].share_label},"
                      f" checking {b.segments[1].share_label}." for b in bars))
    return BottleneckChart("bottleneck", title, alt, bars)


def _bar(label: str, total: Fraction, writing: Fraction, checking: Fraction, fmt: Formatter) -> Bar:
    return Bar(label, fmt.duration(total), (
        Segment("Writing", float(writing), fmt.share(writing)),
        Segment("Checking", float(checking), fmt.share(checking)),
    ))


def speedup(scenario: Scenario, figures: Figures, fmt: Formatter) -> SpeedupChart:
    featured = figures.bottleneck
    curve = Series("End-to-end speedup", tuple(float(p.check) for p in figures.curve),
                   tuple(float(p.speedup) for p in figures.curve))
    markers = tuple(Marker(float(c.check), float(c.end_to_end_speedup),
                           f"{_check_name(c.check, fmt)}: {fmt.speedup(c.end_to_end_speedup)}",
                           c.check == featured.check)
                    for c in figures.checks)
    check = fmt.check_label(featured.check)
    lead = "With no fixed check" if featured.check == 0 else f"With {check} of checking"
    title = (f"{lead}, {fmt.speedup(figures.writing_speedup)} faster writing gives "
             f"{fmt.speedup(featured.end_to_end_speedup)} faster work")
    alt = ("Line chart of end-to-end speedup (logarithmic) against the fixed check time, from "
           f"{fmt.slider_label(scenario.bottleneck.slider[0])} to "
           f"{fmt.slider_label(scenario.bottleneck.slider[-1])}, under a ceiling of "
           f"{fmt.speedup(figures.writing_speedup)} for writing alone. Marked: "
           + "; ".join(m.label for m in markers) + ".")
    return SpeedupChart("speedup", title, alt, "Fixed check after writing", "End-to-end speedup",
                        curve, tuple(Tick(float(s), fmt.slider_label(s))
                                     for s in scenario.bottleneck.slider),
                        _speedup_ticks(figures, fmt), markers, float(figures.writing_speedup),
                        f"Writing speedup {fmt.speedup(figures.writing_speedup)}")


def _check_name(check: Fraction, fmt: Formatter) -> str:
    return "No check" if check == 0 else fmt.check_label(check)


def _speedup_ticks(figures: Figures, fmt: Formatter) -> tuple[Tick, ...]:
    top = figures.writing_speedup
    low = min(p.speedup for p in figures.curve)
    ticks, value = [], Fraction(1)
    while value <= top * 10:
        if low / 10 <= value:
            ticks.append(Tick(float(value), fmt.speedup(value)))
        value *= 10
    return tuple(ticks)
