"""The explorer: the dial and the check slider at every position they can take, formatted."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace
from functools import lru_cache
from fractions import Fraction

from notedeck.figures import chartspecs, core, tables
from notedeck.figures.core import CheckFigures, Figures
from notedeck.figures.formatting import Formatter
from notedeck.figures.scenario import Scenario
from notedeck.deck import CheckPosition, Choice, DialPosition, Explorer, ExplorerWords, Reading


class _Remembered:
    """The Formatter, each method remembering its answers: positions share most of their
    figures (both speeds, the token count, the writing speedup), written once each."""

    def __init__(self, fmt: Formatter):
        self._fmt = fmt

    def __getattr__(self, name: str):
        value = getattr(self._fmt, name)
        if callable(value):
            value = lru_cache(maxsize=None)(value)
        setattr(self, name, value)
        return value


def build(scenario: Scenario, figures: Figures, fmt: Formatter) -> Explorer:
    """Every position of the dial (per workload) and of the check slider, as text."""
    fmt = _Remembered(fmt)
    speeds = core.dial_speeds(figures.dial, (figures.baseline, figures.imagined))
    checks = core.slider_checks(scenario.bottleneck.slider,
                                (*scenario.bottleneck.checks, scenario.bottleneck.check))
    return Explorer(
        workloads=tuple(_choice(scenario, f, fmt) for f in figures.workloads),
        dial=_dial(scenario, figures, speeds, fmt),
        dial_start=max(bisect_right(speeds, figures.imagined) - 1, 0),
        checks=tuple(_check(scenario, figures, c, fmt) for c in checks),
        check_start=checks.index(figures.bottleneck.check),
        words=words(fmt),
    )


def words(fmt: Formatter) -> ExplorerWords:
    """The controls' own words, from the catalogue."""
    return ExplorerWords(**{name: fmt.labels[f"explorer.{name}"]
                            for name in ExplorerWords.__dataclass_fields__})


def _choice(scenario: Scenario, figures: core.WorkloadFigures, fmt: Formatter) -> Choice:
    workload = scenario.workload(figures.id)
    return Choice(workload.id, workload.label[:1].upper() + workload.label[1:],
                  fmt.integer(figures.total_tokens),
                  fmt.say("explorer.detail", counted=_counted(workload, figures, fmt),
                          tokens_each=fmt.integer(figures.tokens_each)))


def _counted(workload, figures: core.WorkloadFigures, fmt: Formatter) -> str:
    """'40 app drafts', '1 complaint response'."""
    return fmt.counted(figures.count, workload.singular or workload.label, workload.label)


def _dial(scenario: Scenario, figures: Figures, speeds: tuple[Fraction, ...],
          fmt: Formatter) -> tuple[DialPosition, ...]:
    """One position per speed; each workload's writing time through core.workload_figures."""
    at_speeds = [core.workload_figures(scenario.workload(f.id), figures.baseline,
                                       figures.imagined, speeds).seconds_at_stops
                 for f in figures.workloads]
    stops = set(figures.dial)
    positions = []
    for index, speed in enumerate(speeds):
        readings = tuple(_reading(scenario, f, speed, seconds[index], fmt)
                         for f, seconds in zip(figures.workloads, at_speeds))
        positions.append(DialPosition(float(speed), fmt.rate(speed),
                                      fmt.compact(speed) if speed in stops else "", readings))
    return tuple(positions)


def _reading(scenario: Scenario, figures: core.WorkloadFigures, speed: Fraction,
             seconds: Fraction, fmt: Formatter) -> Reading:
    counted = _counted(scenario.workload(figures.id), figures, fmt)
    time = fmt.duration(seconds)
    return Reading(float(seconds), time,
                   fmt.say("explorer.reading", rate=fmt.rate(speed), counted=counted,
                           tokens=fmt.integer(figures.total_tokens),
                           time=fmt.duration_in_prose(seconds)))


def _check(scenario: Scenario, figures: Figures, check: Fraction,
           fmt: Formatter) -> CheckPosition:
    """The bottleneck at one fixed check: the deck's stats and bars, a sentence, an announcement."""
    at = core.check_figures(figures.bottleneck_workload.total_tokens, figures.baseline,
                            figures.imagined, check)
    moved = replace(figures, bottleneck=at)
    stop = fmt.slider_label(check) if check in scenario.bottleneck.slider else ""
    return CheckPosition(float(check), fmt.duration(check), stop, float(at.end_to_end_speedup),
                         tables.bottleneck_stats(moved, fmt),
                         chartspecs.bottleneck(scenario, moved, fmt),
                         _summary(figures, at, fmt), _announcement(figures, at, fmt))


def _summary(figures: Figures, at: CheckFigures, fmt: Formatter) -> str:
    key = "explorer.summary_no_check" if at.check == 0 else "explorer.summary"
    said = fmt.duration_in_prose          # a sentence: durations as prose says them
    return fmt.say(key, check=said(at.check),
                   tokens=fmt.integer(figures.bottleneck_workload.total_tokens),
                   slow=said(at.total_baseline), baseline_rate=fmt.rate(figures.baseline),
                   fast=said(at.total_imagined), imagined_rate=fmt.rate(figures.imagined),
                   speedup=fmt.speedup(at.end_to_end_speedup),
                   share=fmt.share_prose(at.checking_share_imagined))


def _announcement(figures: Figures, at: CheckFigures, fmt: Formatter) -> str:
    said = fmt.duration_in_prose
    return fmt.say("explorer.announcement", check=said(at.check),
                   slow=said(at.total_baseline), baseline_rate=fmt.rate(figures.baseline),
                   fast=said(at.total_imagined), imagined_rate=fmt.rate(figures.imagined),
                   speedup=fmt.speedup(at.end_to_end_speedup))
